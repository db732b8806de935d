internal import Foundation

/// What a setting holds, and all that depends on that alone: how the command line gives it (every value its flag got,
/// in order), how config.json gives it, the words of its errors, and how help and `config --example` write a value.
/// Each kind is declared for its value type only (`.integer` makes an `Int`, `.path` a `String`), so a declaration
/// cannot pair one type with another's parsing, and reading a setting gives its type.
public struct SettingKind<Value: Sendable>: Sendable {
  public typealias Parse = @Sendable (_ given: [String], _ site: SettingSite) throws(SettingsError) -> Value
  public typealias Read = @Sendable (_ json: ConfigJSON, _ site: SettingSite) throws(SettingsError) -> Value
  public typealias Check = @Sendable (_ json: ConfigJSON, _ site: SettingSite) throws(SettingsError) -> Void

  /// Whether the flag takes a value (`--days 30`) or stands alone (`--quiet`).
  public var takesValue = true
  public var parse: Parse
  public var read: Read
  /// What `config --check` holds the file's value to: all of `read`, unless the value is checked where it is used.
  public var check: Check?
  /// The value as config.json writes it.
  public var json: @Sendable (Value) -> String
  /// The value as the command line writes it, and help says it; nil when there is nothing to say.
  public var text: @Sendable (Value) -> String?
  /// The values it takes, as help lists them where its words say `{values}`: "1 to 200", "album,ep,single".
  public var values: String?
  /// What a shell offers for its value, given the units there are.
  public var completion: @Sendable (any SettingUnitRegistry) -> Completion = { _ in .nothing }

  public init(
    takesValue: Bool = true, parse: @escaping Parse, read: @escaping Read, check: Check? = nil,
    json: @escaping @Sendable (Value) -> String, text: @escaping @Sendable (Value) -> String?, values: String? = nil,
    completion: @escaping @Sendable (any SettingUnitRegistry) -> Completion = { _ in .nothing }
  ) {
    self.takesValue = takesValue
    self.parse = parse
    self.read = read
    self.check = check
    self.json = json
    self.text = text
    self.values = values
    self.completion = completion
  }

  /// The same kind for a setting that may be given no value at all.
  public var optional: SettingKind<Value?> {
    let parse = parse
    let read = read
    let check = check
    let json = json
    let text = text
    return SettingKind<Value?>(
      takesValue: takesValue, parse: { given, site throws(SettingsError) in try parse(given, site) },
      read: { value, site throws(SettingsError) in try read(value, site) },
      check: check,
      json: { $0.map(json) ?? "null" }, text: { $0.flatMap(text) }, values: values, completion: completion)
  }

  /// The same kind, its value completed as `completion` says.
  public func completing(_ completion: Completion) -> Self {
    var kind = self
    kind.completion = { _ in completion }
    return kind
  }
}

/// Where a value is read: the names its errors use, and what reading needs.
public struct SettingSite: Sendable {
  /// The flag, else the key: what the command line's errors name.
  public var name: String
  /// The key in config.json: what the file's errors name.
  public var key: String
  public var context: SettingContext

  public init(name: String, key: String, context: SettingContext) {
    self.name = name
    self.key = key
    self.context = context
  }
}

// MARK: - Texts

extension SettingKind where Value == String {
  public static var text: Self { .anyText(text: { $0 }) { text, _ in text } }

  /// A path; a leading `~/` is the home folder.
  public static var path: Self {
    Self.anyText(text: { $0 }) { text, context in expanding(text, context.environment) }.completing(.files)
  }

  /// A folder's path; a leading `~/` is the home folder.
  public static var directory: Self { path.completing(.directories) }
}

/// `~/x` as `$HOME/x`; anything else as it is.
public func expanding(_ path: String, _ environment: [String: String]) -> String {
  guard path.hasPrefix("~/"), let home = environment["HOME"] else { return path }
  return home + path.dropFirst(1)
}

// MARK: - Numbers, switches, lengths of time

extension SettingKind where Value == Int {
  public static func integer(_ range: ClosedRange<Int>) -> Self {
    Self(
      parse: { given, site throws(SettingsError) in
        let text = given.last ?? ""
        guard let value = Int(text), range.contains(value) else {
          throw .usage(
            "--\(site.name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return value
      }, read: { value, site throws(SettingsError) in try site.context.integer(value, site.key, range) },
      json: { "\($0)" }, text: { "\($0)" }, values: "\(range.lowerBound) to \(range.upperBound)")
  }
}

extension SettingKind where Value == Bool {
  /// On when its flag is given (the flag takes no value); true or false in config.json.
  public static var flag: Self {
    Self(
      takesValue: false, parse: { _, _ in true },
      read: { value, site throws(SettingsError) in try site.context.bool(value, site.key) },
      json: { $0 ? "true" : "false" }, text: { $0 ? "true" : "false" })
  }
}

extension SettingKind where Value == Duration {
  /// A length of time: 90s, 10m, 2h, 1h30m.
  public static var duration: Self {
    .fromText(
      takes: { _ in "a length of time like 90s, 10m, 2h or 1h30m" },
      expected: { _ in #"a length of time like "90s", "10m" or "2h""# }, text: DurationText.text
    ) { text, _ in DurationText.parse(text) }
  }
}

// MARK: - Words of a fixed set

extension SettingKind where Value: CaseIterable & RawRepresentable, Value.RawValue == String {
  /// One of the type's cases, by its raw value (in any case on the command line).
  public static var choice: Self {
    let words = Value.allCases.map(\.rawValue)
    var kind = Self.fromText(
      takes: { _ in sentence(words, "or") }, expected: { _ in "one of " + words.joined(separator: ", ") },
      anyCase: true, text: \.rawValue
    ) { text, _ in Value(rawValue: text) }
    kind.values = sentence(words, "or")
    kind.completion = { _ in .words(words) }
    return kind
  }
}

extension SettingKind {
  /// A kind made from one text: the flag's (its last, when it is given more than once), or the file's. `make` gives
  /// nil for a text that is not one; the command line is told what the flag `takes`, the file what was `expected`.
  /// A value reads as config.json writes it: a JSON string of its `text`.
  public static func fromText(
    takes: @escaping @Sendable (SettingContext) -> String, expected: @escaping @Sendable (SettingContext) -> String,
    anyCase: Bool = false, text: @escaping @Sendable (Value) -> String,
    _ make: @escaping @Sendable (_ text: String, _ context: SettingContext) -> Value?
  ) -> Self {
    Self(
      parse: { given, site throws(SettingsError) in
        let given = given.last ?? ""
        guard let value = make(anyCase ? given.lowercased() : given, site.context) else {
          throw .usage("--\(site.name) takes \(takes(site.context)), not '\(given)'")
        }
        return value
      },
      read: { json, site throws(SettingsError) in
        guard let value = make(try site.context.text(json, site.key), site.context) else {
          throw site.context.fail(site.key, expected(site.context), json)
        }
        return value
      }, json: { ConfigJSON.quoted(text($0)) }, text: { text($0) })
  }

  /// A kind made from one text, `trimmed` first, and refused in the flag's words however it was given (the file's
  /// `"ftp://x"` is told "--base-url takes an http(s) URL, not 'ftp://x'", as it always was): `config --check` holds
  /// the file's value to being text, and the rest is checked where it is read.
  public static func checkedText(
    takes noun: String, text: @escaping @Sendable (Value) -> String,
    trimmed: @escaping @Sendable (String) -> String = { $0 }, _ make: @escaping @Sendable (_ text: String) -> Value?
  ) -> Self {
    @Sendable func made(_ given: String, _ site: SettingSite) throws(SettingsError) -> Value {
      let text = trimmed(given)
      guard let value = make(text) else { throw .usage("--\(site.name) takes \(noun), not '\(text)'") }
      return value
    }
    return Self(
      parse: { given, site throws(SettingsError) in try made(given.last ?? "", site) },
      read: { json, site throws(SettingsError) in try made(try site.context.text(json, site.key), site) },
      check: { json, site throws(SettingsError) in _ = try site.context.text(json, site.key) },
      json: { ConfigJSON.quoted(text($0)) }, text: { text($0) })
  }

  /// A kind that takes any text, made into its value by `make`.
  public static func anyText(
    text: @escaping @Sendable (Value) -> String,
    _ make: @escaping @Sendable (_ text: String, _ context: SettingContext) -> Value
  ) -> Self {
    .fromText(takes: { _ in "text" }, expected: { _ in "text" }, text: text) { given, context in make(given, context) }
  }
}

// MARK: - Lists

extension SettingKind where Value == [String] {
  /// Texts, each as given (an artist's name may hold a comma): a list in config.json, the flag repeated.
  public static var texts: Self {
    Self(
      parse: { given, _ in given },
      read: { value, site throws(SettingsError) in try site.context.texts(value, site.key) },
      json: ConfigJSON.quoted, text: { $0.isEmpty ? nil : $0.joined(separator: ",") })
  }

  /// E-mail addresses: a list in config.json, the flag repeated (`--to a --to b`), and any entry of either
  /// comma-separated.
  public static var addresses: Self {
    @Sendable func split(_ entries: [String]) -> [String] {
      entries.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty }
    }
    return Self(
      parse: { given, _ in split(given) },
      read: { value, site throws(SettingsError) in split(try site.context.texts(value, site.key)) },
      json: ConfigJSON.quoted, text: { $0.isEmpty ? nil : $0.joined(separator: ",") })
  }

  /// Some of the words `allowed` gives for the units there are.
  public static func words(_ allowed: @escaping @Sendable (any SettingUnitRegistry) -> [String]) -> Self {
    Self(
      parse: { given, site throws(SettingsError) in try commaSeparated(given, allowed(site.context.units), site) },
      read: { value, site throws(SettingsError) in
        try site.context.choices(value, site.key, allowed(site.context.units))
      }, json: ConfigJSON.quoted, text: { $0.isEmpty ? nil : $0.joined(separator: ",") },
      completion: { .list(allowed($0)) })
  }

  /// Regular expressions.
  public static var patterns: Self {
    @Sendable func checked(_ patterns: [String], _ problem: (Int, String) -> SettingsError) throws(SettingsError)
      -> [String]
    {
      for (index, pattern) in patterns.enumerated() where (try? Regex(pattern)) == nil {
        throw problem(index, pattern)
      }
      return patterns
    }
    return Self(
      parse: { given, site throws(SettingsError) in
        try checked(given) { _, pattern in .usage("--\(site.name): '\(pattern)' is not a valid regular expression") }
      },
      read: { value, site throws(SettingsError) in
        try checked(try site.context.texts(value, site.key)) { index, pattern in
          .config("\(site.context.configPath): \(site.key)[\(index)]: '\(pattern)' is not a valid regular expression")
        }
      }, json: ConfigJSON.quoted, text: { $0.isEmpty ? nil : $0.joined(separator: ",") })
  }
}

extension SettingKind {
  /// Some of the type's cases, by their raw values (any case on the command line).
  public static func choices<Choice>() -> Self
  where Value == [Choice], Choice: CaseIterable & RawRepresentable & Sendable, Choice.RawValue == String {
    let words = Choice.allCases.map(\.rawValue)
    return Self(
      parse: { given, site throws(SettingsError) in
        try commaSeparated(given, words, site).compactMap(Choice.init(rawValue:))
      },
      read: { value, site throws(SettingsError) in
        try site.context.choices(value, site.key, words).compactMap(Choice.init(rawValue:))
      }, json: { ConfigJSON.quoted($0.map(\.rawValue)) },
      text: { $0.isEmpty ? nil : $0.map(\.rawValue).joined(separator: ",") }, values: words.joined(separator: ","),
      completion: { _ in .list(words) })
  }
}

extension SettingKind {
  /// A choice for each of some names: `--classes live=main,version=also` (comma-separated, the flag repeated, any
  /// case), in config.json an object, `{"live": "main"}`. Only the names given are in the value: what is not said
  /// keeps its default where the value is used.
  public static func choiceForEach<Name, Choice>() -> Self
  where
    Value == [Name: Choice], Name: CaseIterable & RawRepresentable & Hashable & Sendable, Name.RawValue == String,
    Choice: CaseIterable & RawRepresentable & Sendable, Choice.RawValue == String
  {
    let names = Name.allCases.map(\.rawValue)
    let choices = Choice.allCases.map(\.rawValue)
    let shape = "NAME=CHOICE pairs (NAME one of \(sentence(names, "or")); CHOICE one of \(sentence(choices, "or")))"
    @Sendable func pairs(_ value: Value) -> [(String, String)] {
      value.map { ($0.key.rawValue, $0.value.rawValue) }.sorted { $0.0 < $1.0 }
    }
    return Self(
      parse: { given, site throws(SettingsError) in
        var value: Value = [:]
        for item in given.flatMap({ $0.split(separator: ",") }) {
          let parts = item.split(separator: "=", maxSplits: 1).map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
          }
          guard parts.count == 2, let name = Name(rawValue: parts[0]), let choice = Choice(rawValue: parts[1]) else {
            throw .usage("--\(site.name) takes \(shape), not '\(item)'")
          }
          value[name] = choice
        }
        return value
      },
      read: { json, site throws(SettingsError) in
        guard case .object(let members) = json else {
          throw site.context.fail(site.key, "an object like {\"\(names[0])\": \"\(choices[0])\"}", json)
        }
        var value: Value = [:]
        for (member, given) in members.sorted(by: { $0.key < $1.key }) {
          guard let name = Name(rawValue: member) else {
            throw site.context.unknown("\(site.key).\(member)", known: names)
          }
          let text = try site.context.choice(given, "\(site.key).\(member)", choices)
          value[name] = Choice(rawValue: text)
        }
        return value
      },
      json: { value in
        "{" + pairs(value).map { "\(ConfigJSON.quoted($0.0)): \(ConfigJSON.quoted($0.1))" }.joined(separator: ", ")
          + "}"
      },
      text: { value in value.isEmpty ? nil : pairs(value).map { "\($0.0)=\($0.1)" }.joined(separator: ",") },
      values: "\(names.joined(separator: ",")) = \(choices.joined(separator: "|"))",
      completion: { _ in .list(names.flatMap { name in choices.map { "\(name)=\($0)" } }) })
  }
}

/// Words given on the command line, comma-separated, each one of `allowed` in any case; lowercased.
private func commaSeparated(_ given: [String], _ allowed: [String], _ site: SettingSite) throws(SettingsError)
  -> [String]
{
  let items = given.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
  for item in items where !allowed.contains(item.lowercased()) {
    throw .usage("--\(site.name) takes \(sentence(allowed, "and")), not '\(item)'")
  }
  return items.map { $0.lowercased() }
}

/// "a, b and c" or "a, b or c".
public func sentence(_ words: [String], _ conjunction: String) -> String {
  guard words.count > 1 else { return words.first ?? "" }
  return words.dropLast().joined(separator: ", ") + " \(conjunction) " + (words.last ?? "")
}

/// A length of time as people write it on a command line or in the configuration: `90s`, `10m`, `2h`, `1h30m`.
public enum DurationText {
  public static func parse(_ text: String) -> Duration? {
    var total = 0
    var number = ""
    var sawUnit = false
    for character in text {
      if let digit = character.wholeNumberValue, character.isASCII {
        number.append(String(digit))
        guard number.count <= 6 else { return nil }
        continue
      }
      let unit: Int
      switch character {
      case "s": unit = 1
      case "m": unit = 60
      case "h": unit = 3600
      default: return nil
      }
      guard let value = Int(number) else { return nil }
      total += value * unit
      number = ""
      sawUnit = true
    }
    guard number.isEmpty, sawUnit, total > 0 else { return nil }
    return .seconds(total)
  }

  /// In the largest unit that holds it whole, as help's examples write them: `90s`, `100m`, `2h`.
  public static func text(_ duration: Duration) -> String {
    let seconds = Int(duration.components.seconds)
    if seconds % 3600 == 0 { return "\(seconds / 3600)h" }
    if seconds % 60 == 0 { return "\(seconds / 60)m" }
    return "\(seconds)s"
  }
}
