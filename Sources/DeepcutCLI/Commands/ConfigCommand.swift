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
    Console.out("\(path): fine")
    return .success
  }
}
