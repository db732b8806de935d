internal import Basics
internal import Catalog
internal import CatalogHTTP
internal import Foundation
internal import MusicLibrary
internal import Report
internal import State

/// `deepcut report`: the main job.
/// The catalogs deepcut can ask.
enum ProviderName: String, CaseIterable {
  case itunes
  case musicbrainz

  /// The default pace: iTunes' documented limit, and MusicBrainz's one a second with room to spare.
  var requestsPerMinute: Int {
    switch self {
    case .itunes: 20
    case .musicbrainz: 50
    }
  }
}

enum ReportCommand {
  static let spec = CommandSpec(
    name: "report",
    usage:
      "report --library PATH [--format markdown|html|json|email|atom|ics] [--output PATH] [--days N | --since DATE] [options]",
    summary: "Look every library artist up in the catalog and report the releases you don't own yet.",
    options: [
      .option("library", "PATH", "the Library.xml export (.gz works, - reads standard input)"),
      .option("format", "FORMAT", "markdown, html, json, email, atom or ics (default markdown)"),
      .option("template", "PATH", "a Mustache template to use instead of the built-in one (not json or email)"),
      .option("to", "ADDRESS", "e-mail recipient; repeat the option or separate addresses with commas"),
      .option("from", "ADDRESS", "e-mail sender (default deepcut <deepcut@localhost>)"),
      .option("subject", "TEXT", "e-mail subject (default: the report's headline)"),
      .option(
        "full-report", "PATH",
        "with email: also write the whole report as HTML here; an e-mail too long for mail names it"),
      .option("full-report-url", "URL", "with email: the web address of --full-report, named instead of its path"),
      .option(
        "feeds", "DIR", "also write DIR/deepcut.atom and DIR/deepcut.ics from the same answers (a rolling window)"),
      .option("feed-url", "URL", "where deepcut.atom is published: the feed's self link and id"),
      .option("output", "PATH", "write the report here, atomically, instead of standard output"),
      .option(
        "days", "N", "releases of the last N days count as new (default \(IntegerSetting.days.defaultValue))"),
      .option("since", "DATE", "releases since DATE (YYYY-MM-DD) count as new"),
      .option("types", "KINDS", "release kinds to include: album,ep,single (default all)"),
      .option("country", "CC", "catalog store country (default US)"),
      .option("provider", "NAME", "catalog: itunes (default) or musicbrainz"),
      .option("contact", "TEXT", "who runs this (an e-mail address or URL), sent to the catalog; musicbrainz needs it"),
      .option("state-dir", "DIR", "where state.sqlite lives (default $XDG_STATE_HOME/deepcut)"),
      .option(
        "max-age", "HOURS",
        "cached album lists younger than this are used as they are (default \(IntegerSetting.maxAgeHours.defaultValue))"
      ),
      .option(
        "batch-size", "N",
        "catalog artists per release request, 1 to 200 (default \(IntegerSetting.batchSize.defaultValue); musicbrainz takes 55)"
      ),
      .option(
        "timeout", "SECONDS",
        "how long one catalog request may take before it is tried again (default \(IntegerSetting.timeoutSeconds.defaultValue))"
      ),
      .option("rate-limit", "N", "catalog requests per minute (default 20 for itunes, 50 for musicbrainz; 0 lifts it)"),
      .option("base-url", "URL", "catalog base URL (default https://itunes.apple.com, https://musicbrainz.org)"),
      .option("cover-art-url", "URL", "musicbrainz: where covers are asked for (default https://coverartarchive.org)"),
      .option("snapshot", "DIR", "answer catalog requests from recorded responses in DIR (no network)"),
      .option(
        "budget", "DURATION",
        "stop asking the catalog after this long (90s, 10m, 2h) and report what is known; the next run continues"),
      .flag("offline", "answer from the cache only, never touch the network"),
      .flag("wait", "if another run holds the lock, wait for it instead of exiting with status 75"),
      .flag("since-last-run", "report only releases no earlier report told of, then remember them as told"),
      .flag("dry-run", "change nothing in the state database's record of what was reported"),
      .flag("timings", "add phase timings to the report and print them on standard error"),
      .flag("quiet", "print nothing on standard error but errors"),
      .option("now", "DATE", "the date (and time) to report for, e.g. 2026-11-29: reproducible reports"),
      .option("config", "PATH", "the configuration file (default $XDG_CONFIG_HOME/deepcut/config.json)"),
    ]
  )

  struct Settings {
    var libraryPath: String
    var output: String?
    var now: Date
    var today: CalendarDay
    var finder: FinderOptions
    var pass = CatalogPassOptions()
    var provider = ProviderName.itunes
    var endpoint = ITunesEndpoint()
    var musicBrainz = MusicBrainzEndpoint()
    /// Who runs this deepcut, for the catalog's User-Agent.
    var contact: String?
    var stateDirectory: String
    var requestsPerMinute = 20.0
    var requestTimeout: Duration = .seconds(IntegerSetting.timeoutSeconds.defaultValue)
    var snapshot: String?
    var timings = false
    var quiet = false
    var format = ReportFormat.markdown
    var templates = TemplateLocator()
    var email: EmailOptions?
    /// With e-mail: where the whole report is written as HTML.
    var fullReport: String?
    var feed = FeedOptions(identity: "")
    /// Where deepcut.atom and deepcut.ics are written beside the report.
    var feedsDirectory: String?
    var ignoredArtists: Set<ArtistKey> = []
    var minimumOwnedTracks = 1
  }

  static func run(_ arguments: Arguments) async throws(CLIError) -> ExitStatus {
    // The budget counts from the start, reading the library included.
    let clock = PassClock.startingNow()
    let settings = try settings(from: arguments, environment: ProcessInfo.processInfo.environment)
    // Held until this function returns; the kernel drops it if the process dies.
    let lock = try RunLock(directory: settings.stateDirectory, wait: arguments.has("wait"))
    defer { withExtendedLifetime(lock) {} }
    let work = Task { () async -> Result<ExitStatus, CLIError> in
      do throws(CLIError) {
        return .success(try await report(settings, arguments, clock: clock))
      } catch {
        return .failure(error)
      }
    }
    Interruption.shared.install { work.cancel() }
    return try await work.value.get()
  }

  /// Stops here, keeping what is kept, if a signal asked the run to stop.
  private static func checkInterruption(kept: Int) throws(CLIError) {
    guard Task.isCancelled else { return }
    throw .interrupted(signal: Interruption.shared.signal ?? SIGINT, kept: kept)
  }

  private static func report(_ settings: Settings, _ arguments: Arguments, clock: PassClock) async throws(CLIError)
    -> ExitStatus
  {
    let timer = ContinuousClock()
    var timings: [ReportModel.Timing] = []

    let readStart = timer.now
    let scan: LibraryScan
    do {
      scan = try LibraryReader.read(path: settings.libraryPath)
    } catch {
      throw .library(error)
    }
    let readTime = (timer.now - readStart).inSeconds
    let keyTime = (scan.keyBuilding).inSeconds
    timings.append(ReportModel.Timing(phase: "read library", seconds: readTime - keyTime, cache: nil))
    timings.append(ReportModel.Timing(phase: "build keys", seconds: keyTime, cache: nil))
    for warning in scan.warnings.prefix(5) where !settings.quiet {
      Console.error("deepcut: warning: \(settings.libraryPath):\(warning.line): \(warning.message)")
    }
    try checkInterruption(kept: 0)

    let store: StateStore
    do {
      store = try StateStore(directory: settings.stateDirectory)
    } catch {
      throw .state(error.description)
    }
    // Every run is logged in the state database; one that dies stays "running" there.
    let runID: Int64?
    do {
      runID = try await store.beginRun(at: settings.now)
    } catch {
      throw .state(error.description)
    }
    let progressBar = ProgressBar(quiet: settings.quiet)
    let catalog = provider(settings)
    let pass = CatalogPass(
      provider: catalog,
      store: store,
      options: settings.pass,
      now: settings.now,
      clock: clock,
      progress: { progress in
        Interruption.shared.kept(progress.answers)
        progressBar.update(progress)
      }
    )
    // Ignored artists and artists with too few owned tracks are never looked up.
    var library = scan.library
    library.artists.removeAll {
      settings.ignoredArtists.contains($0.key) || $0.trackCount < settings.minimumOwnedTracks
    }
    let outcome: CatalogOutcome
    do {
      outcome = try await pass.run(library)
      progressBar.finish()
    } catch {
      progressBar.finish()
      throw .catalog(error)
    }
    let stats = outcome.stats
    if outcome.stop == .cancelled || Task.isCancelled {
      try? await finish(runID, in: store, settings, clock, status: "interrupted", outcome: outcome, note: nil)
      try checkInterruption(kept: stats.answersKept)
    }
    if stats.connectivityFailures > 0, stats.answersKept + stats.cacheHits == 0, outcome.followed.isEmpty {
      throw .catalog(.unreachable("no request was answered: \(stats.connectivityReason ?? "no connection")"))
    }
    let cacheLabel = stats.searches + stats.lookups == 0 ? "hot" : stats.cacheHits == 0 ? "cold" : "warm"
    timings.append(ReportModel.Timing(phase: "resolve artists", seconds: stats.resolveSeconds, cache: cacheLabel))
    timings.append(ReportModel.Timing(phase: "look up albums", seconds: stats.lookupSeconds, cache: cacheLabel))

    let renderStart = timer.now
    var filteredScan = scan
    filteredScan.library = library
    let allFindings = ReportBuilder.findings(scan: filteredScan, outcome: outcome, options: settings.finder)
    let seen: [String: SeenRelease]
    do {
      seen = try await store.seenReleases(provider: settings.provider.rawValue)
    } catch {
      throw .state(error.description)
    }
    let sinceLastRun = arguments.has("since-last-run")
    // A feed or a calendar is a rolling window: what was told before stays in it.
    let rollingFormat = settings.format == .atom || settings.format == .ics
    var ledger = ReleaseLedger.apply(
      allFindings, seen: seen, now: settings.now, onlyUnreported: sinceLastRun && !rollingFormat)
    var window =
      settings.feedsDirectory == nil
      ? nil : ReleaseLedger.apply(allFindings, seen: seen, now: settings.now, onlyUnreported: false)
    var coverRequests = 0
    if let source = catalog.covers {
      let coverStart = timer.now
      let listed = (ledger.findings + (window?.findings ?? [])).filter { $0.category.isListed }
      let check = coverCheck(source, store: store, settings, clock: clock)
      let covers = try await Self.covers(of: listed.map(\.release.id), check)
      coverRequests = covers.requests
      if let problem = covers.keepingFailed, !settings.quiet {
        Console.error("deepcut: warning: the covers' answers could not be kept (\(problem)); they are asked again")
      }
      ledger.findings = CoverCheck.applying(covers.covers, to: ledger.findings)
      if let findings = window?.findings { window?.findings = CoverCheck.applying(covers.covers, to: findings) }
      timings.append(ReportModel.Timing(phase: "look up covers", seconds: (timer.now - coverStart).inSeconds))
    }
    func build(_ findings: [Finding], _ timings: [ReportModel.Timing]?) -> ReportModel {
      ReportBuilder.model(
        findings: findings, scan: filteredScan, outcome: outcome, options: settings.finder,
        provider: settings.provider.rawValue, now: settings.now, timings: timings)
    }
    var outputs = try render(build(ledger.findings, nil), settings)
    timings.append(ReportModel.Timing(phase: "render", seconds: (timer.now - renderStart).inSeconds, cache: nil))
    if settings.timings {
      outputs = try render(build(ledger.findings, timings), settings)
    }
    let model = outputs.shown
    if let window {
      outputs.feeds = try renderFeeds(build(window.findings, nil), settings)
    }

    // A signal after the catalog pass still means: no report.
    try checkInterruption(kept: stats.answersKept)
    if let output = settings.output {
      try OutputFile.write(Data(outputs.report.utf8), to: output)
    } else {
      Console.out(outputs.report)
    }
    if let fullReport = settings.fullReport, let page = outputs.fullReport {
      try OutputFile.write(Data(page.utf8), to: fullReport)
    }
    if let directory = settings.feedsDirectory {
      for (name, text) in outputs.feeds {
        try OutputFile.write(Data(text.utf8), to: directory + "/" + name)
      }
    }
    // Only now that the report is out are its releases remembered as told.
    let failed = outcome.problems.count { !$0.isAnswer }
    do {
      if !arguments.has("dry-run") {
        try await store.recordSeen(provider: settings.provider.rawValue, ledger.sightings)
        if sinceLastRun, !rollingFormat {
          let told = toldReleases(ledger, shown: model, library: library, settings)
          try await store.markReported(provider: settings.provider.rawValue, told, at: settings.now)
        }
      }
      let complete = failed == 0 && outcome.coverage.complete
      try await finish(
        runID, in: store, settings, clock, status: complete ? "ok" : "partial", outcome: outcome,
        note: "\(model.newCount) new, \(model.upcoming.count) upcoming, \(failed) lookups failed"
          + (coverRequests > 0 ? ", \(coverRequests) covers asked" : ""))
    } catch {
      throw .state(error.description)
    }
    if !settings.quiet {
      if failed > 0 {
        Console.error("deepcut: \(failed) artist lookups failed; the report lists them under \"Needs attention\"")
      }
      if let omitted = model.omitted {
        let kept = model.new.count + model.upcoming.count + model.backfill.count + model.editions.count
        Console.error(
          "deepcut: the e-mail lists \(kept) of \(kept + omitted.releases) releases, most played artists first, to "
            + "stay under \((settings.email?.maximumPartBytes ?? 0) / 1000) KB; "
            + (omitted.fullReport.map { "the rest are in \($0)" }
              ?? (sinceLastRun
                ? "the rest come in the next e-mails" : "the rest are left out (--full-report PATH writes them all)"))
        )
      }
      if let line = model.coverageLine {
        let reason = outcome.stop == .budget ? " (the budget is spent)" : ""
        Console.error("deepcut: \(line.dropLast())\(reason).")
      }
      if settings.timings {
        var table = ["phase              seconds  cache"]
        for timing in timings {
          let phase = timing.phase.padding(toLength: 17, withPad: " ", startingAt: 0)
          let value = String(format: "%8.3f", timing.seconds)
          table.append("\(phase)\(value)  \(timing.cache ?? "")".trimmingCharacters(in: .whitespaces))
        }
        Console.error(table.joined(separator: "\n"))
      }
    }
    return .success
  }

  /// The catalog the settings choose, over the network or a snapshot.
  static func provider(_ settings: Settings) -> any CatalogProvider {
    let transport = transport(settings, requestsPerMinute: settings.requestsPerMinute)
    switch settings.provider {
    case .itunes:
      return ITunesProvider(
        transport: transport, endpoint: settings.endpoint, requestsPerMinute: settings.requestsPerMinute)
    case .musicbrainz:
      var provider = MusicBrainzProvider(
        transport: transport, endpoint: settings.musicBrainz, since: settings.finder.since,
        horizon: settings.today.adding(days: MusicBrainzProvider.horizonDays),
        requestsPerMinute: settings.requestsPerMinute)
      provider.coverTransport = Self.transport(settings, requestsPerMinute: coverPace(settings))
      return provider
    }
  }

  /// The Cover Art Archive's own pace, not the catalog's; lifted with the catalog's (`--rate-limit 0`, snapshots).
  static func coverPace(_ settings: Settings) -> Double {
    settings.requestsPerMinute.isFinite ? CoverArtArchive.requestsPerMinute : .infinity
  }

  /// The network through a paced, retrying client, or a snapshot on disk.
  static func transport(_ settings: Settings, requestsPerMinute: Double) -> any CatalogTransport {
    if let snapshot = settings.snapshot {
      let directory = URL(fileURLWithPath: snapshot)
      return settings.provider == .itunes
        ? SnapshotTransport(directory: directory) : RecordedTransport(directory: directory)
    }
    var configuration = HTTPClientConfiguration()
    configuration.requestsPerMinute = requestsPerMinute
    configuration.requestTimeout = settings.requestTimeout
    configuration.userAgent = Product.userAgent(contact: settings.contact)
    if settings.provider == .musicbrainz {
      // Its limiter answers 503 and says when to come back; a minute's wait would be far too long.
      configuration.throttleBackoff = .seconds(5)
      configuration.maxThrottleWaits = 4
    }
    return LiveTransport(client: HTTPClient(configuration: configuration))
  }

  /// Asks covers of the catalog that keeps them apart, while the budget lasts and no signal came.
  static func coverCheck(
    _ source: any CoverSource, store: StateStore, _ settings: Settings, clock: PassClock
  ) -> CoverCheck {
    var check = CoverCheck(source: source, provider: settings.provider.rawValue, store: store, now: settings.now)
    check.offline = settings.pass.offline
    let budget = settings.pass.budget
    let pace = coverPace(settings)
    let interval: Duration = pace.isFinite ? .seconds(60 / max(1, pace)) : .zero
    check.mayAsk = { !Task.isCancelled && budget.map { clock.elapsed() + interval < $0 } ?? true }
    return check
  }

  static func covers(of ids: [String], _ check: CoverCheck) async throws(CLIError) -> CoverCheck.Result {
    do {
      return try await check.covers(of: ids)
    } catch {
      throw .state(error.description)
    }
  }

  /// Closes the run's entry in the run log, with how much of the library it covered. The run began at
  /// `settings.now` and ends as much later as it took, so `--now` runs log times on one clock.
  private static func finish(
    _ runID: Int64?, in store: StateStore, _ settings: Settings, _ clock: PassClock, status: String,
    outcome: CatalogOutcome, note: String?
  ) async throws(StateError) {
    guard let runID else { return }
    let coverage = outcome.coverage
    let covered =
      "checked \(coverage.checked) of \(coverage.artists) artists, \(outcome.stats.answersKept) answers kept"
    try await store.finishRun(
      id: runID, at: settings.now.addingTimeInterval((clock.elapsed()).inSeconds), status: status,
      artists: coverage.checked, requests: outcome.stats.requests, cacheHits: outcome.stats.cacheHits,
      note: [note, covered].compactMap { $0 }.joined(separator: "; "))
  }

  /// Everything a run writes, rendered before anything is written.
  struct Outputs {
    /// The report asked for, in its format.
    var report: String
    /// The report as it shows: for a shortened e-mail, only what it lists.
    var shown: ReportModel
    /// The whole report as HTML, for `--full-report`.
    var fullReport: String?
    /// deepcut.atom and deepcut.ics, for `--feeds`.
    var feeds: [(name: String, text: String)] = []
  }

  static func render(_ model: ReportModel, _ settings: Settings) throws(CLIError) -> Outputs {
    do {
      if settings.format == .email, let email = settings.email {
        let (message, shown, page) = try ReportRenderer.email(model, templates: settings.templates, options: email)
        return Outputs(report: message, shown: shown, fullReport: settings.fullReport == nil ? nil : page)
      }
      let report = try ReportRenderer.render(
        model, as: settings.format, templates: settings.templates, email: settings.email, feed: settings.feed)
      return Outputs(report: report, shown: model)
    } catch {
      throw .template(error.description)
    }
  }

  /// deepcut.atom and deepcut.ics, from the built-in templates or the user's copies of them.
  static func renderFeeds(_ model: ReportModel, _ settings: Settings) throws(CLIError) -> [(name: String, text: String)]
  {
    do {
      let atom = try ReportRenderer.atom(
        model, template: try settings.templates.template(for: .atom, useExplicit: false), feed: settings.feed)
      let ics = try ReportRenderer.ics(
        model, template: try settings.templates.template(for: .ics, useExplicit: false), feed: settings.feed)
      return [("deepcut.atom", atom), ("deepcut.ics", ics)]
    } catch {
      throw .template(error.description)
    }
  }

  /// The releases to remember as told: all the report listed, but of a shortened e-mail only those it showed, so
  /// the rest come in the next e-mails, most played first.
  static func toldReleases(
    _ ledger: ReleaseLedger.Result, shown: ReportModel, library: OwnedLibrary, _ settings: Settings
  ) -> [(key: String, section: String)] {
    guard shown.omitted != nil else { return ledger.reported }
    let ranks = ReportBuilder.ranks(of: library)
    let listed = shown.shownReleases
    let told = Set(
      ledger.findings.filter {
        listed.contains(ReportBuilder.rowKey(for: $0, provider: settings.provider.rawValue, ranks: ranks))
      }.flatMap(ReleaseLedger.keys(for:)))
    return ledger.reported.filter { told.contains($0.key) }
  }

  // MARK: - Settings

  static func settings(from arguments: Arguments, environment: [String: String]) throws(CLIError) -> Settings {
    let table = try SettingsTable(arguments, environment: environment)
    let config = table.configuration
    guard let library = table.library else {
      throw .usage("report needs --library PATH (the Library.xml exported from Music), or \"library\" in the config")
    }
    let formatName = arguments["format"] ?? config.format ?? "markdown"
    guard let format = ReportFormat(rawValue: formatName.lowercased()) else {
      throw .usage("--format takes markdown, html, json, email, atom or ics, not '\(formatName)'")
    }
    let now = try parseNow(arguments["now"])
    let today = CalendarDay.today(at: now)
    var finder: FinderOptions
    if let since = arguments["since"] {
      guard arguments["days"] == nil else { throw .usage("give --days or --since, not both") }
      guard let day = CalendarDay(iso8601: since), since.count == 10 else {
        throw .usage("--since takes a date like 2026-11-01, not '\(since)'")
      }
      finder = FinderOptions(today: today, since: day)
    } else {
      finder = FinderOptions(today: today, days: try table.integer(.days, config.days))
    }
    if let types = arguments["types"].map({ $0.split(separator: ",").map(String.init) }) ?? config.types {
      var kinds: Set<ReleaseKind> = []
      for name in types {
        guard let kind = ReleaseKind(rawValue: name.trimmingCharacters(in: .whitespaces).lowercased()) else {
          throw .usage("--types takes album, ep and single, not '\(name)'")
        }
        kinds.insert(kind)
      }
      finder.kinds = kinds
    }

    var settings = Settings(
      libraryPath: library,
      output: table.path("output", config.output),
      now: now,
      today: today,
      finder: finder,
      stateDirectory: table.stateDirectory
    )
    settings.provider = try table.provider()
    settings.finder.catalogGroupsEditions = settings.provider == .musicbrainz
    settings.finder.includedSecondaryTypes = Set(config.includeSecondaryTypes.map { $0.lowercased() })
    settings.contact =
      (arguments["contact"] ?? config.contact ?? (arguments["from"] ?? config.emailFrom).flatMap(Self.address))
      .map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
    if let contact = settings.contact, contact.contains(where: { $0.isNewline || $0 == "(" || $0 == ")" }) {
      throw .usage("--contact takes an e-mail address or a URL, not '\(contact)'")
    }
    if let country = arguments["country"] ?? config.country {
      guard country.count == 2, country.allSatisfy(\.isLetter) else {
        throw .usage("--country takes a two-letter store code like US or GB, not '\(country)'")
      }
      settings.endpoint.country = country.uppercased()
    }
    if let base = arguments["base-url"] ?? config.baseURL {
      guard let url = URL(string: base), url.scheme == "http" || url.scheme == "https" else {
        throw .usage("--base-url takes an http(s) URL, not '\(base)'")
      }
      settings.endpoint.baseURL = url
      settings.musicBrainz.baseURL = url
    }
    if let base = arguments["cover-art-url"] ?? config.coverArtURL {
      guard let url = URL(string: base), url.scheme == "http" || url.scheme == "https" else {
        throw .usage("--cover-art-url takes an http(s) URL, not '\(base)'")
      }
      settings.musicBrainz.coverArtURL = url
    }
    settings.pass.maxAge = Double(try table.integer(.maxAgeHours, config.maxAgeHours)) * 3600
    settings.pass.batchSize = try table.integer(.batchSize, config.batchSize)
    settings.pass.offline = arguments.has("offline")
    settings.pass.recheckResolvedAfterDays = try table.integer(.recheckAfterDays, config.recheckAfterDays)
    let rate = try table.integer(.rateLimit, config.requestsPerMinute, default: settings.provider.requestsPerMinute)
    settings.requestsPerMinute = rate == 0 ? .infinity : Double(rate)
    settings.requestTimeout = .seconds(try table.integer(.timeoutSeconds, config.timeoutSeconds))
    if let text = arguments["budget"] {
      guard let budget = DurationText.parse(text) else {
        throw .usage("--budget takes a length of time like 90s, 10m, 2h or 1h30m, not '\(text)'")
      }
      settings.pass.budget = budget
    } else {
      settings.pass.budget = config.budget
    }
    settings.snapshot = arguments["snapshot"]
    // Recorded answers come at once: no limit to count time with.
    if settings.snapshot != nil { settings.requestsPerMinute = .infinity }
    if settings.provider == .musicbrainz, settings.snapshot == nil, !settings.pass.offline {
      try checkMusicBrainzEtiquette(settings)
    }
    settings.format = format
    settings.templates = TemplateLocator(
      explicitPath: table.path("template", config.template),
      overrideDirectory: TemplateLocator.overrideDirectory(environment: environment)
    )
    settings.ignoredArtists = Set(config.ignoreArtists.map { ArtistKey($0) })
    settings.finder.ignoredTitles = config.ignoreTitles
    settings.minimumOwnedTracks = config.minimumOwnedTracks
    if format == .email {
      let given = arguments.all("to")
      let recipients = (given.isEmpty ? config.emailTo : given).flatMap { $0.split(separator: ",") }.map {
        $0.trimmingCharacters(in: .whitespaces)
      }.filter { !$0.isEmpty }
      guard !recipients.isEmpty else { throw .usage("--format email needs --to ADDRESS (or email.to in the config)") }
      let from = arguments["from"] ?? config.emailFrom ?? "deepcut <deepcut@localhost>"
      let subject = arguments["subject"] ?? config.emailSubject
      for value in recipients + [from] + [subject ?? ""] where value.contains(where: \.isNewline) {
        throw .usage("e-mail headers cannot contain line breaks: '\(value)'")
      }
      settings.fullReport = table.path("full-report", config.emailFullReport)
      let fullReportURL = arguments["full-report-url"] ?? config.emailFullReportURL
      if let fullReportURL, ReportBuilder.safeLink(fullReportURL) == nil {
        throw .usage("--full-report-url takes an http(s) address, not '\(fullReportURL)'")
      }
      settings.email = EmailOptions(
        from: from, to: recipients, subject: subject, date: now,
        maximumPartBytes: config.emailMaximumPartBytes ?? EmailOptions.defaultMaximumPartBytes,
        fullReport: fullReportURL ?? settings.fullReport)
    } else if ["to", "from", "subject", "full-report", "full-report-url"].contains(where: { arguments[$0] != nil }) {
      throw .usage("--to, --from, --subject, --full-report and --full-report-url go with --format email")
    }
    let feedURL = arguments["feed-url"] ?? config.feedURL
    if let feedURL, ReportBuilder.safeLink(feedURL) == nil {
      throw .usage("--feed-url takes an http(s) address, not '\(feedURL)'")
    }
    settings.feed = FeedOptions(
      selfURL: feedURL, identity: settings.provider.rawValue + " " + library,
      calendarIncludesNew: config.calendarIncludesNew)
    settings.feedsDirectory = table.path("feeds", config.feedsDirectory)
    settings.timings = arguments.has("timings")
    settings.quiet = arguments.has("quiet")
    return settings
  }

  /// MusicBrainz asks every client to say who runs it, and to send at most one request a second.
  static func checkMusicBrainzEtiquette(_ settings: Settings) throws(CLIError) {
    guard settings.contact != nil else {
      throw .config(
        "musicbrainz asks every client to say who runs it: set \"contact\" (an e-mail address or URL) in the "
          + "config, or email.from, or pass --contact")
    }
    let production = settings.musicBrainz.baseURL.host == MusicBrainzEndpoint.production.host
    if production, !(settings.requestsPerMinute <= 60) {
      throw .usage("musicbrainz.org takes at most one request a second: --rate-limit 60 or less")
    }
  }

  /// The address in "Name <address>", or the text itself.
  static func address(_ text: String) -> String {
    guard let open = text.lastIndex(of: "<"), let close = text.lastIndex(of: ">"), open < close else { return text }
    return String(text[text.index(after: open)..<close])
  }

  /// `--now 2026-11-29` (noon UTC that day) or a full ISO 8601 time; the clock otherwise.
  static func parseNow(_ text: String?) throws(CLIError) -> Date {
    guard let text else { return Date() }
    if text.count == 10, let day = CalendarDay(iso8601: text) {
      return Date(timeIntervalSince1970: Double(day.daysSinceEpoch) * 86_400 + 12 * 3600)
    }
    if let date = try? Date(text, strategy: .iso8601) { return date }
    throw .usage("--now takes a date like 2026-11-29 or 2026-11-29T21:00:00Z, not '\(text)'")
  }

}
