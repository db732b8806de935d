internal import Foundation
public import Identity

/// A service people listen on, as it names itself, and how a search for a release opens there. Where deepcut asks a
/// catalog whose pages open in the service (iTunes' in Apple Music, Deezer's in Deezer), a release that catalog
/// lists opens directly; anywhere else, and until then, a row opens a search there.
public struct ListeningService: Hashable, Sendable, CustomStringConvertible {
  /// As the setting takes it: "applemusic".
  public let id: String
  /// As the service names itself: "Apple Music".
  public let name: String
  /// The catalog whose release pages open in the service, when deepcut can ask one.
  public let catalog: CatalogName?
  /// A search for `{query}` there (its words percent-encoded), with `{country}` for a storefront's two letters.
  let searchTemplate: String

  public var description: String { id }

  public static let appleMusic = ListeningService(
    id: "applemusic", name: "Apple Music", catalog: "itunes",
    searchTemplate: "https://music.apple.com/{country}/search?term={query}")
  public static let spotify = ListeningService(
    id: "spotify", name: "Spotify", catalog: "spotify", searchTemplate: "https://open.spotify.com/search/{query}")
  public static let tidal = ListeningService(
    id: "tidal", name: "TIDAL", catalog: "tidal", searchTemplate: "https://tidal.com/search/?q={query}")
  public static let youTubeMusic = ListeningService(
    id: "youtubemusic", name: "YouTube Music", catalog: nil,
    searchTemplate: "https://music.youtube.com/search?q={query}")
  public static let amazonMusic = ListeningService(
    id: "amazonmusic", name: "Amazon Music", catalog: nil, searchTemplate: "https://music.amazon.com/search/{query}")
  public static let deezer = ListeningService(
    id: "deezer", name: "Deezer", catalog: "deezer", searchTemplate: "https://www.deezer.com/search/{query}")
  public static let bandcamp = ListeningService(
    id: "bandcamp", name: "Bandcamp", catalog: nil, searchTemplate: "https://bandcamp.com/search?q={query}")

  /// Every service a person may name, in the order help lists them.
  public static let all: [ListeningService] = [
    .appleMusic, .spotify, .tidal, .youTubeMusic, .amazonMusic, .deezer, .bandcamp,
  ]

  /// The service a catalog's release pages open in: Apple Music for iTunes'.
  public static func opening(_ catalog: CatalogName) -> ListeningService? {
    all.first { $0.catalog == catalog }
  }

  /// The service a person named, in any case.
  public static func named(_ id: String) -> ListeningService? {
    all.first { $0.id == id.lowercased() }
  }

  /// A search there for `artist` and `title`, in the storefront of `country` where the service has storefronts.
  public func search(artist: String, title: String, country: String = "us") -> String {
    searchTemplate.replacingOccurrences(of: "{country}", with: country.lowercased())
      .replacingOccurrences(of: "{query}", with: Self.encoded(artist + " " + title))
  }

  /// Every byte but the unreserved ones percent-encoded, so the words stand in a path segment or a query alike.
  static func encoded(_ words: String) -> String {
    var text = ""
    for byte in words.utf8 {
      let unreserved =
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
        || [0x2D, 0x2E, 0x5F, 0x7E].contains(byte)
      text += unreserved ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true).leftPadded
    }
    return text
  }
}

extension String {
  fileprivate var leftPadded: String { count == 1 ? "0" + self : self }
}

/// Where the person listens, as each row's title opens it: the service, and the storefront its searches open in.
public struct Listening: Sendable, Equatable {
  public var service: ListeningService
  /// Two letters: the store Apple Music's searches open in.
  public var country: String

  public init(service: ListeningService, country: String = "US") {
    self.service = service
    self.country = country
  }

  /// Where the title of a release with `links` opens: the service's own page of it when a catalog that opens there
  /// lists it, else its page there that another catalog named (`pages`), else a search there for `artist` and
  /// `title`.
  public func link(
    artist: String, title: String, links: [(catalog: CatalogName, url: String)], pages: [ServicePage] = []
  ) -> ListenLink {
    if let catalog = service.catalog, let own = links.first(where: { $0.catalog == catalog }) {
      return ListenLink(service, url: own.url, catalog: catalog)
    }
    if let page = page(among: pages) {
      return ListenLink(service, url: page.url, catalog: page.catalog)
    }
    return ListenLink(service, url: service.search(artist: artist, title: title, country: country), catalog: nil)
  }

  /// The service's page among `pages`: one in the person's storefront first, as a release can be linked in several
  /// (Apple Music's `/us/` and `/nz/`) and another country's may not play here.
  func page(among pages: [ServicePage]) -> ServicePage? {
    let own = pages.filter { $0.service == service.id }
    let storefront = "/" + country.lowercased() + "/"
    return own.first { $0.url.lowercased().contains(storefront) } ?? own.first
  }
}

/// A release where the person listens, as a report's row and `why` carry it: its own page there, or a search there
/// for its artist and title.
public struct ListenLink: Sendable, Hashable, Codable {
  /// As `--listen` takes it: "spotify".
  public var service: String
  /// As the service names itself: "Spotify".
  public var name: String
  public var url: String
  /// The release's own page there (true), or a search there for its artist and title (false).
  public var direct: Bool
  /// Where a direct link came from: the catalog that lists the release there; nil for a search.
  public var catalog: CatalogName?

  public init(_ service: ListeningService, url: String, catalog: CatalogName?) {
    self.service = service.id
    name = service.name
    self.url = url
    direct = catalog != nil
    self.catalog = catalog
  }
}
