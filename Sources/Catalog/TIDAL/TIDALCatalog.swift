public import Foundation
public import HTTP
public import Identity

/// TIDAL's API (openapi.tidal.com, v2, JSON:API), asked only for links: an album by its barcode, with the person's
/// own app. Its limits are not published; one request every 5 seconds is what clients that use it keep to (faster
/// meets `429`s, which name no wait).
public struct TIDALCatalog: LinkCatalog {
  public static let requestsPerMinute = 12

  public static let tokenURL = ProviderSetting(
    key: "tidalTokenURL", flag: "tidal-token-url", placeholder: "URL", help: "where the app's token is asked for",
    default: TIDALEndpoint.auth)
  public static let credentials = ProviderSetting(
    key: "tidalCredentials", flag: "tidal-credentials", placeholder: "FILE",
    help: "the file of your app's client_id and client_secret (chmod 600), beside config.json when relative",
    default: "tidal-credentials")

  public init() {}

  public var name: CatalogName { "tidal" }
  public var title: String { "TIDAL" }
  public var defaultBaseURL: URL { TIDALEndpoint.production }
  public var defaultRequestsPerMinute: Int { Self.requestsPerMinute }
  public var settings: [any ProviderSettingDeclaration] { [Self.tokenURL, Self.credentials] }

  public func tune(_ configuration: inout HTTPClientConfiguration) {
    // Its 429s name no wait: 10 seconds refills its burst.
    configuration.throttleBackoff = .seconds(10)
    configuration.maxRetryAfter = .seconds(30)
  }

  public func credentialsPath(_ run: ProviderRun) -> String { resolved(run[Self.credentials], in: run) }

  public var appHowTo: [String] {
    [
      "Make an app at https://developer.tidal.com/dashboard (free; no user sign-in is needed),",
      "then copy its Client ID and Client Secret here; deepcut asks TIDAL only for albums by their barcode.",
    ]
  }

  public func token(_ run: ProviderRun, app: AppCredentials) -> AppToken {
    AppToken(
      service: "tidal", url: run[Self.tokenURL], presentation: .form, transport: run.transport(run.requestsPerMinute),
      credentials: { () throws(CatalogError) in app })
  }

  public func lookup(for run: ProviderRun) -> any GTINLookup {
    let transport = run.transport(run.requestsPerMinute)
    let path = credentialsPath(run)
    let token = AppToken(
      service: "tidal", url: run[Self.tokenURL], presentation: .form, transport: transport,
      credentials: { () throws(CatalogError) in try AppCredentials.read(from: path) })
    return TIDALLookup(
      api: AuthorizedTransport(transport: transport, token: token),
      endpoint: TIDALEndpoint(baseURL: run.baseURL, country: run.country), requestsPerMinute: run.requestsPerMinute)
  }
}

/// Where TIDAL's API is asked.
public struct TIDALEndpoint: Sendable {
  public static let production = URL(string: "https://openapi.tidal.com") ?? URL(fileURLWithPath: "/")
  public static let auth = URL(string: "https://auth.tidal.com/v1/oauth2/token") ?? URL(fileURLWithPath: "/")

  public var baseURL: URL
  /// Albums are available country by country.
  public var country: String

  /// `/v2/albums?countryCode=…&filter[barcodeId]=…&include=artists,coverArt`, brackets and commas percent-encoded.
  func albumsURL(barcode: String) -> URL {
    var components = URLComponents(url: baseURL.appendingPathComponent("v2/albums"), resolvingAgainstBaseURL: false)
    components?.percentEncodedQuery =
      "countryCode=\(country.uppercased())&include=artists%2CcoverArt&filter%5BbarcodeId%5D=\(barcode)"
    return components?.url ?? baseURL
  }
}
