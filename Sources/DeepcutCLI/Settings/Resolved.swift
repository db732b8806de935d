internal import Catalog
internal import Foundation
internal import MusicLibrary
internal import State

/// The settings of one command line, each resolved one way: the flag, else the configuration file, else the
/// setting's default (the catalog's own where each has one). Paths have `~/` expanded; numbers are held to their
/// ranges. Every command reads through it, so they never disagree — on the state folder least of all.
struct Resolved: Sendable {
  let arguments: Arguments
  let config: ConfigFile
  let environment: [String: String]
  let registry: ProviderRegistry

  /// Reads `--config PATH`, or the default configuration file when there is one.
  init(_ arguments: Arguments, environment: [String: String], registry: ProviderRegistry) throws(CLIError) {
    self.arguments = arguments
    self.environment = environment
    self.registry = registry
    if let path = arguments[Setting.config.name] {
      config = try ConfigFile.load(path: expanding(path, environment), required: true, registry: registry)
    } else if let path = ConfigFile.defaultPath(environment: environment) {
      config = try ConfigFile.load(path: path, required: false, registry: registry)
    } else {
      config = ConfigFile()
    }
  }

  /// Whether a flag was given, or set true in the configuration.
  func has(_ setting: Setting) -> Bool { arguments.has(setting.name) || config.values[setting.name] == .on }

  func text(_ setting: Setting) -> String? {
    if let flag = setting.flag, let value = arguments[flag] { return value }
    if case .text(let value)? = config.values[setting.name] { return value }
    return nil
  }

  /// A path from the flag, else the configuration, with a leading `~/` expanded.
  func path(_ setting: Setting) -> String? {
    text(setting).map { expanding($0, environment) }
  }

  /// A whole number from the flag (held to the setting's range here; the file's is held when it is read), else the
  /// configuration, else the default, for `provider` where the default is each catalog's own.
  func integer(_ setting: Setting, provider: (any ProviderDefinition)? = nil) throws(CLIError) -> Int {
    guard case .integer(let range) = setting.kind else { return 0 }
    if let flag = setting.flag, let text = arguments[flag] {
      guard let value = Int(text), range.contains(value) else {
        throw .usage("--\(flag) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
      }
      return value
    }
    if case .integer(let value)? = config.values[setting.name] { return value }
    switch setting.defaultValue {
    case .value(let text): return Int(text) ?? range.lowerBound
    case .perProvider(let value): return (provider ?? registry.defaultProvider).map(value) ?? range.lowerBound
    case .none, .described, .firstProvider: return range.lowerBound
    }
  }

  func bool(_ setting: Setting) -> Bool {
    if case .bool(let value)? = config.values[setting.name] { return value }
    if case .value(let text) = setting.defaultValue { return text == "true" }
    return false
  }

  /// Texts: every `--flag` given, each split at commas, else the configuration's list; nil when neither gives any.
  /// Words of a fixed set are checked, and lowercased on the command line.
  func list(_ setting: Setting) throws(CLIError) -> [String]? {
    if let flag = setting.flag, !arguments.all(flag).isEmpty {
      let items = arguments.all(flag).flatMap { $0.split(separator: ",") }.map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard case .choices(let allowed) = setting.kind else { return items.filter { !$0.isEmpty } }
      for item in items where !allowed.contains(item.lowercased()) {
        throw .usage("--\(flag) takes \(Self.sentence(allowed, "and")), not '\(item)'")
      }
      return items.map { $0.lowercased() }
    }
    if case .list(let items)? = config.values[setting.name] { return items }
    return nil
  }

  /// One of a setting's words, from the flag (any case) or the configuration, else its default.
  func choice(_ setting: Setting) throws(CLIError) -> String? {
    guard case .choice(let allowed) = setting.kind else { return text(setting) }
    guard let text = text(setting) else {
      if case .value(let value) = setting.defaultValue { return value }
      return nil
    }
    guard allowed.contains(text.lowercased()) else {
      throw .usage("--\(setting.name) takes \(Self.sentence(allowed, "or")), not '\(text)'")
    }
    return text.lowercased()
  }

  func duration(_ setting: Setting) throws(CLIError) -> Duration? {
    if let flag = setting.flag, let text = arguments[flag] {
      guard let duration = DurationText.parse(text) else {
        throw .usage("--\(flag) takes a length of time like 90s, 10m, 2h or 1h30m, not '\(text)'")
      }
      return duration
    }
    if case .duration(let value)? = config.values[setting.name] { return value }
    return nil
  }

  /// An http(s) address from the flag or the configuration.
  func url(_ setting: Setting) throws(CLIError) -> URL? {
    guard let text = text(setting) else { return nil }
    guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https", url.host != nil else {
      let noun = if case .url(let noun) = setting.kind { noun } else { "an http(s) address" }
      throw .usage("--\(setting.name) takes \(noun), not '\(text)'")
    }
    return url
  }

  /// The catalog: `--provider`, else `provider.name`, else the registry's first.
  func provider() throws(CLIError) -> any ProviderDefinition {
    guard let name = text(.provider) else {
      guard let first = registry.defaultProvider else { throw .usage("no catalog is registered") }
      return first
    }
    guard let provider = registry.named(name) else {
      throw .usage("--provider takes \(registry.alternatives), not '\(name)'")
    }
    return provider
  }

  /// `--state-dir`, else `stateDir`, else `$XDG_STATE_HOME/deepcut`.
  var stateDirectory: String {
    path(.stateDirectory) ?? StateStore.defaultDirectory(environment: environment)
  }

  /// "a, b and c" or "a, b or c".
  static func sentence(_ words: [String], _ conjunction: String) -> String {
    guard words.count > 1 else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " \(conjunction) " + (words.last ?? "")
  }
}

/// `~/x` as `$HOME/x`; anything else as it is.
func expanding(_ path: String, _ environment: [String: String]) -> String {
  guard path.hasPrefix("~/"), let home = environment["HOME"] else { return path }
  return home + path.dropFirst(1)
}
