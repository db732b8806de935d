import Delivery
import Foundation
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
