public import Catalog
public import Foundation

/// The log of runs the night writes as it goes: a row when it starts, its end when it ends, so `status` can tell a
/// night that failed, or died, from one that told. The state keeps it in SQLite.
public protocol RunLog: Sendable {
  /// Logs a run's start; a run that dies before ``finishRun(id:_:ifOpen:)`` stays "running".
  func beginRun(at: Date, kind: RunKind?) async throws -> Int64
  /// Closes a run's entry; with `ifOpen`, only one no step closed already.
  func finishRun(id: Int64, _ end: RunEnd, ifOpen: Bool) async throws
}

/// Everything the night keeps between nights: the catalogs' answers, the ledger of what was told, the run log.
public typealias NightStore = CatalogStore & LedgerStore & RunLog & PushLedger

/// What a run was for: a night delivers the e-mail and tells; the others are runs by hand.
public enum RunKind: String, Sendable, Equatable {
  case night
  case dryRun = "dry-run"
  case byHand = "by-hand"
}

/// Where a run stands in the log, as the state keeps it (the words are the stored text: files written before this
/// was a type read the same).
public enum RunStatus: String, Sendable, Equatable, CaseIterable {
  /// Begun and not ended: still running, or a run that died without closing its entry.
  case running
  /// Wrote its report with every artist checked; its e-mail, if it sent one, was accepted.
  case ok
  /// Wrote its report with some artists not checked (lookups that failed, the budget spent).
  case partial
  /// Wrote its report, and its e-mail was not accepted.
  case undelivered
  /// Wrote no report.
  case failed
  /// Stopped by a signal, every answer kept and no report written.
  case interrupted
}

/// How a run ended, besides its status: how much of the library it checked, what it found and told, and whether its
/// e-mail was delivered.
public struct RunOutcome: Sendable, Equatable {
  public var libraryArtists: Int
  public var newReleases: Int
  /// Releases marked as told: those the delivered e-mail listed.
  public var told: Int
  /// Nil when the run sent nothing.
  public var delivered: Bool?
  /// The server's reply to the message, or why it was not delivered.
  public var deliveryReply: String?

  public init(libraryArtists: Int, newReleases: Int, told: Int, delivered: Bool?, deliveryReply: String?) {
    self.libraryArtists = libraryArtists
    self.newReleases = newReleases
    self.told = told
    self.delivered = delivered
    self.deliveryReply = deliveryReply
  }
}

/// The end of a run, as ``RunLog/finishRun(id:_:ifOpen:)`` records it.
public struct RunEnd: Sendable, Equatable {
  public var at: Date
  public var status: RunStatus
  public var artists: Int
  public var requests: Int
  public var cacheHits: Int
  public var note: String?
  public var outcome: RunOutcome?

  public init(
    at: Date, status: RunStatus, artists: Int = 0, requests: Int = 0, cacheHits: Int = 0, note: String? = nil,
    outcome: RunOutcome? = nil
  ) {
    self.at = at
    self.status = status
    self.artists = artists
    self.requests = requests
    self.cacheHits = cacheHits
    self.note = note
    self.outcome = outcome
  }
}
