public import Foundation
public import HTTP
public import Identity

/// Spotify's Web API, asked only for links: an album by its UPC, with the person's own app (a development app serves
/// its owner, who must have Premium). The pace is not published (a rolling 30-second window): one request a second
/// stays clear of it, and a `429` says how long to wait, which may be hours, so a long wait ends the night's asking.
public struct SpotifyCatalog: LinkCatalog {
  public static let requestsPerMinute = 60

  public static let tokenURL = ProviderSetting(
    key: "spotifyTokenURL", flag: "spotify-token-url", placeholder: "URL", help: "where the app's token is asked for",
    default: SpotifyEndpoint.accounts)
  public static let credentials = ProviderSetting(
    key: "spotifyCredentials", flag: "spotify-credentials", placeholder: "FILE",
    help: "the file of your app's client_id and client_secret (chmod 600), beside config.json when relative",
    default: "spotify-credentials")

  public init() {}

  public var name: CatalogName { "spotify" }
  public var title: String { "Spotify" }
  public var defaultBaseURL: URL { SpotifyEndpoint.production }
  public var defaultRequestsPerMinute: Int { Self.requestsPerMinute }
  public var settings: [any ProviderSettingDeclaration] { [Self.tokenURL, Self.credentials] }

  public func tune(_ configuration: inout HTTPClientConfiguration) {
    // A Retry-After of hours is not sat out: the night goes on with search links and asks again tomorrow.
    configuration.maxRetryAfter = .seconds(30)
  }

  public func credentialsPath(_ run: ProviderRun) -> String { resolved(run[Self.credentials], in: run) }

  public var appHowTo: [String] {
    [
      "Make an app at https://developer.spotify.com/dashboard (its owner needs Premium; any redirect URI will do),",
      "then copy its Client ID and Client secret here; deepcut asks Spotify only for albums by their barcode.",
    ]
  }

  public func token(_ run: ProviderRun, app: AppCredentials) -> AppToken {
    AppToken(
      service: "spotify", url: run[Self.tokenURL], presentation: .basic,
      transport: run.transport(run.requestsPerMinute),
      credentials: { () throws(CatalogError) in app })
  }

  public func lookup(for run: ProviderRun) -> any GTINLookup {
    let transport = run.transport(run.requestsPerMinute)
    let path = credentialsPath(run)
    let token = AppToken(
      service: "spotify", url: run[Self.tokenURL], presentation: .basic, transport: transport,
      credentials: { () throws(CatalogError) in try AppCredentials.read(from: path) })
    return SpotifyLookup(
      api: AuthorizedTransport(transport: transport, token: token),
      endpoint: SpotifyEndpoint(baseURL: run.baseURL, market: run.country), requestsPerMinute: run.requestsPerMinute)
  }
}

/// Where Spotify's API is asked.
public struct SpotifyEndpoint: Sendable {
  public static let production = URL(string: "https://api.spotify.com") ?? URL(fileURLWithPath: "/")
  public static let accounts = URL(string: "https://accounts.spotify.com/api/token") ?? URL(fileURLWithPath: "/")

  public var baseURL: URL
  /// The store country: an album not sold everywhere is found only with it.
  public var market: String

  /// An album search by one form of its UPC: `/v1/search?type=album&q=upc:…&market=…&limit=5`. A development app
  /// may ask for ten at most; one UPC rarely names more than one album.
  func searchURL(upc: String) -> URL {
    var components = URLComponents(url: baseURL.appendingPathComponent("v1/search"), resolvingAgainstBaseURL: false)
    components?.queryItems = [
      URLQueryItem(name: "type", value: "album"), URLQueryItem(name: "q", value: "upc:" + upc),
      URLQueryItem(name: "market", value: market.uppercased()), URLQueryItem(name: "limit", value: "5"),
    ]
    // The colon as Spotify's own examples send it.
    let query = components?.percentEncodedQuery?.replacingOccurrences(of: ":", with: "%3A")
    components?.percentEncodedQuery = query
    return components?.url ?? baseURL
  }
}
