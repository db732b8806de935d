internal import Catalog
internal import Foundation
internal import SettingsKit

/// Where ``SettingsTable`` puts the settings each catalog declares of its own (``ProviderSetting``): they come from
/// the registry, so a catalog registered elsewhere (a test's) brings its own.
struct CatalogsOwn: Sendable {}

extension ProviderSettingDeclaration {
  /// This setting of `provider` as the command line and config.json take it: `report` takes its flag, config.json
  /// holds it under `provider` (and under `provider.NAME`, as any setting each catalog has), help and the example
  /// name the catalog.
  func setting(of provider: any ProviderDefinition) -> any SettingDeclaration { typed(of: provider) }

  private func typed(of provider: any ProviderDefinition) -> Setting<Value> {
    let declared = declared
    return Setting(
      of: provider.name, flag: declared.flag, key: "provider." + declared.key, placeholder: declared.placeholder,
      help: "\(provider.name): \(declared.help)", kind: .catalogsOwn, default: .value(declared.defaultValue),
      commands: [.report],
      example: SettingExample(
        value: declared.example, note: ["\(provider.title): \(declared.help) (default {default})."],
        commentedOut: true))
  }

  /// Puts its value in `settings` among the values a run of `provider` hands it.
  func read(_ settings: Resolved, of provider: any ProviderDefinition, into values: inout ProviderSettingValues)
    throws(CLIError)
  {
    values[declared] = try settings[typed(of: provider), for: provider]
  }
}

enum CatalogSetting {
  /// The settings every one of `catalogs` declares of its own.
  static func all(_ catalogs: [any ProviderDefinition]) -> [any SettingDeclaration] {
    catalogs.flatMap { provider in provider.settings.map { $0.setting(of: provider) } }
  }

  static func all(_ registry: ProviderRegistry) -> [any SettingDeclaration] { all(registry.providers) }

  /// The values of `provider`'s own settings in `settings`, as the provider is handed them.
  static func values(of provider: any ProviderDefinition, in settings: Resolved) throws(CLIError)
    -> ProviderSettingValues
  {
    var values = ProviderSettingValues()
    for own in provider.settings { try own.read(settings, of: provider, into: &values) }
    return values
  }
}
