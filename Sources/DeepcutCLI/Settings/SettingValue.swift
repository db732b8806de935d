internal import Basics
internal import Catalog
internal import Foundation

/// A setting's value as the command line or the configuration gave it, checked against the setting's kind.
enum SettingValue: Sendable, Equatable {
  case on
  case text(String)
  case integer(Int)
  case bool(Bool)
  case list([String])
  case duration(Duration)
}

/// Reads values out of parsed JSON by the kind of their setting, naming the key in every error.
struct ConfigValueReader {
  let path: String
  let registry: ProviderRegistry

  func value(_ value: Any, _ key: String, _ kind: Setting.Kind) throws(CLIError) -> SettingValue {
    switch kind {
    case .flag: try bool(value, key) ? .on : .bool(false)
    case .text, .path, .url, .mailServer, .day: .text(try string(value, key))
    case .integer(let range): .integer(try integer(value, key, range))
    case .bool: .bool(try bool(value, key))
    case .choice(let allowed): .text(try choice(value, key, allowed))
    case .provider: .text(try choice(value, key, registry.names))
    case .list: .list(try strings(value, key))
    case .choices(let allowed): .list(try choices(value, key, allowed))
    case .secondaryTypes: .list(try choices(value, key, registry.providers.flatMap(\.secondaryTypes)))
    case .patterns: .list(try patterns(value, key))
    case .duration: .duration(try duration(value, key))
    }
  }

  func fail(_ key: String, _ expected: String, _ value: Any) -> CLIError {
    .config("\(path): \(key): expected \(expected), found \(describe(value))")
  }

  func unknown(_ key: String, known: [String]) -> CLIError {
    let name = key.split(separator: ".").last.map(String.init) ?? key
    let suggestion = known.min { editDistance($0, name) < editDistance($1, name) }
    var message = "\(path): unknown key '\(key)'"
    if let suggestion, editDistance(suggestion, name) <= 3 { message += " (did you mean '\(suggestion)'?)" }
    return .config(message + "; see 'deepcut config --example'")
  }

  private func string(_ value: Any, _ key: String) throws(CLIError) -> String {
    guard let text = value as? String, !(value is NSNumber) else { throw fail(key, "text", value) }
    return text
  }

  private func strings(_ value: Any, _ key: String) throws(CLIError) -> [String] {
    guard let array = value as? [Any] else { throw fail(key, "a list of texts", value) }
    var result: [String] = []
    for (index, item) in array.enumerated() { result.append(try string(item, "\(key)[\(index)]")) }
    return result
  }

  private func bool(_ value: Any, _ key: String) throws(CLIError) -> Bool {
    guard let number = value as? NSNumber, isBoolean(number) else { throw fail(key, "true or false", value) }
    return number.boolValue
  }

  private func integer(_ value: Any, _ key: String, _ range: ClosedRange<Int>) throws(CLIError) -> Int {
    guard let number = value as? NSNumber, !isBoolean(number),
      let integer = Int(exactly: number.doubleValue), range.contains(integer)
    else { throw fail(key, "a whole number from \(range.lowerBound) to \(range.upperBound)", value) }
    return integer
  }

  private func choice(_ value: Any, _ key: String, _ allowed: [String]) throws(CLIError) -> String {
    let text = try string(value, key)
    guard allowed.contains(text) else { throw fail(key, "one of \(allowed.joined(separator: ", "))", value) }
    return text
  }

  private func choices(_ value: Any, _ key: String, _ allowed: [String]) throws(CLIError) -> [String] {
    let texts = try strings(value, key)
    for (index, text) in texts.enumerated() where !allowed.contains(text) {
      throw fail("\(key)[\(index)]", "one of \(allowed.joined(separator: ", "))", text)
    }
    return texts
  }

  private func patterns(_ value: Any, _ key: String) throws(CLIError) -> [String] {
    let texts = try strings(value, key)
    for (index, pattern) in texts.enumerated() where (try? Regex(pattern)) == nil {
      throw .config("\(path): \(key)[\(index)]: '\(pattern)' is not a valid regular expression")
    }
    return texts
  }

  private func duration(_ value: Any, _ key: String) throws(CLIError) -> Duration {
    let text = try string(value, key)
    guard let duration = DurationText.parse(text) else {
      throw .config("\(path): \(key): expected a length of time like \"90s\", \"10m\" or \"2h\", found \"\(text)\"")
    }
    return duration
  }

  private func describe(_ value: Any) -> String {
    switch value {
    case let text as String: "\"\(text)\""
    case let number as NSNumber: isBoolean(number) ? (number.boolValue ? "true" : "false") : "\(number)"
    case is [Any]: "a list"
    case is [String: Any]: "an object"
    default: "null"
    }
  }

  /// JSON booleans come back as NSNumber too; their type code is "c".
  private func isBoolean(_ number: NSNumber) -> Bool {
    String(cString: number.objCType) == "c"
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
