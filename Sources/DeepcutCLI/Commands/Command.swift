internal import Catalog
internal import Options
internal import SettingsKit

/// A command of the command line: its spec says its name, usage and options, `run` does it. ``Deepcut/commandTypes``
/// lists them all, once: help, dispatch, the man page and the completions read that list; the settings name them by
/// their `CommandName`s (Options), `--config` every one in `CommandName.readingConfiguration`.
protocol Command: Sendable {
  static var spec: CommandSpec { get }
  static func run(_ invocation: Invocation) async throws(CLIError) -> ExitStatus
}

/// One run of a command: its options as parsed, the words after its name as given, and the catalogs there are.
struct Invocation {
  let arguments: Arguments
  let words: [String]
  let registry: ProviderRegistry
}
