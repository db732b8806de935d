internal import Catalog
internal import Options
internal import SettingsKit

/// The shells deepcut writes a completion script for. Each script is made from the commands and their options as
/// `--help` lists them, so it offers exactly what the command line takes.
enum Shell: String, CaseIterable, Sendable {
  case bash, zsh, fish

  func script(_ registry: ProviderRegistry) -> String {
    let commands = Deepcut.interface(registry).completedCommands
    switch self {
    case .bash: return BashCompletion(program: "deepcut").script(commands)
    case .zsh: return ZshCompletion(program: "deepcut").script(commands)
    case .fish: return FishCompletion(program: "deepcut").script(commands)
    }
  }
}
