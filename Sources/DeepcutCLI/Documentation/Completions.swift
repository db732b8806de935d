internal import Catalog

/// The shells deepcut writes a completion script for. Each script is made from the commands and their options as
/// `--help` lists them, so it offers exactly what the command line takes.
enum Shell: String, CaseIterable, Sendable {
  case bash, zsh, fish

  func script(_ registry: ProviderRegistry) -> String {
    let commands = Deepcut.commands.map { CompletedCommand($0, registry) }
    switch self {
    case .bash: return BashCompletion.script(commands)
    case .zsh: return ZshCompletion.script(commands)
    case .fish: return FishCompletion.script(commands)
    }
  }
}

/// A command as a shell completes it: its name, the words its first argument may be, and its options in `--help`'s
/// order and words, `--help` last.
struct CompletedCommand {
  var name: String
  var summary: String
  var words: [String]
  /// Whether it takes arguments besides its words (an artist's name).
  var takesOtherArguments: Bool
  var options: [CompletedOption]

  init(_ spec: CommandSpec, _ registry: ProviderRegistry) {
    name = spec.name
    summary = spec.summary
    words = spec.words
    takesOtherArguments = spec.maxPositionals > (spec.words.isEmpty ? 0 : 1)
    options =
      spec.options(registry).map { option in
        CompletedOption(
          flag: option.flag, placeholder: option.setting.takesValue ? option.setting.placeholder ?? "VALUE" : nil,
          help: option.helpText(registry), completion: option.setting.completion(registry))
      } + [CompletedOption(flag: "help", placeholder: nil, help: "show this command's options", completion: .nothing)]
  }

  /// The top level's own options, beside the commands.
  static let topLevel = [
    CompletedOption(flag: "help", placeholder: nil, help: "list the commands", completion: .nothing),
    CompletedOption(flag: "version", placeholder: nil, help: "print the version", completion: .nothing),
  ]
}

struct CompletedOption {
  var flag: String
  /// What its value is called (`PATH`); nil for a switch.
  var placeholder: String?
  var help: String
  var completion: Completion
}

/// Names that share one text.
typealias Group = (names: [String], text: String)

/// `items` gathered by the text each makes, in the order each text first comes, with the names of those that make it:
/// a script says once what several commands (`report` and `nightly`) share.
func grouped<Item>(_ items: [(name: String, item: Item)], by text: (Item) -> String) -> [Group] {
  var groups: [Group] = []
  for (name, item) in items {
    let made = text(item)
    if let index = groups.firstIndex(where: { $0.text == made }) {
      groups[index].names.append(name)
    } else {
      groups.append(([name], made))
    }
  }
  return groups
}
