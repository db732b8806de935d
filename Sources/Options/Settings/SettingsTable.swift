package import Catalog
internal import Foundation
package import Report
package import SettingsKit

/// Every setting deepcut has, each declared once, in the group of the part of the night it makes — the library, the
/// output, the mail and each of its routes, the push, the window, the catalogs, the ledger — or of the run or the
/// command that reads it, beside the code that reads it: `settings[\.window.days]` reads one, as its type. Which
/// commands take a setting is in its declaration, and a setting with a key is in config.json.
///
/// The groups and their declarations are read in their order, as swift-argument-parser reads a command's stored
/// properties and its option groups, and every list keeps it: each command's `--help` (`report`'s is the table's
/// order), the completions and `config --example`. Where the lists have always put a setting elsewhere, its
/// declaration says so: `listed(after:)` in every list, `placed(after:)` in one (`why` leads with what it explains,
/// and the example gathers config.json's objects where a nightly user reads them: `provider` after `stateDir`,
/// `email` and `feeds` last).
package struct SettingsTable: SettingGroup {
  package let commands: CommandOptions = CommandOptions()
  package let library: LibraryOptions = LibraryOptions()
  package let output: OutputOptions = OutputOptions()
  package let mail: MailOptions = MailOptions()
  package let push: PushOptions = PushOptions()
  package let window: WindowOptions = WindowOptions()
  package let catalogs: CatalogOptions = CatalogOptions()
  package let run: RunOptions = RunOptions()
  package let ledger: LedgerOptions = LedgerOptions()
  package let setup: SetupOptions = SetupOptions()

  /// How many catalog artists a release request may ask about; a catalog may take fewer.
  package static let batchSizes = 1...200

  /// How the state commands say `--state-dir`'s default: they read the configuration's too.
  package static let stateDirectoryFromConfig: HelpWords =
    "where state.sqlite lives (default: stateDir in the config, else $XDG_STATE_HOME/deepcut)"

  package static let refusedKeys = [
    "email.smtp.password":
      "deepcut does not read passwords from its configuration: put the password alone in a file only you can read "
      + "(chmod 600), and name it in email.smtp.passwordFile, or set DEEPCUT_SMTP_PASSWORD"
  ]
}

package extension SettingsTable {
  static let standard = SettingsTable()

  /// The command line as a value, with `commands` and the catalogs of `registry` and their own settings: what
  /// parsing, help, config.json, the example configuration, the completions and the manual are made from (config.json
  /// needs no command).
  static func interface(_ registry: ProviderRegistry, commands: [CommandSpec] = []) -> CommandLineInterface {
    CommandLineInterface(
      program: "deepcut", commands: commands, settings: settings(registry), units: CatalogUnits(registry: registry),
      refusedKeys: refusedKeys, anchored: setting(at:))
  }

  /// What messages about config.json send a person to.
  static let exampleCommand = "deepcut config --example"

  private enum Entry: Sendable {
    case setting(any SettingDeclaration)
    case catalogsOwn
  }

  /// The declarations, in their order: read once, as swift-argument-parser reads a command's stored properties.
  private static let declared: [Entry] = listed(standard.members.compactMap { entry($0.value) })

  /// The entries in their order, each setting one lists after another after that one.
  private static func listed(_ entries: [Entry]) -> [Entry] {
    let names = entries.map { entry in
      if case .setting(let setting) = entry { setting.name } else { "" }
    }
    return placing(entries) { entry in
      guard case .setting(let setting) = entry, let anchor = setting.listedAfter else { return nil }
      return Self.setting(at: anchor).flatMap { names.firstIndex(of: $0.name) }
    }
  }

  /// The table's stored properties that are neither a setting nor the catalogs' place, by name: a test holds this
  /// empty, since one (a setting wrapped in an optional, say) would be in no list, no help and no config.json.
  static let undeclared: [String] = standard.members.compactMap { member in
    entry(member.value) == nil ? member.path : nil
  }

  private static func entry(_ value: Any) -> Entry? {
    if let setting = value as? any SettingDeclaration { return .setting(setting) }
    return value is CatalogsOwn ? .catalogsOwn : nil
  }

  /// Every setting, in the table's order, with the catalogs' own of `registry` where the table puts them.
  static func settings(_ registry: ProviderRegistry) -> [any SettingDeclaration] {
    settings(catalogs: registry.providers)
  }

  /// Every setting, in the table's order, with the own settings of `catalogs` where the table puts them.
  static func settings(catalogs: [any ProviderDefinition]) -> [any SettingDeclaration] {
    declared.flatMap { entry -> [any SettingDeclaration] in
      switch entry {
      case .setting(let setting): [setting]
      case .catalogsOwn: CatalogSetting.all(catalogs)
      }
    }
  }

  /// Every setting config.json may hold.
  static func configurable(_ registry: ProviderRegistry) -> [any SettingDeclaration] {
    settings(registry).filter { $0.key != nil }
  }

  /// The settings `report` takes for `format` alone, as their declarations say.
  static func settings(goingWith format: FormatName) -> [any SettingDeclaration] {
    settings(catalogs: []).filter { $0.use(in: .report)?.format == format }
  }

  /// The setting an anchor names.
  static func setting(at anchor: SettingAnchor) -> (any SettingDeclaration)? {
    let path: AnyKeyPath = anchor
    return standard[keyPath: path] as? any SettingDeclaration
  }

  /// Keys config.json may not hold, with what to do instead.
}
