internal import Catalog
internal import CatalogHTTP
internal import Delivery
internal import Foundation
internal import Report

/// Every setting deepcut has, each declared once. The order is the order of `--help` and of `config --example`.
extension Setting {
  // MARK: - Where things are

  static let library = Setting(
    flag: "library", key: "library", placeholder: "PATH",
    help: "the Library.xml export (.gz works, - reads standard input)", kind: .path,
    example: Example(
      json: #""/home/me/Music/Library.xml""#, note: ["The export Music writes with File › Library › Export Library…"]))
  static let config = Setting(
    flag: "config", placeholder: "PATH", help: "the configuration file", kind: .path,
    defaultValue: .described("$XDG_CONFIG_HOME/deepcut/config.json"))
  static let stateDirectory = Setting(
    flag: "state-dir", key: "stateDir", placeholder: "DIR", help: "where state.sqlite lives", kind: .path,
    defaultValue: .described("$XDG_STATE_HOME/deepcut"),
    example: Example(
      json: #""/home/me/.local/state/deepcut""#, note: ["Where deepcut keeps what it learned (state.sqlite)."],
      commentedOut: true))

  /// How the state commands say `--state-dir`'s default: they read the configuration's too.
  static let stateDirectoryFromConfig =
    "where state.sqlite lives (default: stateDir in the config, else $XDG_STATE_HOME/deepcut)"

  // MARK: - The report

  static let format = Setting(
    flag: "format", key: "format", placeholder: "FORMAT",
    help: "markdown, html, json, email, atom or ics", kind: .choice(ReportFormat.allCases.map(\.rawValue)),
    defaultValue: .value(ReportFormat.markdown.rawValue),
    example: Example(
      json: #""email""#,
      note: ["markdown, html, json, email (a message; email.send delivers it), atom (a feed) or ics (a calendar)."]))
  static let output = Setting(
    flag: "output", key: "output", placeholder: "PATH",
    help: "write the report here, atomically, instead of standard output", kind: .path,
    example: Example(
      json: #""/home/me/deepcut/report.eml""#, note: ["Where the report goes; leave out for standard output."],
      commentedOut: true))
  static let template = Setting(
    flag: "template", key: "template", placeholder: "PATH",
    help: "a Mustache template to use instead of the built-in one (not json or email)", kind: .path,
    example: Example(
      json: #""/home/me/.config/deepcut/my-report.md.mustache""#,
      note: ["A Mustache template of your own (see templates/README.md)."], commentedOut: true))
  static let country = Setting(
    flag: "country", key: "country", placeholder: "CC", help: "catalog store country", kind: .text,
    defaultValue: .value(ProviderRun.defaultCountry),
    example: Example(note: ["Catalog store country, and the window: releases of the last N days count as new."]))
  static let days = Setting(
    flag: "days", key: "days", placeholder: "N", help: "releases of the last N days count as new",
    kind: .integer(0...3650), defaultValue: .value("30"), example: Example())
  static let since = Setting(
    flag: "since", placeholder: "DATE", help: "releases since DATE (YYYY-MM-DD) count as new", kind: .day)
  static let types = Setting(
    flag: "types", key: "types", placeholder: "KINDS", help: "release kinds to include: album,ep,single",
    kind: .choices(["album", "ep", "single"]), defaultValue: .value("all"),
    example: Example(json: #"["album", "ep", "single"]"#, note: ["Release kinds to include: album, ep, single."]))
  static let now = Setting(
    flag: "now", placeholder: "DATE",
    help: "the date (and time) to report for, e.g. 2026-11-29: reproducible reports", kind: .text)

  // MARK: - The catalog

  static let provider = Setting(
    flag: "provider", key: "provider.name", placeholder: "NAME",
    dynamicHelp: { registry in
      "catalog: "
        + registry.alternatives { $0.name == registry.defaultProvider?.name ? "{default} (default)" : $0.name }
    }, kind: .provider,
    defaultValue: .firstProvider, example: Example(note: ["The catalog to ask: {alternatives}."]))
  static let contact = Setting(
    flag: "contact", key: "contact", placeholder: "TEXT",
    dynamicHelp: { registry in
      let asking = registry.providers.filter(\.requiresContact).map(\.name)
      return "who runs this (an e-mail address or URL), sent to the catalog"
        + (asking.isEmpty ? "" : "; \(asking.joined(separator: " and ")) need\(asking.count == 1 ? "s" : "") it")
    }, kind: .text,
    example: Example(
      json: #""me@example.com""#,
      note: ["Who runs this: sent to the catalog with every request (some catalogs ask; email.from serves too)."]))
  static let baseURL = Setting(
    flag: "base-url", key: "provider.baseURL", placeholder: "URL",
    dynamicHelp: { registry in
      "catalog base URL (default " + registry.providers.map(\.defaultBaseURL.absoluteString).joined(separator: ", ")
        + ")"
    }, kind: .url(noun: "an http(s) URL"),
    example: Example(
      json: #""http://127.0.0.1:8080""#, note: ["Another address for the catalog (a mirror, a test server)."],
      commentedOut: true))
  static let rateLimit = Setting(
    flag: "rate-limit", key: "provider.requestsPerMinute", placeholder: "N",
    help: "catalog requests per minute (default {default}; 0 lifts it)", kind: .integer(0...100_000),
    defaultValue: .perProvider(\.defaultRequestsPerMinute),
    example: Example(json: "20", note: ["Each catalog's own limit by default: {default}."], commentedOut: true))
  static let batchSize = Setting(
    flag: "batch-size", key: "provider.batchSize", placeholder: "N",
    dynamicHelp: { registry in
      let held = registry.providers.filter { $0.maximumBatchSize < 200 }.map {
        "\($0.name) takes \($0.maximumBatchSize)"
      }
      return "catalog artists per release request, 1 to 200 (default {default}"
        + (held.isEmpty ? ")" : "; " + held.joined(separator: ", ") + ")")
    }, kind: .integer(1...200), defaultValue: .value("\(CatalogPassOptions().batchSize)"), example: Example())
  static let maxAge = Setting(
    flag: "max-age", key: "provider.maxAgeHours", placeholder: "HOURS",
    help: "cached album lists younger than this are used as they are", kind: .integer(0...8760),
    defaultValue: .value("\(Int(CatalogPassOptions().maxAge / 3600))"),
    example: Example(note: ["Cached album lists younger than this are used as they are."]))
  static let recheckAfterDays = Setting(
    key: "provider.recheckAfterDays", help: "how often a resolved artist is searched again, in days",
    kind: .integer(1...3650), defaultValue: .value("\(CatalogPassOptions().recheckResolvedAfterDays)"),
    example: Example(note: ["How often a resolved artist is searched again, in case the catalog changed it."]))
  static let timeout = Setting(
    flag: "timeout", key: "provider.timeoutSeconds", placeholder: "SECONDS",
    help: "how long one catalog request may take before it is tried again", kind: .integer(1...600),
    defaultValue: .value("\(Int(HTTPClientConfiguration().requestTimeout.components.seconds))"),
    example: Example(note: ["How long one request may take before it is tried again."]))
  static let includeSecondaryTypes = Setting(
    key: "provider.includeSecondaryTypes",
    help: "release groups of these secondary types are reported too (left out by default)", kind: .secondaryTypes,
    example: Example(
      json: #"["live"]"#,
      note: [
        "Live albums, compilations, remixes, ...: reported too (left out by default) where the catalog types them."
      ]
    ))
  static let snapshot = Setting(
    flag: "snapshot", placeholder: "DIR", help: "answer catalog requests from recorded responses in DIR (no network)",
    kind: .path)
  static let budget = Setting(
    flag: "budget", key: "budget", placeholder: "DURATION",
    help: "stop asking the catalog after this long (90s, 10m, 2h) and report what is known; the next run continues",
    kind: .duration,
    example: Example(
      json: #""100m""#,
      note: [
        "Stop asking the catalog after this long and report what is known, most played artists first; the",
        "next run continues where this one stopped. Leave out to run to the end.",
      ]))
  static let offline = Setting(
    flag: "offline", help: "answer from the cache only, never touch the network", kind: .flag)

  // MARK: - What is looked up and left out

  static let ignoreArtists = Setting(
    key: "ignoreArtists", help: "artists never to look up", kind: .list,
    example: Example(
      json: #"["Various Artists", "Glee Cast"]"#,
      note: ["Artists never to look up, and release titles to leave out (regular expressions)."]))
  static let ignoreTitles = Setting(
    key: "ignoreTitles", help: "release titles to leave out (regular expressions)", kind: .patterns,
    example: Example(json: #"["(?i)karaoke", "(?i)\\btribute to\\b"]"#))
  static let minimumOwnedTracks = Setting(
    key: "minimumOwnedTracks", help: "look up only artists with at least this many owned tracks",
    kind: .integer(1...100_000), defaultValue: .value("1"),
    example: Example(json: "3", note: ["Look up only artists with at least this many owned tracks."]))

  // MARK: - E-mail

  static let to = Setting(
    flag: "to", key: "email.to", placeholder: "ADDRESS",
    help: "e-mail recipient; repeat the option or separate addresses with commas", kind: .list,
    example: Example(json: #"["me@example.com"]"#))
  static let from = Setting(
    flag: "from", key: "email.from", placeholder: "ADDRESS", help: "e-mail sender", kind: .text,
    defaultValue: .value("deepcut <deepcut@localhost>"), example: Example(json: #""deepcut <deepcut@example.com>""#))
  static let subject = Setting(
    flag: "subject", key: "email.subject", placeholder: "TEXT", help: "e-mail subject (default: {default})",
    kind: .text, defaultValue: .described("the report's headline"), example: Example(json: #""New music for you""#))
  static let fullReport = Setting(
    flag: "full-report", key: "email.fullReport", placeholder: "PATH",
    help: "with email: also write the whole report as HTML here; an e-mail too long for mail names it", kind: .path,
    example: Example(
      json: #""/home/me/deepcut/full-report.html""#,
      note: [
        "Also write the whole report as HTML here; an e-mail too long for mail (over 100 KB, where Gmail cuts",
        "messages) lists the most played artists first and names this file, or fullReportURL if it is served.",
      ], commentedOut: true))
  static let fullReportURL = Setting(
    flag: "full-report-url", key: "email.fullReportURL", placeholder: "URL",
    help: "with email: the web address of --full-report, named instead of its path",
    kind: .url(noun: "an http(s) address"),
    example: Example(json: #""https://example.com/deepcut/full-report.html""#, commentedOut: true))
  static let maxPartBytes = Setting(
    key: "email.maxPartBytes", help: "the most each part of an e-mail may hold",
    kind: .integer(EmailOptions.maximumPartBytesRange), defaultValue: .value("\(EmailOptions.defaultMaximumPartBytes)"),
    example: Example())

  static let send = Setting(
    flag: "send", key: "email.send",
    help: "with email: deliver it (email.smtp, else email.sendmail); releases count as told once it is accepted",
    kind: .flag,
    example: Example(
      json: "true",
      note: [
        "Deliver the e-mail: over SMTP when \"smtp\" is set, else through the mail command. Releases count as told",
        "only once the server (or the command) accepted the message; if it fails, the next run sends them again.",
      ]))
  static let smtpURL = Setting(
    flag: "smtp-url", key: "email.smtp.url", placeholder: "URL",
    help: "with --send: the mail server, smtps://HOST:465 (TLS) or smtp://HOST:587 (STARTTLS)", kind: .mailServer,
    example: Example(
      json: #""smtps://smtp.example.com:465""#,
      note: [
        "The mail server: smtps://HOST:465 (TLS from the start) or smtp://HOST:587 (STARTTLS, required). The",
        "password comes from passwordFile (chmod 600) or DEEPCUT_SMTP_PASSWORD, never from this file.",
      ], commentedOut: true))
  static let smtpUser = Setting(
    key: "email.smtp.user", help: "the user the mail server knows you by", kind: .text,
    example: Example(json: #""me@example.com""#, commentedOut: true))
  static let smtpPasswordFile = Setting(
    key: "email.smtp.passwordFile", help: "a file holding only the mail server's password, readable by you alone",
    kind: .path, example: Example(json: #""~/.config/deepcut/smtp-password""#, commentedOut: true))
  static let smtpCAFile = Setting(
    key: "email.smtp.caFile", help: "a PEM certificate to trust besides the system's, for a private server",
    kind: .path,
    example: Example(
      json: #""/home/me/.config/deepcut/relay-ca.pem""#, note: ["For a server whose certificate you signed."],
      commentedOut: true))
  static let smtpAllowInsecure = Setting(
    key: "email.smtp.allowInsecure",
    help: "let smtp:// go on in the clear when the server offers no STARTTLS (a relay on 127.0.0.1)", kind: .bool,
    defaultValue: .value("false"),
    example: Example(note: ["Only for a relay on this machine: smtp:// without STARTTLS."]))
  static let sendmail = Setting(
    flag: "sendmail", key: "email.sendmail", placeholder: "COMMAND",
    help: "with --send: hand the message to this command instead of a mail server (default: {default})",
    kind: .text, defaultValue: .value(SendmailCommand.standard),
    example: Example(note: ["Without \"smtp\": the mail command handed the message (msmtp, postfix's sendmail)."]))
  static let mailTimeout = Setting(
    key: "email.timeoutSeconds", help: "how long one delivery may take", kind: .integer(5...600),
    defaultValue: .value("60"), example: Example(note: ["How long one delivery may take, and how long to wait before"]))
  static let mailRetry = Setting(
    key: "email.retryAfterSeconds", help: "how long to wait before the one retry a delivery failed for now gets",
    kind: .integer(0...3600), defaultValue: .value("30"),
    example: Example(note: ["the one retry a delivery that failed for now (no connection, a 4xx reply) gets."]))
  /// Keys config.json may not hold, with what to do instead.
  static let refusedKeys = [
    "email.smtp.password":
      "deepcut does not read passwords from its configuration: put the password alone in a file only you can read "
      + "(chmod 600), and name it in email.smtp.passwordFile, or set DEEPCUT_SMTP_PASSWORD"
  ]
  // MARK: - Feeds

  static let feeds = Setting(
    flag: "feeds", key: "feeds.directory", placeholder: "DIR",
    help: "also write DIR/deepcut.atom and DIR/deepcut.ics from the same answers (a rolling window)", kind: .path,
    example: Example(
      json: #""/var/www/deepcut""#,
      note: ["Also write deepcut.atom (a feed) and deepcut.ics (a calendar) here, in the same run."],
      commentedOut: true))
  static let feedURL = Setting(
    flag: "feed-url", key: "feeds.url", placeholder: "URL",
    help: "where deepcut.atom is published: the feed's self link and id", kind: .url(noun: "an http(s) address"),
    example: Example(
      json: #""https://example.com/deepcut/deepcut.atom""#,
      note: ["Where deepcut.atom is served: the feed's self link."],
      commentedOut: true))
  static let calendarIncludesNew = Setting(
    key: "feeds.calendarIncludesNew", help: "the calendar also holds the window's new releases", kind: .bool,
    defaultValue: .value("false"),
    example: Example(note: ["The calendar always has upcoming releases; this adds the window's new ones."]))

  // MARK: - How a run goes

  static let wait = Setting(
    flag: "wait", help: "if another run holds the lock, wait for it instead of exiting with status 75", kind: .flag)
  static let sinceLastRun = Setting(
    flag: "since-last-run", help: "report only releases no earlier report told of, then remember them as told",
    kind: .flag)
  static let dryRun = Setting(
    flag: "dry-run", help: "change nothing in the state database's record of what was reported", kind: .flag)
  static let timings = Setting(
    flag: "timings", help: "add phase timings to the report and print them on standard error", kind: .flag)
  static let quiet = Setting(flag: "quiet", help: "print nothing on standard error but errors", kind: .flag)

  // MARK: - Other commands

  static let json = Setting(flag: "json", help: "print the same facts as a stable JSON object", kind: .flag)
  static let top = Setting(
    flag: "top", placeholder: "N", help: "how many top artists the summary lists", kind: .integer(1...1_000),
    defaultValue: .value("10"))
  static let unresolved = Setting(
    flag: "unresolved", help: "list only artists that are unresolved or ambiguous, with their candidates", kind: .flag)
  static let example = Setting(flag: "example", help: "print a commented example of config.json", kind: .flag)
  static let check = Setting(
    flag: "check", help: "read the configuration and report the first problem (exit 78) or say it is fine",
    kind: .flag)

  /// Every setting config.json may hold, in the order `config --example` shows them; the catalogs' own come last
  /// in `provider`.
  static func configurable(_ registry: ProviderRegistry) -> [Setting] {
    let ordered: [Setting] = [
      library, format, output, template, country, days, types, contact, stateDirectory, provider, rateLimit,
      batchSize, maxAge, recheckAfterDays, timeout, baseURL,
    ]
    let own = Setting.catalogsOwn(registry)
    let rest: [Setting] = [
      includeSecondaryTypes, ignoreArtists, ignoreTitles, minimumOwnedTracks, budget, to, from, subject, fullReport,
      fullReportURL, maxPartBytes, send, smtpURL, smtpUser, smtpPasswordFile, smtpCAFile, smtpAllowInsecure, sendmail,
      mailTimeout, mailRetry, feeds, feedURL, calendarIncludesNew,
    ]
    return ordered + own + rest
  }
}
