internal import Foundation
public import Identity

/// A release's own page on a service people listen on, as a catalog that links there named it (MusicBrainz's
/// streaming and purchase links): where a row's title opens when no catalog that opens there lists the release.
public struct ServicePage: Sendable, Hashable, Codable {
  /// As `--listen` takes it: "spotify".
  public var service: String
  public var url: String
  /// The catalog that named the page: a direct link says where it came from.
  public var catalog: CatalogName

  public init(service: ListeningService, url: String, catalog: CatalogName) {
    self.service = service.id
    self.url = url
    self.catalog = catalog
  }

  /// The page at `url` when it is a release's page on a service, else nil.
  public init?(url: String, catalog: CatalogName) {
    guard let service = ListeningService.of(url: url) else { return nil }
    self.init(service: service, url: url, catalog: catalog)
  }
}

extension ListeningService {
  /// The service whose release page `url` is: https only, on the service's own hosts exactly (a host that merely
  /// ends like one, `evilspotify.com`, is someone else's), and a page of a whole release, not of one track (but on
  /// Bandcamp, where a single is a track page).
  public static func of(url: String) -> ListeningService? {
    guard let parts = PageAddress(url) else { return nil }
    return all.first { $0.isReleasePage(parts) }
  }

  /// Whether `page` is one of the service's release pages.
  func isReleasePage(_ page: PageAddress) -> Bool {
    switch id {
    case Self.spotify.id: page.host == "open.spotify.com" && page.isAlbum(after: Self.optionalLocale)
    case Self.appleMusic.id: page.host == "music.apple.com" && page.isAlbum(after: Self.optionalStorefront)
    case Self.deezer.id: Self.deezerHosts.contains(page.host) && page.isAlbum(after: Self.optionalStorefront)
    case Self.tidal.id: Self.tidalHosts.contains(page.host) && page.isAlbum(after: { $0 == ["browse"] || $0.isEmpty })
    case Self.youTubeMusic.id: page.host == "music.youtube.com" && Self.isYouTubeMusicRelease(page)
    case Self.amazonMusic.id: Self.isAmazonMusicHost(page.host) && page.path.first == "albums" && page.path.count >= 2
    case Self.bandcamp.id: Self.isBandcampHost(page.host) && ["album", "track"].contains(page.path.first ?? "")
    default: false
    }
  }

  static let deezerHosts: Set<String> = ["deezer.com", "www.deezer.com"]
  static let tidalHosts: Set<String> = ["tidal.com", "www.tidal.com", "listen.tidal.com"]

  /// Spotify's `/intl-de/album/…`.
  static func optionalLocale(_ prefix: [String]) -> Bool {
    prefix.isEmpty || (prefix.count == 1 && prefix[0].hasPrefix("intl-"))
  }

  /// Apple Music's and Deezer's `/us/album/…`, `/fr/album/…`.
  static func optionalStorefront(_ prefix: [String]) -> Bool {
    prefix.isEmpty || (prefix.count == 1 && prefix[0].count == 2 && prefix[0].allSatisfy(\.isLetter))
  }

  /// An album is a playlist `OLAK5uy_…` or a browse page `MPREb_…` there; `/watch` is a track.
  static func isYouTubeMusicRelease(_ page: PageAddress) -> Bool {
    switch page.path.first {
    case "playlist": page.query.contains { $0.hasPrefix("list=") }
    case "browse": page.path.count == 2
    default: false
    }
  }

  /// Amazon Music's storefronts, each its own domain: no other `music.amazon.…` host is Amazon's.
  static let amazonMusicDomains: Set<String> = [
    "com", "ca", "com.mx", "com.br", "co.uk", "de", "fr", "it", "es", "in", "co.jp", "com.au",
  ]

  static func isAmazonMusicHost(_ host: String) -> Bool {
    host.hasPrefix("music.amazon.") && amazonMusicDomains.contains(String(host.dropFirst("music.amazon.".count)))
  }

  /// An artist's or a label's own site there: one label before `bandcamp.com`.
  static func isBandcampHost(_ host: String) -> Bool {
    guard host.hasSuffix(".bandcamp.com") else { return false }
    let name = host.dropLast(".bandcamp.com".count)
    return !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } && name != "daily"
  }
}

/// A URL as the host rules read it: lowercased host, path segments and query items; nil for anything but a plain
/// https address (a user name or a port before the host could make a lookalike).
struct PageAddress {
  var host: String
  var path: [String]
  var query: [String]

  init?(_ text: String) {
    guard let components = URLComponents(string: text), components.scheme?.lowercased() == "https",
      components.user == nil, components.password == nil, components.port == nil,
      let host = components.host?.lowercased(), !host.isEmpty
    else { return nil }
    self.host = host
    path = components.path.split(separator: "/").map(String.init)
    query = (components.query ?? "").split(separator: "&").map(String.init)
  }

  /// `/<prefix>/album/<id>[/…]`, where `prefix` may be what `allowed` takes.
  func isAlbum(after allowed: ([String]) -> Bool) -> Bool {
    guard let index = path.firstIndex(of: "album"), index + 1 < path.count else { return false }
    return allowed(Array(path[..<index]))
  }
}
