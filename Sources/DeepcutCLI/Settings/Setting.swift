internal import Catalog
internal import Foundation

/// One setting, declared once: its flag, its key in config.json, what it takes, its default, and the words `--help`
/// and `config --example` use. Option parsing, help, reading the configuration, its example, `config --check` and
/// resolution (the flag, else the configuration, else the default) all come from these declarations.
struct Setting: Sendable {
  /// What a setting takes, and so how it is read from the command line and from config.json.
  enum Kind: Sendable {
    /// A flag alone: on when given; true or false in config.json.
    case flag
    case text
    /// A path; a leading `~/` is the home folder.
    case path
    /// An http(s) address; `noun` is how messages name it ("an http(s) URL").
    case url(noun: String)
    /// A mail server's address: smtps:// or smtp://.
    case mailServer
    case integer(ClosedRange<Int>)
    case bool
    /// One of these words.
    case choice([String])
    /// One of the catalogs the registry lists.
    case provider
    /// Texts: a list in config.json, comma-separated (and repeatable) on the command line.
    case list
    /// Some of these words.
    case choices([String])
    /// Some of the secondary types the registry's catalogs name.
    case secondaryTypes
    /// Regular expressions.
    case patterns
    /// A length of time: 90s, 10m, 2h, 1h30m.
    case duration
    /// A calendar day, YYYY-MM-DD.
    case day
  }

  /// What a setting is when neither the command line nor the configuration gives it.
  enum Default: Sendable {
    case none
    /// As it would be written on the command line.
    case value(String)
    /// Each catalog's own.
    case perProvider(@Sendable (any ProviderDefinition) -> Int)
    /// The first catalog the registry lists.
    case firstProvider
    /// Worked out where it is used (a folder from the environment); only said in help.
    case described(String)
  }

  /// How `config --example` shows a setting.
  struct Example: Sendable {
    /// The value as JSON text; nil shows the default.
    var json: String?
    /// Comment lines above it; `{default}` stands for the default, `{alternatives}` for the catalogs.
    var note: [String] = []
    /// A value the user fills in, shown commented out.
    var commentedOut = false
  }

  var flag: String?
  /// The path in config.json: `days`, `provider.requestsPerMinute`.
  var key: String?
  var placeholder: String?
  var help: @Sendable (ProviderRegistry) -> String
  var kind: Kind
  var defaultValue: Default = .none
  var example: Example?
  /// The whole help line one command shows instead, its default in its own words (see ``worded(_:)``).
  var commandWords: String?

  init(
    flag: String? = nil, key: String? = nil, placeholder: String? = nil, help: String, kind: Kind,
    defaultValue: Default = .none, example: Example? = nil
  ) {
    self.init(
      flag: flag, key: key, placeholder: placeholder, dynamicHelp: { _ in help }, kind: kind,
      defaultValue: defaultValue, example: example)
  }

  init(
    flag: String? = nil, key: String? = nil, placeholder: String? = nil,
    dynamicHelp: @escaping @Sendable (ProviderRegistry) -> String, kind: Kind, defaultValue: Default = .none,
    example: Example? = nil
  ) {
    self.flag = flag
    self.key = key
    self.placeholder = placeholder
    self.help = dynamicHelp
    self.kind = kind
    self.defaultValue = defaultValue
    self.example = example
  }

  /// A catalog's own setting, under `provider` in config.json.
  init(_ setting: ProviderSetting, of provider: any ProviderDefinition) {
    self.init(
      flag: setting.flag, key: "provider." + setting.key, placeholder: setting.placeholder,
      help: "\(provider.name): \(setting.help)", kind: setting.isURL ? .url(noun: "an http(s) URL") : .text,
      example: Example(
        json: "\"\(setting.example)\"", note: ["\(provider.title): \(setting.help)."],
        commentedOut: true))
  }

  /// The settings every catalog of `registry` declares of its own.
  static func catalogsOwn(_ registry: ProviderRegistry) -> [Setting] {
    registry.providers.flatMap { provider in provider.settings.map { Setting($0, of: provider) } }
  }

  /// The name it is known by: its flag, else its key.
  var name: String { flag ?? key ?? "" }

  /// The default as help says it: "30", or each catalog's own: "20 for one, 50 for another".
  func defaultText(_ registry: ProviderRegistry) -> String? {
    switch defaultValue {
    case .none: nil
    case .value(let text): text
    case .described(let text): text
    case .firstProvider: registry.defaultProvider?.name
    case .perProvider(let value):
      registry.providers.map { "\(value($0)) for \($0.name)" }.joined(separator: ", ")
    }
  }

  /// The same setting as one command puts it, when its meaning there needs other words: `why --now` is the day
  /// to explain. Flag, key, kind and default stay as declared.
  func worded(_ words: String) -> Setting {
    var setting = self
    setting.commandWords = words
    return setting
  }

  /// The help line: the words, with the default where they say `{default}` or after them.
  func helpText(_ registry: ProviderRegistry) -> String {
    if let commandWords { return commandWords }
    let words = help(registry)
    guard let value = defaultText(registry) else { return words }
    if words.contains("{default}") { return words.replacingOccurrences(of: "{default}", with: value) }
    return words + " (default \(value))"
  }
}
