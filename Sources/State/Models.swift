public import Foundation
public import Identity
public import Night

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
  public typealias Kind = RunKind

  public var id: Int64
  public var startedAt: Date
  /// Nil while running, or if that run crashed before `finishRun`.
  public var finishedAt: Date?
  /// `.running` until `finishRun` sets it.
  public var status: RunStatus
  public var artists: Int
  public var requests: Int
  public var cacheHits: Int
  public var note: String?
  /// Nil in rows written before runs said what they were.
  public var kind: Kind?
  /// What the run told of, once it ended: nil where it did not get that far (or was written before).
  public var outcome: RunOutcome?

  public init(
    id: Int64, startedAt: Date, finishedAt: Date?, status: RunStatus, artists: Int, requests: Int, cacheHits: Int,
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
