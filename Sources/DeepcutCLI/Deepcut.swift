internal import Basics
public import Catalog
public import Foundation
public import Options
internal import SettingsKit
internal import Synchronization

/// The `deepcut` command line: dispatches to a command and maps every failure to an exit status.
public enum Deepcut {
  public static let version = Product.version
  /// What it does, in the help's first line and the manual's name.
  static let tagline = "what your favourite artists released that you don't own yet"

  /// Every command, in the order help lists them.
  static let commandTypes: [any Command.Type] = [
    SetupCommand.self, ReportCommand.self, NightlyCommand.self, StatusCommand.self, ScanCommand.self, WhyCommand.self,
    ArtistsCommand.self, CacheCommand.self, ConfigCommand.self, CompletionsCommand.self, ManualCommand.self,
  ]

  /// Their specs, in the same order.
  static var commands: [CommandSpec] { commandTypes.map { $0.spec } }

  /// The command line as a value, with the catalogs of `registry` and their own settings: what parsing, help, the
  /// example configuration, the completions and the manual are made from.
  static func interface(_ registry: ProviderRegistry) -> CommandLineInterface {
    SettingsTable.interface(registry, commands: commands)
  }

  /// The comment lines `config --example` begins with.
  static let exampleHeader = [
    "deepcut configuration: $XDG_CONFIG_HOME/deepcut/config.json (usually ~/.config/deepcut/config.json).",
    "Lines starting with // are comments. Every key is optional; command-line flags override these.",
  ]

  /// What is wrong with a configuration file's contents, in the words `deepcut config --check` uses, a line for each
  /// key that is wrong; nil when nothing is. For checking files without the command line (the configuration fuzz target).
  public static func configurationProblem(in data: Data, path: String = "config.json") -> String? {
    do {
      _ = try ConfigFile.parse(data, path: path, interface(.standard))
      return nil
    } catch {
      return error.description
    }
  }

  /// The command lines the help and the manual begin with, each with what it does.
  static let examples: [(line: String, comment: String)] = [
    ("setup", "the nightly e-mail, step by step"),
    ("report --library ~/Music/Library.xml --days 30", "tonight's report, as Markdown"),
    (#"why "Calvin Harris" "One Kiss""#, "why a release is (not) in it"),
  ]

  /// Runs the command line and exits the process with its status.
  public static func main() async -> Never {
    // A write past the file-size limit (a full quota) fails with EFBIG and is reported, instead of killing us.
    Platform.ignore(signal: SIGXFSZ)
    let status = await run(arguments: Array(CommandLine.arguments.dropFirst()))
    exit(status.rawValue)
  }

  /// Runs one command line with the catalogs of `registry`; output goes to standard output and standard error.
  public static func run(arguments: [String], registry: ProviderRegistry = .standard) async -> ExitStatus {
    await outcome(arguments: arguments, registry: registry).status
  }

  /// Runs one command line, says what went wrong, and returns the status with the error that ended it, if one did.
  static func outcome(arguments: [String], registry: ProviderRegistry) async -> (status: ExitStatus, error: CLIError?) {
    await outcome { () async throws(CLIError) in try await dispatch(arguments, registry) }
  }

  /// Runs `command`, says what went wrong, and returns the status with the error that ended it, if one did.
  static func outcome(
    of command: () async throws(CLIError) -> ExitStatus
  ) async -> (status: ExitStatus, error: CLIError?) {
    do {
      let status = try await command()
      return (status, nil)
    } catch {
      if case .helpRequested(let text) = error {
        Console.out(text)
        return (.success, nil)
      }
      if case .interrupted = error {
        // The grace period may have run out meanwhile, and its line is printed already.
        if Interruption.shared.claimExit() { Console.error("deepcut: \(error.description)") }
        return (error.status, error)
      }
      for line in error.lines { Console.error("deepcut: error: \(line)") }
      return (error.status, error)
    }
  }

  private static func dispatch(_ arguments: [String], _ registry: ProviderRegistry) async throws(CLIError) -> ExitStatus
  {
    guard let first = arguments.first else {
      Console.error(help)
      return .usage
    }
    let rest = Array(arguments.dropFirst())
    switch first {
    case "--help", "-h", "help":
      Console.out(help)
      return .success
    case "--version":
      Console.out("deepcut \(version)")
      return .success
    default:
      guard let command = commandTypes.first(where: { $0.spec.name == first }) else {
        let names = commands.map(\.name)
        throw .usage(
          "unknown command '\(first)'\(didYouMean(first, names)); commands: \(names.joined(separator: ", "))")
      }
      let interface = interface(registry)
      let arguments = try CLIError.settings { () throws(SettingsError) in
        try Arguments(parsing: rest, for: command.spec, in: interface)
      }
      return try await command.run(Invocation(arguments: arguments, words: rest, registry: registry))
    }
  }

  static var help: String {
    var text = """
      deepcut \(version): \(tagline)

      usage: deepcut <command> [options]

      commands:

      """
    let width = (commands.map(\.name.count).max() ?? 0) + 2
    for command in commands {
      text += "  " + command.name.padding(toLength: width, withPad: " ", startingAt: 0) + command.summary + "\n"
    }
    text += "\nexamples:\n"
    let lineWidth = examples.map(\.line.count).max() ?? 0
    for (line, comment) in examples {
      text += "  deepcut " + line.padding(toLength: lineWidth + 3, withPad: " ", startingAt: 0) + "# \(comment)\n"
    }
    text += "\nSee 'deepcut <command> --help' for a command's options, 'deepcut manual | man -l -' for all of them.\n"
    return text
  }
}
