internal import Foundation
public import Identity
internal import MusicLibrary

/// A catalog asked only for links (Spotify, TIDAL): a release the night's catalogs found, looked up there by its
/// UPC/EAN with the person's own app. It is never searched for artists: `--provider` refuses it, `--links` and
/// `--listen` take it.
public protocol LinkCatalog: ProviderDefinition {
  /// Where the app's credentials are kept, for one run: the file the setting names, beside the configuration.
  func credentialsPath(_ run: ProviderRun) -> String
  /// How a release is looked up there, for one run.
  func lookup(for run: ProviderRun) -> any GTINLookup
  /// How a person makes the app, in two lines.
  var appHowTo: [String] { get }
  /// The app's token asked for once with `app`: setup's test of the credentials before it writes them.
  func token(_ run: ProviderRun, app: AppCredentials) -> AppToken
}

extension LinkCatalog {
  public var canBeLinked: Bool { true }
  public var canBeSearched: Bool { false }
  public var maximumBatchSize: Int { 1 }
  public func normalizedID(_ text: String) -> CatalogArtistID? { nil }
  public func idProblem(_ text: String) -> String { "\(name) is asked only for links; it keeps no artists" }

  public func provider(for run: ProviderRun) -> any CatalogProvider {
    LinkOnlyProvider(name: name, lookup: lookup(for: run))
  }

  /// Whether the person has given the app's credentials: false when the file is missing, an error when it is
  /// there but cannot be used.
  public func hasCredentials(_ run: ProviderRun) throws(CatalogError) -> Bool {
    try AppCredentials.read(from: credentialsPath(run)) != nil
  }

  /// `path` as given, or beside the configuration when relative.
  func resolved(_ path: String, in run: ProviderRun) -> String {
    path.hasPrefix("/") ? path : (run.configFolder ?? URL(fileURLWithPath: ".")).appendingPathComponent(path).path
  }
}

/// A link catalog as the night holds it: its lookup. The passes never search it (the command line refuses to), and
/// were one to, it would say it cannot be.
struct LinkOnlyProvider: CatalogProvider {
  let name: CatalogName
  let lookup: any GTINLookup

  var limits: ProviderLimits {
    ProviderLimits(requestsPerMinute: lookup.requestsPerMinute, artistsPerSearch: 1, artistsPerReleaseRequest: 1)
  }
  var taskExecutor: (any TaskExecutor)? { nil }
  func counters() async -> TransportCounters { TransportCounters() }
  var proof: ProofSource { .releaseLists }
  var gtinLookup: (any GTINLookup)? { lookup }

  func search(_ artists: [LibraryArtist]) async throws(CatalogError) -> [ArtistCandidates] {
    throw .badRequest("\(name) is asked only for links, never searched")
  }

  func releases(of ids: [CatalogArtistID]) async throws(CatalogError) -> [CatalogArtistID: ReleaseList] {
    throw .badRequest("\(name) is asked only for links, never searched")
  }

  func cacheEntry(for id: CatalogArtistID) -> (kind: String, key: String) { ("albums", id.rawValue) }
  func cachedReleases(_ body: Data) -> [CatalogRelease]? { nil }
}
