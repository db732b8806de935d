package import Delivery
package import SettingsKit

/// A way the e-mail is handed over — a mail server, a mail command — as the settings name it, `config --check`
/// describes it and setup asks for it. A route is one file here, over its channel in Delivery, and one line in
/// ``MailRoutes/standard``.
package protocol MailRoute: Sendable {
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
  /// Setup's questions for it, once the person chose it, asked through `asker`.
  static func ask(_ asker: inout some MailRouteAsker) throws(CLIError)
  /// Takes the setting that names it out of setup's draft: a route chosen after it would lose to it otherwise.
  static func forget(_ asker: inout some MailRouteAsker) throws(CLIError)
}

/// What a route's setup questions are asked through: setup, drafting config.json, on a terminal or with `--yes`.
package protocol MailRouteAsker {
  /// The command line's settings and the configuration setup started from.
  var settings: Resolved { get }
  /// After a test e-mail failed: the questions are asked again, whatever the flags said.
  var retrying: Bool { get }
  /// Whether a person answers; with `--yes`, the flags and the config do.
  var asks: Bool { get }
  /// The password typed or piped in, kept until it is written.
  var password: String? { get set }
  /// The flag's value, else a person's answer checked by `check`, else the default.
  func answer<Value>(
    _ path: KeyPath<SettingsTable, Setting<Value>>, _ question: String, default shown: String?,
    check: (Value) throws(CLIError) -> Void
  ) throws(CLIError) -> Value
  /// Sets the setting in the draft of config.json.
  mutating func set<Value>(_ path: KeyPath<SettingsTable, Setting<Value>>, to value: Value) throws(CLIError)
  /// Takes the setting out of the draft.
  mutating func remove<Value>(_ path: KeyPath<SettingsTable, Setting<Value>>) throws(CLIError)
  /// The draft's value, as config.json writes it.
  func current<Value>(_ path: KeyPath<SettingsTable, Setting<Value>>) -> String?
  /// The settings a night will read once the draft is written.
  func draftedSettings() throws(CLIError) -> Resolved
  func confirm(_ question: String) throws(CLIError) -> Bool
  /// Typed without echo.
  func secret(_ question: String) throws(CLIError) -> String
  /// A path as the config keeps it: absolute.
  func absolute(_ path: String) -> String
  /// A program on the PATH a scheduled job runs with.
  func locate(_ program: String) -> String?
}

/// The mail routes, in the order setup offers them and the configuration is read: the first the command line names,
/// else the first the configuration names, else the last, which needs no setting (the mail command).
package struct MailRoutes: Sendable {
  package let routes: [any MailRoute.Type]

  package static let standard = MailRoutes(routes: [SMTPRoute.self, SendmailRoute.self])

  package var names: [String] { routes.map { $0.name } }

  /// The route `settings` choose.
  package func chosen(_ settings: Resolved) throws(CLIError) -> any MailRoute.Type {
    let given = routes.filter { $0.onCommandLine(settings) }
    if given.count > 1 { throw .usage("give \(sentence(given.map { $0.flag }, "or")), not both") }
    if let route = given.first { return route }
    return try configured(settings) ?? routes[routes.count - 1]
  }

  /// The route the configuration names, if it names one.
  package func configured(_ settings: Resolved) throws(CLIError) -> (any MailRoute.Type)? {
    for route in routes where try route.isConfigured(settings) { return route }
    return nil
  }

  /// The channel of the route `settings` choose.
  package func channel(_ settings: Resolved) throws(CLIError) -> any DeliveryChannel {
    try chosen(settings).channel(settings, timeout: .seconds(try settings[\.mail.timeout]))
  }

  /// Asks `route`'s questions, and takes out of the draft the routes before it, which the configuration would choose
  /// over it.
  package func choose(_ route: any MailRoute.Type, _ asker: inout some MailRouteAsker) throws(CLIError) {
    try route.ask(&asker)
    for earlier in routes.prefix(while: { $0.name != route.name }) { try earlier.forget(&asker) }
  }

  /// Where the route setup's answer names stands, in any case.
  package func index(named text: String) -> Int? {
    routes.firstIndex { $0.name == text.lowercased() }
  }
}
