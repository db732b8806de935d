/// What one command accepts, and its help text. Its options are the settings whose declarations name it, in the
/// table's order (or where a declaration places one), each in the words the declaration gives it for this command.
public struct CommandSpec: Sendable {
  public var command: CommandName
  /// Another command whose options it takes, as that one takes them (`nightly` takes `report`'s).
  public var takesOptionsOf: CommandName?
  public var usage: String
  public var summary: String
  /// How many positional arguments the command takes at most.
  public var maxPositionals: Int
  /// Command lines worth copying, shown under the options.
  public var examples: [String]
  /// The words its first argument may be (`cache stats`), which the shells complete.
  public var words: [String]

  public init(
    command: CommandName, takesOptionsOf: CommandName? = nil, usage: String, summary: String, maxPositionals: Int = 0,
    examples: [String] = [], words: [String] = []
  ) {
    self.command = command
    self.takesOptionsOf = takesOptionsOf
    self.usage = usage
    self.summary = summary
    self.maxPositionals = maxPositionals
    self.examples = examples
    self.words = words
  }

  public var name: String { command.rawValue }

  /// One option of the command: a setting, as this command shows it.
  public struct Option {
    public var setting: any SettingDeclaration
    public var use: SettingUse
    public var flag: String

    /// `--days N`, `--quiet`.
    public var label: String { "--" + flag + (setting.placeholder.map { " " + $0 } ?? "") }

    public func helpText(_ units: any SettingUnitRegistry) -> String {
      use.words.map { setting.filled($0.words(units), units) } ?? setting.helpText(units)
    }
  }
}

/// A program's command line as a value: its commands, its settings in their table's order, the units there are.
/// Parsing, help, the refusal of an unknown option, the example configuration, the completions and the manual are
/// all made from it, so they never disagree.
public struct CommandLineInterface: Sendable {
  public var program: String
  /// Every command, in the order help lists them.
  public var commands: [CommandSpec]
  /// Every setting, in the table's order.
  public var settings: [any SettingDeclaration]
  public var units: any SettingUnitRegistry
  /// The setting a table's key path names: what an anchor places a setting after.
  public var anchored: @Sendable (SettingAnchor) -> (any SettingDeclaration)?
  /// Keys config.json may not hold, with what to do instead.
  public var refusedKeys: [String: String]

  public init(
    program: String, commands: [CommandSpec], settings: [any SettingDeclaration], units: any SettingUnitRegistry,
    refusedKeys: [String: String] = [:], anchored: @escaping @Sendable (SettingAnchor) -> (any SettingDeclaration)?
  ) {
    self.program = program
    self.commands = commands
    self.settings = settings
    self.units = units
    self.refusedKeys = refusedKeys
    self.anchored = anchored
  }

  /// Every setting config.json may hold.
  public var configurable: [any SettingDeclaration] { settings.filter { $0.key != nil } }

  /// The command that prints an example configuration, which messages about config.json point to.
  public var exampleCommand: String { program + " config --example" }

  /// The options of `spec`, in the table's order, each where its use places it.
  public func options(of spec: CommandSpec) -> [CommandSpec.Option] {
    let options = settings.compactMap { setting -> CommandSpec.Option? in
      guard let flag = setting.flag, let use = setting.use(in: spec.takesOptionsOf ?? spec.command) else { return nil }
      return CommandSpec.Option(setting: setting, use: use, flag: flag)
    }
    return placing(options) { option in
      guard let anchor = option.use.anchor, let target = anchored(anchor) else { return nil }
      return options.firstIndex { $0.setting.name == target.name }
    }
  }

  /// The refusal of `--flag` (or `-flag`) `spec` does not take: the command that does take it, when one does, else
  /// the nearest of its own options (a single dash for two is a slip too), from the list its help shows.
  public func unknownOption(_ flag: String, dashes: String, of spec: CommandSpec) -> SettingsError {
    let given = dashes + flag
    let see = "; see '\(program) \(spec.name) --help'"
    let others = commands.filter { other in
      other.command != spec.command && options(of: other).contains { $0.flag == flag }
    }
    if dashes == "--", !others.isEmpty {
      let owners = sentence(others.map { "'\(program) \($0.name)'" }, "and")
      return .usage("'\(given)' is an option of \(owners), not '\(program) \(spec.name)'\(see)")
    }
    let hint = didYouMean(flag, options(of: spec).map(\.flag), prefix: "--")
    let scope = dashes == "--" ? " for '\(program) \(spec.name)'" : ""
    return .usage("unknown option '\(given)'\(scope)\(hint)\(see)")
  }

  /// `PROGRAM COMMAND --help`: usage, summary, options, examples.
  public func help(_ spec: CommandSpec) -> String {
    var text = "usage: \(program) \(spec.usage)\n\n\(spec.summary)\n"
    let options = options(of: spec)
    if !options.isEmpty {
      text += "\noptions:\n"
      let width = options.map(\.label.count).max() ?? 0
      for option in options {
        text +=
          "  " + option.label + String(repeating: " ", count: width - option.label.count + 2)
          + option.helpText(units) + "\n"
      }
    }
    if !spec.examples.isEmpty {
      text += "\nexamples:\n" + spec.examples.map { "  \(program) \($0)\n" }.joined()
    }
    return text
  }
}

/// Parsed arguments of one command: positionals, the values each option was given, and the flags given.
public struct Arguments: Sendable {
  public var positionals: [String] = []
  /// Every value of each option, in order (`--to a --to b`), by flag.
  public var values: [String: [String]] = [:]
  public var flags: Set<String> = []

  public init() {}

  /// Whether `setting`'s flag was given: with a value, or alone.
  public func gives(_ setting: any SettingDeclaration) -> Bool {
    guard let flag = setting.flag else { return false }
    return flags.contains(flag) || values[flag] != nil
  }

  /// Parses `--name value`, `--name=value`, flags, and `--` before positionals that start with a dash.
  public init(parsing arguments: [String], for spec: CommandSpec, in interface: CommandLineInterface)
    throws(SettingsError)
  {
    let options = interface.options(of: spec)
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
            throw .helpRequested(interface.help(spec))
          }
          throw interface.unknownOption(String(argument.dropFirst()), dashes: "-", of: spec)
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
      if name == "help" { throw .helpRequested(interface.help(spec)) }
      guard let option = options.first(where: { $0.flag == name }) else {
        throw interface.unknownOption(name, dashes: "--", of: spec)
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
      throw .usage(
        "unexpected argument '\(positionals[spec.maxPositionals])'; see '\(interface.program) \(spec.name) --help'")
    }
  }
}
