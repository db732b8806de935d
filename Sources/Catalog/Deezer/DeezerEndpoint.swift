public import Foundation
public import Identity

/// Where Deezer's answers are: an artist search (plain text: the `artist:"…"` form finds the wrong artists), and
/// an artist's albums, a page at a time.
public struct DeezerEndpoint: Sendable {
  public static let production = URL(string: "https://api.deezer.com") ?? URL(fileURLWithPath: "/")
  /// Albums asked for per page: the default page is 25; `next` says whether more follow, whatever it allows.
  public static let albumsPerPage = 100
  /// Artists a search is asked for: same-name artists and a few near ones.
  public static let artistsPerSearch = 10
  /// Artists a page read after the first is asked for: it is read only when the first named nobody by the artist's
  /// name, and then the name may be far down, below fuller names with more fans.
  public static let artistsPerLaterSearch = 100

  public var baseURL: URL

  public init(baseURL: URL = DeezerEndpoint.production) {
    self.baseURL = baseURL
  }

  /// The search's page from `index`, the hits read so far: Deezer may send fewer than asked.
  public func searchURL(name: String, index: Int = 0) -> URL {
    guard index > 0 else { return url("/search/artist", [("q", name), ("limit", "\(Self.artistsPerSearch)")]) }
    return url("/search/artist", [("q", name), ("limit", "\(Self.artistsPerLaterSearch)"), ("index", "\(index)")])
  }

  /// Page of `id`'s albums from `index`. The page's `next` is not followed as such: it names Deezer's own host,
  /// and a base URL given for a mirror or a test server must hold for every page.
  public func albumsURL(id: CatalogArtistID, index: Int) -> URL {
    var items = [("limit", "\(Self.albumsPerPage)")]
    if index > 0 { items.append(("index", "\(index)")) }
    return url("/artist/\(id)/albums", items)
  }

  /// One album, whole: the only answer that carries its `upc`.
  public func albumURL(id: CatalogReleaseID) -> URL {
    url("/album/\(id)", [])
  }

  private func url(_ path: String, _ items: [(String, String)]) -> URL {
    QueryEncoding.url(baseURL, path, items)
  }
}
