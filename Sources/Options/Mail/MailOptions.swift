internal import Basics
package import Delivery
package import Foundation
package import Night
package import Report
package import SettingsKit

/// The e-mail, its message and its route together: what makes ``NightPlan/Mail``. Each route's own settings are
/// its group, in its file.
package struct MailOptions: SettingGroup {
  package let to: Setting<[String]> = Setting(
    flag: "to", key: "email.to", placeholder: "ADDRESS",
    help: "e-mail recipient; repeat the option or separate addresses with commas", kind: .addresses,
    default: .value([]), commands: [.reportEmail, .setup.worded("who gets the nightly e-mail")],
    example: .value(["me@example.com"]).placed(after: \SettingsTable.catalogs.budget))
  package let from: Setting<String> = Setting(
    flag: "from", key: "email.from", placeholder: "ADDRESS", help: "e-mail sender", kind: .text,
    default: .value("deepcut <deepcut@localhost>"),
    commands: [.reportEmail, .setup.worded("the e-mail's sender (default: deepcut <the recipient's address>)")],
    example: .value("deepcut <deepcut@example.com>"))
  package let subject: Setting<String?> = Setting(
    flag: "subject", key: "email.subject", placeholder: "TEXT", help: "e-mail subject (default: {default})",
    kind: .text, default: .described("the report's headline"), commands: [.reportEmail],
    example: .value("New music for you"))
  package let fullReport: Setting<String?> = Setting(
    flag: "full-report", key: "email.fullReport", placeholder: "PATH",
    help: "with email: also write the whole report as HTML here (the file a shortened e-mail attaches)",
    kind: .path, commands: [.reportEmail],
    example: .commentedOut(
      "/home/me/deepcut/full-report.html",
      note: "Also write the whole report as HTML here. An e-mail too long for mail (over 100 KB, where Gmail cuts",
      "messages) lists the most played artists first and carries the whole report attached (deepcut-DATE.html);",
      "this path is never put in the e-mail, but fullReportURL is, if the file is served."))
  package let fullReportURL: Setting<URL?> = Setting(
    flag: "full-report-url", key: "email.fullReportURL", placeholder: "URL",
    help: "with email: the web address --full-report is served at, linked by a shortened e-mail",
    kind: .url("an http(s) address"), commands: [.reportEmail],
    example: .commentedOut(URL(string: "https://example.com/deepcut/full-report.html")))
  package let maxPartBytes: Setting<Int> = Setting(
    key: "email.maxPartBytes", help: "the most each part of an e-mail may hold",
    kind: .integer(EmailOptions.maximumPartBytesRange), default: .value(EmailOptions.defaultMaximumPartBytes),
    example: .default())
  package let send: Setting<Bool> = Setting(
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
  /// The mail server's own.
  package let smtp: SMTPRoute.Options = SMTPRoute.Options()
  /// The mail command's own.
  package let sendmail: SendmailRoute.Options = SendmailRoute.Options()
  package let timeout: Setting<Int> = Setting(
    key: "email.timeoutSeconds", help: "how long one delivery may take", kind: .integer(5...600), default: .value(60),
    example: .default(note: "How long one delivery may take, and how long to wait before"))
  package let retryAfter: Setting<Int> = Setting(
    key: "email.retryAfterSeconds", help: "how long to wait before the one retry a delivery failed for now gets",
    kind: .integer(0...3600), default: .value(30),
    example: .default(note: "the one retry a delivery that failed for now (no connection, a 4xx reply) gets."))
}

/// The e-mail's part of the night: its message, and with `--send` its route, together.
package extension MailOptions {
  static func part(
    _ settings: Resolved, message: EmailOptions?, format: FormatName, pushing: Bool
  ) throws(CLIError) -> NightPlan.Mail? {
    let channel = try delivery(settings, format: format, pushing: pushing)
    guard let message else { return nil }
    return NightPlan.Mail(message: message, channel: channel, fullReport: try settings[\.mail.fullReport])
  }

  /// The e-mail's headers and parts, with `--format email`.
  static func message(_ settings: Resolved, format: FormatName, now: Date) throws(CLIError) -> EmailOptions? {
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

}

/// `--send`: where the e-mail is delivered, every part of it checked before the catalog is asked anything, so a
/// mistake in the mail settings costs no night.
package extension MailOptions {
  static func delivery(
    _ settings: Resolved, format: FormatName, pushing: Bool
  ) throws(CLIError) -> (any DeliveryChannel)? {
    guard try settings[\.mail.send] else { return nil }
    guard format == FormatName(EmailFormat.self) else {
      // email.send is for the nightly e-mail; a report asked for by hand in another format is only pushed.
      if settings.onCommandLine(\.mail.send), !pushing {
        throw .usage("--send goes with --format email, or with push channels (--push-channels FILE)")
      }
      return nil
    }
    return try MailRoutes.standard.channel(settings)
  }

  /// email.from; without it, mail sent as a user that is an address comes from that address, which is what a mail
  /// provider's submission server accepts; else the default sender.
  static func sender(_ settings: Resolved) throws(CLIError) -> String {
    if let from = try settings.given(\.mail.from) { return from }
    if try settings[\.mail.smtp.url] != nil, let user = try settings[\.mail.smtp.user], user.contains("@") {
      return "\(Product.name) <\(user)>"
    }
    return try settings[\.mail.from]
  }
}
