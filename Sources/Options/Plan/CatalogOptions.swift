internal import Basics
package import Catalog
internal import Delivery
package import Foundation
internal import HTTP
package import Night
package import SettingsKit

/// The catalogs a night asks, each with its place, pace and etiquette, and how long it may ask them: what makes
/// ``NightPlan/Catalogs``.
package struct CatalogOptions: SettingGroup {
  package let country: Setting<String> = Setting(
    flag: "country", key: "country", placeholder: "CC", help: "catalog store country", kind: .country,
    default: .value(ProviderRun.defaultCountry), commands: [.report],
    example: .default(
      note: "Catalog store country, and the window: releases of the last N days count as new."
    ).placed(after: \SettingsTable.output.template))
  package let provider: Setting<[any ProviderDefinition]> = Setting(
    flag: "provider", key: "provider.name", placeholder: "NAME",
    help: .catalogs { "catalogs to ask, comma-separated, in the order of their links: \($0.alternatives)" },
    kind: .catalogs, default: .nightCatalogs,
    commands: [
      .report, .setup,
      .why.worded(.catalogs { "the report's catalogs, comma-separated: \($0.alternatives) (default {default})" })
        .placed(after: \SettingsTable.library.path),
      .artists.worded(
        .catalogs { registry in
          "the catalog: \(registry.alternatives); needed when the night asks several (default: the night's one)"
        }),
    ],
    example: .default(
      note: "The catalogs to ask: {alternatives}; several as a list, in the order of their links.",
      "A catalog's own pace, batch, age, timeout or address goes under its name: \"NAME\": {\"baseURL\": \"...\"}."
    ).placed(after: \SettingsTable.run.stateDirectory))
  package let links: Setting<[any ProviderDefinition]> = Setting(
    flag: "links", key: "links", placeholder: "NAMES",
    help: .catalogs { registry in
      let linkable = registry.providers.filter(\.canBeLinked).map(\.name.rawValue).joined(separator: ", ")
      return "catalogs not searched tonight that listed releases link to too, looked up by UPC (\(linkable)); "
        + "their links come first"
    }, kind: .anyCatalogs, default: .value([], shown: "none"), commands: [.report],
    example: .commentedOut(
      ProviderRegistry.standard.providers.filter(\.canBeLinked),
      note: "Links to a catalog not searched, for the releases the report lists, looked up by UPC: about one "
        + "request each, within the budget."
    ).placed(after: \SettingsTable.catalogs.provider))
  package let listen: Setting<ListeningService?> = Setting(
    flag: "listen", key: "listen", placeholder: "SERVICE",
    help: "where you listen: {values}; each row's title opens the release there, else a search there",
    kind: .listening, default: .value(nil, shown: "none"),
    commands: [
      .report, .why.worded("where you listen: the album asked about opens there ({values})"),
      .setup.worded("where you listen: each row's title opens the release there ({values})"),
    ],
    example: .commentedOut(
      .appleMusic,
      note: "Where you listen: each row's title opens the release there when a catalog asked tonight lists it",
      "(Apple Music through iTunes; Spotify and TIDAL with your own app, which setup takes; Deezer), else a search "
        + "there: "
        + sentence(ListeningService.all.map(\.id) + ["none"], "or") + "."
    ).placed(after: \SettingsTable.catalogs.links))
  package let contact: Setting<String?> = Setting(
    flag: "contact", key: "contact", placeholder: "TEXT",
    help: .catalogs { registry in
      let asking = registry.providers.filter(\.requiresContact).map(\.name.rawValue)
      return "who runs this (an e-mail address or URL), sent to the catalog"
        + (asking.isEmpty ? "" : "; \(asking.joined(separator: " and ")) need\(asking.count == 1 ? "s" : "") it")
    }, kind: .contact,
    commands: [
      .report,
      .setup.worded("who runs this (an e-mail address or URL), for a catalog that asks when no e-mail is sent"),
    ],
    example: .value(
      "me@example.com",
      note: "Who runs this: sent to the catalog with every request (some catalogs ask; email.from serves too)."))
  package let maxAge: Setting<Int> = Setting(
    eachUnit: "max-age", key: "provider.maxAgeHours", placeholder: "HOURS",
    help: "cached album lists younger than this are used as they are", kind: .integer(0...8760),
    default: .value(Int(CatalogPassOptions().maxAge / 3600)), commands: [.report],
    example: .default(note: "Cached album lists younger than this are used as they are.").placed(
      after: \SettingsTable.catalogs.batchSize))
  package let batchSize: Setting<Int> = Setting(
    eachUnit: "batch-size", key: "provider.batchSize", placeholder: "N",
    help: .catalogs { registry in
      let held = registry.searchable.filter { $0.maximumBatchSize < SettingsTable.batchSizes.upperBound }.map {
        "\($0.name) takes \($0.maximumBatchSize)"
      }
      return "catalog artists per release request, {values} (default {default}"
        + (held.isEmpty ? ")" : "; " + held.joined(separator: ", ") + ")")
    }, kind: .integer(SettingsTable.batchSizes), default: .value(CatalogPassOptions().batchSize), commands: [.report],
    example: .default())
  package let recheckAfterDays: Setting<Int> = Setting(
    key: "provider.recheckAfterDays", help: "how often a resolved artist is searched again, in days",
    kind: .integer(1...3650), default: .value(CatalogPassOptions().recheckResolvedAfterDays),
    example: .default(note: "How often a resolved artist is searched again, in case the catalog changed it."))
  package let timeout: Setting<Int> = Setting(
    eachUnit: "timeout", key: "provider.timeoutSeconds", placeholder: "SECONDS",
    help: "how long one catalog request may take before it is tried again", kind: .integer(1...600),
    default: .value(Int(HTTPClientConfiguration().requestTimeout.components.seconds)), commands: [.report],
    example: .default(note: "How long one request may take before it is tried again."))
  package let rateLimit: Setting<Int> = Setting(
    eachUnit: "rate-limit", key: "provider.requestsPerMinute", placeholder: "N",
    help: "catalog requests per minute (default {default}; 0 lifts it)", kind: .integer(0...100_000),
    default: .perCatalog(\.defaultRequestsPerMinute), commands: [.report],
    example: .commentedOut(20, note: "Each catalog's own limit by default: {default}.").placed(
      after: \SettingsTable.catalogs.provider))
  package let baseURL: Setting<URL> = Setting(
    eachUnit: "base-url", key: "provider.baseURL", placeholder: "URL", help: "catalog base URL",
    // No example of its own: one address serves one catalog, so the example shows it under a catalog's name.
    kind: .url("an http(s) URL"), default: .perCatalog(\.defaultBaseURL, naming: false), commands: [.report],
    sharedByAll: false)
  /// Each catalog's own settings (a cover service's address) stand here: `report` takes them, and config.json holds
  /// them under `provider`.
  package let catalogsOwn = CatalogsOwn()
  /// Kept so that config files that name it still work: each type it names puts its class in the main list.
  package let includeSecondaryTypes: Setting<[String]> = Setting(
    key: "provider.includeSecondaryTypes",
    help: "old name: the classes of these types are listed in the main list; say it with classes instead",
    kind: .catalogWords { registry in registry.providers.flatMap(\.secondaryTypes) }, default: .value([]),
    example: .value(
      [], note: "The old name of \"classes\", still read: the classes of these types go in the main list."))
  package let snapshot: Setting<String?> = Setting(
    flag: "snapshot", placeholder: "DIR", help: "answer catalog requests from recorded responses in DIR (no network)",
    kind: .directory, commands: [.report])
  package let budget: Setting<Duration?> = Setting(
    flag: "budget", key: "budget", placeholder: "DURATION",
    help: "stop asking the catalog after this long (90s, 10m, 2h) and report what is known; the next run continues",
    kind: .duration, commands: [.report],
    example: .value(
      .seconds(100 * 60),
      note: "Stop asking the catalog after this long and report what is known, most played artists first; the",
      "next run continues where this one stopped. Leave out to run to the end.")
  )
  .listed(after: \SettingsTable.library.minimumOwnedTracks)
  package let offline: Setting<Bool> = Setting(
    flag: "offline", help: "answer from the cache only, never touch the network", commands: [.report]
  )
  .listed(after: \SettingsTable.catalogs.budget)
}

/// The catalogs' part of the night: each catalog searched and linked to, as it is asked, with the window.
package extension CatalogOptions {
  /// Reads and checks in the order a mistake is told: each catalog's place, pace and etiquette, the linked ones,
  /// then what is left out of the window (``WindowOptions/select(_:into:)``).
  static func part(
    _ settings: Resolved, night: [any ProviderDefinition], window: FinderOptions
  ) throws(CLIError) -> NightPlan.Catalogs {
    var finder = window
    let searched = try night.map { (catalog) throws(CLIError) in try asked(settings, catalog, finder: finder) }
    var linked: [(any ProviderDefinition, ProviderRun, CatalogPassOptions)] = []
    for catalog in try Self.linked(settings, night: night) {
      let (_, run, pass) = try asked(settings, catalog, finder: finder)
      if !pass.offline, try !Self.isReady(catalog, run, named: settings[\.catalogs.links]) { continue }
      linked.append((catalog, run, pass))
    }
    try WindowOptions.select(settings, into: &finder)
    var catalogs = NightPlan.Catalogs(
      searched: searched.map { CatalogNight(definition: $0, run: $1, pass: $2, finder: finder) }, finder: finder)
    catalogs.linked = linked.map { CatalogNight(definition: $0, run: $1, pass: $2, finder: finder) }
    let country = try settings[\.catalogs.country]
    catalogs.listening = try settings[\.catalogs.listen].map { Listening(service: $0, country: country) }
    return catalogs
  }

  /// A catalog as the night asks it: its run and its pass.
  static func asked(
    _ settings: Resolved, _ catalog: any ProviderDefinition, finder: FinderOptions
  ) throws(CLIError) -> (any ProviderDefinition, ProviderRun, CatalogPassOptions) {
    let place = try Self.place(settings, catalog)
    let pass = try Self.pass(settings, catalog)
    return (catalog, try Self.providerRun(settings, catalog, place, finder: finder, offline: pass.offline), pass)
  }

  /// The catalogs `--links` names that the night does not search; each must be one a release can be looked up in.
  static func linked(_ settings: Resolved, night: [any ProviderDefinition]) throws(CLIError) -> [any ProviderDefinition]
  {
    let linked = try settings.linkCatalogs.filter { link in !night.contains { $0.name == link.name } }
    if let other = linked.first(where: { !$0.canBeLinked }) {
      let linkable = settings.registry.providers.filter(\.canBeLinked).map(\.name.rawValue).joined(separator: ", ")
      throw .usage(
        "--links takes catalogs a release can be looked up in by its UPC (\(linkable)), not '\(other.name)'; "
          + "search it with --provider instead")
    }
    return linked
  }

  /// Whether a linked catalog can be asked: one that needs the person's app asks only once its credentials are
  /// given. Where you listen alone links it, rows open a search there until then; named by `--links`, it must be.
  static func isReady(
    _ catalog: any ProviderDefinition, _ run: ProviderRun, named: [any ProviderDefinition]
  ) throws(CLIError) -> Bool {
    guard let app = catalog as? any LinkCatalog else { return true }
    let given: Bool
    do {
      given = try app.hasCredentials(run)
    } catch {
      throw .config(error.description)
    }
    if !given, named.contains(where: { $0.name == catalog.name }) {
      throw .config(
        "--links \(catalog.name) needs your app's client id and secret in \(app.credentialsPath(run)): "
          + "run deepcut setup, or write them there as client_id = … and client_secret = … (chmod 600)")
    }
    return given
  }

  /// How fast, how long, how much: the cache's age and the batch (each catalog's), the budget.
  static func pass(_ settings: Resolved, _ catalog: any ProviderDefinition) throws(CLIError) -> CatalogPassOptions {
    var pass = CatalogPassOptions()
    pass.maxAge = Double(try settings[\.catalogs.maxAge, for: catalog]) * 3600
    pass.batchSize = try settings[\.catalogs.batchSize, for: catalog]
    pass.offline = try settings[\.catalogs.offline]
    pass.recheckResolvedAfterDays = try settings[\.catalogs.recheckAfterDays]
    pass.budget = try settings[\.catalogs.budget]
    return pass
  }

}

/// How each catalog is asked: where, for which store, with which of its own settings, how fast, and by whom.
package extension CatalogOptions {
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
