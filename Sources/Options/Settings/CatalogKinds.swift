package import Catalog
internal import Foundation
package import SettingsKit

package extension SettingKind where Value: ProviderSettingValue {
  /// The value of a catalog's own setting, as its type reads it from a text.
  static var catalogsOwn: Self {
    .checkedText(takes: Value.settingNoun, text: \.settingText) { Value(settingText: $0) }
  }
}

package extension SettingKind where Value == [any ProviderDefinition] {
  /// Catalogs a night searches, by name in any case: comma-separated on the command line (the flag repeated adds
  /// more), in config.json one text the same or a list of names. Each is kept once, where it first stands, since the
  /// order is the order of the links; a name that is none is refused with the nearest one, and a catalog asked only
  /// for links is refused saying how it is asked.
  static var catalogs: Self { catalogs(searched: true) }

  /// Any catalogs the registry lists, as ``catalogs`` reads them: the ones links go to.
  static var anyCatalogs: Self { catalogs(searched: false) }

  private static func catalogs(searched: Bool) -> Self {
    let pool = { @Sendable (registry: ProviderRegistry) in searched ? registry.searchable : registry.providers }
    return Self(
      parse: { given, site throws(SettingsError) in
        let registry = CatalogUnits.registry(site.context.units)
        let known = pool(registry).map(\.name.rawValue)
        let names = given.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
        return try catalogs(names.map { (String($0), site.name) }, registry, searched: searched) { name, _ in
          .usage(
            "--\(site.name) takes \(searched ? registry.alternatives : known.joined(separator: ", ")), not '\(name)'"
              + didYouMean(name, known))
        }
      },
      read: { json, site throws(SettingsError) in
        let registry = CatalogUnits.registry(site.context.units)
        let known = pool(registry).map(\.name.rawValue)
        return try catalogs(try catalogNames(json, site), registry, searched: searched) { name, key in
          site.context.fail(key, "one of " + known.joined(separator: ", "), .text(name), hint: didYouMean(name, known))
        }
      },
      json: { $0.count == 1 ? ConfigJSON.quoted($0[0].name.rawValue) : ConfigJSON.quoted($0.map(\.name.rawValue)) },
      text: { $0.map(\.name.rawValue).joined(separator: ",") },
      completion: { .list(pool(CatalogUnits.registry($0)).map(\.name.rawValue)) })
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
    _ names: [(text: String, key: String)], _ registry: ProviderRegistry, searched: Bool,
    unknown: (_ name: String, _ key: String) -> SettingsError
  ) throws(SettingsError) -> [any ProviderDefinition] {
    var catalogs: [any ProviderDefinition] = []
    for (text, key) in names {
      let name = text.trimmingCharacters(in: .whitespaces)
      guard let catalog = registry.named(name) else { throw unknown(name, key) }
      if searched, !catalog.canBeSearched {
        throw .usage(
          "\(catalog.name) is asked only for links, never searched: --listen \(catalog.name) or --links "
            + "\(catalog.name) opens releases there; search \(registry.alternatives)")
      }
      if !catalogs.contains(where: { $0.name == catalog.name }) { catalogs.append(catalog) }
    }
    return catalogs
  }
}
