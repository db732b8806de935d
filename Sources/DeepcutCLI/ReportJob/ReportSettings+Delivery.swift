internal import Basics
internal import Catalog
internal import CatalogHTTP
internal import Foundation
internal import Report

/// Where the report goes besides its output: an e-mail's headers and full report, the feeds beside it.
extension ReportSettings {
  mutating func readEmail(_ settings: Resolved) throws(CLIError) {
    guard format == .email else {
      let table = SettingsTable.standard
      let emailOnly: [any AnySetting] = [table.to, table.from, table.subject, table.fullReport, table.fullReportURL]
      if emailOnly.contains(where: settings.arguments.gives) {
        throw .usage("--to, --from, --subject, --full-report and --full-report-url go with --format email")
      }
      return
    }
    let recipients = try settings[\.to].flatMap { $0.split(separator: ",") }.map {
      $0.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }
    guard !recipients.isEmpty else { throw .usage("--format email needs --to ADDRESS (or email.to in the config)") }
    let from = try Self.sender(settings)
    let subject = try settings[\.subject]
    for value in recipients + [from] + [subject ?? ""] where value.contains(where: \.isNewline) {
      throw .usage("e-mail headers cannot contain line breaks: '\(value)'")
    }
    fullReport = try settings[\.fullReport]
    let fullReportURL = try settings[\.fullReportURL]?.absoluteString
    email = EmailOptions(
      from: from, to: recipients, subject: subject, date: now,
      maximumPartBytes: try settings[\.maxPartBytes], fullReport: fullReportURL ?? fullReport)
  }

  mutating func readFeeds(_ settings: Resolved, library: String) throws(CLIError) {
    let feedURL = try settings[\.feedURL]?.absoluteString
    feed = FeedOptions(
      selfURL: feedURL, identity: provider.name + " " + library,
      calendarIncludesNew: try settings[\.calendarIncludesNew])
    feedsDirectory = try settings[\.feeds]
  }

  /// What the catalog is asked through: a paced client tuned for it, or the snapshot folder.
  var providerRun: ProviderRun {
    let provider = provider
    let snapshot = snapshot
    let timeout = requestTimeout
    let userAgent = Product.userAgent(contact: contact)
    return ProviderRun(
      baseURL: baseURL, country: country, today: today, since: finder.since, requestsPerMinute: requestsPerMinute,
      options: providerOptions
    ) { pace in
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
