package import Catalog
package import SettingsKit

/// A catalog as the settings machinery knows it: a unit a setting may have a value of its own for.
package struct CatalogUnit: SettingUnit {
  package let definition: any ProviderDefinition

  package var name: String { definition.name.rawValue }

  package static func units(_ catalogs: [any ProviderDefinition]) -> [any SettingUnit] {
    catalogs.map { CatalogUnit(definition: $0) }
  }
}

/// The catalogs of a registry as the settings' units: `Deepcut.interface` and `Resolved` hand SettingsKit these, so
/// every unit and registry it hands back to the table's words, kinds and defaults is one of them.
package struct CatalogUnits: SettingUnitRegistry {
  package static let words = SettingUnitWords(
    one: "catalog", several: "catalogs", run: "tonight", has: "asks", hasNot: "does not ask", choosing: "--provider")

  package let registry: ProviderRegistry

  package var units: [any SettingUnit] { CatalogUnit.units(registry.providers) }
  package var defaultUnits: [any SettingUnit] { CatalogUnit.units(registry.defaultNight) }
  package var alternatives: String { registry.alternatives }
  package var words: SettingUnitWords { Self.words }

  package func unit(named name: String) -> (any SettingUnit)? {
    registry.named(name).map { CatalogUnit(definition: $0) }
  }

  /// The registry behind units SettingsKit hands back: the one place deepcut's settings look past the protocol.
  package static func registry(_ units: any SettingUnitRegistry) -> ProviderRegistry {
    guard let catalogs = units as? CatalogUnits else {
      preconditionFailure("deepcut's settings are read with its catalogs, not \(type(of: units))")
    }
    return catalogs.registry
  }

  /// The catalog behind a unit SettingsKit hands back.
  package static func definition(_ unit: any SettingUnit) -> any ProviderDefinition {
    guard let catalog = unit as? CatalogUnit else {
      preconditionFailure("deepcut's settings are read for its catalogs, not \(type(of: unit))")
    }
    return catalog.definition
  }
}

package extension HelpWords {
  /// Words naming the catalogs of the registry.
  static func catalogs(_ words: @escaping @Sendable (ProviderRegistry) -> String) -> HelpWords {
    .units { words(CatalogUnits.registry($0)) }
  }
}

package extension SettingKind where Value == [String] {
  /// Some of the words `allowed` gives for the catalogs of the registry.
  static func catalogWords(_ allowed: @escaping @Sendable (ProviderRegistry) -> [String]) -> Self {
    .words { allowed(CatalogUnits.registry($0)) }
  }
}

package extension SettingDefault {
  /// Each catalog's own: help names every catalog's ("20 for NAME, 50 for OTHER"), or lists them in the registry's
  /// order when `naming` is false.
  static func perCatalog(_ value: @escaping @Sendable (any ProviderDefinition) -> Value, naming: Bool = true)
    -> SettingDefault
  {
    .perUnit({ value(CatalogUnits.definition($0)) }, naming: naming)
  }
}

package extension SettingDefault where Value == [any ProviderDefinition] {
  /// The catalogs a night asks when none is named: ``ProviderRegistry/defaultNight``.
  static var nightCatalogs: SettingDefault {
    SettingDefault(
      source: .computed { CatalogUnits.registry($0.units).defaultNight },
      words: { units, _ in CatalogUnits.registry(units).defaultNight.map(\.name.rawValue).joined(separator: ",") })
  }
}
