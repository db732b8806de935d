internal import Basics
internal import Catalog
internal import CatalogHTTP
internal import Delivery
internal import Foundation
internal import MusicLibrary
internal import Report

/// Everything one `deepcut report` run is asked to do, resolved from the command line, the configuration and the
/// defaults, and checked together before anything is read or asked.
struct ReportSettings: Sendable {
  var libraryPath = ""
  var output: String?
  var now = Date()
  var today = CalendarDay(daysSinceEpoch: 0)
  var finder = FinderOptions(today: CalendarDay(daysSinceEpoch: 0), days: 0)
  var pass = CatalogPassOptions()
  var provider: any ProviderDefinition
  var baseURL = URL(fileURLWithPath: "/")
  var country = ProviderRun.defaultCountry
  /// The catalog's own settings, by key.
  var providerOptions: [String: String] = [:]
  /// Who runs this deepcut, for the catalog's User-Agent.
  var contact: String?
  var stateDirectory = ""
  var requestsPerMinute = 0.0
  var requestTimeout: Duration = .zero
  var snapshot: String?
  var format = ReportFormat.markdown
  var templates = TemplateLocator()
  var email: EmailOptions?
  /// With `--send`: where the e-mail is delivered.
  var delivery: Mailer.Route?
  /// How long a delivery that failed for now waits before its one retry.
  var retryAfter: Duration = .zero
  /// With e-mail: where the whole report is written as HTML.
  var fullReport: String?
  var feed = FeedOptions(identity: "")
  /// Where deepcut.atom and deepcut.ics are written beside the report.
  var feedsDirectory: String?
  var ignoredArtists: Set<ArtistKey> = []
  var minimumOwnedTracks = 1
  var sinceLastRun = false
  var dryRun = false
  var wait = false
  var timings = false
  var quiet = false

  init(_ settings: Resolved) throws(CLIError) {
    provider = try settings[\.provider]
    guard let library = try settings[\.library] else {
      throw .usage("report needs --library PATH (the Library.xml exported from Music), or \"library\" in the config")
    }
    libraryPath = library
    format = try settings[\.format]
    // Without --now, the clock.
    now = try settings[\.now] ?? Date()
    today = CalendarDay.today(at: now)
    finder = try Self.window(settings, today: today)
    output = try settings[\.output]
    stateDirectory = try settings.stateDirectory
    try readCatalog(settings)
    try readPace(settings)
    try readEtiquette(settings)
    try readSelection(settings)
    try readEmail(settings)
    try readDelivery(settings)
    try readFeeds(settings, library: library)
    try readRun(settings)
  }

  /// The window: `--since DATE`, or the last `--days`; and the kinds to show.
  static func window(_ settings: Resolved, today: CalendarDay) throws(CLIError) -> FinderOptions {
    var finder: FinderOptions
    if settings.onCommandLine(\.since), settings.onCommandLine(\.days) {
      throw .usage("give --days or --since, not both")
    }
    if let since = try settings[\.since] {
      finder = FinderOptions(today: today, since: since)
    } else {
      finder = FinderOptions(today: today, days: try settings[\.days])
    }
    finder.kinds = Set(try settings[\.types])
    return finder
  }

  /// Which catalog, where, for which store, with which of its own settings.
  private mutating func readCatalog(_ settings: Resolved) throws(CLIError) {
    finder.catalogGroupsEditions = provider.groupsEditions
    let country = try settings[\.country]
    guard country.count == 2, country.allSatisfy(\.isLetter) else {
      throw .usage("--country takes a two-letter store code like US or GB, not '\(country)'")
    }
    self.country = country.uppercased()
    baseURL = try settings[\.baseURL] ?? provider.defaultBaseURL
    for own in provider.settings {
      providerOptions[own.key] = try CatalogSetting(own, of: provider).value(in: settings)
    }
    snapshot = try settings[\.snapshot]
  }

  /// How fast, how long, how much: the pace, the timeout, the cache's age, the batch, the budget.
  private mutating func readPace(_ settings: Resolved) throws(CLIError) {
    pass.maxAge = Double(try settings[\.maxAge]) * 3600
    pass.batchSize = try settings[\.batchSize]
    pass.offline = try settings[\.offline]
    pass.recheckResolvedAfterDays = try settings[\.recheckAfterDays]
    pass.budget = try settings[\.budget]
    let rate = try settings[\.rateLimit]
    requestsPerMinute = rate == 0 ? .infinity : Double(rate)
    requestTimeout = .seconds(try settings[\.timeout])
    // Recorded answers come at once: no limit to count time with.
    if snapshot != nil { requestsPerMinute = .infinity }
  }

  /// Who runs this, and whether the catalog's rules for its clients are kept.
  private mutating func readEtiquette(_ settings: Resolved) throws(CLIError) {
    let sender = try settings.given(\.from).map(OutgoingMail.bareAddress)
    contact = (try settings[\.contact] ?? sender)
      .map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
    if let contact, contact.contains(where: { $0.isNewline || $0 == "(" || $0 == ")" }) {
      throw .usage("--contact takes an e-mail address or a URL, not '\(contact)'")
    }
    guard snapshot == nil, !pass.offline else { return }
    if provider.requiresContact, contact == nil {
      throw .config(
        "\(provider.name) asks every client to say who runs it: set \"contact\" (an e-mail address or URL) in the "
          + "config, or email.from, or pass --contact")
    }
    if let limit = provider.productionLimit, baseURL.host == limit.host,
      !(requestsPerMinute <= Double(limit.requestsPerMinute))
    {
      throw .usage("\(limit.host) takes at most \(limit.words): --rate-limit \(limit.requestsPerMinute) or less")
    }
  }

  /// What is looked up and what is left out.
  private mutating func readSelection(_ settings: Resolved) throws(CLIError) {
    finder.includedSecondaryTypes = Set(try settings[\.includeSecondaryTypes].map { $0.lowercased() })
    finder.ignoredTitles = try settings[\.ignoreTitles]
    ignoredArtists = Set(try settings[\.ignoreArtists].map { ArtistKey($0) })
    minimumOwnedTracks = try settings[\.minimumOwnedTracks]
    templates = TemplateLocator(
      explicitPath: try settings[\.template],
      overrideDirectory: TemplateLocator.overrideDirectory(environment: settings.environment))
  }

  /// The run's own switches.
  private mutating func readRun(_ settings: Resolved) throws(CLIError) {
    sinceLastRun = try settings[\.sinceLastRun]
    dryRun = try settings[\.dryRun]
    wait = try settings[\.wait]
    timings = try settings[\.timings]
    quiet = try settings[\.quiet]
  }
}
