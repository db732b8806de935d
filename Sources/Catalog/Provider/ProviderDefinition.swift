public import Foundation
public import HTTP
public import Identity

/// A catalog as deepcut knows it before asking it anything: everything the command line, the settings, the state
/// commands and the HTTP client need to know of it, declared in its own folder. ``ProviderRegistry`` lists them;
/// nothing outside a provider's folder names one. A definition holds nothing of its own: one is made wherever the
/// catalog is to be known (its provider takes its name from a new one).
public protocol ProviderDefinition: Sendable {
  init()
  /// `--provider NAME` and `provider.name`; the key of everything deepcut keeps for this catalog.
  var name: CatalogName { get }
  /// What it is, for help texts: "the iTunes Search API".
  var title: String { get }
  /// Where its links open, as people who listen there call it: "Apple Music". Its title unless it says otherwise.
  var linkTitle: String { get }
  /// What it gives and what it costs, in a few words, for setup's question of the catalogs: "complete and fast, no
  /// key". Its pace and whether it asks who runs this are said beside it.
  var gist: String { get }
  /// Whether a release another catalog found can be looked up in it by UPC (`--links`).
  var canBeLinked: Bool { get }
  /// Whether a night can search it for the library's artists (`--provider`); a ``LinkCatalog`` cannot.
  var canBeSearched: Bool { get }
  var defaultBaseURL: URL { get }
  /// Requests a minute by default: the catalog's limit, or a little under it.
  var defaultRequestsPerMinute: Int { get }
  /// The most its public service allows, and how to say it; a faster `--rate-limit` against it is refused.
  var productionLimit: ProductionLimit? { get }
  /// The most catalog artists one release request can carry (a `--batch-size` above it is held to it).
  var maximumBatchSize: Int { get }
  /// Whether it asks every client to say who runs it (a contact in the User-Agent).
  var requiresContact: Bool { get }
  /// Whether one catalog entry holds every edition of an album, so no "edition" is ever reported.
  var groupsEditions: Bool { get }
  /// Secondary types its releases may carry ("live", "compilation"), which `includeSecondaryTypes` may name.
  var secondaryTypes: [String] { get }
  /// Settings only this catalog has (a cover service's address).
  var settings: [any ProviderSettingDeclaration] { get }

  /// An artist id as kept, from what a person typed for `artists pin`; nil when it is not one of this catalog's.
  func normalizedID(_ text: String) -> CatalogArtistID?
  /// What a wrong id is told: "an iTunes artist id is a number, like 414425; not 'x'".
  func idProblem(_ text: String) -> String
  /// The client's settings for this catalog: how it says "slow down", how long its waits are.
  func tune(_ configuration: inout HTTPClientConfiguration)
  /// Answers from recorded responses in a folder, for `--snapshot DIR`.
  func snapshotTransport(_ directory: URL) -> any CatalogTransport
  /// The provider for one run.
  func provider(for run: ProviderRun) -> any CatalogProvider
}

extension ProviderDefinition {
  public var linkTitle: String { title }
  public var gist: String { title }
  public var canBeLinked: Bool { false }
  public var canBeSearched: Bool { true }

  public var productionLimit: ProductionLimit? { nil }
  public var requiresContact: Bool { false }
  public var groupsEditions: Bool { false }
  public var secondaryTypes: [String] { [] }
  public var settings: [any ProviderSettingDeclaration] { [] }
  public func tune(_ configuration: inout HTTPClientConfiguration) {}
  public func snapshotTransport(_ directory: URL) -> any CatalogTransport { RecordedTransport(directory: directory) }

  /// `text` as kept, for catalogs whose artist ids are numbers (iTunes, Deezer).
  func numericID(_ text: String) -> CatalogArtistID? {
    !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber } ? CatalogArtistID(text) : nil
  }
}

/// The most requests a catalog's public service takes, e.g. musicbrainz.org's one a second.
public struct ProductionLimit: Sendable, Equatable {
  public var host: String
  public var requestsPerMinute: Int
  /// "one request a second".
  public var words: String

  public init(host: String, requestsPerMinute: Int, words: String) {
    self.host = host
    self.requestsPerMinute = requestsPerMinute
    self.words = words
  }
}

/// A setting only one catalog has, declared in its folder as a constant the provider reads it by:
/// `run[MusicBrainzCatalog.coverArtURL]` is a URL. The command line and the configuration take it like any other
/// setting, and hand its value to the provider in ``ProviderRun/settingValues``; a run that gives none has its default.
public struct ProviderSetting<Value: ProviderSettingValue>: Sendable {
  /// The key under `provider` in config.json.
  public var key: String
  public var flag: String
  public var placeholder: String
  /// What it does, in lowercase words without the catalog's name or the default (help adds them).
  public var help: String
  public var defaultValue: Value
  /// The value `config --example` shows, commented out; nil shows the default.
  public var example: Value?

  public init(
    key: String, flag: String, placeholder: String, help: String, default defaultValue: Value, example: Value? = nil
  ) {
    self.key = key
    self.flag = flag
    self.placeholder = placeholder
    self.help = help
    self.defaultValue = defaultValue
    self.example = example
  }
}

/// A catalog's own setting, whatever it holds: what ``ProviderDefinition/settings`` lists.
public protocol ProviderSettingDeclaration: Sendable {
  associatedtype Value: ProviderSettingValue
  var declared: ProviderSetting<Value> { get }
}

extension ProviderSetting: ProviderSettingDeclaration {
  public var declared: ProviderSetting<Value> { self }
}

/// What a catalog's own setting may hold: a value one text gives, as the command line and config.json write it.
public protocol ProviderSettingValue: Sendable {
  /// The value `text` stands for; nil when it is not one.
  init?(settingText text: String)
  var settingText: String { get }
  /// What a value is, for the words that refuse one: "an http(s) URL".
  static var settingNoun: String { get }
}

extension String: ProviderSettingValue {
  public init?(settingText text: String) { self = text }
  public var settingText: String { self }
  public static var settingNoun: String { "text" }
}

extension URL: ProviderSettingValue {
  /// An http(s) address, with a host.
  public init?(settingText text: String) {
    guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https", url.host != nil else {
      return nil
    }
    self = url
  }

  public var settingText: String { absoluteString }
  public static var settingNoun: String { "an http(s) URL" }
}

/// The values one run gives a catalog's own settings, each as its type; a setting given none has its default.
public struct ProviderSettingValues: Sendable {
  /// By key: only the typed subscript puts a value, each under its own setting's key.
  private var values: [String: any Sendable] = [:]

  public init() {}

  /// A value kept under the setting's key is of its type, since only this subscript puts one: two settings of one
  /// catalog sharing a key with different types is a mistake in their declarations, and stops the run.
  public subscript<Value>(_ setting: ProviderSetting<Value>) -> Value {
    get {
      guard let kept = values[setting.key] else { return setting.defaultValue }
      guard let value = kept as? Value else {
        preconditionFailure("\(setting.key) holds a \(type(of: kept)), not a \(Value.self): two settings share the key")
      }
      return value
    }
    set { values[setting.key] = newValue }
  }
}

/// What one run asks of a catalog: where, how fast, for which window, with which of its own settings.
public struct ProviderRun: Sendable {
  /// The store country when none is given.
  public static let defaultCountry = "US"

  public var baseURL: URL
  /// The two-letter store country, for catalogs whose answers depend on it.
  public var country: String
  public var today: CalendarDay
  /// The report's first day; catalogs that list a window of releases ask from it.
  public var since: CalendarDay
  /// The pace of the run: the catalog's default, `--rate-limit`, or infinite for a snapshot or a lifted limit.
  public var requestsPerMinute: Double
  /// Values of the provider's own ``ProviderDefinition/settings``: `run[setting]` reads one.
  public var settingValues: ProviderSettingValues
  /// The folder of the configuration, where a catalog's own files (an app's credentials) are kept by default.
  public var configFolder: URL?
  /// A transport at a pace: the network through a paced client tuned for the catalog, or the snapshot.
  public var transport: @Sendable (_ requestsPerMinute: Double) -> any CatalogTransport

  public init(
    baseURL: URL, country: String, today: CalendarDay, since: CalendarDay, requestsPerMinute: Double,
    settingValues: ProviderSettingValues = ProviderSettingValues(),
    transport: @escaping @Sendable (_ requestsPerMinute: Double) -> any CatalogTransport
  ) {
    self.baseURL = baseURL
    self.country = country
    self.today = today
    self.since = since
    self.requestsPerMinute = requestsPerMinute
    self.settingValues = settingValues
    self.transport = transport
  }

  /// The value the run gives one of the provider's own settings, or its default.
  public subscript<Value>(_ setting: ProviderSetting<Value>) -> Value { settingValues[setting] }

  /// Another service's pace, lifted when the run's own is (a snapshot, `--rate-limit 0`).
  public func pace(_ requestsPerMinute: Double) -> Double {
    self.requestsPerMinute.isFinite ? requestsPerMinute : .infinity
  }
}
