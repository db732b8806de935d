package import SettingsKit

/// The settings of one run, every one it reads read and checked before the run starts, so reading one afterwards
/// cannot fail: `settings[\.run.quiet]` is a `Bool`. A setting the run does not read (the e-mail's in another format,
/// another command's) is its default, as it would be if the run read it unset. A setting each catalog has is not
/// here: its values are each catalog's, in the night's ``CatalogNight``s.
package struct CheckedSettings: Sendable {
  private var values = SettingValues()
  /// What the defaults are worked out from.
  package let defaults: DefaultContext

  /// Reads each of `settings` in `resolved`, in their order; the first that cannot be read is the error.
  package init(reading settings: [any SettingDeclaration], in resolved: Resolved) throws(CLIError) {
    defaults = resolved.defaults
    do {
      for setting in settings { try setting.keep(in: &values, from: resolved) }
    } catch {
      throw CLIError(error)
    }
  }

  package subscript<Value>(_ path: KeyPath<SettingsTable, Setting<Value>>) -> Value {
    self[SettingsTable.standard[keyPath: path]]
  }

  package subscript<Value>(_ setting: Setting<Value>) -> Value {
    values[setting] ?? setting.fallback.value(defaults)
  }
}
