internal import Basics
internal import Delivery
internal import Foundation
internal import Options
internal import Report
internal import Scheduling
internal import SettingsKit

/// The mail route — a server, or a mail command — and the test e-mail that proves it before anything is written.
extension Setup {
  /// Asks for the route until a test e-mail goes through it (on a terminal), or fails as `report --send` would
  /// (69 for good, 75 for now) with `--yes`. A server whose certificate is not trusted is asked for the certificate
  /// right here, and the test e-mail goes again.
  mutating func chooseRouteAndTestIt() async throws(CLIError) {
    var asking = true
    while true {
      if asking { try chooseRoute() }
      if try settings[\.setup.noTestMail] {
        Console.out("no test e-mail (--no-test-mail): the first night's e-mail is the test")
        return
      }
      guard let failure = try await sendTestMail() else {
        retrying = false
        return
      }
      guard prompter.asks else { throw failure.error }
      Console.out("  \(failure.error.description)")
      if case .untrusted = failure.cause, try chooseCertificate() {
        asking = false
        continue
      }
      guard try prompter.confirm("Change the mail settings and try again?") else { throw failure.error }
      (retrying, asking) = (true, true)
    }
  }

  /// The certificate to trust for a server no authority the system trusts signed: how to get it, in one line, then
  /// its file, checked as PEM here and by the test e-mail that follows. False when the person would rather change the
  /// other settings.
  mutating func chooseCertificate() throws(CLIError) -> Bool {
    let server = try draftedSettings()[\.mail.smtp.url]?.url()
    let host = server?.host ?? "HOST"
    let tls = server?.scheme == "smtps"
    Console.out(
      "  to get its certificate: openssl s_client -connect \(host):\(server?.port ?? (tls ? 465 : 587))"
        + (tls ? "" : " -starttls smtp") + " -showcerts </dev/null, and save the last BEGIN…END CERTIFICATE block")
    guard try prompter.confirm("Trust a certificate you have for \(host)?") else { return false }
    let path = try prompter.ask("Its certificate file (PEM)", default: nil, flag: "--ca-file PATH") {
      (typed) throws(CLIError) -> String in
      let path = Self.absolute(NSString(string: typed).expandingTildeInPath)
      guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw .usage("cannot read \(path)") }
      guard text.contains("-----BEGIN CERTIFICATE-----") else {
        throw .usage("\(path) holds no PEM certificate (a -----BEGIN CERTIFICATE----- block)")
      }
      return path
    }
    try set(\.mail.smtp.caFile, to: path)
    return true
  }

  mutating func chooseRoute() throws(CLIError) {
    let routes = MailRoutes.standard
    let given = retrying ? nil : routes.routes.first { $0.onCommandLine(settings) }
    let route: any MailRoute.Type
    if let given {
      route = given
    } else {
      route = try askRoute(routes, default: try routes.configured(draftedSettings()))
    }
    try routes.choose(route, &self)
  }

  func askRoute(
    _ routes: MailRoutes, default configured: (any MailRoute.Type)?
  ) throws(CLIError) -> any MailRoute.Type {
    let offered = routes.routes.map { "\($0.asked) (\($0.name))" }
    let chosen = try prompter.ask(
      "Send through \(sentence(offered, "or"))", default: configured?.name ?? (prompter.asks ? routes.names[0] : nil),
      flag: sentence(routes.routes.map { $0.flag }, "or")
    ) { (typed) throws(CLIError) -> Int in
      guard let index = routes.index(named: typed) else { throw .usage("answer \(sentence(routes.names, "or"))") }
      return index
    }
    return routes.routes[chosen]
  }

  /// Sends a short message through the route the draft names, and says what the server answered.
  /// Nil once the server took it; else why not, and the error setup ends with if it goes no further.
  func sendTestMail() async throws(CLIError) -> (cause: DeliveryError, error: CLIError)? {
    let drafted = try draftedSettings()
    let route = try MailRoutes.standard.channel(drafted)
    let from = try MailOptions.sender(drafted)
    let to = try drafted[\.mail.to]
    Console.out("sending a test e-mail to \(to.joined(separator: ", ")) through \(route.name)…")
    let options = EmailOptions(from: from, to: to, subject: nil, date: Date(), maximumPartBytes: 100_000)
    let message = EmailMessage.composePlain(
      text: Self.testText(route.name, cadence), subject: Self.testSubject, options: options)
    let mail = OutgoingMail(
      message: Data(message.utf8), sender: OutgoingMail.bareAddress(from), recipients: to.map(OutgoingMail.bareAddress))
    do {
      let receipt = try await Courier(route, retryAfter: .seconds(2)).deliver(mail)
      Console.out("  accepted: \(receipt.reply)")
      return nil
    } catch {
      let ending = CLIError.setup(
        "the test e-mail was not delivered through \(route.name): \(error); fix that and run deepcut setup again "
          + "(nothing was written or scheduled)", error.isTemporary ? .tempFail : .unavailable)
      return (error, ending)
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
    environment[SMTPRoute.passwordVariable] = password
    return Resolved(
      arguments, config: config, environment: environment, registry: settings.registry, startedAt: settings.startedAt)
  }

  static let testSubject = "deepcut is set up: this is its test e-mail"

  static func testText(_ route: String, _ cadence: Cadence = .nightly) -> String {
    let mail = cadence.weekday == nil ? "nightly" : "weekly"
    return """
      This is the test e-mail 'deepcut setup' sent through \(route).

      It arrived, so the \(mail) e-mail will too: \(cadence.each) it lists what the artists you own released that you \
      don't own yet. 'deepcut status' tells how the nights went.
      """
  }
}
