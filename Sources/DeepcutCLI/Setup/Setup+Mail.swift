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
  /// (69 for good, 75 for now) with `--yes`.
  mutating func chooseRouteAndTestIt() async throws(CLIError) {
    while true {
      try chooseRoute()
      if try settings[\.setup.noTestMail] {
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
  func sendTestMail() async throws(CLIError) {
    let drafted = try draftedSettings()
    let route = try MailRoutes.standard.channel(drafted)
    let from = try MailOptions.sender(drafted)
    let to = try drafted[\.mail.to]
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
    environment[SMTPRoute.passwordVariable] = password
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
