public import Catalog
internal import Foundation

extension SettingKind where Value: ProviderSettingValue {
  /// The value of a catalog's own setting, as its type reads it from a text.
  public static var catalogsOwn: Self {
    .checkedText(takes: Value.settingNoun, text: \.settingText) { Value(settingText: $0) }
  }
}

extension SettingKind where Value == [any ProviderDefinition] {
  /// Catalogs the registry lists, by name in any case: comma-separated on the command line (the flag repeated adds
  /// more), in config.json one text the same or a list of names. Each is kept once, where it first stands, since the
  /// order is the order of the links; a name that is none is refused with the nearest one.
  public static var catalogs: Self {
    Self(
      parse: { given, site throws(SettingsError) in
        let registry = site.context.registry
        let names = given.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
        return try catalogs(names.map { (String($0), site.name) }, registry) { name, _ in
          .usage(
            "--\(site.name) takes \(registry.alternatives), not '\(name)'"
              + didYouMean(name, registry.names.map(\.rawValue)))
        }
      },
      read: { json, site throws(SettingsError) in
        let registry = site.context.registry
        return try catalogs(try catalogNames(json, site), registry) { name, key in
          site.context.fail(
            key, "one of " + registry.names.map(\.rawValue).joined(separator: ", "), .text(name),
            hint: didYouMean(name, registry.names.map(\.rawValue)))
        }
      },
      json: { $0.count == 1 ? ConfigJSON.quoted($0[0].name.rawValue) : ConfigJSON.quoted($0.map(\.name.rawValue)) },
      text: { $0.map(\.name.rawValue).joined(separator: ",") }, completion: { .list($0.names.map(\.rawValue)) })
  }

  /// The names config.json gives, each with the key a mistake in it is told under: a text's, comma-separated, or a
  /// list's.
  private static func catalogNames(_ json: ConfigJSON, _ site: SettingSite) throws(SettingsError) -> [(String, String)]
  {
    switch json {
    case .text(let text):
      return text.split(separator: ",", omittingEmptySubsequences: false).map { (String($0), site.key) }
    case .list(let items) where !items.isEmpty:
      var names: [(String, String)] = []
      for (index, item) in items.enumerated() {
        let key = "\(site.key)[\(index)]"
        names.append((try site.context.text(item, key), key))
      }
      return names
    default:
      throw site.context.fail(site.key, "a catalog's name, or a list of one or more", json)
    }
  }

  /// The catalogs `names` name, each once; `unknown` is the error for a name (trimmed) given under a key that names
  /// none.
  private static func catalogs(
    _ names: [(text: String, key: String)], _ registry: ProviderRegistry,
    unknown: (_ name: String, _ key: String) -> SettingsError
  ) throws(SettingsError) -> [any ProviderDefinition] {
    var catalogs: [any ProviderDefinition] = []
    for (text, key) in names {
      let name = text.trimmingCharacters(in: .whitespaces)
      guard let catalog = registry.named(name) else { throw unknown(name, key) }
      if !catalogs.contains(where: { $0.name == catalog.name }) { catalogs.append(catalog) }
    }
    return catalogs
  }
}

extension ProviderSettingDeclaration {
  /// This setting of `provider` as the command line and config.json take it: `uses` take its flag, config.json holds
  /// it under `provider` (and under `provider.NAME`, as any setting each catalog has), help and the example name the
  /// catalog.
  public func setting(of provider: any ProviderDefinition, takenBy uses: [SettingUse]) -> any SettingDeclaration {
    typed(of: provider, uses)
  }

  private func typed(of provider: any ProviderDefinition, _ uses: [SettingUse]) -> Setting<Value> {
    let declared = declared
    return Setting(
      of: provider.name, flag: declared.flag, key: "provider." + declared.key, placeholder: declared.placeholder,
      help: "\(provider.name): \(declared.help)", kind: .catalogsOwn, default: .value(declared.defaultValue),
      commands: uses,
      example: SettingExample(
        value: declared.example, note: ["\(provider.title): \(declared.help) (default {default})."],
        commentedOut: true))
  }

  /// Puts its value in `sources`, for `provider` among the catalogs of `night`, into the values a run of `provider`
  /// hands it.
  public func read(
    _ sources: SettingSources, of provider: any ProviderDefinition, night: [any ProviderDefinition],
    takenBy uses: [SettingUse], into values: inout ProviderSettingValues
  ) throws(SettingsError) {
    values[declared] = try sources.value(typed(of: provider, uses), for: provider, night: night)
  }
}
