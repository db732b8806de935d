internal import Catalog
internal import Foundation
internal import SettingsKit

/// Where ``SettingsTable`` puts the settings each catalog declares of its own (``ProviderSetting``): they come from
/// the registry, so a catalog registered elsewhere (a test's) brings its own.
struct CatalogsOwn: Sendable {}

enum CatalogSetting {
  /// The settings every one of `catalogs` declares of its own.
  static func all(_ catalogs: [any ProviderDefinition]) -> [any SettingDeclaration] {
    catalogs.flatMap { provider in provider.settings.map { $0.setting(of: provider, takenBy: [.report]) } }
  }

  static func all(_ registry: ProviderRegistry) -> [any SettingDeclaration] { all(registry.providers) }

  /// The values of `provider`'s own settings in `settings`, as the provider is handed them.
  static func values(of provider: any ProviderDefinition, in settings: Resolved) throws(CLIError)
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
