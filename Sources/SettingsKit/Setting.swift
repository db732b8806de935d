public import Foundation

/// One setting, declared once (in a program's table of settings): its flag, its key in config.json, what it holds and how that is
/// read (its kind), its default, the words `--help` gives it, the commands that take it, how `config --example`
/// shows it, and its scope: the run's one value, each unit's own, or one unit's setting (``SettingScope``). Reading it
/// gives a `Value`: the flag, else the configuration, else the default; `settings[\.days]` for the run,
/// `settings[\.rateLimit, for: catalog]` for one unit.
public struct Setting<Value: Sendable>: Sendable {
  /// Its flag, its key, or both.
  public let names: SettingName
  /// What help and usage errors show for its value (`--days N`); nil for a switch or a key of config.json alone.
  public let placeholder: String?
  public let help: HelpWords
  public let kind: SettingKind<Value>
  public let fallback: SettingDefault<Value>
  /// The commands whose options it is, each as it shows it there.
  public let uses: [SettingUse]
  /// How `config --example` shows it; nil leaves it out.
  public let example: SettingExample<Value>?
  public let scope: SettingScope
  /// The setting every list shows it after, whatever the order of the declarations (``listed(after:)``).
  public internal(set) var listedAfter: SettingAnchor?

  /// A setting a command takes by its flag, which config.json may hold too under `key`.
  public init(
    flag: String, key: String? = nil, placeholder: String, help: HelpWords, kind: SettingKind<Value>,
    default fallback: SettingDefault<Value>, commands uses: [SettingUse], example: SettingExample<Value>? = nil
  ) {
    self.init(
      names: .flag(flag, key: key), placeholder: placeholder, help: help, kind: kind, default: fallback, uses: uses,
      example: example)
  }

  /// A setting only config.json holds.
  public init(
    key: String, help: HelpWords, kind: SettingKind<Value>, default fallback: SettingDefault<Value>,
    example: SettingExample<Value>? = nil
  ) {
    self.init(
      names: .key(key), placeholder: nil, help: help, kind: kind, default: fallback, uses: [], example: example)
  }

  /// A setting that may hold no value: none unless it is given, or a default it declares.
  public init<Wrapped>(
    flag: String, key: String? = nil, placeholder: String, help: HelpWords, kind: SettingKind<Wrapped>,
    default fallback: SettingDefault<Value> = .absent, commands uses: [SettingUse],
    example: SettingExample<Value>? = nil
  ) where Value == Wrapped? {
    self.init(
      flag: flag, key: key, placeholder: placeholder, help: help, kind: kind.optional, default: fallback,
      commands: uses, example: example)
  }

  /// A setting only config.json holds, that may hold no value.
  public init<Wrapped>(
    key: String, help: HelpWords, kind: SettingKind<Wrapped>, default fallback: SettingDefault<Value> = .absent,
    example: SettingExample<Value>? = nil
  ) where Value == Wrapped? {
    self.init(key: key, help: help, kind: kind.optional, default: fallback, example: example)
  }

  /// A setting each unit of a run has a value of its own for: `--rate-limit NAME=N` gives one unit's and a bare
  /// `--rate-limit N` every unit's; in config.json `provider.NAME.requestsPerMinute` one unit's and the flat
  /// `provider.requestsPerMinute` every unit's. With `sharedByAll` false, a value naming no unit serves only a run of
  /// one (an address cannot be every unit's).
  public init(
    eachUnit flag: String, key: String, placeholder: String, help: HelpWords, kind: SettingKind<Value>,
    default fallback: SettingDefault<Value>, commands uses: [SettingUse], example: SettingExample<Value>? = nil,
    sharedByAll: Bool = true
  ) {
    self.init(
      names: .flag(flag, key: key), placeholder: placeholder, help: help, kind: kind, default: fallback, uses: uses,
      example: example, scope: .eachUnit(sharedByAll: sharedByAll))
  }

  /// The setting of the unit named `unit` alone, as the command line and config.json take it.
  public init(
    of unit: String, flag: String, key: String, placeholder: String, help: HelpWords,
    kind: SettingKind<Value>, default fallback: SettingDefault<Value>, commands uses: [SettingUse],
    example: SettingExample<Value>?
  ) {
    self.init(
      names: .flag(flag, key: key), placeholder: placeholder, help: help, kind: kind, default: fallback, uses: uses,
      example: example, scope: .unit(unit))
  }

  private init(
    names: SettingName, placeholder: String?, help: HelpWords, kind: SettingKind<Value>,
    default fallback: SettingDefault<Value>, uses: [SettingUse], example: SettingExample<Value>?,
    scope: SettingScope = .run
  ) {
    self.names = names
    self.placeholder = placeholder
    self.help = help
    self.kind = kind
    self.fallback = fallback
    self.uses = uses
    self.example = example
    self.scope = scope
  }
}

extension Setting where Value == Bool {
  /// A switch: on when its flag is given, or when config.json sets its key true; off otherwise.
  public init(
    flag: String, key: String? = nil, help: HelpWords, commands uses: [SettingUse],
    example: SettingExample<Bool>? = nil
  ) {
    self.init(
      names: .flag(flag, key: key), placeholder: nil, help: help, kind: .flag, default: .value(false), uses: uses,
      example: example)
  }

  /// A switch only config.json holds: on when it says true.
  public init(key: String, help: HelpWords, example: SettingExample<Bool>? = nil) {
    self.init(key: key, help: help, kind: .flag, default: .value(false), example: example)
  }
}

/// How a setting is known: by its flag, which the commands that take it take, with a key in config.json too or not;
/// or by a key in config.json alone. So every setting has one or both, and no two share a flag or a key (a test holds).
public enum SettingName: Hashable, Sendable {
  case flag(String, key: String?)
  case key(String)

  public var flag: String? {
    guard case .flag(let flag, _) = self else { return nil }
    return flag
  }

  /// The path in config.json: `days`, `provider.requestsPerMinute`; nil when only the command line gives it.
  public var key: String? {
    switch self {
    case .flag(_, let key): key
    case .key(let key): key
    }
  }

  /// The flag, else the key.
  public var name: String {
    switch self {
    case .flag(let flag, _): flag
    case .key(let key): key
    }
  }
}

/// Where in the table of settings a list shows something instead: after the setting this key path of the table names.
public typealias SettingAnchor = any AnyKeyPath & Sendable

/// A command, by the name the command line gives it: each is declared once, in its spec.
public struct CommandName: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  public let rawValue: String

  public init(stringLiteral value: String) {
    rawValue = value
  }

  public var description: String { rawValue }
}

/// A command that takes a setting, and how that command shows it: in its own words, or at another place.
public struct SettingUse: Sendable {
  public var command: CommandName
  /// The whole help line this command gives it instead, its default in its own words (`why --now` is the day to
  /// explain); `{values}` and `{default}` as in ``HelpWords``. Flag, key, kind and default stay as declared.
  public var words: HelpWords?
  /// The option this command's help shows it after, when that is not the table's order.
  public var anchor: SettingAnchor?
  /// The one variant of the command it goes with (`--to` with a report's e-mail format): in another, the command
  /// refuses its flag and does not read it.
  public var variant: String?

  public init(command: CommandName, variant: String? = nil) {
    self.command = command
    self.variant = variant
  }

  public func worded(_ words: HelpWords) -> SettingUse {
    var use = self
    use.words = words
    return use
  }
}

/// A setting's words in `--help`: fixed, or naming the units there are. `{default}` stands for the default (without
/// it, help adds "(default …)" after the words), `{values}` for the values its kind takes ("1 to 200").
public struct HelpWords: Sendable, ExpressibleByStringInterpolation {
  public let words: @Sendable (any SettingUnitRegistry) -> String

  public init(stringLiteral value: String) {
    words = { _ in value }
  }

  public init(stringInterpolation: DefaultStringInterpolation) {
    let text = String(stringInterpolation: stringInterpolation)
    words = { _ in text }
  }

  private init(_ words: @escaping @Sendable (any SettingUnitRegistry) -> String) {
    self.words = words
  }

  public static func units(_ words: @escaping @Sendable (any SettingUnitRegistry) -> String) -> HelpWords {
    HelpWords(words)
  }
}

/// What a setting is when neither the command line nor config.json gives it, and how help and the example say so.
public struct SettingDefault<Value: Sendable>: Sendable {
  public enum Source: Sendable {
    case value(Value)
    /// Worked out from what the run knows before any setting: its environment, when it started, its units.
    case computed(@Sendable (DefaultContext) -> Value)
    /// Each unit's own (its limit, its address): a setting each unit has, read for one unit.
    case perUnit(@Sendable (any SettingUnit) -> Value)
  }

  public let source: Source
  /// The default as help says it ("30", "$XDG_STATE_HOME/deepcut"); nil says nothing.
  public let words: @Sendable (_ units: any SettingUnitRegistry, _ kind: SettingKind<Value>) -> String?

  public init(
    source: Source, words: @escaping @Sendable (_ units: any SettingUnitRegistry, _ kind: SettingKind<Value>) -> String?
  ) {
    self.source = source
    self.words = words
  }

  /// The value for a run in `context`. A default that is each unit's own belongs to a setting read for one unit:
  /// asking it for the run is a mistake in the table.
  public func value(_ context: DefaultContext) -> Value {
    switch source {
    case .value(let value): return value
    case .computed(let value): return value(context)
    case .perUnit:
      preconditionFailure("a default that is each unit's own is read for one unit, with settings[_:for:]")
    }
  }

  /// The value for `unit` in a run in `context`.
  public func value(for unit: any SettingUnit, _ context: DefaultContext) -> Value {
    if case .perUnit(let value) = source { return value(unit) }
    return self.value(context)
  }

  /// `value`, which help says as the command line writes it, or in `shown` words ("all").
  public static func value(_ value: Value, shown: String? = nil) -> SettingDefault {
    SettingDefault(source: .value(value), words: { shown ?? $1.text(value) })
  }

  /// Each unit's own: help names every unit's ("20 for NAME, 50 for OTHER"), or lists them in the registry's order
  /// when `naming` is false.
  public static func perUnit(_ value: @escaping @Sendable (any SettingUnit) -> Value, naming: Bool = true)
    -> SettingDefault
  {
    SettingDefault(
      source: .perUnit(value),
      words: { units, kind in
        units.units.compactMap { unit in
          kind.text(value(unit)).map { naming ? "\($0) for \(unit.name)" : $0 }
        }.joined(separator: ", ")
      })
  }

  /// Worked out for each run by `value`; help says it in `words` ("$XDG_STATE_HOME/deepcut"), or says nothing.
  public static func computed(
    _ words: String?, _ value: @escaping @Sendable (DefaultContext) -> Value
  ) -> SettingDefault {
    SettingDefault(source: .computed(value), words: { _, _ in words })
  }
}

/// What a default may be worked out from: what a run knows before it reads any setting.
public struct DefaultContext: Sendable {
  public var environment: [String: String]
  /// When the command line was read: the clock's time, once for the whole run.
  public var startedAt: Date
  /// The units there are.
  public var units: any SettingUnitRegistry

  public init(environment: [String: String], startedAt: Date, units: any SettingUnitRegistry) {
    self.environment = environment
    self.startedAt = startedAt
    self.units = units
  }
}

extension SettingDefault where Value == Date {
  /// The time the run started.
  public static var clock: SettingDefault { .computed(nil) { $0.startedAt } }
}

extension SettingDefault where Value: ExpressibleByNilLiteral {
  /// No value.
  public static var absent: SettingDefault {
    SettingDefault(source: .value(nil), words: { _, _ in nil })
  }

  /// No value here: what uses it works one out of what it makes (a subject from the report's headline); help says how.
  public static func described(_ words: String) -> SettingDefault {
    SettingDefault(source: .value(nil), words: { _, _ in words })
  }
}

/// How `config --example` shows a setting: its note, and a value, or its default.
public struct SettingExample<Value: Sendable>: Sendable {
  /// The value shown; nil shows the default.
  public var value: Value?
  /// Comment lines above it; `{default}` stands for the default, `{alternatives}` for the units a person chooses among
  /// (``SettingUnitRegistry/alternatives``).
  public var note: [String]
  /// A value the user fills in, shown commented out.
  public var commentedOut = false
  /// The member of config.json the example shows it after, when that is not the table's order. A member of another
  /// object places the object this setting is in.
  public var anchor: SettingAnchor?

  public init(value: Value?, note: [String], commentedOut: Bool = false) {
    self.value = value
    self.note = note
    self.commentedOut = commentedOut
  }

  public static func value(_ value: Value, note: String...) -> SettingExample {
    SettingExample(value: value, note: note)
  }

  /// A value the user fills in, shown commented out (an address that does not parse shows the default).
  public static func commentedOut(_ value: Value?, note: String...) -> SettingExample {
    SettingExample(value: value, note: note, commentedOut: true)
  }

  public static func `default`(note: String...) -> SettingExample {
    SettingExample(value: nil, note: note)
  }
}

/// A setting, whatever it holds: what option parsing, `--help`, config.json and its example need of it.
public protocol SettingDeclaration: Sendable {
  var names: SettingName { get }
  var scope: SettingScope { get }
  var placeholder: String? { get }
  var takesValue: Bool { get }
  var uses: [SettingUse] { get }
  /// The example's note, and whether it is commented out; nil when the example leaves it out.
  var exampleNote: (lines: [String], commentedOut: Bool)? { get }
  var exampleAnchor: SettingAnchor? { get }
  var listedAfter: SettingAnchor? { get }
  func defaultText(_ units: any SettingUnitRegistry) -> String?
  /// The help line: the words, with the default where they say `{default}` or after them.
  func helpText(_ units: any SettingUnitRegistry) -> String
  /// `words` with the values it takes where they say `{values}` and its default where they say `{default}`.
  func filled(_ words: String, _ units: any SettingUnitRegistry) -> String
  /// What a shell offers for its value.
  func completion(_ units: any SettingUnitRegistry) -> Completion
  /// The example's value as JSON: its own, else the default.
  func exampleJSON(_ units: any SettingUnitRegistry) -> String
  /// Every key config.json may give it under: its own, and one unit's (`provider.NAME.baseURL`) for a setting each
  /// unit has.
  func configKeys(_ units: any SettingUnitRegistry) -> [String]
  /// Whether config.json's value at `key`, one of its ``configKeys(_:)``, is one it takes; throws what
  /// `config --check` says.
  func check(_ value: ConfigJSON, at key: String, _ context: SettingContext) throws(SettingsError)
  /// Reads the run's value from `reader` into `values`, as its type.
  func keep(in values: inout SettingValues, from reader: any SettingReader) throws(SettingsError)
}

extension SettingDeclaration {
  public var flag: String? { names.flag }
  public var key: String? { names.key }
  /// The name it is known by: its flag, else its key.
  public var name: String { names.name }

  /// How `command` takes it; nil when it does not.
  public func use(in command: CommandName) -> SettingUse? {
    uses.first { $0.command == command }
  }
}

extension Setting: SettingDeclaration {
  public var takesValue: Bool { kind.takesValue }
  public var exampleNote: (lines: [String], commentedOut: Bool)? { example.map { ($0.note, $0.commentedOut) } }
  public var exampleAnchor: SettingAnchor? { example?.anchor }

  public func defaultText(_ units: any SettingUnitRegistry) -> String? { fallback.words(units, kind) }

  public func completion(_ units: any SettingUnitRegistry) -> Completion { kind.completion(units) }

  /// The words and the default; for a setting every unit has, how one unit's value is given (a unit's own flag is one
  /// unit's already).
  public func helpText(_ units: any SettingUnitRegistry) -> String {
    let words = wordsWithDefault(units)
    guard case .eachUnit(let sharedByAll) = scope, let placeholder else { return words }
    let one = "NAME=\(placeholder)"
    let unit = units.words
    return words + (sharedByAll ? "; \(one) for one \(unit.one)" : "; with several \(unit.several), \(one) for each")
  }

  /// The words, with the default where they say `{default}`, else after them.
  public func wordsWithDefault(_ units: any SettingUnitRegistry) -> String {
    let words = help.words(units)
    // A switch is off unless it is given: there is no default to say.
    guard kind.takesValue, !words.contains("{default}"), let value = defaultText(units) else {
      return filled(words, units)
    }
    return filled(words, units) + " (default \(value))"
  }

  public func filled(_ words: String, _ units: any SettingUnitRegistry) -> String {
    words.replacingOccurrences(of: "{values}", with: kind.values ?? "")
      .replacingOccurrences(of: "{default}", with: defaultText(units) ?? "")
  }

  /// Its example's value, else its default: as a run with no environment has it, or, for a setting of each unit, as
  /// the first of the default units has it (its own unit, for a unit's own).
  public func exampleJSON(_ units: any SettingUnitRegistry) -> String {
    if let value = example?.value { return kind.json(value) }
    let context = DefaultContext(environment: [:], startedAt: Date(), units: units)
    guard !scope.isRun else { return kind.json(fallback.value(context)) }
    guard let unit = scope.only.flatMap(units.unit(named:)) ?? units.defaultUnits.first else { return "null" }
    return kind.json(fallback.value(for: unit, context))
  }

  /// Its key, and for a setting of each unit, the key of each unit's own value.
  public func configKeys(_ units: any SettingUnitRegistry) -> [String] {
    let own = names.key.map { [$0] } ?? []
    guard !scope.isRun else { return own }
    return own + (scope.only.map { [$0] } ?? units.names).compactMap(key(of:))
  }

  public func check(_ value: ConfigJSON, at key: String, _ context: SettingContext) throws(SettingsError) {
    let site = SettingSite(name: name, key: key, context: context)
    if let check = kind.check { try check(value, site) } else { _ = try kind.read(value, site) }
  }

  /// Reads the run's value into `values`; a setting of each unit has none (its values are each unit's, read for one
  /// unit where it is used).
  public func keep(in values: inout SettingValues, from reader: any SettingReader) throws(SettingsError) {
    guard scope.isRun else { return }
    values.set(try reader.read(self), for: self)
  }
}
