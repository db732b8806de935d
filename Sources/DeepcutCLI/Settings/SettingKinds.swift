internal import Catalog
internal import Delivery
internal import Foundation
internal import Identity
internal import Scheduling
internal import SettingsKit

extension SettingKind where Value == String {
  /// A store's country: two letters, uppercased.
  static var country: Self {
    .checkedText(takes: "a two-letter store code like US or GB", text: { $0 }) { text in
      text.count == 2 && text.allSatisfy(\.isLetter) ? text.uppercased() : nil
    }
  }

  /// Who runs this, as a catalog is told in every request's User-Agent: an e-mail address or a URL, trimmed, with
  /// no line break or parenthesis to end the comment it stands in.
  static var contact: Self {
    .checkedText(
      takes: "an e-mail address or a URL", text: { $0 }, trimmed: { $0.trimmingCharacters(in: .whitespaces) }
    ) { text in text.contains { $0.isNewline || $0 == "(" || $0 == ")" } ? nil : text }
  }
}

extension SettingKind where Value: ProviderSettingValue {
  /// The value of a catalog's own setting, as its type reads it from a text.
  static var catalogsOwn: Self {
    .checkedText(takes: Value.settingNoun, text: \.settingText) { Value(settingText: $0) }
  }
}

extension SettingKind where Value == MailServerAddress {
  /// A mail server's address, checked (smtps:// or smtp://, no user or password in it) where the delivery is worked
  /// out, with the other mail settings.
  static var mailServer: Self { .anyText(text: \.text) { text, _ in MailServerAddress(text: text) } }
}

extension SettingKind where Value == TimeOfDay {
  /// A time of day, HH:MM.
  static var timeOfDay: Self {
    .fromText(
      takes: { _ in "a time of day as HH:MM, from 00:00 to 23:59 (e.g. 06:30)" },
      expected: { _ in #"a time of day like "06:30""# }, text: \.text
    ) { text, _ in TimeOfDay(text) }
  }
}

extension SettingKind where Value == [any ProviderDefinition] {
  /// Catalogs the registry lists, by name in any case: comma-separated on the command line (the flag repeated adds
  /// more), in config.json one text the same or a list of names. Each is kept once, where it first stands, since the
  /// order is the order of the links; a name that is none is refused with the nearest one.
  static var catalogs: Self {
    Self(
      parse: { given, site throws(SettingsError) in
        let registry = site.context.registry
        let names = given.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
        return try catalogs(names.map { (String($0), site.name) }, registry) { name, _ in
          .usage(
            "--\(site.name) takes \(registry.alternatives), not '\(name)'"
              + didYouMean(name, registry.names.map(\.rawValue)))
        }
      },
      read: { json, site throws(SettingsError) in
        let registry = site.context.registry
        return try catalogs(try catalogNames(json, site), registry) { name, key in
          site.context.fail(
            key, "one of " + registry.names.map(\.rawValue).joined(separator: ", "), .text(name),
            hint: didYouMean(name, registry.names.map(\.rawValue)))
        }
      },
      json: { $0.count == 1 ? ConfigJSON.quoted($0[0].name.rawValue) : ConfigJSON.quoted($0.map(\.name.rawValue)) },
      text: { $0.map(\.name.rawValue).joined(separator: ",") }, completion: { .list($0.names.map(\.rawValue)) })
  }

  /// The names config.json gives, each with the key a mistake in it is told under: a text's, comma-separated, or a
  /// list's.
  private static func catalogNames(_ json: ConfigJSON, _ site: SettingSite) throws(SettingsError) -> [(String, String)]
  {
    switch json {
    case .text(let text):
      return text.split(separator: ",", omittingEmptySubsequences: false).map { (String($0), site.key) }
    case .list(let items) where !items.isEmpty:
      var names: [(String, String)] = []
      for (index, item) in items.enumerated() {
        let key = "\(site.key)[\(index)]"
        names.append((try site.context.text(item, key), key))
      }
      return names
    default:
      throw site.context.fail(site.key, "a catalog's name, or a list of one or more", json)
    }
  }

  /// The catalogs `names` name, each once; `unknown` is the error for a name (trimmed) given under a key that names
  /// none.
  private static func catalogs(
    _ names: [(text: String, key: String)], _ registry: ProviderRegistry,
    unknown: (_ name: String, _ key: String) -> SettingsError
  ) throws(SettingsError) -> [any ProviderDefinition] {
    var catalogs: [any ProviderDefinition] = []
    for (text, key) in names {
      let name = text.trimmingCharacters(in: .whitespaces)
      guard let catalog = registry.named(name) else { throw unknown(name, key) }
      if !catalogs.contains(where: { $0.name == catalog.name }) { catalogs.append(catalog) }
    }
    return catalogs
  }
}

/// A mail server's address as given. What it must be is checked where the delivery is worked out, with the other
/// mail settings, so a wrong one is a configuration problem however it was given.
struct MailServerAddress: Sendable {
  var text: String

  /// smtps://HOST:465 or smtp://HOST:587, with no user or password in it.
  func url() throws(CLIError) -> URL {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), SMTPServer.schemes.contains(scheme),
      url.host?.isEmpty == false
    else {
      throw .config(
        "email.smtp.url takes smtps://HOST:465 or smtp://HOST:587, like smtps://smtp.fastmail.com:465, not '\(text)'")
    }
    guard url.user == nil, url.password == nil else {
      throw .config(
        "email.smtp.url holds a user or password: put the user in email.smtp.user and the password in the file "
          + "email.smtp.passwordFile names")
    }
    return url
  }
}
