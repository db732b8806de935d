internal import Basics
internal import Catalog
internal import Foundation
internal import Report
internal import SettingsKit

/// Where the report goes besides its output: an e-mail's headers and full report's address, the feeds beside it.
extension ReportSettings {
  /// The e-mail's headers and parts, with `--format email`.
  static func email(_ settings: Resolved, format: FormatName, now: Date) throws(CLIError) -> EmailOptions? {
    try refuseOtherFormats(settings, format: format)
    guard format == FormatName(EmailFormat.self) else { return nil }
    let recipients = try settings[\.mail.to]
    guard !recipients.isEmpty else { throw .usage("--format email needs --to ADDRESS (or email.to in the config)") }
    let from = try Self.sender(settings)
    let subject = try settings[\.mail.subject]
    for value in recipients + [from] + [subject ?? ""] where value.contains(where: \.isNewline) {
      throw .usage("e-mail headers cannot contain line breaks: '\(value)'")
    }
    // --full-report's path is not named in the e-mail: a shortened one carries that report attached.
    return EmailOptions(
      from: from, to: recipients, subject: subject, date: now, maximumPartBytes: try settings[\.mail.maxPartBytes],
      fullReportURL: try settings[\.mail.fullReportURL]?.absoluteString)
  }

  /// Refuses a flag that goes with another format than the run's, naming every one that goes with it (`--to, --from,
  /// ... go with --format email`).
  static func refuseOtherFormats(_ settings: Resolved, format: FormatName) throws(CLIError) {
    for other in FormatName.allCases where other != format {
      let only = SettingsTable.settings(goingWith: other)
      if only.contains(where: settings.arguments.gives) {
        throw .usage("\(sentence(only.map { "--" + $0.name }, "and")) go with --format \(other.rawValue)")
      }
    }
  }

  /// What deepcut.atom and deepcut.ics say of themselves.
  static func feed(_ settings: Resolved, _ provider: any ProviderDefinition, library: String) throws(CLIError)
    -> FeedOptions
  {
    let feedURL = try settings[\.output.feedURL]?.absoluteString
    return FeedOptions(
      selfURL: feedURL, identity: provider.name.rawValue + " " + library,
      calendarIncludesNew: try settings[\.output.calendarIncludesNew],
      includesAlsoOut: try settings[\.output.feedsIncludeAlsoOut])
  }
}
