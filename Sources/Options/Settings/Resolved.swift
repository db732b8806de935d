package import Catalog
package import Foundation
package import Identity
package import SettingsKit
internal import State

/// The settings of one command line, each read one way and as its type: the flag, else the configuration file, else
/// the setting's default. `settings[\.window.days]` is an `Int`; a setting each catalog has is read for one of the night's,
/// `settings[\.catalogs.rateLimit, for: catalog]` (``SettingScope``). Every command reads through it, so they never disagree —
/// on the state folder least of all.
package struct Resolved: Sendable, SettingReader {
  /// The flag, the file, the environment and the catalogs, and how each setting is read from them.
  package private(set) var sources: SettingSources
  /// Values a command sets over the flag and the file (`why` explains a report that was offline).
  private var overrides = SettingValues()
  /// The catalogs whose resolutions or told releases the state keeps, once ``rememberEarlierNights()`` read them
  /// (set by tests too, to stand for a state).
  package var earlierCatalogs: [CatalogName] = []

  /// Reads `--config PATH`, or the default configuration file when there is one.
  package init(
    _ arguments: Arguments, environment: [String: String], registry: ProviderRegistry, startedAt: Date = Date()
  ) throws(CLIError) {
    self.init(arguments, config: ConfigFile(), environment: environment, registry: registry, startedAt: startedAt)
    // The file a flag names must be there; the default one need not.
    if let path = try self[\.run.config] {
      let interface = SettingsTable.interface(registry)
      sources.config = try CLIError.settings { () throws(SettingsError) in
        try ConfigFile.load(path: path, required: onCommandLine(\.run.config), interface)
      }
    }
  }

  /// With `config`, read already, as the configuration.
  package init(
    _ arguments: Arguments, config: ConfigFile, environment: [String: String], registry: ProviderRegistry,
    startedAt: Date = Date()
  ) {
    sources = SettingSources(
      arguments: arguments, config: config, environment: environment, units: CatalogUnits(registry: registry),
      startedAt: startedAt, exampleCommand: SettingsTable.exampleCommand)
  }

  package var arguments: Arguments { sources.arguments }
  package var config: ConfigFile { sources.config }
  package var environment: [String: String] { sources.environment }
  package var registry: ProviderRegistry { CatalogUnits.registry(sources.units) }
  package var startedAt: Date { sources.startedAt }

  package subscript<Value>(_ path: KeyPath<SettingsTable, Setting<Value>>) -> Value {
    get throws(CLIError) { try self[SettingsTable.standard[keyPath: path]] }
  }

  /// A setting's value: the flag, else the configuration, else the default.
  package subscript<Value>(_ setting: Setting<Value>) -> Value {
    get throws(CLIError) {
      try CLIError.settings { () throws(SettingsError) in try read(setting) }
    }
  }

  /// The run's value of `setting`, as ``CheckedSettings`` reads it.
  package func read<Value>(_ setting: Setting<Value>) throws(SettingsError) -> Value {
    precondition(setting.scope.isRun, "\(setting.name) is each catalog's: read it with settings[_:for:]")
    if let value = overrides[setting] { return value }
    return try sources.given(setting) ?? setting.fallback.value(defaults)
  }

  package var defaults: DefaultContext { sources.defaults }

  /// The catalogs the night asks, in the order of their links: those `--provider` or `provider.name` names, else the
  /// default ones. Never none.
  package var nightCatalogs: [any ProviderDefinition] {
    get throws(CLIError) {
      let catalogs: [any ProviderDefinition]
      if let named = try given(\.catalogs.provider) {
        catalogs = named
      } else {
        catalogs = try defaultNight()
      }
      guard !catalogs.isEmpty else { throw .usage("no catalog is registered") }
      return catalogs
    }
  }

  /// The night when none is chosen (``UnnamedNight``).
  package func defaultNight() throws(CLIError) -> [any ProviderDefinition] { try unnamedNight.catalogs }

  /// The catalogs a night asks when none is named, worked out from the state, the snapshot and the contact.
  package var unnamedNight: UnnamedNight {
    get throws(CLIError) {
      let hasContact = try CatalogOptions.contact(self) != nil
      return UnnamedNight(
        registry: registry, earlier: earlierCatalogs, snapshot: try self[\.catalogs.snapshot], hasContact: hasContact)
    }
  }

  /// The recommended catalogs tonight leaves out until someone says who runs this.
  package var waitingForContact: [CatalogName] {
    guard (try? given(\.catalogs.provider)) == nil else { return [] }
    return (try? unnamedNight.waitingForContact) ?? []
  }

  /// The catalogs earlier nights asked, read from the state folder: a state that holds resolutions or told releases
  /// under them keeps them as the night's until the user chooses.
  package mutating func rememberEarlierNights() async throws(CLIError) {
    guard try given(\.catalogs.provider) == nil else { return }
    let directory = try self[\.run.stateDirectory]
    do {
      earlierCatalogs = try await StateStore.catalogsKept(directory: directory)
    } catch {
      throw .state(error.description)
    }
  }

  /// Whether the night asks what earlier nights did rather than the recommended catalogs, and which those are.
  package var keepsEarlierCatalogs: [CatalogName]? {
    guard (try? given(\.catalogs.provider)) == nil else { return nil }
    return UnnamedNight(registry: registry, earlier: earlierCatalogs, snapshot: nil, hasContact: true).keptEarlier?
      .map(\.name)
  }

  /// The catalog of a command that asks one (`artists`): the night's, when it has one; several are refused, naming
  /// where they come from.
  package func oneCatalog(for command: CommandName) throws(CLIError) -> any ProviderDefinition {
    let catalogs = try nightCatalogs
    if catalogs.count == 1, let only = catalogs.first { return only }
    let names = sentence(catalogs.map(\.name.rawValue), "and")
    let key = SettingsTable.standard.catalogs.provider.key ?? ""
    let source =
      onCommandLine(\.catalogs.provider)
      ? "--provider names \(names)"
      : config.values[key] != nil ? "\(config.path): \(key) names \(names)" : "the default catalogs are \(names)"
    throw .usage("\(source), and \(command.rawValue) takes one catalog: name one with --provider NAME")
  }

  /// The value the flag or the configuration gives; nil when the default stands.
  package func given<Value>(_ setting: Setting<Value>) throws(CLIError) -> Value? {
    if let value = overrides[setting] { return value }
    return try CLIError.settings { () throws(SettingsError) in try sources.given(setting) }
  }

  package func given<Value>(_ path: KeyPath<SettingsTable, Setting<Value>>) throws(CLIError) -> Value? {
    try given(SettingsTable.standard[keyPath: path])
  }

  /// `text` read as if the command line gave it to the setting: what stands in for a setting is checked as it is.
  package func reading<Value>(_ path: KeyPath<SettingsTable, Setting<Value>>, asGiven text: String) throws(CLIError)
    -> Value
  {
    let setting = SettingsTable.standard[keyPath: path]
    return try CLIError.settings { () throws(SettingsError) in try sources.reading(setting, asGiven: text) }
  }

  /// The same settings, with `value` for the setting `path` names, whatever the flag or the file say.
  package func overriding<Value>(_ path: KeyPath<SettingsTable, Setting<Value>>, with value: Value) -> Resolved {
    var settings = self
    settings.overrides.set(value, for: SettingsTable.standard[keyPath: path])
    return settings
  }

  /// Whether the command line gives the setting (not the configuration).
  package func onCommandLine<Value>(_ path: KeyPath<SettingsTable, Setting<Value>>) -> Bool {
    arguments.gives(SettingsTable.standard[keyPath: path])
  }
}

package extension Resolved {
  subscript<Value>(_ path: KeyPath<SettingsTable, Setting<Value>>, for catalog: any ProviderDefinition) -> Value
  {
    get throws(CLIError) { try self[SettingsTable.standard[keyPath: path], for: catalog] }
  }

  /// One catalog's value (``SettingSources/value(_:for:night:)``).
  subscript<Value>(_ setting: Setting<Value>, for catalog: any ProviderDefinition) -> Value {
    get throws(CLIError) {
      let night = try nightAndLinked
      return try CLIError.settings { () throws(SettingsError) in
        try sources.value(setting, for: CatalogUnit(definition: catalog), among: CatalogUnit.units(night))
      }
    }
  }

  /// The catalogs `--links` names, and the one whose pages open where the person listens (`--listen applemusic`
  /// links to iTunes), which a release is looked up in by its UPC when the night does not search it.
  var linkCatalogs: [any ProviderDefinition] {
    get throws(CLIError) {
      let named = try self[\.catalogs.links]
      guard let own = try self[\.catalogs.listen]?.catalog.flatMap(registry.named),
        !named.contains(where: { $0.name == own.name })
      else { return named }
      return named + [own]
    }
  }

  /// The catalogs searched tonight and those linked to, which are asked tonight too, at their own pace and address.
  var nightAndLinked: [any ProviderDefinition] {
    get throws(CLIError) {
      let searched = try nightCatalogs
      return try searched + linkCatalogs.filter { link in !searched.contains { $0.name == link.name } }
    }
  }
}
