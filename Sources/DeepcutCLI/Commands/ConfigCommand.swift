internal import Basics
internal import Catalog
internal import Delivery
internal import Foundation
internal import Options
internal import SettingsKit

/// `deepcut config --example | --check`.
enum ConfigCommand: Command {
  static let spec = CommandSpec(
    command: .config,
    usage: "config --example | config --check [--config PATH]",
    summary: "Print a commented example configuration, or check a configuration file."
  )

  static func run(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
    let (arguments, registry) = (invocation.arguments, invocation.registry)
    // Before the configuration is read: an example is printed whatever the file holds.
    let table = SettingsTable.standard
    if arguments.gives(table.commands.example) {
      Console.out(ConfigExample.text(header: Deepcut.exampleHeader, Deepcut.interface(registry)))
      return .success
    }
    guard arguments.gives(table.commands.check) else { throw .usage("config needs --example or --check") }
    // The file a run would read (`--config`'s as its kind reads it, `~/` for the home folder), read as it would.
    let settings = try Resolved(arguments, environment: ProcessInfo.processInfo.environment, registry: registry)
    let mail = try mailLine(settings)
    let push = try pushLines(settings)
    Console.out("\(settings.config.path): fine")
    if let mail { Console.out(mail) }
    for line in push { Console.out(line) }
    return .success
  }

  /// Each push channel the channels file names, made as a night makes it (a wrong line names its place), by the
  /// name logs give it: never its token.
  static func pushLines(_ settings: Resolved) throws(CLIError) -> [String] {
    let addresses = try PushOptions.addresses(settings)
    guard !addresses.isEmpty else { return [] }
    let urls = try settings[\.push.serviceURLs]
    let channels: [any PushChannel]
    do {
      channels = try PushOptions.channels(addresses, serviceURLs: urls)
    } catch {
      throw .config(error.description)
    }
    let when = try settings[\.mail.send] ? "" : " (with --send)"
    let path = try PushOptions.channelsPath(settings)
    return ["push: \(channels.count) channel\(channels.count == 1 ? "" : "s") in \(path)\(when)"]
      + channels.map { "  \($0.name)" }
  }

  /// Where the e-mail would go, the route's secret checked as a run checks it, and never shown.
  static func mailLine(_ settings: Resolved) throws(CLIError) -> String? {
    let sending = try settings[\.mail.send]
    let routes = MailRoutes.standard
    let configured = try routes.configured(settings)
    guard sending || configured != nil else { return nil }
    return "e-mail: \(try routes.chosen(settings).described(settings))\(sending ? "" : " (with --send)")"
  }
}
