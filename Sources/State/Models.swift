public import Foundation
public import Identity

/// Size and age of the response cache.
public struct CacheStats: Sendable, Equatable {
  public var entries: Int
  /// Sum of the body sizes.
  public var bytes: Int
  public var oldest: Date?
  public var newest: Date?
  /// Entry count per kind, over all providers.
  public var byKind: [String: Int]

  public init(entries: Int, bytes: Int, oldest: Date?, newest: Date?, byKind: [String: Int]) {
    self.entries = entries
    self.bytes = bytes
    self.oldest = oldest
    self.newest = newest
    self.byKind = byKind
  }
}

/// How old one catalog's kept answers are.
public struct AnswerAge: Sendable, Equatable {
  public var catalog: CatalogName
  public var answers: Int
  public var oldest: Date
  public var newest: Date

  public init(catalog: CatalogName, answers: Int, oldest: Date, newest: Date) {
    self.catalog = catalog
    self.answers = answers
    self.oldest = oldest
    self.newest = newest
  }
}

/// One row of the run log.
public struct RunRecord: Sendable, Equatable {
  /// What a run was for: a night delivers the e-mail and tells; the others are runs by hand.
  public enum Kind: String, Sendable, Equatable {
    case night
    case dryRun = "dry-run"
    case byHand = "by-hand"
  }

  public var id: Int64
  public var startedAt: Date
  /// Nil while running, or if that run crashed before `finishRun`.
  public var finishedAt: Date?
  /// "running" until `finishRun` sets it.
  public var status: String
  public var artists: Int
  public var requests: Int
  public var cacheHits: Int
  public var note: String?
  /// Nil in rows written before runs said what they were.
  public var kind: Kind?
  /// What the run told of, once it ended: nil where it did not get that far (or was written before).
  public var outcome: RunOutcome?

  public init(
    id: Int64, startedAt: Date, finishedAt: Date?, status: String, artists: Int, requests: Int, cacheHits: Int,
    note: String?, kind: Kind? = nil, outcome: RunOutcome? = nil
  ) {
    self.id = id
    self.startedAt = startedAt
    self.finishedAt = finishedAt
    self.status = status
    self.artists = artists
    self.requests = requests
    self.cacheHits = cacheHits
    self.note = note
    self.kind = kind
    self.outcome = outcome
  }
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

/// The end of a run, as `finishRun` records it.
public struct RunEnd: Sendable, Equatable {
  public var at: Date
  public var status: String
  public var artists: Int
  public var requests: Int
  public var cacheHits: Int
  public var note: String?
  public var outcome: RunOutcome?

  public init(
    at: Date, status: String, artists: Int = 0, requests: Int = 0, cacheHits: Int = 0, note: String? = nil,
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
