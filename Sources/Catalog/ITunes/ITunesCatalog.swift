public import Foundation
public import HTTP
public import Identity

/// The iTunes Search API, as deepcut knows it before asking: about 20 requests a minute, one search per artist,
/// the album lists of up to 200 artists in one lookup, and `403` with an empty body when a caller goes too fast.
public struct ITunesCatalog: ProviderDefinition {
  /// Its documented limit.
  public static let requestsPerMinute = 20
  /// Artists one album lookup takes.
  public static let artistsPerLookup = 200

  public init() {}

  public var name: CatalogName { "itunes" }
  public var title: String { "the iTunes Search API" }
  public var gist: String { "Apple Music's own list; a slow first night" }
  /// Its album pages open in Apple Music.
  public var linkTitle: String { "Apple Music" }
  /// `/lookup?upc=` finds an album by its UPC.
  public var canBeLinked: Bool { true }
  public var defaultBaseURL: URL { ITunesEndpoint.production }
  public var defaultRequestsPerMinute: Int { Self.requestsPerMinute }
  public var maximumBatchSize: Int { Self.artistsPerLookup }

  public func normalizedID(_ text: String) -> CatalogArtistID? { numericID(text) }

  public func idProblem(_ text: String) -> String {
    "an iTunes artist id is a number, like 414425; not '\(text)'"
  }

  public func tune(_ configuration: inout HTTPClientConfiguration) {
    configuration.throttleSignals.insert(.blankForbidden)
  }

  public func snapshotTransport(_ directory: URL) -> any CatalogTransport { SnapshotTransport(directory: directory) }

  public func provider(for run: ProviderRun) -> any CatalogProvider {
    ITunesProvider(
      transport: run.transport(run.requestsPerMinute),
      endpoint: ITunesEndpoint(baseURL: run.baseURL, country: run.country),
      requestsPerMinute: run.requestsPerMinute)
  }
}
