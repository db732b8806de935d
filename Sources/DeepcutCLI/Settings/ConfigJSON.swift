internal import Catalog
internal import Foundation
internal import SettingsKit

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
