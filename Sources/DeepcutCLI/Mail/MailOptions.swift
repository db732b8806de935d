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

/// The e-mail, its message and its route together: what makes ``NightPlan/Mail``. Each route's own settings are
/// its group, in its file.
struct MailOptions: SettingGroup {
  let to: Setting<[String]> = Setting(
    flag: "to", key: "email.to", placeholder: "ADDRESS",
    help: "e-mail recipient; repeat the option or separate addresses with commas", kind: .addresses,
    default: .value([]), commands: [.reportEmail, .setup.worded("who gets the nightly e-mail")],
    example: .value(["me@example.com"]).placed(after: \SettingsTable.catalogs.budget))
  let from: Setting<String> = Setting(
    flag: "from", key: "email.from", placeholder: "ADDRESS", help: "e-mail sender", kind: .text,
    default: .value("deepcut <deepcut@localhost>"),
    commands: [.reportEmail, .setup.worded("the e-mail's sender (default: deepcut <the recipient's address>)")],
    example: .value("deepcut <deepcut@example.com>"))
  let subject: Setting<String?> = Setting(
    flag: "subject", key: "email.subject", placeholder: "TEXT", help: "e-mail subject (default: {default})",
    kind: .text, default: .described("the report's headline"), commands: [.reportEmail],
    example: .value("New music for you"))
  let fullReport: Setting<String?> = Setting(
    flag: "full-report", key: "email.fullReport", placeholder: "PATH",
    help: "with email: also write the whole report as HTML here (the file a shortened e-mail attaches)",
    kind: .path, commands: [.reportEmail],
    example: .commentedOut(
      "/home/me/deepcut/full-report.html",
      note: "Also write the whole report as HTML here. An e-mail too long for mail (over 100 KB, where Gmail cuts",
      "messages) lists the most played artists first and carries the whole report attached (deepcut-DATE.html);",
      "this path is never put in the e-mail, but fullReportURL is, if the file is served."))
  let fullReportURL: Setting<URL?> = Setting(
    flag: "full-report-url", key: "email.fullReportURL", placeholder: "URL",
    help: "with email: the web address --full-report is served at, linked by a shortened e-mail",
    kind: .url("an http(s) address"), commands: [.reportEmail],
    example: .commentedOut(URL(string: "https://example.com/deepcut/full-report.html")))
  let maxPartBytes: Setting<Int> = Setting(
    key: "email.maxPartBytes", help: "the most each part of an e-mail may hold",
    kind: .integer(EmailOptions.maximumPartBytesRange), default: .value(EmailOptions.defaultMaximumPartBytes),
    example: .default())
  let send: Setting<Bool> = Setting(
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
  let smtp: SMTPRoute.Options = SMTPRoute.Options()
  /// The mail command's own.
  let sendmail: SendmailRoute.Options = SendmailRoute.Options()
  let mailTimeout: Setting<Int> = Setting(
    key: "email.timeoutSeconds", help: "how long one delivery may take", kind: .integer(5...600), default: .value(60),
    example: .default(note: "How long one delivery may take, and how long to wait before"))
  let mailRetry: Setting<Int> = Setting(
    key: "email.retryAfterSeconds", help: "how long to wait before the one retry a delivery failed for now gets",
    kind: .integer(0...3600), default: .value(30),
    example: .default(note: "the one retry a delivery that failed for now (no connection, a 4xx reply) gets."))
}
