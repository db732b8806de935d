internal import Catalog
internal import Foundation

/// Where ``SettingsTable`` puts the settings each catalog declares of its own (``ProviderSetting``): they come from
/// the registry, so a catalog registered elsewhere (a test's) brings its own.
struct CatalogsOwn: Sendable {}

extension Setting {
  /// A catalog's own setting, under `provider` in config.json; `report` takes its flag.
  fileprivate static func catalogs<Wrapped>(
    _ setting: ProviderSetting, of provider: any ProviderDefinition, kind: SettingKind<Wrapped>,
    example: Wrapped?
  ) -> Setting<Wrapped?> {
    Setting<Wrapped?>(
      flag: setting.flag, key: "provider." + setting.key, placeholder: setting.placeholder,
      help: "\(provider.name): \(setting.help)", kind: kind, commands: [.report],
      example: .commentedOut(example, note: "\(provider.title): \(setting.help)."))
  }
}

/// A catalog's own setting, as the command line and config.json take it: a text, or an http(s) address.
enum CatalogSetting {
  case text(Setting<String?>)
  case url(Setting<URL?>)

  init(_ setting: ProviderSetting, of provider: any ProviderDefinition) {
    if setting.isURL {
      self = .url(
        .catalogs(setting, of: provider, kind: .url("an http(s) URL"), example: URL(string: setting.example)))
    } else {
      self = .text(.catalogs(setting, of: provider, kind: .text, example: setting.example))
    }
  }

  var setting: any AnySetting {
    switch self {
    case .text(let setting): setting
    case .url(let setting): setting
    }
  }

  /// Its value in `settings`, as the provider is handed it (``ProviderRun/options``).
  func value(in settings: Resolved) throws(CLIError) -> String? {
    switch self {
    case .text(let setting): try settings[setting]
    case .url(let setting): try settings[setting]?.absoluteString
    }
  }

  /// The values of `provider`'s own settings in `settings`, by key, as the provider is handed them.
  static func options(of provider: any ProviderDefinition, in settings: Resolved) throws(CLIError) -> [String: String] {
    var options: [String: String] = [:]
    for own in provider.settings { options[own.key] = try CatalogSetting(own, of: provider).value(in: settings) }
    return options
  }

  /// The settings every catalog of `registry` declares of its own.
  static func all(_ registry: ProviderRegistry) -> [CatalogSetting] { all(registry.providers) }

  static func all(_ catalogs: [any ProviderDefinition]) -> [CatalogSetting] {
    catalogs.flatMap { provider in provider.settings.map { CatalogSetting($0, of: provider) } }
  }
}
