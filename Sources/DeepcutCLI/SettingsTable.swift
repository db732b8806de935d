internal import Catalog
internal import Foundation
internal import State

/// Every command's settings from one place, resolved one way: the command-line flag, else the configuration file,
/// else the default; paths with `~` expanded, numbers held to their ranges. `report`, `scan`, `artists` and `cache`
/// all read through it, so they never disagree — on the state folder least of all.
struct SettingsTable {
  let arguments: Arguments
  let configuration: Configuration
  let environment: [String: String]

  /// Reads `--config PATH`, or the default configuration file when there is one.
  init(_ arguments: Arguments, environment: [String: String] = ProcessInfo.processInfo.environment)
    throws(CLIError)
  {
    self.arguments = arguments
    self.environment = environment
    if let path = arguments["config"] {
      configuration = try Configuration.load(path: expanding(path, environment), required: true)
    } else if let path = Configuration.defaultPath(environment: environment) {
      configuration = try Configuration.load(path: path, required: false)
    } else {
      configuration = Configuration()
    }
  }

  /// A path from the flag, else the configuration, with a leading `~/` expanded.
  func path(_ flag: String, _ configured: String?) -> String? {
    (arguments[flag] ?? configured).map { expanding($0, environment) }
  }

  /// `--state-dir`, else `stateDir`, else `$XDG_STATE_HOME/deepcut`.
  var stateDirectory: String {
    path("state-dir", configuration.stateDir) ?? StateStore.defaultDirectory(environment: environment)
  }

  /// `--library`, else `library`.
  var library: String? { path("library", configuration.library) }

  /// `--provider`, else `provider.name`, else iTunes.
  func provider() throws(CLIError) -> ProviderName {
    guard let name = arguments["provider"] ?? configuration.provider else { return .itunes }
    guard let provider = ProviderName(rawValue: name.lowercased()) else {
      throw .usage("--provider takes itunes or musicbrainz, not '\(name)'")
    }
    return provider
  }

  /// A whole number from the flag, else the configuration, else the setting's default; the flag is held to the
  /// setting's range here, the file when it is read.
  func integer(_ setting: IntegerSetting, _ configured: Int?, default fallback: Int? = nil) throws(CLIError) -> Int {
    try arguments.integer(setting.flag, default: configured ?? fallback ?? setting.defaultValue, in: setting.range)
  }
}

/// The whole-number settings: their flag, range and default, written once.
struct IntegerSetting: Sendable {
  var flag: String
  var range: ClosedRange<Int>
  var defaultValue: Int

  static let days = IntegerSetting(flag: "days", range: 0...3650, defaultValue: 30)
  static let maxAgeHours = IntegerSetting(
    flag: "max-age", range: 0...8760, defaultValue: Int(CatalogPassOptions().maxAge / 3600))
  static let batchSize = IntegerSetting(
    flag: "batch-size", range: 1...200, defaultValue: CatalogPassOptions().batchSize)
  static let recheckAfterDays = IntegerSetting(
    flag: "recheck-after-days", range: 1...3650, defaultValue: CatalogPassOptions().recheckResolvedAfterDays)
  /// Requests a minute; the default is the provider's (``ProviderName/requestsPerMinute``), 0 lifts the limit.
  static let rateLimit = IntegerSetting(flag: "rate-limit", range: 0...100_000, defaultValue: 20)
  static let minimumOwnedTracks = IntegerSetting(flag: "minimum-owned-tracks", range: 1...100_000, defaultValue: 1)
  static let timeoutSeconds = IntegerSetting(flag: "timeout", range: 1...600, defaultValue: 20)
  static let top = IntegerSetting(flag: "top", range: 1...1_000, defaultValue: 10)
}

/// `~/x` as `$HOME/x`; anything else as it is.
func expanding(_ path: String, _ environment: [String: String]) -> String {
  guard path.hasPrefix("~/"), let home = environment["HOME"] else { return path }
  return home + path.dropFirst(1)
}
