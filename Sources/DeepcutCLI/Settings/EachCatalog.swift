internal import Catalog
internal import Foundation
import Identity

/// A setting each catalog of a night has a value of its own for, declared once in ``SettingsTable`` like any other.
/// `--rate-limit NAME=N` gives one catalog's and a bare `--rate-limit N` every catalog's; in config.json
/// `provider.NAME.requestsPerMinute` gives one catalog's and the flat `provider.requestsPerMinute` every catalog's.
/// It is read for one catalog, `settings[\.rateLimit, for: catalog]`: there is no reading it as one value, so no code
/// can take the first catalog's for the night's.
struct EachCatalog<Value: Sendable>: Sendable {
  let names: SettingName
  let placeholder: String?
  let help: HelpWords
  let kind: SettingKind<Value>
  let fallback: CatalogDefault<Value>
  let uses: [SettingUse]
  let example: SettingExample<Value>?
  /// Whether a value that names no catalog (a bare flag, the flat key) serves every catalog of a night of several. An
  /// address cannot: with several catalogs it has to name its own.
  let sharedByAll: Bool
  /// The one catalog whose setting this is (a catalog's own, ``ProviderSetting``); nil when every catalog has it.
  let only: CatalogName?

  init(
    flag: String, key: String, placeholder: String, help: HelpWords, kind: SettingKind<Value>,
    default fallback: CatalogDefault<Value>, commands uses: [SettingUse], example: SettingExample<Value>? = nil,
    sharedByAll: Bool = true, only: CatalogName? = nil
  ) {
    names = .flag(flag, key: key)
    self.placeholder = placeholder
    self.help = help
    self.kind = kind
    self.fallback = fallback
    self.uses = uses
    self.example = example
    self.sharedByAll = sharedByAll
    self.only = only
  }

  /// The key one catalog's value has in config.json: `provider.NAME.baseURL` beside `provider.baseURL`.
  func key(of catalog: CatalogName) -> String? {
    guard let key = names.key, let dot = key.firstIndex(of: ".") else { return nil }
    return key[..<dot] + "." + catalog.rawValue + key[dot...]
  }
}

/// What a setting each catalog has is for one catalog when nothing gives it, and how help says so.
struct CatalogDefault<Value: Sendable>: Sendable {
  let value: @Sendable (any ProviderDefinition) -> Value
  /// The default as help says it; nil says nothing.
  let words: @Sendable (_ registry: ProviderRegistry, _ kind: SettingKind<Value>) -> String?

  /// The same for every catalog, which help says as the command line writes it.
  static func value(_ value: Value) -> CatalogDefault {
    CatalogDefault(value: { _ in value }, words: { $1.text(value) })
  }

  /// Each catalog's own: help names every catalog's ("20 for NAME, 50 for OTHER"), or lists them in the registry's
  /// order when `naming` is false.
  static func perCatalog(
    _ value: @escaping @Sendable (any ProviderDefinition) -> Value, naming: Bool = true
  ) -> CatalogDefault {
    CatalogDefault(
      value: value,
      words: { registry, kind in
        registry.providers.compactMap { provider in
          kind.text(value(provider)).map { naming ? "\($0) for \(provider.name)" : $0 }
        }.joined(separator: ", ")
      })
  }
}

extension EachCatalog: TypedDeclaration {
  func defaultText(_ registry: ProviderRegistry) -> String? { fallback.words(registry, kind) }

  /// The words, the default, and how one catalog's value is given (a catalog's own flag is one catalog's already).
  func helpText(_ registry: ProviderRegistry) -> String {
    let words = wordsWithDefault(registry)
    guard only == nil, let placeholder else { return words }
    let one = "NAME=\(placeholder)"
    return words + (sharedByAll ? "; \(one) for one catalog" : "; with several catalogs, \(one) for each")
  }

  /// Its example's value, else its default as a night of the default catalogs has it.
  func exampleJSON(_ registry: ProviderRegistry) -> String {
    if let value = example?.value { return kind.json(value) }
    guard let catalog = only.flatMap(registry.named) ?? registry.defaultNight.first else { return "null" }
    return kind.json(fallback.value(catalog))
  }

  func configKeys(_ registry: ProviderRegistry) -> [String] {
    (names.key.map { [$0] } ?? []) + (only.map { [$0] } ?? registry.names).compactMap(key(of:))
  }

  /// Nothing: its values are each catalog's, read into the night's ``CatalogNight``s.
  func keep(in values: inout SettingValues, from settings: Resolved) throws(CLIError) {}
}

extension Resolved {
  subscript<Value>(_ path: KeyPath<SettingsTable, EachCatalog<Value>>, for catalog: any ProviderDefinition) -> Value {
    get throws(CLIError) { try self[SettingsTable.standard[keyPath: path], for: catalog] }
  }

  /// One catalog's value: `--flag NAME=VALUE`, else a bare `--flag VALUE`, else `provider.NAME.key`, else the flat
  /// `provider.key`, else the catalog's default. A value for a catalog the night does not ask is refused, and so is
  /// one naming no catalog where it cannot serve all of them.
  subscript<Value>(_ setting: EachCatalog<Value>, for catalog: any ProviderDefinition) -> Value {
    get throws(CLIError) {
      // The catalogs linked to are asked tonight too, at their own pace and address.
      let searched = try nightCatalogs
      let linked = try self[\.links].filter { link in !searched.contains { $0.name == link.name } }
      let night = searched + linked
      if let value = try setting.fromFlag(for: catalog, night: night, in: self) { return value }
      if let value = try setting.fromConfig(for: catalog, night: night, in: self) { return value }
      return setting.fallback.value(catalog)
    }
  }
}

extension EachCatalog {
  /// The flag's value for `catalog`: its last `NAME=VALUE`, else its last bare value; nil when neither is given.
  fileprivate func fromFlag(
    for catalog: any ProviderDefinition, night: [any ProviderDefinition], in settings: Resolved
  ) throws(CLIError) -> Value? {
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
      try refuseShared(night, "--\(flag) \(last)", "--\(flag) NAME=\(placeholder ?? "VALUE")", as: CLIError.usage)
    }
    let values = own.isEmpty ? bare : own
    guard !values.isEmpty else { return nil }
    return try kind.parse(values, SettingSite(name: flag, key: flag, context: settings.context))
  }

  /// config.json's value for `catalog`: under its own key, else under the flat one; nil when neither holds one.
  fileprivate func fromConfig(
    for catalog: any ProviderDefinition, night: [any ProviderDefinition], in settings: Resolved
  ) throws(CLIError) -> Value? {
    guard let key = names.key else { return nil }
    let site = { (key: String) in SettingSite(name: names.name, key: key, context: settings.context) }
    if let own = self.key(of: catalog.name), let value = settings.config.values[own] {
      return try kind.read(value, site(own))
    }
    guard let value = settings.config.values[key] else { return nil }
    let leaf = key.split(separator: ".", maxSplits: 1).last.map(String.init) ?? key
    try refuseShared(night, "\(settings.config.path): \(key)", "provider.NAME.\(leaf)", as: CLIError.config)
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
  private func refuse(_ name: CatalogName, in text: String, night: [any ProviderDefinition]) throws(CLIError) {
    let flag = names.name
    if let only, only != name {
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
    _ night: [any ProviderDefinition], _ given: String, _ instead: String, as error: (String) -> CLIError
  ) throws(CLIError) {
    guard !sharedByAll, night.count > 1 else { return }
    throw error("\(given) names no catalog, and tonight asks \(Self.names(night)): write \(instead) for each")
  }

  private static func names(_ catalogs: [any ProviderDefinition]) -> String {
    sentence(catalogs.map(\.name.rawValue), "and")
  }
}
