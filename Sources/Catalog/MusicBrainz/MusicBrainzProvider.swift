public import Foundation
public import Identity
public import MusicLibrary

/// MusicBrainz: many artists per search, the release groups of many artists per release search (a window of
/// release dates, paged), and namesakes told apart by which of them have release groups titled like the albums
/// the user owns. Release groups hold every edition of an album, so editions are never reported apart.
public struct MusicBrainzProvider: TransportProvider {
  public typealias Definition = MusicBrainzCatalog

  public let transport: any CatalogTransport
  /// How the Cover Art Archive is asked: at its own pace, which is not MusicBrainz's one a second.
  public var coverTransport: any CatalogTransport
  public var coverPace = CoverArtArchive.pace
  public let endpoint: MusicBrainzEndpoint
  /// The release dates asked for: the report's first day, and a horizon far enough for announcements.
  public var since: CalendarDay
  public var horizon: CalendarDay
  public var limits: ProviderLimits

  /// Live albums, compilations, remixes, ...: left out unless the configuration includes them.
  public static let secondaryTypes = [
    "compilation", "live", "remix", "dj-mix", "demo", "interview", "spokenword", "audiobook", "audio drama",
    "mixtape/street", "field recording",
  ]

  /// How far ahead release dates are asked for: announcements rarely come earlier.
  public static let horizonDays = 730

  /// Artists per search before a full page could crowd names out, and the most asked again together.
  static let artistsPerSearch = 25
  static let artistsPerSecondSearch = 5

  public init(
    transport: any CatalogTransport, endpoint: MusicBrainzEndpoint = MusicBrainzEndpoint(), since: CalendarDay,
    horizon: CalendarDay, requestsPerMinute: Double = Double(MusicBrainzCatalog.requestsPerMinute)
  ) {
    self.transport = transport
    self.coverTransport = transport
    self.endpoint = endpoint
    self.since = since
    self.horizon = horizon
    limits = ProviderLimits(
      requestsPerMinute: requestsPerMinute, artistsPerSearch: Self.artistsPerSearch,
      artistsPerReleaseRequest: MusicBrainzCatalog.artistsPerReleaseSearch)
  }

  public var proof: ProofSource { .ownedTitles }
  /// Release groups carry no covers: the Cover Art Archive is asked.
  public var covers: (any CoverSource)? {
    CoverArtArchive(transport: coverTransport, baseURL: endpoint.coverArtURL, requestsPerMinute: coverPace)
  }

  /// Release groups' streaming and purchase links, asked through the pass's own transport: at its pace.
  public var servicePages: (any ServicePageSource)? {
    MusicBrainzURLRels(transport: transport, endpoint: endpoint, requestsPerMinute: limits.requestsPerMinute)
  }

  /// Releases other catalogs found, typed by their barcodes, through the pass's own transport: at its pace.
  public var barcodeTypes: (any BarcodeTypeSource)? {
    MusicBrainzBarcodes(transport: transport, endpoint: endpoint, requestsPerMinute: limits.requestsPerMinute)
  }

  // MARK: - Artists

  /// `artist:"A" OR artist:"B" OR …` for the whole batch; names not matched, because a full page crowded them
  /// out or the catalog knows them by another spelling, again in small batches that also ask aliases and sort
  /// names. A name matches when any key of a result (name, sort name, alias) is the library artist's key: a
  /// batched query's scores are relative to its best hit, so they cannot tell.
  public func search(_ artists: [LibraryArtist]) async throws(CatalogError) -> [ArtistCandidates] {
    var found = [[CatalogArtist]](repeating: [], count: artists.count)
    try await searchRound(
      Array(artists.indices), of: artists, fields: ["artist"], size: Self.artistsPerSearch, askAgain: false, &found)
    let unmatched = artists.indices.filter { found[$0].isEmpty }
    if !unmatched.isEmpty {
      try await searchRound(
        unmatched, of: artists, fields: ["artist", "alias", "sortname"], size: Self.artistsPerSecondSearch,
        askAgain: true, &found)
    }
    return found.map { ArtistCandidates(exact: $0) }
  }

  /// One round of searches over `fields`; with `askAgain`, names a full page crowded out are asked again in
  /// smaller and smaller batches (the first round leaves them to the second, which asks every field anyway).
  private func searchRound(
    _ indices: [Int], of artists: [LibraryArtist], fields: [String], size: Int, askAgain: Bool,
    _ found: inout [[CatalogArtist]]
  ) async throws(CatalogError) {
    func clause(_ index: Int) -> String {
      let term = ArtistMatching.searchTerm(for: artists[index])
      return fields.map { LuceneQuery.phrase($0, term) }.joined(separator: " OR ")
    }
    for run in endpoint.pack(indices, limit: size, .artist, clause: clause) {
      let query = LuceneQuery.anyOf(run.map(clause))
      let page = try MusicBrainzDecoding.decode(
        MBArtistPage.self, try await transport.get(endpoint.searchURL(.artist, query: query)))
      for index in run {
        for artist in Self.matches(page.artists, for: artists[index]) where !found[index].contains(artist) {
          found[index].append(artist)
        }
      }
      // A full page may have left names out: ask again about those, a few at a time.
      let missing = run.filter { found[$0].isEmpty }
      if askAgain, page.artists.count < page.count, page.artists.count >= MusicBrainzEndpoint.pageSize,
        run.count > 1, !missing.isEmpty
      {
        try await searchRound(
          missing, of: artists, fields: fields, size: max(1, run.count / 4), askAgain: true, &found)
      }
    }
  }

  /// The artists of a search page that go by the library artist's key.
  static func matches(_ artists: [MBArtist], for artist: LibraryArtist) -> [CatalogArtist] {
    artists.filter { $0.keys.contains(artist.key) }.map(\.catalogArtist)
  }

  /// The candidates an artist search's body names for `artist`.
  public static func candidates(in body: Data, for artist: LibraryArtist) throws(CatalogError) -> ArtistCandidates {
    ArtistCandidates(exact: matches(try MusicBrainzDecoding.decode(MBArtistPage.self, body).artists, for: artist))
  }

  /// The releases a release-group search's body lists, as they would be reported.
  public func releases(in body: Data) throws(CatalogError) -> [CatalogRelease] {
    reported(try MusicBrainzDecoding.decode(MBReleaseGroupPage.self, body).releaseGroups)
  }

  // MARK: - Releases

  /// `firstreleasedate:[SINCE TO HORIZON] AND (arid:… OR …)`, every page; each release group goes to every
  /// asked artist in its credit.
  public func releases(of ids: [CatalogArtistID]) async throws(CatalogError) -> [CatalogArtistID: ReleaseList] {
    let window = LuceneQuery.range("firstreleasedate", from: since.description, to: horizon.description) + " AND "
    var byID: [CatalogArtistID: [MBReleaseGroup]] = [:]
    for run in endpoint.pack(
      ids, limit: ids.count, .releaseGroup, prefix: window, clause: { LuceneQuery.term("arid", $0.rawValue) })
    {
      let groups = try await allReleaseGroups(
        window + LuceneQuery.anyOf(run.map { LuceneQuery.term("arid", $0.rawValue) }))
      let asked = Set(run)
      for group in groups {
        for id in Set(group.creditedIDs) where asked.contains(id) { byID[id, default: []].append(group) }
      }
    }
    var lists: [CatalogArtistID: ReleaseList] = [:]
    for id in ids {
      let groups = byID[id] ?? []
      lists[id] = ReleaseList(releases: reported(groups), body: ReleaseList.cacheBody(groups) ?? Data("[]".utf8))
    }
    return lists
  }

  public func cacheEntry(for id: CatalogArtistID) -> (kind: String, key: String) {
    ("release-groups", "\(id)/\(since)/\(horizon)")
  }

  public func cachedReleases(_ body: Data) -> [CatalogRelease]? {
    (try? JSONDecoder().decode([MBReleaseGroup].self, from: body)).map(reported)
  }

  /// The groups as releases, live albums and compilations too: the finder leaves out the secondary types the
  /// user did not ask for, and `deepcut why` says so.
  private func reported(_ groups: [MBReleaseGroup]) -> [CatalogRelease] {
    groups.map(\.release)
  }

  // MARK: - Evidence

  /// `(arid:… OR …) AND (releasegroup:"…" OR …)` for many questions at once: every candidate, and the owned
  /// titles without edition markers; each question keeps only its own candidates and titles.
  public func evidence(_ questions: [EvidenceQuestion]) async throws(CatalogError) -> [[CatalogArtistID: Set<String>]] {
    var answers = [[CatalogArtistID: Set<String>]](repeating: [:], count: questions.count)
    for run in packQuestions(questions) {
      let groups = try await allReleaseGroups(evidenceQuery(run.map { questions[$0] }))
      for index in run {
        let ownedBases = Set(questions[index].ownedTitles.map { AlbumKey($0).base })
        for candidate in questions[index].candidates {
          let bases = groups.filter { $0.creditedIDs.contains(candidate.id) }.map { AlbumKey($0.title).base }
          answers[index][candidate.id] = Set(bases).intersection(ownedBases)
        }
      }
    }
    return answers
  }

  private func evidenceQuery(_ questions: [EvidenceQuestion]) -> String {
    var ids: [CatalogArtistID] = []
    var titles: [String] = []
    for question in questions {
      for candidate in question.candidates where !ids.contains(candidate.id) { ids.append(candidate.id) }
      for title in question.ownedTitles.map(Self.searchTitle) where !titles.contains(title) { titles.append(title) }
    }
    return LuceneQuery.anyOf(ids.map { LuceneQuery.term("arid", $0.rawValue) }) + " AND "
      + LuceneQuery.anyOf(titles.map { LuceneQuery.phrase("releasegroup", $0) })
  }

  /// Questions together while their query fits a URL.
  private func packQuestions(_ questions: [EvidenceQuestion]) -> [[Int]] {
    var runs: [[Int]] = []
    for index in questions.indices {
      if let last = runs.last,
        endpoint.searchURL(.releaseGroup, query: evidenceQuery((last + [index]).map { questions[$0] }), offset: 9_999)
          .absoluteString.utf8.count <= MusicBrainzEndpoint.maxURLLength
      {
        runs[runs.count - 1].append(index)
      } else {
        runs.append([index])
      }
    }
    return runs
  }

  /// An owned title as a phrase to search: without the edition or format marker that the catalog's release
  /// group title will not have ("Nevermind (Remastered)" → "Nevermind").
  static func searchTitle(_ title: String) -> String {
    var text = Substring(title)
    for marker in [" (", " [", " - "] {
      if let range = text.range(of: marker) { text = text[..<range.lowerBound] }
    }
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    return trimmed.isEmpty ? title : trimmed
  }

  // MARK: - Paging

  private func allReleaseGroups(_ query: String) async throws(CatalogError) -> [MBReleaseGroup] {
    var groups: [MBReleaseGroup] = []
    while true {
      let page = try MusicBrainzDecoding.decode(
        MBReleaseGroupPage.self,
        try await transport.get(endpoint.searchURL(.releaseGroup, query: query, offset: groups.count)))
      groups += page.releaseGroups
      guard !page.releaseGroups.isEmpty, groups.count < page.count else { return groups }
    }
  }
}
