/// What a shell's completion offers for a setting's value.
public enum Completion: Equatable, Sendable {
  /// Anything may be typed: there is nothing to offer.
  case nothing
  /// One of these words.
  case words([String])
  /// Some of these words, separated by commas.
  case list([String])
  case files
  case directories
}

/// A command as a shell completes it: its name, the words its first argument may be, and its options in `--help`'s
/// order and words, `--help` last.
public struct CompletedCommand: Sendable {
  public var name: String
  public var summary: String
  public var words: [String]
  /// Whether it takes arguments besides its words (an artist's name).
  public var takesOtherArguments: Bool
  public var options: [CompletedOption]

  public init(
    name: String, summary: String, words: [String], takesOtherArguments: Bool, options: [CompletedOption]
  ) {
    self.name = name
    self.summary = summary
    self.words = words
    self.takesOtherArguments = takesOtherArguments
    self.options = options
  }

  /// The top level's own options, beside the commands.
  public static let topLevel = [
    CompletedOption(flag: "help", placeholder: nil, help: "list the commands", completion: .nothing),
    CompletedOption(flag: "version", placeholder: nil, help: "print the version", completion: .nothing),
  ]
}

public struct CompletedOption: Sendable {
  public var flag: String
  /// What its value is called (`PATH`); nil for a switch.
  public var placeholder: String?
  public var help: String
  public var completion: Completion

  public init(flag: String, placeholder: String?, help: String, completion: Completion) {
    self.flag = flag
    self.placeholder = placeholder
    self.help = help
    self.completion = completion
  }
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
