public import Foundation

/// Whose value a setting is: the run's one value, or each unit's of the run (`--rate-limit NAME=N`), or one unit's own
/// setting (a cover service's address), which is read for that unit alone (``SettingUnit``).
public enum SettingScope: Sendable, Equatable {
  case run
  /// With `sharedByAll`, a value naming no unit (a bare flag, the flat key) serves every unit of a run of several; an
  /// address cannot, and has to name its own.
  case eachUnit(sharedByAll: Bool)
  /// A setting of the unit so named alone.
  case unit(String)

  public var isRun: Bool { self == .run }

  /// The name of the one unit whose setting this is; nil when every unit has it.
  public var only: String? {
    if case .unit(let name) = self { name } else { nil }
  }

  public var sharedByAll: Bool {
    if case .eachUnit(let shared) = self { shared } else { true }
  }
}

extension Setting {
  /// The key one unit's value has in config.json: `provider.NAME.baseURL` beside `provider.baseURL`.
  public func key(of unit: String) -> String? {
    guard let key = names.key, let dot = key.firstIndex(of: ".") else { return nil }
    return key[..<dot] + "." + unit + key[dot...]
  }
}

/// Where a run's settings come from, and how one is read: the flag, else config.json, else the default. A setting of
/// the run has one value; one each unit has is read for one unit of the run (``SettingScope``).
public struct SettingSources: Sendable {
  public let arguments: Arguments
  public var config: ConfigFile
  public let environment: [String: String]
  public let units: any SettingUnitRegistry
  /// When the command line was read: the clock's time for every setting that defaults to it.
  public let startedAt: Date
  /// The command that prints an example configuration, which messages about config.json point to.
  public let exampleCommand: String

  public init(
    arguments: Arguments, config: ConfigFile, environment: [String: String], units: any SettingUnitRegistry,
    startedAt: Date, exampleCommand: String
  ) {
    self.arguments = arguments
    self.config = config
    self.environment = environment
    self.units = units
    self.startedAt = startedAt
    self.exampleCommand = exampleCommand
  }

  public var defaults: DefaultContext {
    DefaultContext(environment: environment, startedAt: startedAt, units: units)
  }

  /// What reading a value needs besides the value.
  public var context: SettingContext {
    SettingContext(
      units: units, environment: environment, configPath: config.path, exampleCommand: exampleCommand)
  }

  /// The value the flag or the configuration gives; nil when the default stands.
  public func given<Value>(_ setting: Setting<Value>) throws(SettingsError) -> Value? {
    let name = setting.name
    if let flag = setting.flag, arguments.gives(setting) {
      return try setting.kind.parse(arguments.values[flag] ?? [], SettingSite(name: name, key: name, context: context))
    }
    if let key = setting.key, let value = config.values[key] {
      return try setting.kind.read(value, SettingSite(name: name, key: key, context: context))
    }
    return nil
  }

  /// `text` read as if the command line gave it to the setting.
  public func reading<Value>(_ setting: Setting<Value>, asGiven text: String) throws(SettingsError) -> Value {
    try setting.kind.parse([text], SettingSite(name: setting.name, key: setting.name, context: context))
  }

  /// One unit's value: `--flag NAME=VALUE`, else a bare `--flag VALUE`, else `provider.NAME.key`, else the flat
  /// `provider.key`, else the unit's default. A value for a unit the run does not have (`chosen`) is refused, and so
  /// is one naming no unit where it cannot serve all of them.
  public func value<Value>(
    _ setting: Setting<Value>, for unit: any SettingUnit, among chosen: [any SettingUnit]
  ) throws(SettingsError) -> Value {
    precondition(!setting.scope.isRun, "\(setting.name) is the run's: read it with settings[_:]")
    if let value = try setting.fromFlag(for: unit, among: chosen, in: self) { return value }
    if let value = try setting.fromConfig(for: unit, among: chosen, in: self) { return value }
    return setting.fallback.value(for: unit, defaults)
  }
}

extension Setting {
  /// The flag's value for `unit`: its last `NAME=VALUE`, else its last bare value; nil when neither is given.
  fileprivate func fromFlag(
    for unit: any SettingUnit, among chosen: [any SettingUnit], in settings: SettingSources
  ) throws(SettingsError) -> Value? {
    guard let flag = names.flag, let given = settings.arguments.values[flag] else { return nil }
    var own: [String] = []
    var bare: [String] = []
    for text in given {
      guard let (name, value) = Self.named(text, settings.units) else {
        bare.append(text)
        continue
      }
      try refuse(name, in: text, among: chosen, settings.units.words)
      if name == unit.name { own.append(value) }
    }
    if own.isEmpty, let last = bare.last {
      try refuseShared(
        chosen, "--\(flag) \(last)", "--\(flag) NAME=\(placeholder ?? "VALUE")", settings.units.words,
        as: SettingsError.usage)
    }
    let values = own.isEmpty ? bare : own
    guard !values.isEmpty else { return nil }
    return try kind.parse(values, SettingSite(name: flag, key: flag, context: settings.context))
  }

  /// config.json's value for `unit`: under its own key, else under the flat one; nil when neither holds one.
  fileprivate func fromConfig(
    for unit: any SettingUnit, among chosen: [any SettingUnit], in settings: SettingSources
  ) throws(SettingsError) -> Value? {
    guard let key = names.key else { return nil }
    let site = { (key: String) in SettingSite(name: names.name, key: key, context: settings.context) }
    if let own = self.key(of: unit.name), let value = settings.config.values[own] {
      return try kind.read(value, site(own))
    }
    guard let value = settings.config.values[key] else { return nil }
    try refuseShared(
      chosen, "\(settings.config.path): \(key)", self.key(of: "NAME") ?? key, settings.units.words,
      as: SettingsError.config)
    return try kind.read(value, site(key))
  }

  /// `NAME=VALUE` for a registered unit's NAME, in any case; nil for anything else (`http://h/x?a=b` is a value).
  private static func named(_ text: String, _ units: any SettingUnitRegistry) -> (name: String, value: String)? {
    guard let equals = text.firstIndex(of: "="), let unit = units.unit(named: String(text[..<equals])) else {
      return nil
    }
    return (unit.name, String(text[text.index(after: equals)...]))
  }

  /// Refuses a value for a unit this setting is not of, or that the run does not have.
  private func refuse(
    _ name: String, in text: String, among chosen: [any SettingUnit], _ words: SettingUnitWords
  ) throws(SettingsError) {
    let flag = names.name
    if let only = scope.only, only != name {
      throw .usage("--\(flag) is \(only)'s own: give it as --\(flag) \(placeholder ?? "VALUE")")
    }
    guard chosen.contains(where: { $0.name == name }) else {
      throw .usage(
        "--\(flag) \(text) is for \(name), which \(words.run) \(words.hasNot) (it \(words.has) \(Self.names(chosen))): "
          + "add \(name) to \(words.choosing), or leave the value out")
    }
  }

  /// Refuses a value naming no unit (`given`) where it cannot serve every unit of the run, saying to give each
  /// unit's as `instead`: a usage error for a flag, a configuration one for the file.
  private func refuseShared(
    _ chosen: [any SettingUnit], _ given: String, _ instead: String, _ words: SettingUnitWords,
    as error: (String) -> SettingsError
  ) throws(SettingsError) {
    guard !scope.sharedByAll, chosen.count > 1 else { return }
    throw error(
      "\(given) names no \(words.one), and \(words.run) \(words.has) \(Self.names(chosen)): write \(instead) for each")
  }

  private static func names(_ units: [any SettingUnit]) -> String {
    sentence(units.map(\.name), "and")
  }
}
