internal import Basics
internal import Catalog
internal import Delivery
internal import Foundation
internal import HTTP
internal import Identity
internal import MusicLibrary
internal import Night
internal import Report
internal import SettingsKit
internal import State

/// Everything one `deepcut report` run is asked to do, resolved from the command line, the configuration and the
/// defaults, and checked together before anything is read or asked. A setting is read where it is used,
/// `settings[\.run.quiet]`, from the settings checked here; what is made of several settings is made here once.
struct ReportSettings: Sendable {
  /// Every setting the report reads as one value, each read and checked before the report starts.
  let checked: CheckedSettings
  /// The export to read: a report cannot go without one.
  let library: String
  /// The night's catalogs, in the order of their links (`--provider`), each with how it is asked. Never empty.
  let catalogs: [CatalogNight]
  /// The catalogs `--links` names that the night does not search: asked only about the releases the report lists.
  let linkedCatalogs: [CatalogNight]
  let today: CalendarDay
  /// The window, the kinds and what is left out: every catalog's releases are judged alike.
  let finder: FinderOptions
  let templates: TemplateLocator
  /// With `--format email`: the e-mail, and with `--send` where it is delivered.
  let mail: NightPlan.Mail?
  /// With `--send`: the push channels.
  let push: PushPlan
  /// What the formats are made from: the e-mail's headers, what the feeds say of themselves.
  let formatInputs: FormatInputs
  /// The report's format, made with what it needs.
  let format: any ReportFormat

  /// Reads and checks in the order a mistake is told: the catalogs, the library, the format, the day and the window,
  /// then each catalog's place, pace and etiquette, what is left out, the e-mail, its delivery and the feeds; last,
  /// every other setting the report reads.
  init(_ settings: Resolved) throws(CLIError) {
    let night = try settings.nightCatalogs
    guard let library = try settings[\.library.path] else {
      throw .usage("report needs --library PATH (the Library.xml exported from Music), or \"library\" in the config")
    }
    self.library = library
    let format = try settings[\.output.format]
    let now = try settings[\.run.now]
    var finder = try Self.window(settings, today: CalendarDay.today(at: now))
    today = finder.today
    var asked: [(any ProviderDefinition, ProviderRun, CatalogPassOptions)] = []
    for catalog in night {
      let place = try Self.place(settings, catalog)
      let pass = try Self.pass(settings, catalog)
      asked.append(
        (catalog, try Self.providerRun(settings, catalog, place, finder: finder, offline: pass.offline), pass))
    }
    var linked: [(any ProviderDefinition, ProviderRun, CatalogPassOptions)] = []
    for catalog in try Self.linked(settings, night: night) {
      let place = try Self.place(settings, catalog)
      let pass = try Self.pass(settings, catalog)
      let run = try Self.providerRun(settings, catalog, place, finder: finder, offline: pass.offline)
      let named = try settings[\.catalogs.links]
      if !pass.offline, try !Self.isReady(catalog, run, named: named) { continue }
      linked.append((catalog, run, pass))
    }
    try Self.select(settings, into: &finder)
    self.finder = finder
    catalogs = asked.map { CatalogNight(definition: $0, run: $1, pass: $2, finder: finder) }
    linkedCatalogs = linked.map { CatalogNight(definition: $0, run: $1, pass: $2, finder: finder) }
    templates = TemplateLocator(
      explicitPath: try settings[\.output.template],
      overrideDirectory: TemplateLocator.overrideDirectory(environment: settings.environment))
    let email = try Self.email(settings, format: format, now: now)
    push = try Self.push(settings)
    let channel = try Self.delivery(settings, format: format, pushing: !push.channels.isEmpty)
    mail = email.map { NightPlan.Mail(message: $0, channel: channel) }
    formatInputs = FormatInputs(email: email, feed: try Self.feed(settings, night[0], library: library))
    guard let made = format.format?.init(formatInputs) else {
      throw .usage("--format \(format.rawValue) needs what its settings give: see deepcut report --help")
    }
    self.format = made
    checked = try CheckedSettings(reading: Self.read(format: format, catalogs: night), in: settings)
  }

  subscript<Value>(_ path: KeyPath<SettingsTable, Setting<Value>>) -> Value { checked[path] }

  /// The night these settings ask for, as plain values.
  var plan: NightPlan {
    var plan = NightPlan(
      library: library, catalogs: catalogs, finder: finder, now: self[\.run.now], templates: templates,
      outbox: self[\.run.stateDirectory] + "/undelivered")
    plan.linkedCatalogs = linkedCatalogs
    plan.listening = self[\.catalogs.listen].map { Listening(service: $0, country: self[\.catalogs.country]) }
    plan.format = format
    plan.mail = mail
    plan.push = push
    plan.retryAfter = .seconds(self[\.mail.mailRetry])
    plan.output = self[\.output.path]
    plan.fullReport = self[\.mail.fullReport]
    // Every format that keeps the whole window: deepcut.atom and deepcut.ics.
    let windowFormats = FormatRegistry.standard.formats.filter { $0.keepsWindow }.compactMap { $0.init(formatInputs) }
    plan.feeds = self[\.output.feeds].map { NightPlan.Feeds(directory: $0, formats: windowFormats) }
    plan.ignoredArtists = ignoredArtists
    plan.minimumOwnedTracks = self[\.library.minimumOwnedTracks]
    plan.sinceLastRun = self[\.ledger.sinceLastRun]
    plan.dryRun = self[\.ledger.dryRun]
    plan.quiet = self[\.run.quiet]
    plan.timings = self[\.run.timings]
    plan.staleAfterDays = self[\.library.staleAfter]
    return plan
  }

  // MARK: -

  /// `ignoreArtists`, as the library's artists are keyed.
  var ignoredArtists: Set<ArtistKey> { Set(self[\.library.ignoreArtists].map { ArtistKey($0) }) }

  /// The settings a report reads: the ones `report` takes and the ones only config.json gives (it is the nightly
  /// report's), of its own catalogs' alone, and those that go with one format only with that one.
  static func read(format: FormatName, catalogs: [any ProviderDefinition]) -> [any SettingDeclaration] {
    SettingsTable.settings(catalogs: catalogs).filter { setting in
      guard let use = setting.use(in: ReportCommand.spec.command) else { return setting.flag == nil }
      return use.format == nil || use.format == format
    }
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

  /// The window: `--since DATE`, or the last `--days`; and the kinds to show.
  static func window(_ settings: Resolved, today: CalendarDay) throws(CLIError) -> FinderOptions {
    var finder: FinderOptions
    if settings.onCommandLine(\.window.since), settings.onCommandLine(\.window.days) {
      throw .usage("give --days or --since, not both")
    }
    if let since = try settings[\.window.since] {
      finder = FinderOptions(today: today, since: since)
    } else {
      finder = FinderOptions(today: today, days: try settings[\.window.days])
    }
    finder.kinds = Set(try settings[\.window.types])
    return finder
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

  /// What is looked up and what is left out.
  private static func select(_ settings: Resolved, into finder: inout FinderOptions) throws(CLIError) {
    // The old list of types to report keeps working: each names a class, listed in the main list as it was.
    for type in try settings[\.catalogs.includeSecondaryTypes] {
      if let named = ReleaseClass(typeWord: type) { finder.placements[named] = .main }
    }
    for (named, placement) in try settings[\.window.classes] { finder.placements[named] = placement }
    finder.ignoredTitles = try settings[\.window.ignoreTitles]
  }
}
