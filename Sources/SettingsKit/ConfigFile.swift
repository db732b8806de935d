public import Foundation

/// A program's config.json (or the file a flag names), read through its settings: the settings a nightly run needs,
/// so the crontab line stays short. Flags override it. Lines starting with `//` are comments. Every value is checked
/// when the file is read; reading a setting reads its value again, as its type.
public struct ConfigFile: Sendable {
  public var path = "config.json"
  /// The values it gives, by key (`provider.name`).
  public var values: [String: ConfigJSON] = [:]

  public init(path: String = "config.json", values: [String: ConfigJSON] = [:]) {
    self.path = path
    self.values = values
  }

  /// `$XDG_CONFIG_HOME/PROGRAM/config.json`, else `~/.config/PROGRAM/config.json`.
  public static func defaultPath(of program: String, environment: [String: String]) -> String? {
    let file = "/\(program)/config.json"
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + file }
    return environment["HOME"].map { $0 + "/.config" + file }
  }

  /// Reads the file at `path`; a missing default file is an empty configuration, a missing `--config` is not.
  public static func load(path: String, required: Bool, _ interface: CommandLineInterface) throws(SettingsError)
    -> ConfigFile
  {
    guard FileManager.default.fileExists(atPath: path) else {
      if required { throw .config("\(path): no such configuration file") }
      return ConfigFile(path: path)
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .config("\(path): cannot read the configuration file")
    }
    return try parse(data, path: path, interface)
  }

  public static func parse(_ data: Data, path: String, _ interface: CommandLineInterface) throws(SettingsError)
    -> ConfigFile
  {
    let object = try jsonObject(data, path: path, see: interface.exampleCommand)
    var file = ConfigFile(path: path)
    let context = SettingContext(
      units: interface.units, configPath: path, exampleCommand: interface.exampleCommand)
    let keys = interface.configurable.flatMap { setting in
      setting.configKeys(interface.units).map { (key: $0, setting: setting) }
    }
    let problems = file.read(object, under: "", keys, refusing: interface.refusedKeys, context)
    guard problems.isEmpty else { throw .configProblems(problems.map(\.description)) }
    return file
  }

  /// The JSON object, comment lines blanked first so error positions still point at the right line.
  private static func jsonObject(_ data: Data, path: String, see: String) throws(SettingsError)
    -> [String: ConfigJSON]
  {
    let text = String(decoding: data, as: UTF8.self)
    // Split by scalars: as characters, a CRLF is one, and a file with CRLF line ends would be a single line.
    let json = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.drop { $0 == " " || $0 == "\t" }.starts(with: "//".unicodeScalars) ? "" : String(Substring(line))
    }.joined(separator: "\n")
    let parsed: Any
    do {
      parsed = try JSONSerialization.jsonObject(with: Data(json.utf8))
    } catch {
      throw .config("\(path): not valid JSON\(syntaxError(error, in: json)); see '\(see)'")
    }
    guard parsed is [String: Any], case .object(let object) = ConfigJSON(parsed) else {
      throw .config("\(path): the configuration must be a JSON object { ... }")
    }
    return object
  }

  /// Where the parser stopped, as a person finds it: " at line 3, column 12 (invalid value)". The parser says the
  /// byte it stopped at ("around character 26."), counted in `json`, whose lines are the file's; what it says
  /// otherwise is quoted.
  private static func syntaxError(_ error: any Error, in json: String) -> String {
    let said = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
    guard let match = said.firstMatch(of: /(.*) around character (\d+)\.?/), let offset = Int(match.2) else {
      return " (\(phrase(said)))"
    }
    let before = String(decoding: json.utf8.prefix(offset), as: UTF8.self)
    let lines = before.split(separator: "\n", omittingEmptySubsequences: false)
    let column = (lines.last?.count ?? 0) + 1
    return " at line \(lines.count), column \(column) (\(phrase(String(match.1))))"
  }

  /// The parser's sentence as part of ours: "Unexpected end of file." as "unexpected end of file".
  private static func phrase(_ sentence: String) -> String {
    let trimmed = sentence.hasSuffix(".") ? String(sentence.dropLast()) : sentence
    return trimmed.prefix(1).lowercased() + trimmed.dropFirst()
  }

  /// Reads the members of one object: settings by their key, groups (`provider`, `email`, ...) as objects. A member
  /// that is wrong is a problem of its own, and the others are read still: what is wrong in the whole file, by key.
  private mutating func read(
    _ object: [String: ConfigJSON], under prefix: String, _ keys: [(key: String, setting: any SettingDeclaration)],
    refusing refused: [String: String], _ context: SettingContext
  ) -> [SettingsError] {
    let level = Self.level(prefix, of: keys.map(\.key))
    var problems: [SettingsError] = []
    for (name, value) in object.sorted(by: { $0.key < $1.key }) {
      let keyPath = prefix.isEmpty ? name : prefix + "." + name
      do throws(SettingsError) {
        if let setting = keys.first(where: { $0.key == keyPath })?.setting {
          try setting.check(value, at: keyPath, context)
          values[keyPath] = value
        } else if let refusal = refused[keyPath] {
          throw .config("\(path): \(keyPath): \(refusal)")
        } else if level.groups.contains(name) {
          guard case .object(let members) = value else { throw context.fail(keyPath, "an object { ... }", value) }
          problems += read(members, under: keyPath, keys, refusing: refused, context)
        } else {
          throw context.unknown(keyPath, known: level.names + level.groups)
        }
      } catch {
        problems.append(error)
      }
    }
    return problems
  }

  /// The names of the keys directly under `prefix`, and of the groups there.
  public static func level(_ prefix: String, of keys: [String]) -> (names: [String], groups: [String]) {
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
