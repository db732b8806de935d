internal import Basics
internal import Delivery
internal import Foundation
internal import Report

/// `--send`: where the e-mail is delivered, every part of it checked before the catalog is asked anything, so a
/// mistake in the mail settings costs no night.
extension ReportSettings {
  static func delivery(
    _ settings: Resolved, format: FormatName, pushing: Bool
  ) throws(CLIError) -> (any DeliveryChannel)? {
    guard try settings[\.send] else { return nil }
    guard format == FormatName(EmailFormat.self) else {
      // email.send is for the nightly e-mail; a report asked for by hand in another format is only pushed.
      if settings.onCommandLine(\.send), !pushing {
        throw .usage("--send goes with --format email, or with push channels (--push-channels FILE)")
      }
      return nil
    }
    return try route(settings)
  }

  /// SMTP when a server is named (and `--sendmail` was not asked for), else the mail command.
  static func route(_ settings: Resolved) throws(CLIError) -> any DeliveryChannel {
    let timeout = Duration.seconds(try settings[\.mailTimeout])
    if !settings.onCommandLine(\.sendmail), let url = try settings[\.smtpURL]?.url() {
      return try smtpServer(url, settings, timeout: timeout)
    }
    let text = try settings[\.sendmail]
    guard let command = SendmailCommand(text, timeout: timeout) else {
      throw .config("email.sendmail: '\(text)' is not a command (is a quote left open?)")
    }
    return command
  }

  static func smtpServer(_ url: URL, _ settings: Resolved, timeout: Duration) throws(CLIError) -> SMTPServer {
    let user = try settings[\.smtpUser].flatMap { $0.isEmpty ? nil : $0 }
    let password = try password(settings, user: user)
    if user != nil, password == nil {
      throw .config(
        "email.smtp.user is set but no password is: put it alone in a file only you can read (chmod 600) and name "
          + "it in email.smtp.passwordFile, or set DEEPCUT_SMTP_PASSWORD")
    }
    let caFile = try settings[\.smtpCAFile]
    if let caFile, !FileManager.default.isReadableFile(atPath: caFile) {
      throw .config("email.smtp.caFile: cannot read \(caFile); give the PEM certificate of the server's authority")
    }
    return SMTPServer(
      url: url, user: user, password: password, caFile: caFile, allowInsecure: try settings[\.smtpAllowInsecure],
      timeout: timeout)
  }

  /// `DEEPCUT_SMTP_PASSWORD`, else the password file, which only its owner may read. A file with one line is the
  /// password without its line break.
  static func password(_ settings: Resolved, user: String?) throws(CLIError) -> Secret? {
    if let text = passwordInEnvironment(settings), user != nil { return Secret(text) }
    guard let path = try settings[\.smtpPasswordFile] else { return nil }
    guard user != nil else {
      throw .config("email.smtp.passwordFile is set but email.smtp.user is not: set the user the server knows you by")
    }
    let unreadable = CLIError.config(
      "email.smtp.passwordFile: cannot read \(path): write the password alone in it, then chmod 600 \(path)")
    let problem: String?
    do {
      problem = try OwnerOnlyFile.problem(ofFile: path)
    } catch {
      throw unreadable
    }
    guard let data = FileManager.default.contents(atPath: path) else { throw unreadable }
    if let problem { throw .config("email.smtp.passwordFile \(problem)") }
    var text = String(decoding: data, as: UTF8.self)
    while text.last?.isNewline == true { text.removeLast() }
    guard !text.isEmpty else { throw .config("email.smtp.passwordFile \(path) is empty: write the password in it") }
    return Secret(text)
  }

  /// The environment variable that holds the password, and its value when it is set and not empty.
  static let passwordVariable = "DEEPCUT_SMTP_PASSWORD"

  static func passwordInEnvironment(_ settings: Resolved) -> String? {
    settings.environment[passwordVariable].flatMap { $0.isEmpty ? nil : $0 }
  }

  /// email.from; without it, mail sent as a user that is an address comes from that address, which is what a mail
  /// provider's submission server accepts; else the default sender.
  static func sender(_ settings: Resolved) throws(CLIError) -> String {
    if let from = try settings.given(\.from) { return from }
    if try settings[\.smtpURL] != nil, let user = try settings[\.smtpUser], user.contains("@") {
      return "\(Product.name) <\(user)>"
    }
    return try settings[\.from]
  }
}
