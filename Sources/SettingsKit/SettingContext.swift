internal import Foundation

/// What reading a setting's value needs besides the value: the units (some settings name them), the environment
/// (a path's `~`), and the configuration file (messages about its values name it).
public struct SettingContext: Sendable {
  public var units: any SettingUnitRegistry
  public var environment: [String: String]
  public var configPath: String
  /// The command that prints an example configuration, which a message about an unknown key points to.
  public var exampleCommand: String

  public init(
    units: any SettingUnitRegistry, environment: [String: String] = [:], configPath: String = "config.json",
    exampleCommand: String
  ) {
    self.units = units
    self.environment = environment
    self.configPath = configPath
    self.exampleCommand = exampleCommand
  }

  // MARK: - Reading config.json, every error naming the file and the key

  /// `hint` follows what was found: " (did you mean 'x'?)".
  public func fail(_ key: String, _ expected: String, _ value: ConfigJSON, hint: String = "") -> SettingsError {
    .config("\(configPath): \(key): expected \(expected), found \(value.described)\(hint)")
  }

  public func unknown(_ key: String, known: [String]) -> SettingsError {
    let name = key.split(separator: ".").last.map(String.init) ?? key
    return .config("\(configPath): unknown key '\(key)'\(didYouMean(name, known)); see '\(exampleCommand)'")
  }

  public func text(_ value: ConfigJSON, _ key: String) throws(SettingsError) -> String {
    guard case .text(let text) = value else { throw fail(key, "text", value) }
    return text
  }

  public func texts(_ value: ConfigJSON, _ key: String) throws(SettingsError) -> [String] {
    guard case .list(let items) = value else { throw fail(key, "a list of texts", value) }
    var result: [String] = []
    for (index, item) in items.enumerated() { result.append(try text(item, "\(key)[\(index)]")) }
    return result
  }

  public func bool(_ value: ConfigJSON, _ key: String) throws(SettingsError) -> Bool {
    guard case .bool(let bool) = value else { throw fail(key, "true or false", value) }
    return bool
  }

  public func integer(_ value: ConfigJSON, _ key: String, _ range: ClosedRange<Int>) throws(SettingsError) -> Int {
    guard case .number(let number, _) = value, let integer = Int(exactly: number), range.contains(integer) else {
      throw fail(key, "a whole number from \(range.lowerBound) to \(range.upperBound)", value)
    }
    return integer
  }

  public func choice(_ value: ConfigJSON, _ key: String, _ allowed: [String]) throws(SettingsError) -> String {
    let text = try text(value, key)
    guard allowed.contains(text) else { throw fail(key, "one of \(allowed.joined(separator: ", "))", value) }
    return text
  }

  public func choices(_ value: ConfigJSON, _ key: String, _ allowed: [String]) throws(SettingsError) -> [String] {
    let texts = try texts(value, key)
    for (index, text) in texts.enumerated() where !allowed.contains(text) {
      throw fail("\(key)[\(index)]", "one of \(allowed.joined(separator: ", "))", .text(text))
    }
    return texts
  }
}
