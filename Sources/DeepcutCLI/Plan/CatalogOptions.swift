internal import Catalog
internal import Delivery
internal import Foundation
internal import HTTP
internal import Identity
internal import MusicLibrary
internal import Report
internal import Scheduling
internal import SettingsKit
internal import State

/// The catalogs a night asks, each with its place, pace and etiquette, and how long it may ask them: what makes
/// ``NightPlan/Catalogs``.
struct CatalogOptions: SettingGroup {
  let country: Setting<String> = Setting(
    flag: "country", key: "country", placeholder: "CC", help: "catalog store country", kind: .country,
    default: .value(ProviderRun.defaultCountry), commands: [.report],
    example: .default(
      note: "Catalog store country, and the window: releases of the last N days count as new."
    ).placed(after: \SettingsTable.output.template))
  let provider: Setting<[any ProviderDefinition]> = Setting(
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
  let links: Setting<[any ProviderDefinition]> = Setting(
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
  let listen: Setting<ListeningService?> = Setting(
    flag: "listen", key: "listen", placeholder: "SERVICE",
    help: "where you listen: {values}; each row's title opens the release there, else a search there",
    kind: .listening, default: .value(nil, shown: "none"),
    commands: [.report, .why.worded("where you listen: the album asked about opens there ({values})")],
    example: .commentedOut(
      .appleMusic,
      note: "Where you listen: each row's title opens the release there when a catalog asked tonight lists it",
      "(Apple Music through iTunes; Spotify and TIDAL with your own app, which setup takes; Deezer), else a search "
        + "there: "
        + sentence(ListeningService.all.map(\.id) + ["none"], "or") + "."
    ).placed(after: \SettingsTable.catalogs.links))
  let contact: Setting<String?> = Setting(
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
  let maxAge: Setting<Int> = Setting(
    eachCatalog: "max-age", key: "provider.maxAgeHours", placeholder: "HOURS",
    help: "cached album lists younger than this are used as they are", kind: .integer(0...8760),
    default: .value(Int(CatalogPassOptions().maxAge / 3600)), commands: [.report],
    example: .default(note: "Cached album lists younger than this are used as they are.").placed(
      after: \SettingsTable.catalogs.batchSize))
  let batchSize: Setting<Int> = Setting(
    eachCatalog: "batch-size", key: "provider.batchSize", placeholder: "N",
    help: .catalogs { registry in
      let held = registry.searchable.filter { $0.maximumBatchSize < SettingsTable.batchSizes.upperBound }.map {
        "\($0.name) takes \($0.maximumBatchSize)"
      }
      return "catalog artists per release request, {values} (default {default}"
        + (held.isEmpty ? ")" : "; " + held.joined(separator: ", ") + ")")
    }, kind: .integer(SettingsTable.batchSizes), default: .value(CatalogPassOptions().batchSize), commands: [.report],
    example: .default())
  let recheckAfterDays: Setting<Int> = Setting(
    key: "provider.recheckAfterDays", help: "how often a resolved artist is searched again, in days",
    kind: .integer(1...3650), default: .value(CatalogPassOptions().recheckResolvedAfterDays),
    example: .default(note: "How often a resolved artist is searched again, in case the catalog changed it."))
  let timeout: Setting<Int> = Setting(
    eachCatalog: "timeout", key: "provider.timeoutSeconds", placeholder: "SECONDS",
    help: "how long one catalog request may take before it is tried again", kind: .integer(1...600),
    default: .value(Int(HTTPClientConfiguration().requestTimeout.components.seconds)), commands: [.report],
    example: .default(note: "How long one request may take before it is tried again."))
  let rateLimit: Setting<Int> = Setting(
    eachCatalog: "rate-limit", key: "provider.requestsPerMinute", placeholder: "N",
    help: "catalog requests per minute (default {default}; 0 lifts it)", kind: .integer(0...100_000),
    default: .perCatalog(\.defaultRequestsPerMinute), commands: [.report],
    example: .commentedOut(20, note: "Each catalog's own limit by default: {default}.").placed(
      after: \SettingsTable.catalogs.provider))
  let baseURL: Setting<URL> = Setting(
    eachCatalog: "base-url", key: "provider.baseURL", placeholder: "URL", help: "catalog base URL",
    // No example of its own: one address serves one catalog, so the example shows it under a catalog's name.
    kind: .url("an http(s) URL"), default: .perCatalog(\.defaultBaseURL, naming: false), commands: [.report],
    sharedByAll: false)
  /// Each catalog's own settings (a cover service's address) stand here: `report` takes them, and config.json holds
  /// them under `provider`.
  let catalogsOwn = CatalogsOwn()
  /// Kept so that config files that name it still work: each type it names puts its class in the main list.
  let includeSecondaryTypes: Setting<[String]> = Setting(
    key: "provider.includeSecondaryTypes",
    help: "old name: the classes of these types are listed in the main list; say it with classes instead",
    kind: .words { registry in registry.providers.flatMap(\.secondaryTypes) }, default: .value([]),
    example: .value(
      [], note: "The old name of \"classes\", still read: the classes of these types go in the main list."))
  let snapshot: Setting<String?> = Setting(
    flag: "snapshot", placeholder: "DIR", help: "answer catalog requests from recorded responses in DIR (no network)",
    kind: .directory, commands: [.report])
  let budget: Setting<Duration?> = Setting(
    flag: "budget", key: "budget", placeholder: "DURATION",
    help: "stop asking the catalog after this long (90s, 10m, 2h) and report what is known; the next run continues",
    kind: .duration, commands: [.report],
    example: .value(
      .seconds(100 * 60),
      note: "Stop asking the catalog after this long and report what is known, most played artists first; the",
      "next run continues where this one stopped. Leave out to run to the end.")
  )
  .listed(after: \SettingsTable.library.minimumOwnedTracks)
  let offline: Setting<Bool> = Setting(
    flag: "offline", help: "answer from the cache only, never touch the network", commands: [.report]
  )
  .listed(after: \SettingsTable.catalogs.budget)
}
