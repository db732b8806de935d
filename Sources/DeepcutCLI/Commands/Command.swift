internal import Catalog
internal import SettingsKit

/// A command of the command line: its spec says its name, usage and options, `run` does it. ``Deepcut/commandTypes``
/// lists them all, once: help, dispatch, the man page, the completions and the settings' `--config` read that list.
protocol Command: Sendable {
  static var spec: CommandSpec { get }
  /// Whether it reads config.json: the commands that print deepcut's own documentation read nothing.
  static var readsConfiguration: Bool { get }
  static func run(_ invocation: Invocation) async throws(CLIError) -> ExitStatus
}

extension Command {
  static var readsConfiguration: Bool { true }
}

/// One run of a command: its options as parsed, the words after its name as given, and the catalogs there are.
struct Invocation {
  let arguments: Arguments
  let words: [String]
  let registry: ProviderRegistry
}
