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

/// Every setting deepcut has, each declared once, as a stored property: `settings[\.days]` reads one, as its type.
/// Which commands take a setting is in its declaration, and a setting with a key is in config.json.
///
/// The declarations are read in their order, as swift-argument-parser reads a command's stored properties, and every
/// list keeps it: each command's `--help` (`report`'s is the table's order) and `config --example`. Where a list has
/// always put one elsewhere, the declaration says so (`placed(after:)`): `why` leads with what it explains, and the
/// example gathers config.json's objects where a nightly user reads them (`provider` after `stateDir`, `email` and
/// `feeds` last).
struct SettingsTable: Sendable {
  // MARK: - What the state commands print (first in their help)

  let json = Setting<Bool>(
    flag: "json", help: "print the same facts as a stable JSON object",
    commands: [.why, .scan.worded("print a JSON object instead of a summary").placed(after: \.library), .status])
  let unresolved = Setting<Bool>(
    flag: "unresolved", help: "list only artists that are unresolved or ambiguous, with their candidates",
    commands: [.artists])

  // MARK: - What is read and what is made

  let library = Setting<String?>(
    flag: "library", key: "library", placeholder: "PATH",
    help: "the Library.xml export (.gz works, - reads standard input)", kind: .path,
    commands: [
      .report, .scan.worded("the Library.xml export to read (default: library in the config; - reads standard input)"),
      .why.worded("the Library.xml export (default: library in the config)"),
      .setup.worded("the Library.xml export (default: library in the config, else where Music or iTunes keeps it)"),
      .status.worded("the Library.xml export whose age to tell (default: library in the config)"),
    ],
    example: .value("/home/me/Music/Library.xml", note: "The export Music writes with File › Library › Export Library…")
  )
  let staleAfter = Setting<Int>(
    flag: "stale-after", key: "staleAfterDays", placeholder: "DAYS",
    help: "name the library stale when its export is more than DAYS days old, 0 never",
    kind: .integer(0...3650), default: .value(14),
    commands: [
      .report, .scan,
      .status.worded("count a library export more than DAYS days old as trouble, 0 never (default {default})"),
    ],
    example: .default(
      note: "A library export more than this many days old is named stale, in the report and by status: albums",
      "you got since then may be listed as new. 0 never."))
  let format = Setting<FormatName>(
    flag: "format", key: "format", placeholder: "FORMAT", help: "{values}",
    kind: .choice, default: .value(FormatName(MarkdownFormat.self)), commands: [.report],
    example: .value(
      FormatName(EmailFormat.self),
      note: sentence(FormatRegistry.standard.glossedNames, "or") + "."))
  let template = Setting<String?>(
    flag: "template", key: "template", placeholder: "PATH",
    help: "a Mustache template to use instead of the built-in one (not json or email)", kind: .path,
    commands: [.report],
    example: .commentedOut(
      "/home/me/.config/deepcut/my-report.md.mustache",
      note:
        "A Mustache template of your own: see templates/README.md (in the package: /usr/share/doc/deepcut/examples/templates/)."
    ))

  // MARK: - E-mail

  let to = Setting<[String]>(
    flag: "to", key: "email.to", placeholder: "ADDRESS",
    help: "e-mail recipient; repeat the option or separate addresses with commas", kind: .addresses,
    default: .value([]), commands: [.reportEmail, .setup.worded("who gets the nightly e-mail")],
    example: .value(["me@example.com"]).placed(after: \.budget))
  let from = Setting<String>(
    flag: "from", key: "email.from", placeholder: "ADDRESS", help: "e-mail sender", kind: .text,
    default: .value("deepcut <deepcut@localhost>"),
    commands: [.reportEmail, .setup.worded("the e-mail's sender (default: deepcut <the recipient's address>)")],
    example: .value("deepcut <deepcut@example.com>"))
  let subject = Setting<String?>(
    flag: "subject", key: "email.subject", placeholder: "TEXT", help: "e-mail subject (default: {default})",
    kind: .text, default: .described("the report's headline"), commands: [.reportEmail],
    example: .value("New music for you"))
  let fullReport = Setting<String?>(
    flag: "full-report", key: "email.fullReport", placeholder: "PATH",
    help: "with email: also write the whole report as HTML here (the file a shortened e-mail attaches)",
    kind: .path, commands: [.reportEmail],
    example: .commentedOut(
      "/home/me/deepcut/full-report.html",
      note: "Also write the whole report as HTML here. An e-mail too long for mail (over 100 KB, where Gmail cuts",
      "messages) lists the most played artists first and carries the whole report attached (deepcut-DATE.html);",
      "this path is never put in the e-mail, but fullReportURL is, if the file is served."))
  let fullReportURL = Setting<URL?>(
    flag: "full-report-url", key: "email.fullReportURL", placeholder: "URL",
    help: "with email: the web address --full-report is served at, linked by a shortened e-mail",
    kind: .url("an http(s) address"), commands: [.reportEmail],
    example: .commentedOut(URL(string: "https://example.com/deepcut/full-report.html")))
  let maxPartBytes = Setting<Int>(
    key: "email.maxPartBytes", help: "the most each part of an e-mail may hold",
    kind: .integer(EmailOptions.maximumPartBytesRange), default: .value(EmailOptions.defaultMaximumPartBytes),
    example: .default())
  let send = Setting<Bool>(
    flag: "send", key: "email.send",
    help: """
      deliver it: the e-mail with --format email (email.smtp, else email.sendmail), and a push to each push \
      channel; releases count as told once accepted
      """,
    commands: [.report],
    example: .value(
      true,
      note: "Deliver the e-mail: over SMTP when \"smtp\" is set, else through the mail command. Releases count as told",
      "only once the server (or the command) accepted the message; if it fails, the next run sends them again."))
  let smtpURL = Setting<MailServerAddress?>(
    flag: "smtp-url", key: "email.smtp.url", placeholder: "URL",
    help: "with --send: the mail server, smtps://HOST:465 (TLS) or smtp://HOST:587 (STARTTLS)", kind: .mailServer,
    commands: [.report, .setup],
    example: .commentedOut(
      MailServerAddress(text: "smtps://smtp.example.com:465"),
      note: "The mail server: smtps://HOST:465 (TLS from the start) or smtp://HOST:587 (STARTTLS, required). The",
      "password comes from passwordFile (chmod 600) or DEEPCUT_SMTP_PASSWORD, never from this file."))
  let smtpUser = Setting<String?>(
    flag: "smtp-user", key: "email.smtp.user", placeholder: "USER", help: "the user the mail server knows you by",
    kind: .text, commands: [.setup.worded("the user the mail server knows you by (default: the recipient's address)")],
    example: .commentedOut("me@example.com"))
  let smtpPasswordFile = Setting<String?>(
    key: "email.smtp.passwordFile", help: "a file holding only the mail server's password, readable by you alone",
    kind: .path, example: .commentedOut("~/.config/deepcut/smtp-password"))
  let smtpCAFile = Setting<String?>(
    flag: "ca-file", key: "email.smtp.caFile", placeholder: "PATH",
    help: "a PEM certificate to trust besides the system's, for a private server", kind: .path, commands: [.setup],
    example: .commentedOut("/home/me/.config/deepcut/relay-ca.pem", note: "For a server whose certificate you signed."))
  let smtpAllowInsecure = Setting<Bool>(
    key: "email.smtp.allowInsecure",
    help: "let smtp:// go on in the clear when the server offers no STARTTLS (a relay on 127.0.0.1)",
    example: .default(note: "Only for a relay on this machine: smtp:// without STARTTLS."))
  let sendmail = Setting<String>(
    flag: "sendmail", key: "email.sendmail", placeholder: "COMMAND",
    help: "with --send: hand the message to this command instead of a mail server (default: {default})",
    kind: .text, default: .value(SendmailCommand.standard),
    commands: [.report, .setup.worded("hand the e-mail to this mail command instead of a mail server")],
    example: .default(note: "Without \"smtp\": the mail command handed the message (msmtp, postfix's sendmail)."))
  let mailTimeout = Setting<Int>(
    key: "email.timeoutSeconds", help: "how long one delivery may take", kind: .integer(5...600), default: .value(60),
    example: .default(note: "How long one delivery may take, and how long to wait before"))
  let mailRetry = Setting<Int>(
    key: "email.retryAfterSeconds", help: "how long to wait before the one retry a delivery failed for now gets",
    kind: .integer(0...3600), default: .value(30),
    example: .default(note: "the one retry a delivery that failed for now (no connection, a 4xx reply) gets."))

  // MARK: - Feeds

  let pushChannels = Setting<String>(
    flag: "push-channels", key: "push.channels", placeholder: "FILE",
    help:
      "with --send: the file of push channels, one Apprise URL a line (chmod 600), beside config.json when relative",
    kind: .path, default: .value("push-channels"),
    commands: [
      .report,
      .setup.worded("the push channels' file (default: push-channels beside config.json); kept unless URLs are given"),
    ],
    example: .default(
      note: "Push channels beside the e-mail: ntfy://, discord://, slack://, json:// or any Apprise URL, one a line in",
      "this file, readable by you alone (the URLs carry tokens, so never here). No file: no push."))
  let pushURLs = Setting<[String: URL]>(
    flag: "push-url", key: "push.serviceURLs", placeholder: "SERVICE=URL",
    help: "reach a push service ({values}) at URL instead of its public address (a proxy, a test)",
    kind: .pushServiceURLs, default: .value([:]),
    commands: [
      .report, .setup.worded("reach a push service ({values}) at URL instead of its public address (a proxy)"),
    ],
    example: .commentedOut(
      URL(string: "https://ntfy-proxy.example.org").map { ["ntfy": $0] }, note: "Reach a push service through a proxy."
    ))
  let pushWhenEmpty = Setting<Bool>(
    flag: "push-empty", key: "push.whenEmpty", help: "with --send: push on a night with nothing new too",
    commands: [.report], example: .default())
  let feeds = Setting<String?>(
    flag: "feeds", key: "feeds.directory", placeholder: "DIR",
    help: "also write DIR/deepcut.atom and DIR/deepcut.ics from the same answers (a rolling window)", kind: .directory,
    commands: [.report],
    example: .commentedOut(
      "/var/www/deepcut", note: "Also write deepcut.atom (a feed) and deepcut.ics (a calendar) here, in the same run."
    ).placed(after: \.mailRetry))
  let feedURL = Setting<URL?>(
    flag: "feed-url", key: "feeds.url", placeholder: "URL",
    help: "where deepcut.atom is published: the feed's self link and id", kind: .url("an http(s) address"),
    commands: [.report],
    example: .commentedOut(
      URL(string: "https://example.com/deepcut/deepcut.atom"),
      note: "Where deepcut.atom is served: the feed's self link."
    ))
  let calendarIncludesNew = Setting<Bool>(
    key: "feeds.calendarIncludesNew", help: "the calendar also holds the window's new releases",
    example: .default(note: "The calendar always has upcoming releases; this adds the window's new ones."))
  let feedsIncludeAlsoOut = Setting<Bool>(
    key: "feeds.includeAlsoOut", help: "the feed and the calendar also hold what is also out (live, remix, ...)",
    example: .default(note: "The feed and the calendar hold the main list; this adds what is also out."))

  // MARK: - The report

  let output = Setting<String?>(
    flag: "output", key: "output", placeholder: "PATH",
    help: "write the report here, atomically, instead of standard output", kind: .path, commands: [.report],
    example: .commentedOut(
      "/home/me/deepcut/report.eml", note: "Where the report goes; leave out for standard output."
    ).placed(after: \.format))
  let days = Setting<Int>(
    flag: "days", key: "days", placeholder: "N", help: "releases of the last N days count as new",
    kind: .integer(0...3650), default: .value(30),
    commands: [.report, .why.worded("releases of the last N days count as new (default as for report)")],
    example: .default())
  let since = Setting<CalendarDay?>(
    flag: "since", placeholder: "DATE", help: "releases since DATE (YYYY-MM-DD) count as new", kind: .day,
    commands: [.report, .why])
  let types = Setting<[ReleaseKind]>(
    flag: "types", key: "types", placeholder: "KINDS", help: "release kinds to include: {values}",
    kind: .choices(), default: .value(ReleaseKind.allCases, shown: "all"),
    commands: [.report, .why.worded("release kinds the report shows: {values} (default as for report)")],
    example: .value(
      ReleaseKind.allCases,
      note: "Release kinds to include: \(ReleaseKind.allCases.map(\.rawValue).joined(separator: ", "))."))

  let classes = Setting<[ReleaseClass: Placement]>(
    flag: "classes", key: "classes", placeholder: "CLASS=WHERE",
    help: "where each class of release is listed: main, also (one line under Also out) or none (default: {default})",
    kind: .choiceForEach(), default: .value([:], shown: ClassPlacements().described),
    commands: [.report, .why.worded("where each class of release is listed (default as for report)")],
    example: .value(
      [.live: .main],
      note: "Where each class of release is listed: \"main\" (New, Upcoming), \"also\" (one line each under Also out)",
      "or \"none\". Classes: studio, soundtrack, live, remix, compilation, reissue, version (sped up, slowed,",
      "instrumental, karaoke), other (spoken word). By default \(ClassPlacements().described)."))

  // MARK: - The catalog

  let country = Setting<String>(
    flag: "country", key: "country", placeholder: "CC", help: "catalog store country", kind: .country,
    default: .value(ProviderRun.defaultCountry), commands: [.report],
    example: .default(
      note: "Catalog store country, and the window: releases of the last N days count as new."
    ).placed(after: \.template))
  let provider = Setting<[any ProviderDefinition]>(
    flag: "provider", key: "provider.name", placeholder: "NAME",
    help: .catalogs { "catalogs to ask, comma-separated, in the order of their links: \($0.alternatives)" },
    kind: .catalogs, default: .nightCatalogs,
    commands: [
      .report, .setup,
      .why.worded(.catalogs { "the report's catalogs, comma-separated: \($0.alternatives) (default {default})" })
        .placed(after: \.library),
      .artists.worded(
        .catalogs { registry in
          "the catalog: \(registry.alternatives); needed when the night asks several (default: the night's one)"
        }),
    ],
    example: .default(
      note: "The catalogs to ask: {alternatives}; several as a list, in the order of their links.",
      "A catalog's own pace, batch, age, timeout or address goes under its name: \"NAME\": {\"baseURL\": \"...\"}."
    ).placed(after: \.stateDirectory))
  let links = Setting<[any ProviderDefinition]>(
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
    ).placed(after: \.provider))
  let listen = Setting<ListeningService?>(
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
    ).placed(after: \.links))
  let contact = Setting<String?>(
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
  let stateDirectory = Setting<String>(
    flag: "state-dir", key: "stateDir", placeholder: "DIR", help: "where state.sqlite lives", kind: .directory,
    default: .computed("$XDG_STATE_HOME/deepcut") { StateStore.defaultDirectory(environment: $0.environment) },
    commands: [
      .report, .why, .artists.worded(Self.stateDirectoryFromConfig).placed(after: \.wait),
      .cache.worded(Self.stateDirectoryFromConfig), .status.worded(Self.stateDirectoryFromConfig),
    ],
    example: .commentedOut(
      "/home/me/.local/state/deepcut", note: "Where deepcut keeps what it learned (state.sqlite)."))
  let maxAge = Setting<Int>(
    eachUnit: "max-age", key: "provider.maxAgeHours", placeholder: "HOURS",
    help: "cached album lists younger than this are used as they are", kind: .integer(0...8760),
    default: .value(Int(CatalogPassOptions().maxAge / 3600)), commands: [.report],
    example: .default(note: "Cached album lists younger than this are used as they are.").placed(after: \.batchSize))
  let batchSize = Setting<Int>(
    eachUnit: "batch-size", key: "provider.batchSize", placeholder: "N",
    help: .catalogs { registry in
      let held = registry.searchable.filter { $0.maximumBatchSize < batchSizes.upperBound }.map {
        "\($0.name) takes \($0.maximumBatchSize)"
      }
      return "catalog artists per release request, {values} (default {default}"
        + (held.isEmpty ? ")" : "; " + held.joined(separator: ", ") + ")")
    }, kind: .integer(batchSizes), default: .value(CatalogPassOptions().batchSize), commands: [.report],
    example: .default())
  let recheckAfterDays = Setting<Int>(
    key: "provider.recheckAfterDays", help: "how often a resolved artist is searched again, in days",
    kind: .integer(1...3650), default: .value(CatalogPassOptions().recheckResolvedAfterDays),
    example: .default(note: "How often a resolved artist is searched again, in case the catalog changed it."))
  let timeout = Setting<Int>(
    eachUnit: "timeout", key: "provider.timeoutSeconds", placeholder: "SECONDS",
    help: "how long one catalog request may take before it is tried again", kind: .integer(1...600),
    default: .value(Int(HTTPClientConfiguration().requestTimeout.components.seconds)), commands: [.report],
    example: .default(note: "How long one request may take before it is tried again."))
  let rateLimit = Setting<Int>(
    eachUnit: "rate-limit", key: "provider.requestsPerMinute", placeholder: "N",
    help: "catalog requests per minute (default {default}; 0 lifts it)", kind: .integer(0...100_000),
    default: .perCatalog(\.defaultRequestsPerMinute), commands: [.report],
    example: .commentedOut(20, note: "Each catalog's own limit by default: {default}.").placed(after: \.provider))
  let baseURL = Setting<URL>(
    eachUnit: "base-url", key: "provider.baseURL", placeholder: "URL", help: "catalog base URL",
    // No example of its own: one address serves one catalog, so the example shows it under a catalog's name.
    kind: .url("an http(s) URL"), default: .perCatalog(\.defaultBaseURL, naming: false), commands: [.report],
    sharedByAll: false)
  /// Each catalog's own settings (a cover service's address) stand here: `report` takes them, and config.json holds
  /// them under `provider`.
  let catalogsOwn = CatalogsOwn()
  /// Kept so that config files that name it still work: each type it names puts its class in the main list.
  let includeSecondaryTypes = Setting<[String]>(
    key: "provider.includeSecondaryTypes",
    help: "old name: the classes of these types are listed in the main list; say it with classes instead",
    kind: .catalogWords { registry in registry.providers.flatMap(\.secondaryTypes) }, default: .value([]),
    example: .value(
      [], note: "The old name of \"classes\", still read: the classes of these types go in the main list."))
  let snapshot = Setting<String?>(
    flag: "snapshot", placeholder: "DIR", help: "answer catalog requests from recorded responses in DIR (no network)",
    kind: .directory, commands: [.report])

  // MARK: - What is looked up and left out

  let ignoreArtists = Setting<[String]>(
    key: "ignoreArtists", help: "artists never to look up", kind: .texts, default: .value([]),
    example: .value(
      ["Various Artists", "Glee Cast"],
      note: "Artists never to look up, and release titles to leave out (regular expressions)."))
  let ignoreTitles = Setting<[String]>(
    key: "ignoreTitles", help: "release titles to leave out (regular expressions)", kind: .patterns,
    default: .value([]), example: .value(["(?i)karaoke", #"(?i)\btribute to\b"#]))
  let minimumOwnedTracks = Setting<Int>(
    key: "minimumOwnedTracks", help: "look up only artists with at least this many owned tracks",
    kind: .integer(1...100_000), default: .value(1),
    example: .value(3, note: "Look up only artists with at least this many owned tracks."))
  let budget = Setting<Duration?>(
    flag: "budget", key: "budget", placeholder: "DURATION",
    help: "stop asking the catalog after this long (90s, 10m, 2h) and report what is known; the next run continues",
    kind: .duration, commands: [.report],
    example: .value(
      .seconds(100 * 60),
      note: "Stop asking the catalog after this long and report what is known, most played artists first; the",
      "next run continues where this one stopped. Leave out to run to the end."))
  let offline = Setting<Bool>(
    flag: "offline", help: "answer from the cache only, never touch the network", commands: [.report])

  // MARK: - How a run goes

  let wait = Setting<Bool>(
    flag: "wait", help: "if another run holds the lock, wait for it instead of exiting with status 75",
    commands: [
      .report,
      .artists.worded("pin or unpin after a report that is running ends, instead of exiting with status 75")
        .placed(after: \.unresolved),
    ])
  let sinceLastRun = Setting<Bool>(
    flag: "since-last-run", help: "report only releases no earlier report told of, then remember them as told",
    commands: [.report])
  let dryRun = Setting<Bool>(
    flag: "dry-run", help: "change nothing in the state database's record of what was reported", commands: [.report])
  let timings = Setting<Bool>(
    flag: "timings", help: "add phase timings to the report and print them on standard error", commands: [.report])
  let quiet = Setting<Bool>(flag: "quiet", help: "print nothing on standard error but errors", commands: [.report])
  let now = Setting<Date>(
    flag: "now", placeholder: "DATE",
    help: "the date (and time) to report for, e.g. 2026-11-29: reproducible reports", kind: .dateAndTime,
    default: .clock,
    commands: [
      .report, .why.worded("the day to explain (default: the day of the last report)").placed(after: \.provider),
      .status.worded("the time to judge the nights at (default: now)"),
    ])
  let nights = Setting<Int>(
    flag: "nights", placeholder: "N", help: "how many of the last runs to show", kind: .integer(1...1_000),
    default: .value(10), commands: [.status])

  // MARK: - Setting up

  let passwordStdin = Setting<Bool>(
    flag: "password-stdin",
    help: "read the mail server's password from standard input; it is kept in a file of mode 0600 beside the config",
    commands: [.setup])
  let pushStdin = Setting<Bool>(
    flag: "push-stdin",
    help: "read the push channels' URLs from standard input, one a line; they are kept in the channels file, mode 0600",
    commands: [.setup])
  let schedule = Setting<ScheduleKind?>(
    flag: "schedule", placeholder: "KIND", help: "what starts the nightly job: {values} (default: what the system has)",
    kind: .choice, commands: [.setup])
  let at = Setting<TimeOfDay>(
    flag: "at", placeholder: "HH:MM", help: "when the nightly job runs, local time", kind: .timeOfDay,
    default: .value(TimeOfDay.nightly), commands: [.setup])
  let noTestMail = Setting<Bool>(
    flag: "no-test-mail", help: "schedule without sending a test e-mail or test pushes first", commands: [.setup])
  let yes = Setting<Bool>(
    flag: "yes", help: "ask nothing: take the flags, the config and the defaults, and name what is missing",
    commands: [.setup])
  let uninstall = Setting<Bool>(
    flag: "uninstall",
    help: "remove the schedule and the program setup installed; the config, password, push channels and state stay",
    commands: [.setup])

  // MARK: - Other commands

  let top = Setting<Int>(
    flag: "top", placeholder: "N", help: "how many top artists the summary lists", kind: .integer(1...1_000),
    default: .value(10), commands: [.scan])
  let example = Setting<Bool>(flag: "example", help: "print a commented example of config.json", commands: [.config])
  let check = Setting<Bool>(
    flag: "check", help: "read the configuration and report the first problem (exit 78) or say it is fine",
    commands: [.config])
  let config = Setting<String?>(
    flag: "config", placeholder: "PATH", help: "the configuration file", kind: .path,
    default: .computed("$XDG_CONFIG_HOME/deepcut/config.json") {
      ConfigFile.defaultPath(of: "deepcut", environment: $0.environment)
    },
    commands: Deepcut.commandTypes.filter { $0.readsConfiguration }.map { SettingUse(command: $0) })

  /// How many catalog artists a release request may ask about; a catalog may take fewer.
  static let batchSizes = 1...200

  /// How the state commands say `--state-dir`'s default: they read the configuration's too.
  static let stateDirectoryFromConfig: HelpWords =
    "where state.sqlite lives (default: stateDir in the config, else $XDG_STATE_HOME/deepcut)"

  static let refusedKeys = [
    "email.smtp.password":
      "deepcut does not read passwords from its configuration: put the password alone in a file only you can read "
      + "(chmod 600), and name it in email.smtp.passwordFile, or set DEEPCUT_SMTP_PASSWORD"
  ]
}

extension SettingsTable {
  static let standard = SettingsTable()

  private enum Entry: Sendable {
    case setting(any SettingDeclaration)
    case catalogsOwn
  }

  /// The declarations, in their order: read once, as swift-argument-parser reads a command's stored properties.
  private static let declared: [Entry] = Mirror(reflecting: standard).children.compactMap { entry($0.value) }

  /// The table's stored properties that are neither a setting nor the catalogs' place, by name: a test holds this
  /// empty, since one (a setting wrapped in an optional, say) would be in no list, no help and no config.json.
  static let undeclared: [String] = Mirror(reflecting: standard).children.compactMap { child in
    entry(child.value) == nil ? child.label ?? "" : nil
  }

  private static func entry(_ value: Any) -> Entry? {
    if let setting = value as? any SettingDeclaration { return .setting(setting) }
    return value is CatalogsOwn ? .catalogsOwn : nil
  }

  /// Every setting, in the table's order, with the catalogs' own of `registry` where the table puts them.
  static func settings(_ registry: ProviderRegistry) -> [any SettingDeclaration] {
    settings(catalogs: registry.providers)
  }

  /// Every setting, in the table's order, with the own settings of `catalogs` where the table puts them.
  static func settings(catalogs: [any ProviderDefinition]) -> [any SettingDeclaration] {
    declared.flatMap { entry -> [any SettingDeclaration] in
      switch entry {
      case .setting(let setting): [setting]
      case .catalogsOwn: CatalogSetting.all(catalogs)
      }
    }
  }

  /// Every setting config.json may hold.
  static func configurable(_ registry: ProviderRegistry) -> [any SettingDeclaration] {
    settings(registry).filter { $0.key != nil }
  }

  /// The settings `report` takes for `format` alone, as their declarations say.
  static func settings(goingWith format: FormatName) -> [any SettingDeclaration] {
    settings(catalogs: []).filter { $0.use(in: ReportCommand.spec.command)?.format == format }
  }

  /// The setting an anchor names.
  static func setting(at anchor: SettingAnchor) -> (any SettingDeclaration)? {
    let path: AnyKeyPath = anchor
    return standard[keyPath: path] as? any SettingDeclaration
  }

  /// Keys config.json may not hold, with what to do instead.
}
