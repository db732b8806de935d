internal import Basics
internal import Catalog
internal import Delivery
internal import Foundation
internal import HTTP

/// How each catalog is asked: where, for which store, with which of its own settings, how fast, and by whom.
extension ReportSettings {
  /// Where a catalog is asked and for which store.
  struct Place {
    var country: String
    var baseURL: URL
    /// The catalog's own settings.
    var values: ProviderSettingValues
    /// Recorded answers to give instead, with `--snapshot`.
    var snapshot: String?
  }

  static func place(_ settings: Resolved, _ provider: any ProviderDefinition) throws(CLIError) -> Place {
    Place(
      country: try settings[\.catalogs.country], baseURL: try settings[\.catalogs.baseURL, for: provider],
      values: try CatalogSetting.values(of: provider, in: settings),
      snapshot: try settings[\.catalogs.snapshot].map { snapshot(in: $0, of: provider) })
  }

  /// A catalog's recorded answers in `directory`: its own folder there (`DIR/NAME`, where a night of several
  /// catalogs records each), else the folder itself (where one catalog's were recorded).
  static func snapshot(in directory: String, of provider: any ProviderDefinition) -> String {
    let own = URL(fileURLWithPath: directory).appendingPathComponent(provider.name.rawValue).path
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: own, isDirectory: &isFolder) && isFolder.boolValue ? own : directory
  }

  /// The run as the provider is handed it, once the pace and who runs this are known and the catalog's rules for its
  /// clients are kept (unless it is not asked at all).
  static func providerRun(
    _ settings: Resolved, _ provider: any ProviderDefinition, _ place: Place, finder: FinderOptions, offline: Bool
  ) throws(CLIError) -> ProviderRun {
    let rate = try settings[\.catalogs.rateLimit, for: provider]
    // Recorded answers come at once: no limit to count time with.
    let pace = rate == 0 || place.snapshot != nil ? Double.infinity : Double(rate)
    let timeout = Duration.seconds(try settings[\.catalogs.timeout, for: provider])
    let contact = try Self.contact(settings)
    if place.snapshot == nil, !offline {
      try checkEtiquette(provider, contact: contact, baseURL: place.baseURL, pace: pace)
    }
    var run = ProviderRun(
      baseURL: place.baseURL, country: place.country, today: finder.today, since: finder.since,
      requestsPerMinute: pace, settingValues: place.values,
      transport: transport(provider, snapshot: place.snapshot, timeout: timeout, contact: contact))
    run.configFolder = try settings[\.run.config].map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
    return run
  }

  /// Who runs this: `--contact` (an empty one says no one), else the sender's address, checked as `--contact` is.
  static func contact(_ settings: Resolved) throws(CLIError) -> String? {
    let contact: String?
    if let given = try settings.given(\.catalogs.contact) {
      contact = given
    } else if let sender = try settings.given(\.mail.from) {
      contact = try settings.reading(\.catalogs.contact, asGiven: OutgoingMail.bareAddress(sender))
    } else {
      contact = nil
    }
    return contact.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// The catalog's rules for its clients: say who runs this, and keep under its limit. Each catalog of the night is
  /// held to its own.
  static func checkEtiquette(
    _ provider: any ProviderDefinition, contact: String?, baseURL: URL, pace: Double
  ) throws(CLIError) {
    if provider.requiresContact, contact == nil {
      throw .config(
        "\(provider.name) asks every client to say who runs it: set \"contact\" (an e-mail address or URL) in the "
          + "config, or email.from, or pass --contact")
    }
    if let limit = provider.productionLimit, baseURL.host == limit.host, !(pace <= Double(limit.requestsPerMinute)) {
      throw .usage(
        "\(limit.host) takes at most \(limit.words): --rate-limit \(provider.name)=\(limit.requestsPerMinute) or less")
    }
  }

  /// What the catalog is asked through: a paced client tuned for it, or the snapshot folder.
  static func transport(
    _ provider: any ProviderDefinition, snapshot: String?, timeout: Duration, contact: String?
  ) -> @Sendable (Double) -> any CatalogTransport {
    let userAgent = Product.userAgent(contact: contact)
    return { pace in
      if let snapshot { return provider.snapshotTransport(URL(fileURLWithPath: snapshot)) }
      var configuration = HTTPClientConfiguration()
      configuration.requestsPerMinute = pace
      configuration.requestTimeout = timeout
      configuration.userAgent = userAgent
      provider.tune(&configuration)
      return LiveTransport(client: HTTPClient(configuration: configuration))
    }
  }
}
