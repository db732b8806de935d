public import Foundation
public import Identity
public import MusicLibrary

/// The iTunes Search API: one search per artist, album lists of up to 200 artists per lookup, each list the
/// artist's whole catalog (so the lists themselves tell namesakes apart).
public struct ITunesProvider: TransportProvider {
  public typealias Definition = ITunesCatalog

  public let transport: any CatalogTransport
  public let endpoint: ITunesEndpoint
  /// Candidates per search: exact matches rank first, and decoding more costs CPU for nothing.
  public var searchLimit = 10
  /// Albums per artist in a lookup, most recent first.
  public var albumsPerArtist = 200
  public var limits: ProviderLimits

  public init(
    transport: any CatalogTransport, endpoint: ITunesEndpoint,
    requestsPerMinute: Double = Double(ITunesCatalog.requestsPerMinute)
  ) {
    self.transport = transport
    self.endpoint = endpoint
    limits = ProviderLimits(
      requestsPerMinute: requestsPerMinute, artistsPerSearch: 1,
      artistsPerReleaseRequest: ITunesCatalog.artistsPerLookup)
  }

  public var proof: ProofSource { .releaseLists }

  public func search(_ artists: [LibraryArtist]) async throws(CatalogError) -> [ArtistCandidates] {
    try await searchEach(
      artists, url: { endpoint.searchURL(term: $0, limit: searchLimit) }, candidates: Self.candidates(in:for:))
  }

  public func releases(of ids: [CatalogArtistID]) async throws(CatalogError) -> [CatalogArtistID: ReleaseList] {
    try Self.releaseLists(in: try await transport.get(endpoint.lookupURL(ids: ids, limit: albumsPerArtist)), ids: ids)
  }

  /// The candidates an artist search's body names for `artist`.
  public static func candidates(in body: Data, for artist: LibraryArtist) throws(CatalogError) -> ArtistCandidates {
    let found = try ITunesDecoding.envelope(body).compactMap { wire -> CatalogArtist? in
      // Book authors that a music search sometimes returns are never candidates.
      guard wire.record.artistType == nil || wire.record.artistType == "Artist" else { return nil }
      return wire.record.artist
    }
    return ArtistCandidates(
      exact: ArtistMatching.exactMatches(found, for: artist.key), near: ArtistMatching.nearMatches(found))
  }

  /// The album lists of `ids` in a lookup's body.
  public static func releaseLists(
    in body: Data, ids: [CatalogArtistID]
  ) throws(CatalogError) -> [CatalogArtistID: ReleaseList] {
    let wanted = Set(ids)
    var byID: [CatalogArtistID: [WireRecord]] = [:]
    for group in ITunesDecoding.groupsByArtist(try ITunesDecoding.envelope(body)) where wanted.contains(group.artistID)
    {
      byID[group.artistID, default: []] += group.records.filter(\.record.isCollection)
    }
    var lists: [CatalogArtistID: ReleaseList] = [:]
    for id in ids {
      let records = byID[id] ?? []
      // Cached as the API sent them, so nothing is lost or re-encoded.
      lists[id] = ReleaseList(releases: records.compactMap(\.record.release), body: WireReader.joined(records))
    }
    return lists
  }

  public func cacheEntry(for id: CatalogArtistID) -> (kind: String, key: String) {
    ("albums", "\(endpoint.country.lowercased())/\(id)")
  }

  public func cachedReleases(_ body: Data) -> [CatalogRelease]? {
    (try? WireReader.recordArray(body)).map { $0.compactMap(\.record.release) }
  }
}

extension ITunesProvider: GTINLookup {
  public var gtinLookup: (any GTINLookup)? { self }
  public var requestsPerMinute: Double { limits.requestsPerMinute }
  public var cacheScope: String { endpoint.country.lowercased() }

  /// The album a UPC lookup answers; a lookup "also returns other release variants", so the first collection is it.
  public func release(withGTIN gtin: GTIN) async throws(CatalogError) -> CatalogRelease? {
    let records = try ITunesDecoding.envelope(try await transport.get(endpoint.upcLookupURL(gtin)))
    guard var release = records.lazy.compactMap(\.record.release).first else { return nil }
    release.gtin = release.gtin ?? gtin
    return release
  }

  public func cachedRelease(_ body: Data) -> CatalogRelease? {
    try? JSONDecoder().decode(CatalogRelease.self, from: body)
  }

  public func cacheBody(_ release: CatalogRelease) -> Data? { ReleaseList.cacheBody(release) }
}
