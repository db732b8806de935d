import Catalog
import Foundation
import Testing

@testable import DeepcutCLI

/// The settings table is the one place a setting is declared: walked here, its help, its example and its parsing
/// must agree with each other for every setting, the catalogs' own included.
struct SettingsTableTests {
  static let registry = ProviderRegistry.standard
  static var everySetting: [Setting] {
    var seen: Set<String> = []
    let all = Setting.configurable(registry) + Deepcut.commands.flatMap { $0.options(registry) }
    return all.filter { seen.insert(($0.flag ?? "") + "|" + ($0.key ?? "")).inserted }
  }

  @Test func noTwoSettingsShareAFlagOrAKey() {
    let flags = Self.everySetting.compactMap(\.flag)
    let keys = Self.everySetting.compactMap(\.key)
    #expect(Set(flags).count == flags.count, "\(flags)")
    #expect(Set(keys).count == keys.count, "\(keys)")
    // A flag that two commands take is one declaration: the same words in both, unless a command words it its own
    // way on purpose (`why --now` is the day to explain).
    var helps: [String: String] = [:]
    for setting in Deepcut.commands.flatMap({ $0.options(Self.registry) }) {
      guard let flag = setting.flag, setting.commandWords == nil else { continue }
      let words = setting.helpText(Self.registry)
      #expect(helps[flag].map { $0 == words } ?? true, "--\(flag) is declared twice")
      helps[flag] = words
    }
  }

  @Test func everyFlagIsInTheHelpOfACommandWithItsDefault() {
    let helps = Deepcut.commands.map { $0.help(Self.registry) }.joined(separator: "\n")
    for setting in Self.everySetting {
      guard let flag = setting.flag else { continue }
      #expect(helps.contains("--\(flag)"), "--\(flag) is in no command's help")
      let words = setting.helpText(Self.registry)
      #expect(!words.isEmpty && words.first?.isLowercase == true, "--\(flag): \(words)")
      if let value = setting.defaultText(Self.registry) { #expect(words.contains(value), "--\(flag): \(words)") }
    }
  }

  @Test func everyConfigurableSettingIsInTheExampleAndTheExampleParsesBack() throws {
    let example = ConfigExample.text(Self.registry)
    for setting in Setting.configurable(Self.registry) {
      guard let key = setting.key, let name = key.split(separator: ".").last else { continue }
      #expect(example.contains("\"\(name)\": "), "\(key) is missing from config --example")
    }
    // As printed, and with every commented-out member put in force, it reads back.
    _ = try ConfigFile.parse(Data(example.utf8), path: "example.json", registry: Self.registry)
    let uncommented = example.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      let trimmed = line.drop { $0 == " " }
      return trimmed.hasPrefix("// \"") ? line.replacingOccurrences(of: "// \"", with: "\"") : String(line)
    }.joined(separator: "\n")
    let everything = try ConfigFile.parse(Data(uncommented.utf8), path: "example.json", registry: Self.registry)
    let configurable = Setting.configurable(Self.registry).filter { $0.example != nil }
    #expect(Set(everything.values.keys) == Set(configurable.map(\.name)))
  }

  @Test func aFlagAndItsKeyResolveAlikeAndTheFlagWins() throws {
    for setting in Setting.configurable(Self.registry) {
      guard let flag = setting.flag, let key = setting.key, let text = Self.commandLineValue(setting) else { continue }
      let config = try Self.configFile(key, json: Self.jsonValue(setting, text))
      let fromConfig = try Self.resolved([], config: config)
      let fromFlag = try Self.resolved(["--\(flag)", text], config: "{}")
      #expect(try Self.value(setting, fromConfig) == Self.value(setting, fromFlag), "\(flag) / \(key)")
    }
    // The flag over the file, the file over the default, the default last.
    let file = try Self.configFile("days", json: "3")
    #expect(try Self.resolved(["--days", "9"], config: file).integer(.days) == 9)
    #expect(try Self.resolved([], config: file).integer(.days) == 3)
    #expect(try Self.resolved([], config: "{}").integer(.days) == 30)
    // Per catalog where it differs.
    let musicbrainz = try #require(Self.registry.named("musicbrainz"))
    #expect(try Self.resolved([], config: "{}").integer(.rateLimit, provider: musicbrainz) == 50)
  }

  @Test func badValuesAreRefusedWithTheWordsOfTheirKind() throws {
    #expect(throws: CLIError.self) { try Self.resolved(["--days", "many"], config: "{}").integer(.days) }
    #expect(throws: CLIError.self) { try Self.resolved(["--types", "boxset"], config: "{}").list(.types) }
    #expect(throws: CLIError.self) { try Self.resolved(["--base-url", "ftp://x"], config: "{}").url(.baseURL) }
    #expect(throws: CLIError.self) { try Self.resolved(["--budget", "soon"], config: "{}").duration(.budget) }
    #expect(throws: CLIError.self) {
      try ConfigFile.parse(Data(#"{"dayz": 3}"#.utf8), path: "c", registry: Self.registry)
    }
  }

  // MARK: - Helpers

  /// A value the setting takes on the command line.
  static func commandLineValue(_ setting: Setting) -> String? {
    switch setting.kind {
    case .flag, .bool, .secondaryTypes, .patterns: nil
    case .integer(let range): "\(range.lowerBound + 1)"
    case .choice(let words): words.last
    case .choices(let words): words.first
    case .provider: "musicbrainz"
    case .url: "https://example.org/x"
    case .mailServer: "smtps://smtp.example.org:465"
    case .duration: "1h30m"
    case .day: "2026-11-01"
    case .text, .path, .list: "value"
    }
  }

  static func jsonValue(_ setting: Setting, _ text: String) -> String {
    switch setting.kind {
    case .integer: text
    case .list, .choices: "[\"\(text)\"]"
    default: "\"\(text)\""
    }
  }

  static func configFile(_ key: String, json: String) throws -> String {
    key.split(separator: ".").reversed().reduce(json) { inner, part in "{\"\(part)\": \(inner)}" }
  }

  static func resolved(_ flags: [String], config: String) throws -> Resolved {
    let folder = NSTemporaryDirectory() + "deepcut-table-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(config.utf8).write(to: URL(fileURLWithPath: folder + "/config.json"))
    let spec = ReportCommand.spec
    let arguments = try Arguments(
      parsing: flags + ["--config", folder + "/config.json"], for: spec, registry: registry)
    return try Resolved(arguments, environment: ["HOME": folder], registry: registry)
  }

  static func value(_ setting: Setting, _ resolved: Resolved) throws -> String {
    switch setting.kind {
    case .integer: "\(try resolved.integer(setting))"
    case .list, .choices: "\(try resolved.list(setting) ?? [])"
    case .url: "\(try resolved.url(setting)?.absoluteString ?? "")"
    case .duration: "\(try resolved.duration(setting).map { "\($0)" } ?? "")"
    case .choice: try resolved.choice(setting) ?? ""
    default: resolved.text(setting) ?? ""
    }
  }
}
