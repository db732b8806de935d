/// A command-line option a command accepts.
struct OptionSpec: Sendable {
  var name: String
  /// The placeholder shown in help, or nil for a flag that takes no value.
  var value: String?
  var help: String

  static func flag(_ name: String, _ help: String) -> OptionSpec {
    OptionSpec(name: name, value: nil, help: help)
  }

  static func option(_ name: String, _ value: String, _ help: String) -> OptionSpec {
    OptionSpec(name: name, value: value, help: help)
  }
}

/// What one command accepts, and its help text.
struct CommandSpec: Sendable {
  var name: String
  var usage: String
  var summary: String
  var options: [OptionSpec]
  /// How many positional arguments the command takes at most.
  var maxPositionals = 0
  /// Command lines worth copying, shown under the options.
  var examples: [String] = []

  var help: String {
    var text = "usage: deepcut \(usage)\n\n\(summary)\n"
    if !options.isEmpty {
      text += "\noptions:\n"
      let width = options.map { label(of: $0).count }.max() ?? 0
      for option in options {
        let label = label(of: option)
        text += "  " + label + String(repeating: " ", count: width - label.count + 2) + option.help + "\n"
      }
    }
    if !examples.isEmpty {
      text += "\nexamples:\n" + examples.map { "  deepcut \($0)\n" }.joined()
    }
    return text
  }

  private func label(of option: OptionSpec) -> String {
    option.value.map { "--\(option.name) \($0)" } ?? "--\(option.name)"
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

  /// A whole-number option within `range`, or `fallback` when it was not given.
  func integer(_ name: String, default fallback: Int, in range: ClosedRange<Int>) throws(CLIError) -> Int {
    guard let text = values[name] else { return fallback }
    guard let value = Int(text), range.contains(value) else {
      throw .usage("--\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
    }
    return value
  }

  func has(_ flag: String) -> Bool { flags.contains(flag) }

  /// Parses `--name value`, `--name=value`, flags, and `--` before positionals that start with a dash.
  init(parsing arguments: [String], for spec: CommandSpec) throws(CLIError) {
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
            throw .helpRequested(spec.help)
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
      if name == "help" { throw .helpRequested(spec.help) }
      guard let option = spec.options.first(where: { $0.name == name }) else {
        throw .usage("unknown option '--\(name)' for 'deepcut \(spec.name)'; see 'deepcut \(spec.name) --help'")
      }
      if option.value == nil {
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
        throw .usage("'--\(name)' needs a value: --\(name) \(option.value ?? "VALUE")")
      }
    }
    if positionals.count > spec.maxPositionals {
      throw .usage("unexpected argument '\(positionals[spec.maxPositionals])'; see 'deepcut \(spec.name) --help'")
    }
  }
}

/// A length of time as people write it on a command line or in the configuration: `90s`, `10m`, `2h`, `1h30m`.
enum DurationText {
  static func parse(_ text: String) -> Duration? {
    var total = 0
    var number = ""
    var sawUnit = false
    for character in text {
      if let digit = character.wholeNumberValue, character.isASCII {
        number.append(String(digit))
        guard number.count <= 6 else { return nil }
        continue
      }
      let unit: Int
      switch character {
      case "s": unit = 1
      case "m": unit = 60
      case "h": unit = 3600
      default: return nil
      }
      guard let value = Int(number) else { return nil }
      total += value * unit
      number = ""
      sawUnit = true
    }
    guard number.isEmpty, sawUnit, total > 0 else { return nil }
    return .seconds(total)
  }
}
