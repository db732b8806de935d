internal import Catalog
internal import Foundation

/// A value of config.json as a plain value, so it crosses threads and reads without casts: what `JSONSerialization`
/// gave, told apart once (its booleans and numbers are both `NSNumber`).
enum ConfigJSON: Sendable {
  case text(String)
  /// A number, and how the file's parser writes it, for messages.
  case number(Double, written: String)
  case bool(Bool)
  case list([ConfigJSON])
  case object([String: ConfigJSON])
  case null

  init(_ value: Any) {
    switch value {
    case let number as NSNumber:
      // JSON booleans come back as NSNumber too; their type code is "c".
      self =
        String(cString: number.objCType) == "c"
        ? .bool(number.boolValue) : .number(number.doubleValue, written: "\(number)")
    case let text as String: self = .text(text)
    case let items as [Any]: self = .list(items.map(ConfigJSON.init))
    case let members as [String: Any]: self = .object(members.mapValues(ConfigJSON.init))
    default: self = .null
    }
  }

  /// How a message names what was found.
  var described: String {
    switch self {
    case .text(let text): "\"\(text)\""
    case .number(_, let written): written
    case .bool(let value): value ? "true" : "false"
    case .list: "a list"
    case .object: "an object"
    case .null: "null"
    }
  }

  /// `text` as a JSON string, as config.json writes it (slashes as they are).
  static func quoted(_ text: String) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .withoutEscapingSlashes
    // A string always encodes; null is what a value that did not would read as.
    return (try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
  }

  /// `texts` as a JSON list: `["a", "b"]`.
  static func quoted(_ texts: [String]) -> String {
    "[" + texts.map { quoted($0) }.joined(separator: ", ") + "]"
  }
}

/// What reading a setting's value needs besides the value: the catalogs (some settings name them), the environment
/// (a path's `~`), and the configuration file (messages about its values name it).
struct SettingContext: Sendable {
  var registry: ProviderRegistry
  var environment: [String: String] = [:]
  var configPath = "config.json"

  // MARK: - Reading config.json, every error naming the file and the key

  /// `hint` follows what was found: " (did you mean 'x'?)".
  func fail(_ key: String, _ expected: String, _ value: ConfigJSON, hint: String = "") -> CLIError {
    .config("\(configPath): \(key): expected \(expected), found \(value.described)\(hint)")
  }

  func unknown(_ key: String, known: [String]) -> CLIError {
    let name = key.split(separator: ".").last.map(String.init) ?? key
    return .config("\(configPath): unknown key '\(key)'\(didYouMean(name, known)); see 'deepcut config --example'")
  }

  func text(_ value: ConfigJSON, _ key: String) throws(CLIError) -> String {
    guard case .text(let text) = value else { throw fail(key, "text", value) }
    return text
  }

  func texts(_ value: ConfigJSON, _ key: String) throws(CLIError) -> [String] {
    guard case .list(let items) = value else { throw fail(key, "a list of texts", value) }
    var result: [String] = []
    for (index, item) in items.enumerated() { result.append(try text(item, "\(key)[\(index)]")) }
    return result
  }

  func bool(_ value: ConfigJSON, _ key: String) throws(CLIError) -> Bool {
    guard case .bool(let bool) = value else { throw fail(key, "true or false", value) }
    return bool
  }

  func integer(_ value: ConfigJSON, _ key: String, _ range: ClosedRange<Int>) throws(CLIError) -> Int {
    guard case .number(let number, _) = value, let integer = Int(exactly: number), range.contains(integer) else {
      throw fail(key, "a whole number from \(range.lowerBound) to \(range.upperBound)", value)
    }
    return integer
  }

  func choice(_ value: ConfigJSON, _ key: String, _ allowed: [String]) throws(CLIError) -> String {
    let text = try text(value, key)
    guard allowed.contains(text) else { throw fail(key, "one of \(allowed.joined(separator: ", "))", value) }
    return text
  }

  func choices(_ value: ConfigJSON, _ key: String, _ allowed: [String]) throws(CLIError) -> [String] {
    let texts = try texts(value, key)
    for (index, text) in texts.enumerated() where !allowed.contains(text) {
      throw fail("\(key)[\(index)]", "one of \(allowed.joined(separator: ", "))", .text(text))
    }
    return texts
  }
}
