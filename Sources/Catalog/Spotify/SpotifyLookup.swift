public import Foundation

/// An album found on Spotify by its UPC. Spotify matches the barcode as it stores it, most often as 14 digits with
/// leading zeros, sometimes 13 or 12, so each form is tried, the likeliest first, until one finds it.
public struct SpotifyLookup: GTINLookup {
  let api: AuthorizedTransport
  let endpoint: SpotifyEndpoint
  public let requestsPerMinute: Double

  public var cacheScope: String { endpoint.market.lowercased() }

  public func release(withGTIN gtin: GTIN) async throws(CatalogError) -> CatalogRelease? {
    for form in Self.forms(of: gtin) {
      let body = try await api.get(endpoint.searchURL(upc: form))
      if var release = try SpotifyDecoding.firstAlbum(in: body) {
        release.gtin = gtin
        return release
      }
    }
    return nil
  }

  /// 14 digits first (how Spotify keeps most), then the code as a UPC-A or EAN-13 is written, then 13 digits.
  static func forms(of gtin: GTIN) -> [String] {
    var forms: [String] = []
    for length in [14, gtin.lookupForm.count, 13] where length >= gtin.digits.count {
      let form = String(repeating: "0", count: length - gtin.digits.count) + gtin.digits
      if !forms.contains(form) { forms.append(form) }
    }
    return forms
  }

  public func cachedRelease(_ body: Data) -> CatalogRelease? {
    try? JSONDecoder().decode(CatalogRelease.self, from: body)
  }

  public func cacheBody(_ release: CatalogRelease) -> Data? { ReleaseList.cacheBody(release) }
  public func sentRequests() async -> Int? { await api.transport.counters().requests }
}
