public import Foundation
public import HTTP
public import Identity

/// Deezer's public API, as deepcut knows it before asking: no key, about 50 requests every 5 seconds per address,
/// one search and one album list (paged) per artist, since no endpoint takes several ids; errors, the quota's
/// among them, come inside a `200`. Editions ("(Deluxe)") are albums of their own, and every album is typed.
public struct DeezerCatalog: ProviderDefinition {
  /// 45 requests every 5 seconds: a little under its limit, so a run never brushes against it.
  public static let requestsPerMinute = 540
  /// Results and localized names depend on the caller; one fixed language keeps answers alike from night to night.
  public static let language = "en"

  public init() {}

  public var name: CatalogName { "deezer" }
  public var title: String { "Deezer" }
  public var gist: String { "complete and fast, no key; its store's every release" }
  public var defaultBaseURL: URL { DeezerEndpoint.production }
  public var defaultRequestsPerMinute: Int { Self.requestsPerMinute }
  public var productionLimit: ProductionLimit? {
    ProductionLimit(
      host: DeezerEndpoint.production.host ?? "api.deezer.com", requestsPerMinute: 600,
      words: "50 requests every 5 seconds")
  }
  public var maximumBatchSize: Int { 1 }
  public var secondaryTypes: [String] { ["compilation"] }

  public func normalizedID(_ text: String) -> CatalogArtistID? { numericID(text) }

  public func idProblem(_ text: String) -> String {
    "a Deezer artist id is a number, like 27 (the end of deezer.com/artist/27); not '\(text)'"
  }

  public func tune(_ configuration: inout HTTPClientConfiguration) {
    // The quota counts 5 seconds: its error is waited out that long, a few times, then the run is told.
    configuration.throttleBackoff = .seconds(5)
    configuration.maxThrottleWaits = 6
    configuration.bodyRule = BodyRule(name: "deezer", signal: DeezerDecoding.signal)
    configuration.headers = ["Accept-Language: \(Self.language)"]
  }

  public func provider(for run: ProviderRun) -> any CatalogProvider {
    DeezerProvider(
      transport: run.transport(run.requestsPerMinute), endpoint: DeezerEndpoint(baseURL: run.baseURL),
      requestsPerMinute: run.requestsPerMinute)
  }
}
