public import Catalog
public import Foundation
public import Identity

/// Whose value a setting is: the run's one value, or each catalog's of a night (`--rate-limit NAME=N`), or one
/// catalog's own setting (a cover service's address), which is read for that catalog alone.
public enum SettingScope: Sendable, Equatable {
  case run
  /// With `sharedByAll`, a value naming no catalog (a bare flag, the flat key) serves every catalog of a night of
  /// several; an address cannot, and has to name its own.
  case eachCatalog(sharedByAll: Bool)
  case catalog(CatalogName)

  public var isRun: Bool { self == .run }

  /// The one catalog whose setting this is; nil when every catalog has it.
  public var only: CatalogName? {
    if case .catalog(let name) = self { name } else { nil }
  }

  public var sharedByAll: Bool {
    if case .eachCatalog(let shared) = self { shared } else { true }
  }
}

extension Setting {
  /// The key one catalog's value has in config.json: `provider.NAME.baseURL` beside `provider.baseURL`.
  public func key(of catalog: CatalogName) -> String? {
    guard let key = names.key, let dot = key.firstIndex(of: ".") else { return nil }
    return key[..<dot] + "." + catalog.rawValue + key[dot...]
  }
}

/// Where a run's settings come from, and how one is read: the flag, else config.json, else the default. A setting of
/// the run has one value; one each catalog has is read for one catalog of the night (``SettingScope``).
public struct SettingSources: Sendable {
  public let arguments: Arguments
  public var config: ConfigFile
  public let environment: [String: String]
  public let registry: ProviderRegistry
  /// When the command line was read: the clock's time for every setting that defaults to it.
  public let startedAt: Date
  /// The command that prints an example configuration, which messages about config.json point to.
  public let exampleCommand: String

  public init(
    arguments: Arguments, config: ConfigFile, environment: [String: String], registry: ProviderRegistry,
    startedAt: Date, exampleCommand: String
  ) {
    self.arguments = arguments
    self.config = config
    self.environment = environment
    self.registry = registry
    self.startedAt = startedAt
    self.exampleCommand = exampleCommand
  }

  public var defaults: DefaultContext {
    DefaultContext(environment: environment, startedAt: startedAt, registry: registry)
  }

  /// What reading a value needs besides the value.
  public var context: SettingContext {
    SettingContext(
      registry: registry, environment: environment, configPath: config.path, exampleCommand: exampleCommand)
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

  /// One catalog's value: `--flag NAME=VALUE`, else a bare `--flag VALUE`, else `provider.NAME.key`, else the flat
  /// `provider.key`, else the catalog's default. A value for a catalog the night does not ask is refused, and so is
  /// one naming no catalog where it cannot serve all of them.
  public func value<Value>(
    _ setting: Setting<Value>, for catalog: any ProviderDefinition, night: [any ProviderDefinition]
  ) throws(SettingsError) -> Value {
    precondition(!setting.scope.isRun, "\(setting.name) is the run's: read it with settings[_:]")
    if let value = try setting.fromFlag(for: catalog, night: night, in: self) { return value }
    if let value = try setting.fromConfig(for: catalog, night: night, in: self) { return value }
    return setting.fallback.value(for: catalog, defaults)
  }
}

extension Setting {
  /// The flag's value for `catalog`: its last `NAME=VALUE`, else its last bare value; nil when neither is given.
  fileprivate func fromFlag(
    for catalog: any ProviderDefinition, night: [any ProviderDefinition], in settings: SettingSources
  ) throws(SettingsError) -> Value? {
    guard let flag = names.flag, let given = settings.arguments.values[flag] else { return nil }
    var own: [String] = []
    var bare: [String] = []
    for text in given {
      guard let (name, value) = Self.named(text, settings.registry) else {
        bare.append(text)
        continue
      }
      try refuse(name, in: text, night: night)
      if name == catalog.name { own.append(value) }
    }
    if own.isEmpty, let last = bare.last {
      try refuseShared(night, "--\(flag) \(last)", "--\(flag) NAME=\(placeholder ?? "VALUE")", as: SettingsError.usage)
    }
    let values = own.isEmpty ? bare : own
    guard !values.isEmpty else { return nil }
    return try kind.parse(values, SettingSite(name: flag, key: flag, context: settings.context))
  }

  /// config.json's value for `catalog`: under its own key, else under the flat one; nil when neither holds one.
  fileprivate func fromConfig(
    for catalog: any ProviderDefinition, night: [any ProviderDefinition], in settings: SettingSources
  ) throws(SettingsError) -> Value? {
    guard let key = names.key else { return nil }
    let site = { (key: String) in SettingSite(name: names.name, key: key, context: settings.context) }
    if let own = self.key(of: catalog.name), let value = settings.config.values[own] {
      return try kind.read(value, site(own))
    }
    guard let value = settings.config.values[key] else { return nil }
    let leaf = key.split(separator: ".", maxSplits: 1).last.map(String.init) ?? key
    try refuseShared(night, "\(settings.config.path): \(key)", "provider.NAME.\(leaf)", as: SettingsError.config)
    return try kind.read(value, site(key))
  }

  /// `NAME=VALUE` for a registered catalog's NAME, in any case; nil for anything else (`http://h/x?a=b` is a value).
  private static func named(_ text: String, _ registry: ProviderRegistry) -> (name: CatalogName, value: String)? {
    guard let equals = text.firstIndex(of: "="), let catalog = registry.named(String(text[..<equals])) else {
      return nil
    }
    return (catalog.name, String(text[text.index(after: equals)...]))
  }

  /// Refuses a value for a catalog this setting is not of, or that the night does not ask.
  private func refuse(_ name: CatalogName, in text: String, night: [any ProviderDefinition]) throws(SettingsError) {
    let flag = names.name
    if let only = scope.only, only != name {
      throw .usage("--\(flag) is \(only)'s own: give it as --\(flag) \(placeholder ?? "VALUE")")
    }
    guard night.contains(where: { $0.name == name }) else {
      throw .usage(
        "--\(flag) \(text) is for \(name), which tonight does not ask (it asks \(Self.names(night))): add \(name) "
          + "to --provider, or leave the value out")
    }
  }

  /// Refuses a value naming no catalog (`given`) where it cannot serve every catalog of the night, saying to give
  /// each catalog's as `instead`: a usage error for a flag, a configuration one for the file.
  private func refuseShared(
    _ night: [any ProviderDefinition], _ given: String, _ instead: String, as error: (String) -> SettingsError
  ) throws(SettingsError) {
    guard !scope.sharedByAll, night.count > 1 else { return }
    throw error("\(given) names no catalog, and tonight asks \(Self.names(night)): write \(instead) for each")
  }

  private static func names(_ catalogs: [any ProviderDefinition]) -> String {
    sentence(catalogs.map(\.name.rawValue), "and")
  }
}
