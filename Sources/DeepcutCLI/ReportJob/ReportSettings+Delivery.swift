internal import Basics
internal import Catalog
internal import CatalogHTTP
internal import Foundation
internal import Report

/// Where the report goes besides its output: an e-mail's headers and full report, the feeds beside it.
extension ReportSettings {
  mutating func readEmail(_ settings: Resolved) throws(CLIError) {
    guard format == .email else {
      let emailOnly: [Setting] = [.to, .from, .subject, .fullReport, .fullReportURL]
      if emailOnly.contains(where: { settings.arguments[$0.name] != nil }) {
        throw .usage("--to, --from, --subject, --full-report and --full-report-url go with --format email")
      }
      return
    }
    let recipients = (try settings.list(.to) ?? []).flatMap { $0.split(separator: ",") }.map {
      $0.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }
    guard !recipients.isEmpty else { throw .usage("--format email needs --to ADDRESS (or email.to in the config)") }
    let from =
      settings.text(.from) ?? Self.senderFromSMTPUser(settings) ?? Setting.from.defaultText(settings.registry) ?? ""
    let subject = settings.text(.subject)
    for value in recipients + [from] + [subject ?? ""] where value.contains(where: \.isNewline) {
      throw .usage("e-mail headers cannot contain line breaks: '\(value)'")
    }
    fullReport = settings.path(.fullReport)
    let fullReportURL = try settings.url(.fullReportURL)?.absoluteString
    email = EmailOptions(
      from: from, to: recipients, subject: subject, date: now,
      maximumPartBytes: try settings.integer(.maxPartBytes), fullReport: fullReportURL ?? fullReport)
  }

  mutating func readFeeds(_ settings: Resolved, library: String) throws(CLIError) {
    let feedURL = try settings.url(.feedURL)?.absoluteString
    feed = FeedOptions(
      selfURL: feedURL, identity: provider.name + " " + library,
      calendarIncludesNew: settings.bool(.calendarIncludesNew))
    feedsDirectory = settings.path(.feeds)
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
