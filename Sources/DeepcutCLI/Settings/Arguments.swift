internal import Catalog

/// What one command accepts, and its help text: its settings are the options it takes.
struct CommandSpec: Sendable {
  var name: String
  var usage: String
  var summary: String
  var settings: [Setting]
  /// How many positional arguments the command takes at most.
  var maxPositionals = 0
  /// Command lines worth copying, shown under the options.
  var examples: [String] = []
  /// Whether it also takes the catalogs' own settings (a cover service's address), as `report` does.
  var takesCatalogSettings = false

  init(
    name: String, usage: String, summary: String, settings: [Setting], maxPositionals: Int = 0,
    examples: [String] = [], takesCatalogSettings: Bool = false
  ) {
    self.name = name
    self.usage = usage
    self.summary = summary
    self.settings = settings
    self.maxPositionals = maxPositionals
    self.examples = examples
    self.takesCatalogSettings = takesCatalogSettings
  }

  /// The options, the catalogs' own among them (after `--base-url`) when the command takes them.
  func options(_ registry: ProviderRegistry) -> [Setting] {
    var options = settings.filter { $0.flag != nil }
    if takesCatalogSettings {
      let after = options.firstIndex { $0.flag == Setting.baseURL.flag }.map { $0 + 1 } ?? options.endIndex
      options.insert(contentsOf: Setting.catalogsOwn(registry), at: after)
    }
    return options
  }

  func help(_ registry: ProviderRegistry) -> String {
    var text = "usage: deepcut \(usage)\n\n\(summary)\n"
    let options = options(registry)
    if !options.isEmpty {
      text += "\noptions:\n"
      let width = options.map { label(of: $0).count }.max() ?? 0
      for option in options {
        let label = label(of: option)
        text += "  " + label + String(repeating: " ", count: width - label.count + 2) + option.helpText(registry) + "\n"
      }
    }
    if !examples.isEmpty {
      text += "\nexamples:\n" + examples.map { "  deepcut \($0)\n" }.joined()
    }
    return text
  }

  private func label(of option: Setting) -> String {
    let flag = "--" + (option.flag ?? "")
    if case .flag = option.kind { return flag }
    return flag + " " + (option.placeholder ?? "VALUE")
  }
}

/// Parsed arguments of one command: positionals, options with values, and flags.
struct Arguments: Sendable {
  var positionals: [String] = []
  var values: [String: String] = [:]
  /// Every value of an option given more than once, in order (`--to a --to b`).
  var repeated: [String: [String]] = [:]
  var flags: Set<String> = []

  subscript(_ name: String) -> String? { values[name] }

  func all(_ name: String) -> [String] { repeated[name] ?? [] }

  func has(_ flag: String) -> Bool { flags.contains(flag) }

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
          throw .usage("unknown option '\(argument)'; see 'deepcut \(spec.name) --help'")
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
        throw .usage("unknown option '--\(name)' for 'deepcut \(spec.name)'; see 'deepcut \(spec.name) --help'")
      }
      if case .flag = option.kind {
        guard inlineValue == nil else { throw .usage("'--\(name)' takes no value") }
        flags.insert(name)
        continue
      }
      if let inlineValue {
        values[name] = inlineValue
        repeated[name, default: []].append(inlineValue)
      } else if index < arguments.count {
        values[name] = arguments[index]
        repeated[name, default: []].append(arguments[index])
        index += 1
      } else {
        throw .usage("'--\(name)' needs a value: --\(name) \(option.placeholder ?? "VALUE")")
      }
    }
    if positionals.count > spec.maxPositionals {
      throw .usage("unexpected argument '\(positionals[spec.maxPositionals])'; see 'deepcut \(spec.name) --help'")
    }
  }
}
