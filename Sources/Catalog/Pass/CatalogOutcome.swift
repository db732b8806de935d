public import Identity
public import MusicLibrary

/// An artist the report must mention under "Needs attention".
public struct ArtistProblem: Sendable, Equatable, Codable {
  public enum Kind: String, Sendable, Codable {
    case unresolved
    case ambiguous
    case failed
    case notCached
  }

  public var artist: LibraryArtist
  public var kind: Kind
  public var detail: String
  public var candidates: [CatalogArtist]
  /// The catalog that could not resolve the artist, on a night that asks several.
  public var catalog: CatalogName?

  public init(artist: LibraryArtist, kind: Kind, detail: String, candidates: [CatalogArtist] = []) {
    self.artist = artist
    self.kind = kind
    self.detail = detail
    self.candidates = candidates
  }

  /// Not finding an artist is an answer; a failed or missing lookup is not, and leaves the artist unchecked.
  public var isAnswer: Bool { kind == .unresolved || kind == .ambiguous }
}

/// Counts and times of a catalog pass, for the report's summary.
public struct CatalogStats: Sendable, Equatable, Codable {
  /// Artists whose check is complete (the coverage's `checked`).
  public var artistsChecked = 0
  /// Library artists followed in the catalog.
  public var resolved = 0
  public var unresolved = 0
  public var ambiguous = 0
  public var failed = 0
  public var searches = 0
  public var lookups = 0
  public var requests = 0
  public var retries = 0
  public var cacheHits = 0
  /// Answers committed to the state database in this run.
  public var answersKept = 0
  /// Requests that failed because the network was gone, and whether anything was answered at all.
  public var connectivityFailures = 0
  /// Why the first of them failed, in a few words ("127.0.0.1: connection refused").
  public var connectivityReason: String?
  /// Requests in a row found no network, and the rest of the run asked the catalog nothing: what needed it is
  /// listed as failed at once, instead of each after its own tries.
  public var stoppedAnswering = false
  public var resolveSeconds = 0.0
  public var lookupSeconds = 0.0

  public init() {}

  mutating func noteFailure(_ error: CatalogError) {
    guard error.isConnectivity else { return }
    connectivityFailures += 1
    if connectivityReason == nil {
      if case .unreachable(let detail) = error {
        connectivityReason = detail
      } else {
        connectivityReason = "no answer in time"
      }
    }
  }
}

/// How much of the library a run could check. Always in the JSON report; the other formats say it in one line
/// when it is not complete.
public struct Coverage: Sendable, Equatable, Codable {
  public var artists: Int
  public var checked: Int
  public var remaining: Int
  public var complete: Bool
  /// At the catalog's limit, what the rest would take; 0 when complete.
  public var estimatedMinutesToFinish: Int

  public init(artists: Int, checked: Int, estimatedMinutesToFinish: Int) {
    self.artists = artists
    self.checked = checked
    self.remaining = artists - checked
    self.complete = checked >= artists
    self.estimatedMinutesToFinish = complete ? 0 : estimatedMinutesToFinish
  }

  /// Every artist checked.
  public static func whole(_ artists: Int) -> Coverage {
    Coverage(artists: artists, checked: artists, estimatedMinutesToFinish: 0)
  }
}

/// Why a pass ended before every artist was checked.
public enum PassStop: String, Sendable, Equatable, Codable {
  /// `--budget` was spent.
  case budget
  /// The task was cancelled (SIGINT, SIGTERM).
  case cancelled
}

/// One catalog artist followed for a library artist, with its releases.
public struct FollowedArtist: Sendable, Equatable {
  /// The library artist as the report names it: when one library name covers several catalog artists,
  /// each carries its own catalog name and the owned albums that proved it.
  public var artist: LibraryArtist
  public var catalogArtist: CatalogArtist
  public var releases: [CatalogRelease]

  public init(artist: LibraryArtist, catalogArtist: CatalogArtist, releases: [CatalogRelease]) {
    self.artist = artist
    self.catalogArtist = catalogArtist
    self.releases = releases
  }
}

/// What the catalog said about the library's artists.
public struct CatalogOutcome: Sendable {
  /// Most played first.
  public var followed: [FollowedArtist]
  public var problems: [ArtistProblem]
  public var stats: CatalogStats
  public var coverage: Coverage
  public var stop: PassStop?

  public init(
    followed: [FollowedArtist],
    problems: [ArtistProblem],
    stats: CatalogStats,
    coverage: Coverage,
    stop: PassStop? = nil
  ) {
    self.followed = followed
    self.problems = problems
    self.stats = stats
    self.coverage = coverage
    self.stop = stop
  }

  /// Every followed catalog artist's releases, by library artist.
  public var releases: [ArtistKey: [CatalogRelease]] {
    var result: [ArtistKey: [CatalogRelease]] = [:]
    for entry in followed { result[entry.artist.key, default: []] += entry.releases }
    return result
  }

  /// The catalog artists followed for each library artist.
  public var catalogArtists: [ArtistKey: [CatalogArtist]] {
    var result: [ArtistKey: [CatalogArtist]] = [:]
    for entry in followed { result[entry.artist.key, default: []].append(entry.catalogArtist) }
    return result
  }
}
