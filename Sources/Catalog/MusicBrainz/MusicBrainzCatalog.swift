public import Foundation
public import HTTP
public import Identity

/// MusicBrainz, as deepcut knows it before asking: one request a second at most from a client that says who runs
/// it, many artists per search, release groups that hold every edition, covers kept apart in the Cover Art Archive,
/// and a `503` that says when to come back when a client goes too fast.
public struct MusicBrainzCatalog: ProviderDefinition {
  /// A little under its limit of one a second, so a run never brushes against it.
  public static let requestsPerMinute = 50
  /// Artists one release-group search asks about before its query outgrows a URL.
  public static let artistsPerReleaseSearch = 55

  public init() {}

  public var name: CatalogName { "musicbrainz" }
  public var title: String { "MusicBrainz" }
  public var gist: String { "release types and editions (live, remix, reissue), open data" }
  public var defaultBaseURL: URL { MusicBrainzEndpoint.production }
  public var defaultRequestsPerMinute: Int { Self.requestsPerMinute }
  public var productionLimit: ProductionLimit? {
    ProductionLimit(
      host: MusicBrainzEndpoint.production.host ?? "musicbrainz.org", requestsPerMinute: 60,
      words: "one request a second")
  }
  public var maximumBatchSize: Int { Self.artistsPerReleaseSearch }
  public var requiresContact: Bool { true }
  public var groupsEditions: Bool { true }
  public var secondaryTypes: [String] { MusicBrainzProvider.secondaryTypes }
  /// Where covers are asked for: the Cover Art Archive, or a mirror or a test server.
  public static let coverArtURL = ProviderSetting(
    key: "coverArtURL", flag: "cover-art-url", placeholder: "URL", help: "where covers are asked for",
    default: CoverArtArchive.production)

  public var settings: [any ProviderSettingDeclaration] { [Self.coverArtURL] }

  public func normalizedID(_ text: String) -> CatalogArtistID? {
    UUID(uuidString: text) == nil ? nil : CatalogArtistID(text.lowercased())
  }

  public func idProblem(_ text: String) -> String {
    "a MusicBrainz artist id looks like 5b11f4ce-a62d-471e-81fc-a69a8278c7da; not '\(text)'"
  }

  public func tune(_ configuration: inout HTTPClientConfiguration) {
    // Its limiter answers 503 and says when to come back; a minute's wait would be far too long.
    configuration.throttleBackoff = .seconds(5)
    configuration.maxThrottleWaits = 4
  }

  public func provider(for run: ProviderRun) -> any CatalogProvider {
    var provider = MusicBrainzProvider(
      transport: run.transport(run.requestsPerMinute),
      endpoint: MusicBrainzEndpoint(baseURL: run.baseURL, coverArtURL: run[Self.coverArtURL]), since: run.since,
      horizon: run.today.adding(days: MusicBrainzProvider.horizonDays), requestsPerMinute: run.requestsPerMinute)
    provider.coverPace = run.pace(CoverArtArchive.pace)
    provider.coverTransport = run.transport(provider.coverPace)
    return provider
  }
}
