internal import Catalog

/// Which setting a value is of: its flag and its key, neither of which two settings share.
struct SettingID: Hashable, Sendable {
  let flag: String?
  let key: String?
}

/// The settings of one run, every one it reads read and checked before the run starts, so reading one afterwards
/// cannot fail: `settings[\.quiet]` is a `Bool`. A setting the run does not read (another catalog's own, the
/// e-mail's in another format, another command's) is its default, as it would be if the run read it unset.
struct CheckedSettings: Sendable {
  /// Each setting's value, as its own type: only ``init(reading:in:catalog:)`` puts one, each from its setting.
  private var values: [SettingID: any Sendable] = [:]
  /// The catalog the run asks, whose are the defaults that are each catalog's own.
  let catalog: any ProviderDefinition
  /// What the other defaults are worked out from.
  let defaults: DefaultContext

  /// Reads each of `settings` in `resolved`, in their order; the first that cannot be read is the error.
  init(reading settings: [any AnySetting], in resolved: Resolved, catalog: any ProviderDefinition) throws(CLIError) {
    self.catalog = catalog
    defaults = resolved.defaults
    for setting in settings { values[setting.id] = try setting.value(in: resolved) }
  }

  subscript<Value>(_ path: KeyPath<SettingsTable, Setting<Value>>) -> Value {
    self[SettingsTable.standard[keyPath: path]]
  }

  subscript<Value>(_ setting: Setting<Value>) -> Value {
    if let value = values[setting.id], let checked = value as? Value { return checked }
    return setting.fallback.value(defaults) { catalog }
  }
}
