package import Basics
package import Delivery
internal import Foundation
package import SettingsKit

/// A mail server, over SMTP submission (`email.smtp`): its address, the user and the password, a certificate of its
/// own.
package enum SMTPRoute: MailRoute {
  package static let name = "smtp"
  package static let asked = "a mail server"
  package static let flag = "--smtp-url URL"

  package static func onCommandLine(_ settings: Resolved) -> Bool { settings.onCommandLine(\.mail.smtp.url) }

  package static func isConfigured(_ settings: Resolved) throws(CLIError) -> Bool {
    try settings[\.mail.smtp.url] != nil
  }

  package static func channel(_ settings: Resolved, timeout: Duration) throws(CLIError) -> any DeliveryChannel {
    try server(settings, timeout: timeout)
  }

  package static func described(_ settings: Resolved) throws(CLIError) -> String {
    let server = try server(settings, timeout: .seconds(try settings[\.mail.timeout]))
    let file = try settings[\.mail.smtp.passwordFile]
    let source = passwordInEnvironment(settings) == nil ? file ?? "" : passwordVariable
    return "sent through \(server.name)" + (server.user.map { " as \($0), the password from \(source)" } ?? "")
  }

  package static func server(_ settings: Resolved, timeout: Duration) throws(CLIError) -> SMTPServer {
    guard let url = try settings[\.mail.smtp.url]?.url() else { throw .usage("name the mail server: --smtp-url URL") }
    let user = try settings[\.mail.smtp.user].flatMap { $0.isEmpty ? nil : $0 }
    let password = try password(settings, user: user)
    if user != nil, password == nil {
      throw .config(
        "email.smtp.user is set but no password is: put it alone in a file only you can read (chmod 600) and name "
          + "it in email.smtp.passwordFile, or set DEEPCUT_SMTP_PASSWORD")
    }
    let caFile = try settings[\.mail.smtp.caFile]
    if let caFile, !FileManager.default.isReadableFile(atPath: caFile) {
      throw .config("email.smtp.caFile: cannot read \(caFile); give the PEM certificate of the server's authority")
    }
    return SMTPServer(
      url: url, user: user, password: password, caFile: caFile, allowInsecure: try settings[\.mail.smtp.allowInsecure],
      timeout: timeout)
  }

  /// `DEEPCUT_SMTP_PASSWORD`, else the password file, which only its owner may read. A file with one line is the
  /// password without its line break.
  package static func password(_ settings: Resolved, user: String?) throws(CLIError) -> Secret? {
    if let text = passwordInEnvironment(settings), user != nil { return Secret(text) }
    guard let path = try settings[\.mail.smtp.passwordFile] else { return nil }
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
  package static let passwordVariable = "DEEPCUT_SMTP_PASSWORD"

  package static func passwordInEnvironment(_ settings: Resolved) -> String? {
    settings.environment[passwordVariable].flatMap { $0.isEmpty ? nil : $0 }
  }
}

/// The mail server's questions: its address, the user, the certificate the command line names, the password.
extension SMTPRoute {
  package static func ask(_ asker: inout some MailRouteAsker) throws(CLIError) {
    let server = try asker.answer(
      \.mail.smtp.url, "Mail server (smtps://HOST:465, or smtp://HOST:587 for STARTTLS)",
      default: asker.current(\.mail.smtp.url)
    ) { (address) throws(CLIError) in
      guard let address else { throw .usage("name the mail server") }
      _ = try address.url()
    }
    try asker.set(\.mail.smtp.url, to: server)
    let recipient = try asker.draftedSettings()[\.mail.to].first.map(OutgoingMail.bareAddress)
    let user = try asker.answer(
      \.mail.smtp.user, "Your user name at the server", default: asker.current(\.mail.smtp.user) ?? recipient
    ) { _ throws(CLIError) in }
    try asker.set(\.mail.smtp.user, to: user)
    if asker.settings.onCommandLine(\.mail.smtp.caFile) {
      try asker.set(\.mail.smtp.caFile, to: try asker.settings[\.mail.smtp.caFile].map(asker.absolute))
    }
    try askPassword(&asker, user: user ?? "", server: (try? server?.url().host) ?? "the server")
  }

  package static func forget(_ asker: inout some MailRouteAsker) throws(CLIError) {
    try asker.remove(\.mail.smtp.url)
  }

  /// From standard input, else typed without echo; a password file the config names already may be kept.
  package static func askPassword(_ asker: inout some MailRouteAsker, user: String, server: String) throws(CLIError) {
    if asker.password != nil, !asker.retrying { return }
    let file = asker.current(\.mail.smtp.passwordFile).flatMap {
      FileManager.default.isReadableFile(atPath: $0) ? $0 : nil
    }
    guard asker.asks else {
      guard file != nil else {
        throw .usage("setup --yes needs the mail server's password on standard input: --password-stdin")
      }
      return
    }
    if let file, !asker.retrying, try asker.confirm("Keep the password in \(file)?") { return }
    asker.password = try asker.secret("Password for \(user) at \(server) (not shown)")
  }
}

package extension SMTPRoute {
  /// Its settings, under `email` in config.json.
  struct Options: SettingGroup {
    package let url: Setting<MailServerAddress?> = Setting(
      flag: "smtp-url", key: "email.smtp.url", placeholder: "URL",
      help: "with --send: the mail server, smtps://HOST:465 (TLS) or smtp://HOST:587 (STARTTLS)", kind: .mailServer,
      commands: [
        .report,
        .setup.worded("the mail server the test e-mail and the nights go through, smtps://HOST:465 or smtp://HOST:587"),
      ],
      example: .commentedOut(
        MailServerAddress(text: "smtps://smtp.example.com:465"),
        note: "The mail server: smtps://HOST:465 (TLS from the start) or smtp://HOST:587 (STARTTLS, required). The",
        "password comes from passwordFile (chmod 600) or DEEPCUT_SMTP_PASSWORD, never from this file."))
    package let user: Setting<String?> = Setting(
      flag: "smtp-user", key: "email.smtp.user", placeholder: "USER", help: "the user the mail server knows you by",
      kind: .text,
      commands: [.setup.worded("the user the mail server knows you by (default: the recipient's address)")],
      example: .commentedOut("me@example.com"))
    package let passwordFile: Setting<String?> = Setting(
      key: "email.smtp.passwordFile", help: "a file holding only the mail server's password, readable by you alone",
      kind: .path, example: .commentedOut("~/.config/deepcut/smtp-password"))
    package let caFile: Setting<String?> = Setting(
      flag: "ca-file", key: "email.smtp.caFile", placeholder: "PATH",
      help: "a PEM certificate to trust besides the system's, for a private server", kind: .path, commands: [.setup],
      example: .commentedOut(
        "/home/me/.config/deepcut/relay-ca.pem", note: "For a server whose certificate you signed."))
    package let allowInsecure: Setting<Bool> = Setting(
      key: "email.smtp.allowInsecure",
      help: "let smtp:// go on in the clear when the server offers no STARTTLS (a relay on 127.0.0.1)",
      example: .default(note: "Only for a relay on this machine: smtp:// without STARTTLS."))
  }
}
