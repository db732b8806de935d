public import Foundation
public import Identity

/// The iTunes Search API's two requests, built the way the API documents them.
public struct ITunesEndpoint: Sendable, Equatable {
  public static let production = URL(string: "https://itunes.apple.com") ?? URL(fileURLWithPath: "/")

  public var baseURL: URL
  /// Two-letter store country; release dates and availability differ by store.
  public var country: String

  public init(baseURL: URL = ITunesEndpoint.production, country: String = ProviderRun.defaultCountry) {
    self.baseURL = baseURL
    self.country = country
  }

  public func searchURL(term: String, limit: Int) -> URL {
    url(
      "search",
      [
        ("term", term), ("media", "music"), ("entity", "musicArtist"), ("attribute", "artistTerm"),
        ("country", country), ("limit", String(limit)),
      ]
    )
  }

  /// One request for many artists: each artist record comes back followed by up to `limit` of its albums.
  public func lookupURL(ids: [CatalogArtistID], limit: Int) -> URL {
    url(
      "lookup",
      [
        ("id", ids.map(\.rawValue).joined(separator: ",")), ("entity", "album"), ("limit", String(limit)),
        ("country", country),
        ("sort", "recent"),
      ]
    )
  }

  /// The album of one UPC/EAN: Apple documents one a request.
  public func upcLookupURL(_ gtin: GTIN) -> URL {
    url("lookup", [("upc", gtin.lookupForm), ("entity", "album"), ("country", country)])
  }

  private func url(_ path: String, _ items: [(String, String)]) -> URL {
    // The comma stays: it separates lookup ids.
    QueryEncoding.url(baseURL, "/" + path, items, keepingComma: true)
  }
}
