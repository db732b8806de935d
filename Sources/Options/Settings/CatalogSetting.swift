package import Catalog
internal import Foundation
package import SettingsKit

/// Where ``SettingsTable`` puts the settings each catalog declares of its own (``ProviderSetting``): they come from
/// the registry, so a catalog registered elsewhere (a test's) brings its own.
package struct CatalogsOwn: Sendable {}

package enum CatalogSetting {
  /// The settings every one of `catalogs` declares of its own.
  package static func all(_ catalogs: [any ProviderDefinition]) -> [any SettingDeclaration] {
    catalogs.flatMap { provider in provider.settings.map { $0.setting(of: provider, takenBy: [.report]) } }
  }

  package static func all(_ registry: ProviderRegistry) -> [any SettingDeclaration] { all(registry.providers) }

  /// The values of `provider`'s own settings in `settings`, as the provider is handed them.
  package static func values(of provider: any ProviderDefinition, in settings: Resolved) throws(CLIError)
    -> ProviderSettingValues
  {
    var values = ProviderSettingValues()
    let night = try settings.nightAndLinked
    try CLIError.settings { () throws(SettingsError) in
      for own in provider.settings {
        try own.read(settings.sources, of: provider, night: night, takenBy: [.report], into: &values)
      }
    }
    return values
  }
}

package extension ProviderSettingDeclaration {
  /// This setting of `provider` as the command line and config.json take it: `uses` take its flag, config.json holds
  /// it under `provider` (and under `provider.NAME`, as any setting each catalog has), help and the example name the
  /// catalog.
  func setting(of provider: any ProviderDefinition, takenBy uses: [SettingUse]) -> any SettingDeclaration {
    typed(of: provider, uses)
  }

  private func typed(of provider: any ProviderDefinition, _ uses: [SettingUse]) -> Setting<Value> {
    let declared = declared
    return Setting(
      of: provider.name.rawValue, flag: declared.flag, key: "provider." + declared.key,
      placeholder: declared.placeholder,
      help: "\(provider.name): \(declared.help)", kind: .catalogsOwn, default: .value(declared.defaultValue),
      commands: uses,
      example: SettingExample(
        value: declared.example, note: ["\(provider.title): \(declared.help) (default {default})."],
        commentedOut: true))
  }

  /// Puts its value in `sources`, for `provider` among the catalogs of `night`, into the values a run of `provider`
  /// hands it.
  func read(
    _ sources: SettingSources, of provider: any ProviderDefinition, night: [any ProviderDefinition],
    takenBy uses: [SettingUse], into values: inout ProviderSettingValues
  ) throws(SettingsError) {
    values[declared] = try sources.value(
      typed(of: provider, uses), for: CatalogUnit(definition: provider), among: CatalogUnit.units(night))
  }
}
