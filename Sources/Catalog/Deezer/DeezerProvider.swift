public import Foundation
public import Identity
public import MusicLibrary

/// Deezer: a plain search per artist (one page, or a few while none names the artist), then each artist's whole
/// album list, every page. The lists are the artists' whole catalogs, so they tell namesakes apart themselves;
/// tribute and karaoke acts a search turns up are never candidates.
public struct DeezerProvider: TransportProvider {
  public typealias Definition = DeezerCatalog

  public let transport: any CatalogTransport
  public let endpoint: DeezerEndpoint
  public var limits: ProviderLimits

  public init(
    transport: any CatalogTransport, endpoint: DeezerEndpoint = DeezerEndpoint(),
    requestsPerMinute: Double = Double(DeezerCatalog.requestsPerMinute)
  ) {
    self.transport = transport
    self.endpoint = endpoint
    limits = ProviderLimits(requestsPerMinute: requestsPerMinute, artistsPerSearch: 1, artistsPerReleaseRequest: 1)
  }

  public var proof: ProofSource { .releaseLists }

  // MARK: - Artists

  /// Pages one artist's search reads at most, the first among them.
  public static let searchPages = 3

  public func search(_ artists: [LibraryArtist]) async throws(CatalogError) -> [ArtistCandidates] {
    var answers: [ArtistCandidates] = []
    for artist in artists { answers.append(try await search(artist)) }
    return answers
  }

  /// One request for almost every artist: its name is on the first page. Deezer ranks popular names first, so a
  /// name of common words can stand below fuller ones ("Golden Golden" below 25 "Golden …"): while no hit read
  /// bears the artist's name, larger pages follow, a few at most, so an artist Deezer lacks costs little more. Only
  /// a page without the name is ever followed, so the namesakes that must be told apart by their albums (each a
  /// request) are the same as on the first page. The near matches are the first page's best.
  func search(_ artist: LibraryArtist) async throws(CatalogError) -> ArtistCandidates {
    let term = ArtistMatching.searchTerm(for: artist)
    var page = try Self.hits(in: try await transport.get(endpoint.searchURL(name: term)), for: artist)
    let near = ArtistMatching.nearMatches(page.artists)
    var exact = ArtistMatching.exactMatches(page.artists, for: artist.key)
    var read = page.count
    var pages = 1
    while exact.isEmpty, page.more, pages < Self.searchPages {
      page = try Self.hits(in: try await transport.get(endpoint.searchURL(name: term, index: read)), for: artist)
      exact = ArtistMatching.exactMatches(page.artists, for: artist.key)
      read += page.count
      pages += 1
    }
    return ArtistCandidates(exact: exact, near: near)
  }

  /// The candidates a search's body names for `artist`: the names that fold to its key, and the best others.
  public static func candidates(in body: Data, for artist: LibraryArtist) throws(CatalogError) -> ArtistCandidates {
    let found = try hits(in: body, for: artist).artists
    return ArtistCandidates(
      exact: ArtistMatching.exactMatches(found, for: artist.key), near: ArtistMatching.nearMatches(found))
  }

  /// A search page's artists but the stand-ins; how many hits it held, which is where the next page starts; and
  /// whether one follows.
  static func hits(
    in body: Data, for artist: LibraryArtist
  ) throws(CatalogError) -> (artists: [CatalogArtist], count: Int, more: Bool) {
    let page = try DeezerDecoding.decode(DZArtist.self, body)
    try DeezerDecoding.check(page.error)
    let data = page.data ?? []
    let found = data.filter { !isStandIn($0.name, for: artist) }.map {
      CatalogArtist(
        id: CatalogArtistID(String($0.id)), name: $0.name, url: $0.link, disambiguation: $0.nbFan.map { "\($0) fans" })
    }
    return (found, data.count, page.next != nil && !data.isEmpty)
  }

  /// A tribute band or a karaoke act named after the artist, unless the library artist is one itself.
  static func isStandIn(_ name: String, for artist: LibraryArtist) -> Bool {
    let words = ["tribute", "karaoke"]
    let lowered = name.lowercased()
    let own = artist.name.lowercased()
    return words.contains { lowered.contains($0) && !own.contains($0) }
  }

  // MARK: - Releases

  /// Every page of each artist's albums, cached in one body with the artist they were listed under. "no data" means
  /// the id is gone: an empty list, which is an answer.
  public func releases(of ids: [CatalogArtistID]) async throws(CatalogError) -> [CatalogArtistID: ReleaseList] {
    var lists: [CatalogArtistID: ReleaseList] = [:]
    for id in ids {
      let albums = try await allAlbums(of: id)
      lists[id] = ReleaseList(
        releases: Self.releases(albums, artistID: id),
        body: ReleaseList.cacheBody(DZCachedList(artist: id, albums: albums)) ?? Data())
    }
    return lists
  }

  private func allAlbums(of id: CatalogArtistID) async throws(CatalogError) -> [DZAlbum] {
    var albums: [DZAlbum] = []
    while true {
      let page = try DeezerDecoding.decode(
        DZAlbum.self, try await transport.get(endpoint.albumsURL(id: id, index: albums.count)))
      if page.error?.code == DZError.noData { return albums }
      try DeezerDecoding.check(page.error)
      let data = page.data ?? []
      albums += data
      guard page.next != nil, !data.isEmpty else { return albums }
    }
  }

  /// The albums as releases. Deezer lists an album's explicit and clean versions as two albums of one title and
  /// date: the one without the advisory is the clean twin.
  static func releases(_ albums: [DZAlbum], artistID: CatalogArtistID) -> [CatalogRelease] {
    var releases = albums.map { $0.release(artistID: artistID) }
    let explicit = Set(
      releases.filter { $0.explicitness == .explicit }.map { "\($0.key)|\($0.dateText ?? "")" })
    for index in releases.indices where releases[index].explicitness == .notExplicit {
      if explicit.contains("\(releases[index].key)|\(releases[index].dateText ?? "")") {
        releases[index].explicitness = .clean
      }
    }
    return releases
  }

  public func cacheEntry(for id: CatalogArtistID) -> (kind: String, key: String) { ("albums", id.rawValue) }

  public func cachedReleases(_ body: Data) -> [CatalogRelease]? {
    (try? JSONDecoder().decode(DZCachedList.self, from: body)).map { Self.releases($0.albums, artistID: $0.artist) }
  }
}

extension DeezerProvider: GTINSource {
  public var gtins: (any GTINSource)? { self }
  public var requestsPerMinute: Double { limits.requestsPerMinute }

  /// The album's `upc`; "no data" means the album is gone, which has none.
  public func gtin(ofRelease id: CatalogReleaseID) async throws(CatalogError) -> GTIN? {
    let body = try await transport.get(endpoint.albumURL(id: id))
    let album: DZWholeAlbum
    do {
      album = try JSONDecoder().decode(DZWholeAlbum.self, from: body)
    } catch {
      throw .undecodable("deezer sent an album that cannot be read (\(error))")
    }
    if album.error?.code == DZError.noData { return nil }
    try DeezerDecoding.check(album.error)
    return album.upc.flatMap(GTIN.init)
  }
}
