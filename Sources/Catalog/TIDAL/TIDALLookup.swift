public import Foundation

/// An album found on TIDAL by its barcode. TIDAL keeps barcodes as the label sent them (14 digits with leading zeros,
/// or 13); the code is asked as a UPC-A or EAN-13 is written, then as 14 digits.
public struct TIDALLookup: GTINLookup {
  let api: AuthorizedTransport
  let endpoint: TIDALEndpoint
  public let requestsPerMinute: Double

  public var cacheScope: String { endpoint.country.lowercased() }

  public func release(withGTIN gtin: GTIN) async throws(CatalogError) -> CatalogRelease? {
    var forms = [gtin.lookupForm]
    let padded = String(repeating: "0", count: max(0, 14 - gtin.digits.count)) + gtin.digits
    if padded != gtin.lookupForm { forms.append(padded) }
    for form in forms {
      if var release = try TIDALDecoding.firstAlbum(in: try await api.get(endpoint.albumsURL(barcode: form))) {
        release.gtin = gtin
        return release
      }
    }
    return nil
  }

  public func cachedRelease(_ body: Data) -> CatalogRelease? {
    try? JSONDecoder().decode(CatalogRelease.self, from: body)
  }

  public func cacheBody(_ release: CatalogRelease) -> Data? { ReleaseList.cacheBody(release) }
  public func sentRequests() async -> Int? { await api.transport.counters().requests }
}
