internal import Basics
internal import Delivery
internal import SettingsKit

/// A way the e-mail is handed over — a mail server, a mail command — as the settings name it, `config --check`
/// describes it and setup asks for it. A route is one file here, over its channel in Delivery, and one line in
/// ``MailRoutes/standard``.
protocol MailRoute: Sendable {
  /// What setup's question calls it: "smtp".
  static var name: String { get }
  /// What it is, in setup's question: "a mail server".
  static var asked: String { get }
  /// The flag that chooses it, with its placeholder: "--smtp-url URL".
  static var flag: String { get }
  /// Whether the command line names it.
  static func onCommandLine(_ settings: Resolved) -> Bool
  /// Whether the configuration names it.
  static func isConfigured(_ settings: Resolved) throws(CLIError) -> Bool
  /// Its channel, every part of it checked before the night asks anything.
  static func channel(_ settings: Resolved, timeout: Duration) throws(CLIError) -> any DeliveryChannel
  /// Where the e-mail goes, for `config --check`: where its secret comes from, never the secret.
  static func described(_ settings: Resolved) throws(CLIError) -> String
  /// Setup's questions for it, once the person chose it.
  static func ask(_ setup: inout Setup) throws(CLIError)
}

/// The mail routes, in the order setup offers them and the configuration is read: the first the command line names,
/// else the first the configuration names, else the last, which needs no setting (the mail command).
struct MailRoutes: Sendable {
  let routes: [any MailRoute.Type]

  static let standard = MailRoutes(routes: [SMTPRoute.self, SendmailRoute.self])

  var names: [String] { routes.map { $0.name } }

  /// The route `settings` choose.
  func chosen(_ settings: Resolved) throws(CLIError) -> any MailRoute.Type {
    let given = routes.filter { $0.onCommandLine(settings) }
    if given.count > 1 { throw .usage("give \(sentence(given.map { $0.flag }, "or")), not both") }
    if let route = given.first { return route }
    return try configured(settings) ?? routes[routes.count - 1]
  }

  /// The route the configuration names, if it names one.
  func configured(_ settings: Resolved) throws(CLIError) -> (any MailRoute.Type)? {
    for route in routes where try route.isConfigured(settings) { return route }
    return nil
  }

  /// The channel of the route `settings` choose.
  func channel(_ settings: Resolved) throws(CLIError) -> any DeliveryChannel {
    try chosen(settings).channel(settings, timeout: .seconds(try settings[\.mail.timeout]))
  }

  /// Where the route setup's answer names stands, in any case.
  func index(named text: String) -> Int? {
    routes.firstIndex { $0.name == text.lowercased() }
  }
}
