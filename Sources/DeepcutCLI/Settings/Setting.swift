internal import Catalog
internal import Foundation
internal import Report

/// One setting, declared once (in ``SettingsTable``): its flag, its key in config.json, what it holds and how that is
/// read (its kind), its default, the words `--help` gives it, the commands that take it and how `config --example`
/// shows it. Reading it (`settings[\.days]`) gives a `Value`: the flag, else the configuration, else the default.
struct Setting<Value: Sendable>: Sendable {
  /// Its flag, its key, or both.
  let names: SettingName
  /// What help and usage errors show for its value (`--days N`); nil for a switch or a key of config.json alone.
  let placeholder: String?
  let help: HelpWords
  let kind: SettingKind<Value>
  let fallback: SettingDefault<Value>
  /// The commands whose options it is, each as it shows it there.
  let uses: [SettingUse]
  /// How `config --example` shows it; nil leaves it out.
  let example: SettingExample<Value>?

  /// A setting a command takes by its flag, which config.json may hold too under `key`.
  init(
    flag: String, key: String? = nil, placeholder: String, help: HelpWords, kind: SettingKind<Value>,
    default fallback: SettingDefault<Value>, commands uses: [SettingUse], example: SettingExample<Value>? = nil
  ) {
    self.init(
      names: .flag(flag, key: key), placeholder: placeholder, help: help, kind: kind, default: fallback, uses: uses,
      example: example)
  }

  /// A setting only config.json holds.
  init(
    key: String, help: HelpWords, kind: SettingKind<Value>, default fallback: SettingDefault<Value>,
    example: SettingExample<Value>? = nil
  ) {
    self.init(
      names: .key(key), placeholder: nil, help: help, kind: kind, default: fallback, uses: [], example: example)
  }

  /// A setting that may hold no value: none unless it is given, or a default it declares.
  init<Wrapped>(
    flag: String, key: String? = nil, placeholder: String, help: HelpWords, kind: SettingKind<Wrapped>,
    default fallback: SettingDefault<Value> = .absent, commands uses: [SettingUse],
    example: SettingExample<Value>? = nil
  ) where Value == Wrapped? {
    self.init(
      flag: flag, key: key, placeholder: placeholder, help: help, kind: kind.optional, default: fallback,
      commands: uses, example: example)
  }

  /// A setting only config.json holds, that may hold no value.
  init<Wrapped>(
    key: String, help: HelpWords, kind: SettingKind<Wrapped>, default fallback: SettingDefault<Value> = .absent,
    example: SettingExample<Value>? = nil
  ) where Value == Wrapped? {
    self.init(key: key, help: help, kind: kind.optional, default: fallback, example: example)
  }

  private init(
    names: SettingName, placeholder: String?, help: HelpWords, kind: SettingKind<Value>,
    default fallback: SettingDefault<Value>, uses: [SettingUse], example: SettingExample<Value>?
  ) {
    self.names = names
    self.placeholder = placeholder
    self.help = help
    self.kind = kind
    self.fallback = fallback
    self.uses = uses
    self.example = example
  }
}

extension Setting where Value == Bool {
  /// A switch: on when its flag is given, or when config.json sets its key true; off otherwise.
  init(
    flag: String, key: String? = nil, help: HelpWords, commands uses: [SettingUse],
    example: SettingExample<Bool>? = nil
  ) {
    self.init(
      names: .flag(flag, key: key), placeholder: nil, help: help, kind: .flag, default: .value(false), uses: uses,
      example: example)
  }

  /// A switch only config.json holds: on when it says true.
  init(key: String, help: HelpWords, example: SettingExample<Bool>? = nil) {
    self.init(key: key, help: help, kind: .flag, default: .value(false), example: example)
  }
}

/// How a setting is known: by its flag, which the commands that take it take, with a key in config.json too or not;
/// or by a key in config.json alone. So every setting has one or both, and no two share a flag or a key (a test holds).
enum SettingName: Hashable, Sendable {
  case flag(String, key: String?)
  case key(String)

  var flag: String? {
    guard case .flag(let flag, _) = self else { return nil }
    return flag
  }

  /// The path in config.json: `days`, `provider.requestsPerMinute`; nil when only the command line gives it.
  var key: String? {
    switch self {
    case .flag(_, let key): key
    case .key(let key): key
    }
  }

  /// The flag, else the key.
  var name: String {
    switch self {
    case .flag(let flag, _): flag
    case .key(let key): key
    }
  }
}

/// Where in ``SettingsTable`` a list shows something instead: after the setting this names.
typealias SettingAnchor = any PartialKeyPath<SettingsTable> & Sendable

/// A command, by the name the command line gives it: each is declared once, in its ``Command``'s spec.
struct CommandName: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  let rawValue: String

  init(stringLiteral value: String) {
    rawValue = value
  }

  var description: String { rawValue }
}

/// A command that takes a setting, and how that command shows it: in its own words, or at another place.
struct SettingUse: Sendable {
  var command: CommandName
  /// The whole help line this command gives it instead, its default in its own words (`why --now` is the day to
  /// explain); `{values}` and `{default}` as in ``HelpWords``. Flag, key, kind and default stay as declared.
  var words: HelpWords?
  /// The option this command's help shows it after, when that is not the table's order.
  var anchor: SettingAnchor?
  /// The one report format it goes with (`--to` with an e-mail): in another, the report refuses its flag and does not
  /// read it.
  var format: FormatName?

  init(command: any Command.Type, format: FormatName? = nil) {
    self.command = command.spec.command
    self.format = format
  }

  static let report = SettingUse(command: ReportCommand.self)
  /// Taken by `report` for an e-mail only.
  static let reportEmail = SettingUse(command: ReportCommand.self, format: FormatName(EmailFormat.self))
  static let scan = SettingUse(command: ScanCommand.self)
  static let why = SettingUse(command: WhyCommand.self)
  static let artists = SettingUse(command: ArtistsCommand.self)
  static let cache = SettingUse(command: CacheCommand.self)
  static let status = SettingUse(command: StatusCommand.self)
  static let setup = SettingUse(command: SetupCommand.self)
  static let config = SettingUse(command: ConfigCommand.self)

  func worded(_ words: HelpWords) -> SettingUse {
    var use = self
    use.words = words
    return use
  }

  func placed(after anchor: SettingAnchor) -> SettingUse {
    var use = self
    use.anchor = anchor
    return use
  }
}

/// A setting's words in `--help`: fixed, or naming the catalogs of the registry. `{default}` stands for the default
/// (without it, help adds "(default …)" after the words), `{values}` for the values its kind takes ("1 to 200").
struct HelpWords: Sendable, ExpressibleByStringInterpolation {
  let words: @Sendable (ProviderRegistry) -> String

  init(stringLiteral value: String) {
    words = { _ in value }
  }

  init(stringInterpolation: DefaultStringInterpolation) {
    let text = String(stringInterpolation: stringInterpolation)
    words = { _ in text }
  }

  private init(_ words: @escaping @Sendable (ProviderRegistry) -> String) {
    self.words = words
  }

  static func catalogs(_ words: @escaping @Sendable (ProviderRegistry) -> String) -> HelpWords {
    HelpWords(words)
  }
}

/// What a setting is when neither the command line nor config.json gives it, and how help and the example say so.
struct SettingDefault<Value: Sendable>: Sendable {
  enum Source: Sendable {
    case value(Value)
    /// Worked out from what the run knows before any setting: its environment, when it started, its catalogs.
    case computed(@Sendable (DefaultContext) -> Value)
  }

  let source: Source
  /// The default as help says it ("30", "$XDG_STATE_HOME/deepcut"); nil says nothing.
  let words: @Sendable (_ registry: ProviderRegistry, _ kind: SettingKind<Value>) -> String?

  /// The value for a run in `context`. A default that is each catalog's own is an ``EachCatalog``'s, read for one
  /// catalog: a setting read as one value has none.
  func value(_ context: DefaultContext) -> Value {
    switch source {
    case .value(let value): value
    case .computed(let value): value(context)
    }
  }

  /// `value`, which help says as the command line writes it, or in `shown` words ("all").
  static func value(_ value: Value, shown: String? = nil) -> SettingDefault {
    SettingDefault(source: .value(value), words: { shown ?? $1.text(value) })
  }

  /// Worked out for each run by `value`; help says it in `words` ("$XDG_STATE_HOME/deepcut"), or says nothing.
  static func computed(
    _ words: String?, _ value: @escaping @Sendable (DefaultContext) -> Value
  ) -> SettingDefault {
    SettingDefault(source: .computed(value), words: { _, _ in words })
  }
}

/// What a default may be worked out from: what a run knows before it reads any setting.
struct DefaultContext: Sendable {
  var environment: [String: String]
  /// When the command line was read: the clock's time, once for the whole run.
  var startedAt: Date
  /// The catalogs there are.
  var registry: ProviderRegistry
}

extension SettingDefault where Value == Date {
  /// The time the run started.
  static var clock: SettingDefault { .computed(nil) { $0.startedAt } }
}

extension SettingDefault where Value == [any ProviderDefinition] {
  /// The catalogs a night asks when none is named: ``ProviderRegistry/defaultNight``.
  static var nightCatalogs: SettingDefault {
    SettingDefault(
      source: .computed { $0.registry.defaultNight },
      words: { registry, _ in registry.defaultNight.map(\.name.rawValue).joined(separator: ",") })
  }
}

extension ProviderRegistry {
  /// The catalogs a night asks when neither `--provider` nor config.json names any, and no earlier night asked
  /// others: the recommended ones, else the registry's first.
  var defaultNight: [any ProviderDefinition] {
    let recommended = recommended.compactMap(named)
    return recommended.isEmpty ? defaultProvider.map { [$0] } ?? [] : recommended
  }
}

extension SettingDefault where Value: ExpressibleByNilLiteral {
  /// No value.
  static var absent: SettingDefault {
    SettingDefault(source: .value(nil), words: { _, _ in nil })
  }

  /// No value here: what uses it works one out of what it makes (a subject from the report's headline); help says how.
  static func described(_ words: String) -> SettingDefault {
    SettingDefault(source: .value(nil), words: { _, _ in words })
  }
}

/// How `config --example` shows a setting: its note, and a value, or its default.
struct SettingExample<Value: Sendable>: Sendable {
  /// The value shown; nil shows the default.
  var value: Value?
  /// Comment lines above it; `{default}` stands for the default, `{alternatives}` for the catalogs.
  var note: [String]
  /// A value the user fills in, shown commented out.
  var commentedOut = false
  /// The member of config.json the example shows it after, when that is not the table's order. A member of another
  /// object places the object this setting is in.
  var anchor: SettingAnchor?

  static func value(_ value: Value, note: String...) -> SettingExample {
    SettingExample(value: value, note: note)
  }

  /// A value the user fills in, shown commented out (an address that does not parse shows the default).
  static func commentedOut(_ value: Value?, note: String...) -> SettingExample {
    SettingExample(value: value, note: note, commentedOut: true)
  }

  static func `default`(note: String...) -> SettingExample {
    SettingExample(value: nil, note: note)
  }

  func placed(after anchor: SettingAnchor) -> SettingExample {
    var example = self
    example.anchor = anchor
    return example
  }
}

/// A setting, whatever it holds: what option parsing, `--help`, config.json and its example need of it.
protocol SettingDeclaration: Sendable {
  var names: SettingName { get }
  var placeholder: String? { get }
  var takesValue: Bool { get }
  var uses: [SettingUse] { get }
  /// The example's note, and whether it is commented out; nil when the example leaves it out.
  var exampleNote: (lines: [String], commentedOut: Bool)? { get }
  var exampleAnchor: SettingAnchor? { get }
  func defaultText(_ registry: ProviderRegistry) -> String?
  /// The help line: the words, with the default where they say `{default}` or after them.
  func helpText(_ registry: ProviderRegistry) -> String
  /// `words` with the values it takes where they say `{values}` and its default where they say `{default}`.
  func filled(_ words: String, _ registry: ProviderRegistry) -> String
  /// What a shell offers for its value.
  func completion(_ registry: ProviderRegistry) -> Completion
  /// The example's value as JSON: its own, else the default.
  func exampleJSON(_ registry: ProviderRegistry) -> String
  /// Every key config.json may give it under: its own, and one catalog's (`provider.NAME.baseURL`) for a setting each
  /// catalog has.
  func configKeys(_ registry: ProviderRegistry) -> [String]
  /// Whether config.json's value at `key`, one of its ``configKeys(_:)``, is one it takes; throws what
  /// `config --check` says.
  func check(_ value: ConfigJSON, at key: String, _ context: SettingContext) throws(CLIError)
  /// Reads its value in `settings` into `values`, as its type.
  func keep(in values: inout SettingValues, from settings: Resolved) throws(CLIError)
}

extension SettingDeclaration {
  var flag: String? { names.flag }
  var key: String? { names.key }
  /// The name it is known by: its flag, else its key.
  var name: String { names.name }

  /// How `command` takes it; nil when it does not.
  func use(in command: CommandName) -> SettingUse? {
    uses.first { $0.command == command }
  }

  func configKeys(_ registry: ProviderRegistry) -> [String] { key.map { [$0] } ?? [] }
}

/// A declaration of one type, read as one value (``Setting``) or as one for each catalog (``EachCatalog``): its words,
/// its kind and its example make its help, its example and what `config --check` holds it to, alike for both.
protocol TypedDeclaration: SettingDeclaration {
  associatedtype Value: Sendable
  var help: HelpWords { get }
  var kind: SettingKind<Value> { get }
  var example: SettingExample<Value>? { get }
}

extension TypedDeclaration {
  var takesValue: Bool { kind.takesValue }
  var exampleNote: (lines: [String], commentedOut: Bool)? { example.map { ($0.note, $0.commentedOut) } }
  var exampleAnchor: SettingAnchor? { example?.anchor }

  func helpText(_ registry: ProviderRegistry) -> String { wordsWithDefault(registry) }

  func completion(_ registry: ProviderRegistry) -> Completion { kind.completion(registry) }

  /// The words, with the default where they say `{default}`, else after them.
  func wordsWithDefault(_ registry: ProviderRegistry) -> String {
    let words = help.words(registry)
    // A switch is off unless it is given: there is no default to say.
    guard kind.takesValue, !words.contains("{default}"), let value = defaultText(registry) else {
      return filled(words, registry)
    }
    return filled(words, registry) + " (default \(value))"
  }

  func filled(_ words: String, _ registry: ProviderRegistry) -> String {
    words.replacingOccurrences(of: "{values}", with: kind.values ?? "")
      .replacingOccurrences(of: "{default}", with: defaultText(registry) ?? "")
  }

  func check(_ value: ConfigJSON, at key: String, _ context: SettingContext) throws(CLIError) {
    let site = SettingSite(name: name, key: key, context: context)
    if let check = kind.check { try check(value, site) } else { _ = try kind.read(value, site) }
  }
}

extension Setting: TypedDeclaration {
  func defaultText(_ registry: ProviderRegistry) -> String? { fallback.words(registry, kind) }

  /// Its example's value, else its default as a run with no environment has it.
  func exampleJSON(_ registry: ProviderRegistry) -> String {
    if let value = example?.value { return kind.json(value) }
    return kind.json(fallback.value(DefaultContext(environment: [:], startedAt: Date(), registry: registry)))
  }

  func keep(in values: inout SettingValues, from settings: Resolved) throws(CLIError) {
    values.set(try settings[self], for: self)
  }
}
