internal import Catalog
internal import SettingsKit

/// What one command accepts, and its help text. Its options are the settings whose declarations name it, in the
/// table's order (or where a declaration places one), each in the words the declaration gives it for this command.
struct CommandSpec: Sendable {
  var command: CommandName
  /// Another command whose options it takes, as that one takes them (`nightly` takes `report`'s).
  var takesOptionsOf: CommandName?
  var usage: String
  var summary: String
  /// How many positional arguments the command takes at most.
  var maxPositionals = 0
  /// Command lines worth copying, shown under the options.
  var examples: [String] = []
  /// The words its first argument may be (`cache stats`), which the shells complete.
  var words: [String] = []

  var name: String { command.rawValue }

  /// One option of the command: a setting, as this command shows it.
  struct Option {
    var setting: any SettingDeclaration
    var use: SettingUse
    var flag: String

    /// `--days N`, `--quiet`.
    var label: String { "--" + flag + (setting.placeholder.map { " " + $0 } ?? "") }

    func helpText(_ registry: ProviderRegistry) -> String {
      use.words.map { setting.filled($0.words(registry), registry) } ?? setting.helpText(registry)
    }
  }

  /// The options, the catalogs' own among them where the table puts them.
  func options(_ registry: ProviderRegistry) -> [Option] {
    let options = SettingsTable.settings(registry).compactMap { setting -> Option? in
      guard let flag = setting.flag, let use = setting.use(in: takesOptionsOf ?? command) else { return nil }
      return Option(setting: setting, use: use, flag: flag)
    }
    return placing(options) { option in
      guard let anchor = option.use.anchor, let target = SettingsTable.setting(at: anchor) else { return nil }
      return options.firstIndex { $0.setting.name == target.name }
    }
  }

  /// The refusal of `--flag` (or `-flag`) this command does not take: the command that does take it, when one does,
  /// else the nearest of its own options (a single dash for two is a slip too), from the list its help shows.
  func unknownOption(_ flag: String, dashes: String, _ registry: ProviderRegistry) -> CLIError {
    let given = dashes + flag
    let see = "; see 'deepcut \(name) --help'"
    let others = Deepcut.commands.filter { other in
      other.command != command && other.options(registry).contains { $0.flag == flag }
    }
    if dashes == "--", !others.isEmpty {
      let owners = sentence(others.map { "'deepcut \($0.name)'" }, "and")
      return .usage("'\(given)' is an option of \(owners), not 'deepcut \(name)'\(see)")
    }
    let hint = didYouMean(flag, options(registry).map(\.flag), prefix: "--")
    let scope = dashes == "--" ? " for 'deepcut \(name)'" : ""
    return .usage("unknown option '\(given)'\(scope)\(hint)\(see)")
  }

  func help(_ registry: ProviderRegistry) -> String {
    var text = "usage: deepcut \(usage)\n\n\(summary)\n"
    let options = options(registry)
    if !options.isEmpty {
      text += "\noptions:\n"
      let width = options.map(\.label.count).max() ?? 0
      for option in options {
        text +=
          "  " + option.label + String(repeating: " ", count: width - option.label.count + 2)
          + option.helpText(registry) + "\n"
      }
    }
    if !examples.isEmpty {
      text += "\nexamples:\n" + examples.map { "  deepcut \($0)\n" }.joined()
    }
    return text
  }
}

/// Parsed arguments of one command: positionals, the values each option was given, and the flags given.
struct Arguments: Sendable {
  var positionals: [String] = []
  /// Every value of each option, in order (`--to a --to b`), by flag.
  var values: [String: [String]] = [:]
  var flags: Set<String> = []

  /// Whether `setting`'s flag was given: with a value, or alone.
  func gives(_ setting: any SettingDeclaration) -> Bool {
    guard let flag = setting.flag else { return false }
    return flags.contains(flag) || values[flag] != nil
  }

  /// Parses `--name value`, `--name=value`, flags, and `--` before positionals that start with a dash.
  init(parsing arguments: [String], for spec: CommandSpec, registry: ProviderRegistry = .standard) throws(CLIError) {
    let options = spec.options(registry)
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      guard !onlyPositionals, argument.hasPrefix("--"), argument.count > 2 else {
        if argument == "--", !onlyPositionals {
          onlyPositionals = true
          continue
        }
        if argument.hasPrefix("-"), argument != "-", !onlyPositionals {
          if argument == "-h" {
            throw .helpRequested(spec.help(registry))
          }
          throw spec.unknownOption(String(argument.dropFirst()), dashes: "-", registry)
        }
        positionals.append(argument)
        continue
      }
      var name = String(argument.dropFirst(2))
      var inlineValue: String?
      if let equals = name.firstIndex(of: "=") {
        inlineValue = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      if name == "help" { throw .helpRequested(spec.help(registry)) }
      guard let option = options.first(where: { $0.flag == name }) else {
        throw spec.unknownOption(name, dashes: "--", registry)
      }
      guard option.setting.takesValue else {
        guard inlineValue == nil else { throw .usage("'--\(name)' takes no value") }
        flags.insert(name)
        continue
      }
      if let inlineValue {
        values[name, default: []].append(inlineValue)
      } else if index < arguments.count {
        values[name, default: []].append(arguments[index])
        index += 1
      } else {
        throw .usage("'--\(name)' needs a value: \(option.label)")
      }
    }
    if positionals.count > spec.maxPositionals {
      throw .usage("unexpected argument '\(positionals[spec.maxPositionals])'; see 'deepcut \(spec.name) --help'")
    }
  }
}
