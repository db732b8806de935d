import Delivery
import Foundation
import SettingsKit
import Testing

@testable import DeepcutCLI
@testable import Options

/// The mail routes choose as the settings say — the command line's, else the configuration's, else the mail command —
/// and describe themselves for `config --check`, each in its own words, its secret never shown.
struct MailRoutesTests {
  static let routes = MailRoutes.standard

  static func resolved(_ flags: [String], config: String = "{}") throws -> Resolved {
    try SettingsTableTests.resolved(flags, config: config)
  }

  @Test func theCommandLineChoosesOverTheConfigurationAndTheMailCommandStandsLast() throws {
    let server = #"{"email": {"smtp": {"url": "smtps://mail.example.org:465"}}}"#
    #expect(try Self.routes.chosen(Self.resolved([])).name == "sendmail")
    #expect(try Self.routes.chosen(Self.resolved([], config: server)).name == "smtp")
    #expect(try Self.routes.chosen(Self.resolved(["--sendmail", "msmtp -t"], config: server)).name == "sendmail")
    let command = #"{"email": {"sendmail": "msmtp -t"}}"#
    #expect(try Self.routes.chosen(Self.resolved([], config: command)).name == "sendmail")
    #expect(try Self.routes.configured(Self.resolved([])) == nil)
    #expect(
      try Self.routes.chosen(Self.resolved(["--smtp-url", "smtp://relay.example.org:587"], config: command))
        .name == "smtp")
  }

  @Test func twoRoutesOnTheCommandLineAreRefusedNamingBoth() throws {
    let both = try Self.resolved(["--smtp-url", "smtps://mail.example.org:465", "--sendmail", "msmtp -t"])
    let error = #expect(throws: CLIError.self) { try Self.routes.chosen(both) }
    #expect(error?.description == "give --smtp-url URL or --sendmail COMMAND, not both")
  }

  @Test func eachRouteDescribesItselfWithoutItsSecret() throws {
    let config = #"{"email": {"smtp": {"url": "smtps://mail.example.org:465", "user": "ana@example.org"}}}"#
    var settings = try Self.resolved([], config: config)
    settings = Resolved(
      settings.arguments, config: settings.config, environment: ["DEEPCUT_SMTP_PASSWORD": "hunter2-secret"],
      registry: settings.registry)
    let server = try Self.routes.chosen(settings).described(settings)
    #expect(server.hasPrefix("sent through ") && server.contains("mail.example.org"))
    #expect(server.hasSuffix(" as ana@example.org, the password from DEEPCUT_SMTP_PASSWORD"))
    #expect(!server.contains("hunter2"))
    let command = try Self.resolved(["--sendmail", "/usr/sbin/sendmail -t"])
    #expect(try Self.routes.chosen(command).described(command) == "handed to '/usr/sbin/sendmail -t'")
    #expect(try Self.routes.channel(command) is SendmailCommand)
  }
}

/// Setup's side of a route's questions, scripted: each answer by the setting's key, what the draft was told.
private struct ScriptedAsker: MailRouteAsker {
  let settings: Resolved
  var answers: [String: String]
  var retrying = false
  var asks = true
  var password: String?
  var set: [String] = []
  var removed: [String] = []

  func answer<Value>(
    _ path: KeyPath<SettingsTable, Setting<Value>>, _ question: String, default shown: String?,
    check: (Value) throws(CLIError) -> Void
  ) throws(CLIError) -> Value {
    let key = SettingsTable.standard[keyPath: path].key ?? ""
    let value = try settings.reading(path, asGiven: answers[key] ?? shown ?? "")
    try check(value)
    return value
  }

  mutating func set<Value>(_ path: KeyPath<SettingsTable, Setting<Value>>, to value: Value) throws(CLIError) {
    set.append(SettingsTable.standard[keyPath: path].key ?? "")
  }

  mutating func remove<Value>(_ path: KeyPath<SettingsTable, Setting<Value>>) throws(CLIError) {
    removed.append(SettingsTable.standard[keyPath: path].key ?? "")
  }

  func current<Value>(_ path: KeyPath<SettingsTable, Setting<Value>>) -> String? { nil }
  func draftedSettings() throws(CLIError) -> Resolved { settings }
  func confirm(_ question: String) throws(CLIError) -> Bool { true }
  func secret(_ question: String) throws(CLIError) -> String { "typed" }
  func absolute(_ path: String) -> String { path }
  func locate(_ program: String) -> String? { "/usr/sbin/" + program }
}

extension MailRoutesTests {
  /// A route chosen takes the routes before it out of the draft, which would otherwise win over it; the routes after
  /// it lose to it anyway and stay.
  @Test func aChosenRouteTakesTheRoutesBeforeItOutOfTheDraft() throws {
    let settings = try Self.resolved(["--to", "ana@example.org"])
    var asker = ScriptedAsker(
      settings: settings, answers: ["email.sendmail": "msmtp -t", "email.smtp.url": "smtps://mail.example.org:465"])
    try Self.routes.choose(SendmailRoute.self, &asker)
    #expect(asker.set == ["email.sendmail"] && asker.removed == ["email.smtp.url"])
    var server = ScriptedAsker(settings: settings, answers: ["email.smtp.url": "smtps://mail.example.org:465"])
    try Self.routes.choose(SMTPRoute.self, &server)
    #expect(server.set == ["email.smtp.url", "email.smtp.user"] && server.removed.isEmpty)
    #expect(server.password == "typed")
  }
}
