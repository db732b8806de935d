internal import Catalog

/// Values of settings, each as its setting's type: only ``set(_:for:)`` puts one, under its own setting.
struct SettingValues: Sendable {
  /// By the setting's names, which no two settings share.
  private var values: [SettingName: any Sendable] = [:]

  /// The value put for `setting`; nil when none was. One of another type is a mistake in the table (two settings
  /// of one name, which `SettingsTableTests` refuses), never a reason to fall back to the default.
  subscript<Value>(_ setting: Setting<Value>) -> Value? {
    guard let kept = values[setting.names] else { return nil }
    guard let value = kept as? Value else {
      preconditionFailure("\(setting.name) holds a \(type(of: kept)), not a \(Value.self): two settings share a name")
    }
    return value
  }

  mutating func set<Value>(_ value: Value, for setting: Setting<Value>) {
    values[setting.names] = value
  }
}

/// The settings of one run, every one it reads read and checked before the run starts, so reading one afterwards
/// cannot fail: `settings[\.quiet]` is a `Bool`. A setting the run does not read (the e-mail's in another format,
/// another command's) is its default, as it would be if the run read it unset. A setting each catalog has is not
/// here: its values are each catalog's, in the night's ``CatalogNight``s.
struct CheckedSettings: Sendable {
  private var values = SettingValues()
  /// What the defaults are worked out from.
  let defaults: DefaultContext

  /// Reads each of `settings` in `resolved`, in their order; the first that cannot be read is the error.
  init(reading settings: [any SettingDeclaration], in resolved: Resolved) throws(CLIError) {
    defaults = resolved.defaults
    for setting in settings { try setting.keep(in: &values, from: resolved) }
  }

  subscript<Value>(_ path: KeyPath<SettingsTable, Setting<Value>>) -> Value {
    self[SettingsTable.standard[keyPath: path]]
  }

  subscript<Value>(_ setting: Setting<Value>) -> Value {
    values[setting] ?? setting.fallback.value(defaults)
  }
}
