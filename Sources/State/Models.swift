public import Foundation
public import Identity

/// How deepcut matched one library artist to a provider's catalog.
public struct ArtistResolution: Sendable, Equatable, Codable {
  public enum Status: String, Sendable, Equatable, Codable, CaseIterable {
    case resolved
    case ambiguous
    case unresolved
    /// Set by the user; automatic resolution never overwrites it.
    case pinned
    /// Searched, with candidates whose albums are still to be compared with the owned ones: a run that stops
    /// here keeps the search's answer, and the next run decides without searching again.
    case pending
  }

  /// One catalog artist a library artist is matched to.
  public struct Match: Sendable, Equatable, Codable {
    public var id: CatalogArtistID
    public var name: String?

    public init(id: CatalogArtistID, name: String? = nil) {
      self.id = id
      self.name = name
    }
  }

  public var provider: CatalogName
  public var artistKey: ArtistKey
  public var artistName: String
  /// The catalog artists followed for this library artist: one usually, several when the owned albums prove
  /// that one library name covers several catalog artists ("The Young Rivers" and "Young Rivers").
  public var matches: [Match]
  public var status: Status
  /// Opaque JSON text supplied by the caller (for example, the candidates of an ambiguous match).
  public var candidates: String?
  /// Stored as unix seconds; sub-microsecond precision is not preserved.
  public var checkedAt: Date

  public init(
    provider: CatalogName, artistKey: ArtistKey, artistName: String, matches: [Match], status: Status,
    candidates: String? = nil, checkedAt: Date
  ) {
    self.provider = provider
    self.artistKey = artistKey
    self.artistName = artistName
    self.matches = matches
    self.status = status
    self.candidates = candidates
    self.checkedAt = checkedAt
  }

  /// A resolution with at most one catalog artist.
  public init(
    provider: CatalogName, artistKey: ArtistKey, artistName: String, catalogID: CatalogArtistID? = nil,
    catalogName: String? = nil, status: Status, candidates: String? = nil, checkedAt: Date
  ) {
    self.init(
      provider: provider, artistKey: artistKey, artistName: artistName,
      matches: catalogID.map { [Match(id: $0, name: catalogName)] } ?? [], status: status, candidates: candidates,
      checkedAt: checkedAt)
  }

  /// The first catalog artist matched, if any.
  public var catalogID: CatalogArtistID? { matches.first?.id }
  public var catalogName: String? { matches.first?.name }
}

/// A cached provider response body.
public struct CachedResponse: Sendable, Equatable {
  public var key: String
  public var body: Data
  public var fetchedAt: Date

  public init(key: String, body: Data, fetchedAt: Date) {
    self.key = key
    self.body = body
    self.fetchedAt = fetchedAt
  }
}

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

/// A release the catalog has listed for one of the user's artists, and whether a report told of it.
public struct SeenRelease: Sendable, Equatable {
  public var key: LedgerKey
  public var title: String
  public var releaseDate: String?
  public var firstSeen: Date
  public var reportedAt: Date?
  /// The section it was reported in: "new", "upcoming", "edition" or "backfill".
  public var reportedAs: String?
  /// "album", "ep" or "single" as it was seen; nil in records written before kinds were kept.
  public var kind: String?

  public init(
    key: LedgerKey,
    title: String,
    releaseDate: String?,
    firstSeen: Date,
    reportedAt: Date? = nil,
    reportedAs: String? = nil,
    kind: String? = nil
  ) {
    self.key = key
    self.title = title
    self.releaseDate = releaseDate
    self.firstSeen = firstSeen
    self.reportedAt = reportedAt
    self.reportedAs = reportedAs
    self.kind = kind
  }

  /// The library artist it was told to.
  public var artistKey: ArtistKey { key.artist }
}

/// What a catalog answered about one release's cover.
public struct ArtworkRecord: Sendable, Equatable {
  public var releaseID: CatalogReleaseID
  /// The image's address; nil when the catalog has none.
  public var url: String?
  public var checkedAt: Date

  public init(releaseID: CatalogReleaseID, url: String?, checkedAt: Date) {
    self.releaseID = releaseID
    self.url = url
    self.checkedAt = checkedAt
  }
}
