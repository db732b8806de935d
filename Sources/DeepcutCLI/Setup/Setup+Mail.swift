internal import Basics
internal import Delivery
internal import Foundation
internal import Report
internal import Scheduling
internal import SettingsKit

/// The mail route — a server, or a mail command — and the test e-mail that proves it before anything is written.
extension Setup {
  /// Asks for the route until a test e-mail goes through it (on a terminal), or fails as `report --send` would
  /// (69 for good, 75 for now) with `--yes`.
  mutating func chooseRouteAndTestIt() async throws(CLIError) {
    while true {
      try chooseRoute()
      if try settings[\.noTestMail] {
        Console.out("no test e-mail (--no-test-mail): the first night's e-mail is the test")
        return
      }
      do {
        try await sendTestMail()
        retrying = false
        return
      } catch {
        guard prompter.asks else { throw error }
        Console.out("  \(error.description)")
        guard try prompter.confirm("Change the mail settings and try again?") else { throw error }
        retrying = true
      }
    }
  }

  mutating func chooseRoute() throws(CLIError) {
    let configured = current(\.smtpURL) != nil ? "smtp" : current(\.sendmail) != nil ? "sendmail" : nil
    let route: String
    if !retrying, settings.onCommandLine(\.sendmail) {
      route = "sendmail"
    } else if !retrying, settings.onCommandLine(\.smtpURL) {
      route = "smtp"
    } else {
      route = try askRoute(default: configured)
    }
    if route == "smtp" { try chooseServer() } else { try chooseCommand() }
  }

  func askRoute(default configured: String?) throws(CLIError) -> String {
    try prompter.ask(
      "Send through a mail server (smtp) or a mail command on this machine (sendmail)",
      default: configured ?? (prompter.asks ? "smtp" : nil), flag: "--smtp-url URL or --sendmail COMMAND"
    ) { (typed) throws(CLIError) -> String in
      guard ["smtp", "sendmail"].contains(typed.lowercased()) else { throw .usage("answer smtp or sendmail") }
      return typed.lowercased()
    }
  }

  mutating func chooseServer() throws(CLIError) {
    let server = try answer(
      \.smtpURL, "Mail server (smtps://HOST:465, or smtp://HOST:587 for STARTTLS)", default: current(\.smtpURL)
    ) { (address) throws(CLIError) in
      guard let address else { throw .usage("name the mail server") }
      _ = try address.url()
    }
    try set(\.smtpURL, to: server)
    let recipient = try draftedSettings()[\.to].first.map(OutgoingMail.bareAddress)
    let user = try answer(\.smtpUser, "Your user name at the server", default: current(\.smtpUser) ?? recipient)
    try set(\.smtpUser, to: user)
    if settings.onCommandLine(\.smtpCAFile) { try set(\.smtpCAFile, to: try settings[\.smtpCAFile].map(Self.absolute)) }
    try choosePassword(user: user ?? "", server: (try? server?.url().host) ?? "the server")
  }

  /// From standard input, else typed without echo; a password file the config names already may be kept.
  mutating func choosePassword(user: String, server: String) throws(CLIError) {
    if password != nil, !retrying { return }
    let file = current(\.smtpPasswordFile).flatMap { FileManager.default.isReadableFile(atPath: $0) ? $0 : nil }
    guard prompter.asks else {
      guard file != nil else {
        throw .usage("setup --yes needs the mail server's password on standard input: --password-stdin")
      }
      return
    }
    if let file, !retrying, try prompter.confirm("Keep the password in \(file)?") { return }
    password = try prompter.secret("Password for \(user) at \(server) (not shown)")
  }

  mutating func chooseCommand() throws(CLIError) {
    let command = try answer(
      \.sendmail, "Mail command (it reads the message on standard input)",
      default: current(\.sendmail)
        ?? SendmailCommand.standard
    ) { (text) throws(CLIError) in
      guard SendmailCommand(text, timeout: .seconds(60)) != nil else {
        throw .usage("'\(text)' is not a command (is a quote left open?)")
      }
    }
    // cron's PATH is /usr/bin:/bin: a command found here in another folder is named by its whole path.
    try set(\.sendmail, to: absoluteCommand(command))
    // A server named in the file would win over the command.
    if draft.value(at: "email.smtp.url") != nil {
      try Self.editing { () throws(SettingsError) in try draft.remove("email.smtp.url") }
    }
  }

  func absoluteCommand(_ command: String) -> String {
    let words = command.split(separator: " ", maxSplits: 1).map(String.init)
    guard let program = words.first, !program.contains("/"), !program.contains("'"), !program.contains("\""),
      let found = installer.locate(program)
    else { return command }
    return ([found] + words.dropFirst()).joined(separator: " ")
  }

  /// Sends a short message through the route the draft names, and says what the server answered.
  func sendTestMail() async throws(CLIError) {
    let drafted = try draftedSettings()
    let route = try ReportSettings.route(drafted)
    let from = try ReportSettings.sender(drafted)
    let to = try drafted[\.to]
    Console.out("sending a test e-mail to \(to.joined(separator: ", ")) through \(route.name)…")
    let options = EmailOptions(from: from, to: to, subject: nil, date: Date(), maximumPartBytes: 100_000)
    let message = EmailMessage.composePlain(
      text: Self.testText(route.name), subject: Self.testSubject, options: options)
    let mail = OutgoingMail(
      message: Data(message.utf8), sender: OutgoingMail.bareAddress(from), recipients: to.map(OutgoingMail.bareAddress))
    do {
      let receipt = try await Courier(route, retryAfter: .seconds(2)).deliver(mail)
      Console.out("  accepted: \(receipt.reply)")
    } catch {
      throw .setup(
        "the test e-mail was not delivered through \(route.name): \(error); fix that and run deepcut setup again "
          + "(nothing was written or scheduled)", error.isTemporary ? .tempFail : .unavailable)
    }
  }

  /// The settings a night will read once the draft is written, the password as a run reads DEEPCUT_SMTP_PASSWORD.
  func draftedSettings() throws(CLIError) -> Resolved {
    let interface = Deepcut.interface(settings.registry)
    let (config, arguments) = try CLIError.settings { () throws(SettingsError) in
      (
        try ConfigFile.parse(Data(draft.text.utf8), path: configPath, interface),
        try Arguments(parsing: [], for: SetupCommand.spec, in: interface)
      )
    }
    var environment = settings.environment
    environment[ReportSettings.passwordVariable] = password
    return Resolved(
      arguments, config: config, environment: environment, registry: settings.registry, startedAt: settings.startedAt)
  }

  static let testSubject = "deepcut is set up: this is its test e-mail"

  static func testText(_ route: String) -> String {
    """
    This is the test e-mail 'deepcut setup' sent through \(route).

    It arrived, so the nightly e-mail will too: each night it lists what the artists you own released that you \
    don't own yet. 'deepcut status' tells how the nights went.
    """
  }
}
