internal import Catalog
internal import SettingsKit

/// The shells deepcut writes a completion script for. Each script is made from the commands and their options as
/// `--help` lists them, so it offers exactly what the command line takes.
enum Shell: String, CaseIterable, Sendable {
  case bash, zsh, fish

  func script(_ registry: ProviderRegistry) -> String {
    let commands = Deepcut.commands.map { CompletedCommand($0, registry) }
    switch self {
    case .bash: return BashCompletion(program: "deepcut").script(commands)
    case .zsh: return ZshCompletion(program: "deepcut").script(commands)
    case .fish: return FishCompletion(program: "deepcut").script(commands)
    }
  }
}

extension CompletedCommand {
  /// The command as `--help` shows it, its options in its order and words, `--help` last.
  init(_ spec: CommandSpec, _ registry: ProviderRegistry) {
    self.init(
      name: spec.name, summary: spec.summary, words: spec.words,
      takesOtherArguments: spec.maxPositionals > (spec.words.isEmpty ? 0 : 1),
      options:
        spec.options(registry).map { option in
          CompletedOption(
            flag: option.flag, placeholder: option.setting.takesValue ? option.setting.placeholder ?? "VALUE" : nil,
            help: option.helpText(registry), completion: option.setting.completion(registry))
        } + [CompletedOption(flag: "help", placeholder: nil, help: "show this command's options", completion: .nothing)]
    )
  }
}
