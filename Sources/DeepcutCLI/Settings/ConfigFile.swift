internal import Catalog
public import Foundation

/// `$XDG_CONFIG_HOME/deepcut/config.json` (or `--config PATH`), read through the settings table: the settings a
/// nightly run needs, so the crontab line stays short. Flags override it. Lines starting with `//` are comments.
/// Every value is checked when the file is read; reading a setting reads its value again, as its type.
struct ConfigFile: Sendable {
  var path = "config.json"
  /// The values it gives, by key (`provider.name`).
  var values: [String: ConfigJSON] = [:]

  static func defaultPath(environment: [String: String]) -> String? {
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/deepcut/config.json" }
    return environment["HOME"].map { $0 + "/.config/deepcut/config.json" }
  }

  /// Reads the file at `path`; a missing default file is an empty configuration, a missing `--config` is not.
  static func load(path: String, required: Bool, registry: ProviderRegistry) throws(CLIError) -> ConfigFile {
    guard FileManager.default.fileExists(atPath: path) else {
      if required { throw .config("\(path): no such configuration file") }
      return ConfigFile(path: path)
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .config("\(path): cannot read the configuration file")
    }
    return try parse(data, path: path, registry: registry)
  }

  static func parse(_ data: Data, path: String, registry: ProviderRegistry) throws(CLIError) -> ConfigFile {
    let object = try jsonObject(data, path: path)
    var file = ConfigFile(path: path)
    let context = SettingContext(registry: registry, configPath: path)
    let keys = SettingsTable.configurable(registry).flatMap { setting in
      setting.configKeys(registry).map { (key: $0, setting: setting) }
    }
    try file.read(object, under: "", keys, context)
    return file
  }

  /// The JSON object, comment lines blanked first so error positions still point at the right line.
  private static func jsonObject(_ data: Data, path: String) throws(CLIError) -> [String: ConfigJSON] {
    let text = String(decoding: data, as: UTF8.self)
    // Split by scalars: as characters, a CRLF is one, and a file with CRLF line ends would be a single line.
    let json = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.drop { $0 == " " || $0 == "\t" }.starts(with: "//".unicodeScalars) ? "" : String(Substring(line))
    }.joined(separator: "\n")
    let parsed: Any
    do {
      parsed = try JSONSerialization.jsonObject(with: Data(json.utf8))
    } catch {
      throw .config("\(path): not valid JSON (\(error.localizedDescription)); see 'deepcut config --example'")
    }
    guard parsed is [String: Any], case .object(let object) = ConfigJSON(parsed) else {
      throw .config("\(path): the configuration must be a JSON object { ... }")
    }
    return object
  }

  /// Reads the members of one object: settings by their key, groups (`provider`, `email`, ...) as objects.
  private mutating func read(
    _ object: [String: ConfigJSON], under prefix: String, _ keys: [(key: String, setting: any SettingDeclaration)],
    _ context: SettingContext
  ) throws(CLIError) {
    let level = Self.level(prefix, of: keys.map(\.key))
    for (name, value) in object.sorted(by: { $0.key < $1.key }) {
      let keyPath = prefix.isEmpty ? name : prefix + "." + name
      if let setting = keys.first(where: { $0.key == keyPath })?.setting {
        try setting.check(value, at: keyPath, context)
        values[keyPath] = value
      } else if let refusal = SettingsTable.refusedKeys[keyPath] {
        throw .config("\(path): \(keyPath): \(refusal)")
      } else if level.groups.contains(name) {
        guard case .object(let members) = value else { throw context.fail(keyPath, "an object { ... }", value) }
        try read(members, under: keyPath, keys, context)
      } else {
        throw context.unknown(keyPath, known: level.names + level.groups)
      }
    }
  }

  /// The names of the keys directly under `prefix`, and of the groups there.
  static func level(_ prefix: String, of keys: [String]) -> (names: [String], groups: [String]) {
    var names: [String] = []
    var groups: [String] = []
    for key in keys {
      guard prefix.isEmpty || key.hasPrefix(prefix + ".") else { continue }
      let rest = prefix.isEmpty ? Substring(key) : key.dropFirst(prefix.count + 1)
      let parts = rest.split(separator: ".", maxSplits: 1)
      guard let first = parts.first.map(String.init) else { continue }
      if parts.count == 1 {
        names.append(first)
      } else if !groups.contains(first) {
        groups.append(first)
      }
    }
    return (names, groups)
  }
}

extension Deepcut {
  /// What is wrong with a configuration file's contents, in the words `deepcut config --check` uses; nil when
  /// nothing is. For checking files without the command line (the configuration fuzz target).
  public static func configurationProblem(in data: Data, path: String = "config.json") -> String? {
    do {
      _ = try ConfigFile.parse(data, path: path, registry: .standard)
      return nil
    } catch {
      return error.description
    }
  }
}
