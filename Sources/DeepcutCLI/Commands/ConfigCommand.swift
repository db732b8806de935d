internal import Catalog
internal import Foundation

/// `deepcut config --example | --check`.
enum ConfigCommand {
  static let spec = CommandSpec(
    name: "config",
    usage: "config --example | config --check [--config PATH]",
    summary: "Print a commented example configuration, or check a configuration file.",
    settings: [.example, .check, .config]
  )

  static func run(_ arguments: Arguments, registry: ProviderRegistry) throws(CLIError) -> ExitStatus {
    if arguments.has(Setting.example.name) {
      Console.out(ConfigExample.text(registry))
      return .success
    }
    guard arguments.has(Setting.check.name) else { throw .usage("config needs --example or --check") }
    let environment = ProcessInfo.processInfo.environment
    let given = arguments[Setting.config.name]
    let path = given ?? ConfigFile.defaultPath(environment: environment) ?? "config.json"
    _ = try ConfigFile.load(path: path, required: given != nil, registry: registry)
    let mail = try mailLine(Resolved(arguments, environment: environment, registry: registry))
    Console.out("\(path): fine")
    if let mail { Console.out(mail) }
    return .success
  }

  /// Where the e-mail would go, the password file checked as a run checks it, and the password never shown.
  static func mailLine(_ settings: Resolved) throws(CLIError) -> String? {
    let sending = settings.has(.send)
    guard sending || settings.text(.smtpURL) != nil else { return nil }
    let when = sending ? "" : " (with --send)"
    switch try ReportSettings.route(settings) {
    case .smtp(let server):
      let source =
        ReportSettings.passwordInEnvironment(settings) == nil
        ? settings.path(.smtpPasswordFile) ?? "" : ReportSettings.passwordVariable
      let login = server.user.map { " as \($0), the password from \(source)" } ?? ""
      return "e-mail: sent through \(server.name)\(login)\(when)"
    case .sendmail(let command):
      return "e-mail: handed to '\(command.name)'\(when)"
    }
  }
}
