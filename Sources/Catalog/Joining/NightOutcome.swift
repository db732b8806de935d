public import Identity
public import MusicLibrary

/// What one catalog said tonight, and how its releases are judged (a catalog that groups editions judges its own).
public struct CatalogResult: Sendable {
  /// The catalog's name (`--provider`).
  public var catalog: CatalogName
  /// What its links are called where people listen: "Apple Music", "Deezer", "MusicBrainz".
  public var linkTitle: String
  public var outcome: CatalogOutcome
  public var options: FinderOptions

  public init(catalog: CatalogName, linkTitle: String, outcome: CatalogOutcome, options: FinderOptions) {
    self.catalog = catalog
    self.linkTitle = linkTitle
    self.outcome = outcome
    self.options = options
  }
}

/// What the night's catalogs said, together: each release once, with a link for each catalog that lists it.
public struct NightOutcome: Sendable {
  /// In `--provider` order.
  public var results: [CatalogResult]
  /// The catalogs that answered nothing tonight, with why: their releases are missing from the report.
  public var unreachable: [(catalog: CatalogName, reason: String)] = []
  /// What the links of catalogs asked only for links are called where people listen ("Apple Music").
  public var linkedTitles: [CatalogName: String] = [:]
  /// Where the person listens, which each row's title opens; nil opens the first catalog's page.
  public var listening: Listening?

  public init(_ results: [CatalogResult]) {
    self.results = results
  }

  /// The one catalog of a night that asks one.
  public init(catalog: CatalogName, linkTitle: String? = nil, outcome: CatalogOutcome, options: FinderOptions) {
    self.init([
      CatalogResult(catalog: catalog, linkTitle: linkTitle ?? catalog.rawValue, outcome: outcome, options: options)
    ])
  }

  public var catalogs: [CatalogName] { results.map(\.catalog) }
  public var isJoint: Bool { results.count > 1 }

  /// Every catalog's releases, judged, each release once: one finding per row.
  public func findings(owned: [ArtistKey: [OwnedAlbum]]) -> [Finding] {
    let listings = results.map { result in
      ReleaseJoin.Listing(
        catalog: result.catalog,
        verdicts: ReleaseFinder(options: result.options).verdicts(result.outcome.followed, owned: owned),
        groupsEditions: result.options.catalogGroupsEditions)
    }
    return ReleaseFinder.findings(ReleaseJoin.join(listings))
  }

  /// Every catalog's artists that need attention, each saying its catalog when the night has several.
  public var problems: [ArtistProblem] {
    results.flatMap { result in
      result.outcome.problems.map { problem in
        var problem = problem
        if isJoint { problem.catalog = result.catalog }
        return problem
      }
    }
  }

  /// The catalogs' counts added up.
  public var stats: CatalogStats {
    results.map(\.outcome.stats).reduce(into: CatalogStats()) { $0.add($1) }
  }

  /// The least of the catalogs' coverages: the report is as complete as its least complete catalog.
  public var coverage: Coverage {
    let coverages = results.map(\.outcome.coverage)
    return coverages.min { ($0.checked * max(1, $1.artists)) < ($1.checked * max(1, $0.artists)) }
      ?? Coverage.whole(0)
  }

  /// Why the first catalog that stopped early stopped.
  public var stop: PassStop? { results.lazy.compactMap(\.outcome.stop).first }

  /// Whether any catalog's artist is followed.
  public var followsAnyone: Bool { results.contains { !$0.outcome.followed.isEmpty } }

  /// A link's title, by catalog.
  public func linkTitle(of catalog: CatalogName) -> String {
    results.first { $0.catalog == catalog }?.linkTitle ?? linkedTitles[catalog] ?? catalog.rawValue
  }
}

extension CatalogStats {
  mutating func add(_ other: CatalogStats) {
    artistsChecked = max(artistsChecked, other.artistsChecked)
    resolved = max(resolved, other.resolved)
    unresolved += other.unresolved
    ambiguous += other.ambiguous
    failed += other.failed
    searches += other.searches
    lookups += other.lookups
    requests += other.requests
    retries += other.retries
    cacheHits += other.cacheHits
    answersKept += other.answersKept
    connectivityFailures += other.connectivityFailures
    connectivityReason = connectivityReason ?? other.connectivityReason
    stoppedAnswering = stoppedAnswering || other.stoppedAnswering
    resolveSeconds = max(resolveSeconds, other.resolveSeconds)
    lookupSeconds = max(lookupSeconds, other.lookupSeconds)
  }
}
