package import Basics
package import Catalog
internal import Delivery
package import Foundation
package import Scheduling
package import SettingsKit

package extension SettingKind where Value == String {
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

package extension SettingKind where Value == URL {
  /// An http(s) address, read as a catalog's own address is; `noun` is how messages name it ("an http(s) URL").
  static func url(_ noun: String) -> Self {
    .checkedText(takes: noun, text: \.absoluteString) { URL(settingText: $0) }
  }
}

package extension SettingKind where Value == CalendarDay {
  /// A calendar day, YYYY-MM-DD.
  static var day: Self {
    .fromText(
      takes: { _ in "a date like 2026-11-01" }, expected: { _ in #"a date like "2026-11-01""# }, text: \.description
    ) { text, _ in text.count == 10 ? CalendarDay(iso8601: text) : nil }
  }
}

package extension SettingKind where Value == Date {
  /// A day (noon UTC that day), or a time in ISO 8601.
  static var dateAndTime: Self {
    .fromText(
      takes: { _ in "a date like 2026-11-29 or 2026-11-29T21:00:00Z" }, expected: { _ in #"a date like "2026-11-29""# },
      text: { $0.formatted(.iso8601) }
    ) { text, _ in
      if text.count == 10, let day = CalendarDay(iso8601: text) {
        return Date(timeIntervalSince1970: Double(day.daysSinceEpoch) * 86_400 + 12 * 3600)
      }
      return try? Date(text, strategy: .iso8601)
    }
  }
}

package extension SettingKind where Value == ListeningService? {
  /// A service people listen on, by the name `--listen` takes, in any case; `none` for none.
  static var listening: Self {
    let words = ListeningService.all.map(\.id) + ["none"]
    var kind = Self.fromText(
      takes: { _ in sentence(words, "or") }, expected: { _ in "one of " + words.joined(separator: ", ") },
      anyCase: true, text: { $0?.id ?? "none" }
    ) { text, _ in text == "none" ? .some(nil) : ListeningService.named(text).map { .some($0) } }
    kind.values = sentence(words, "or")
    kind.completion = { _ in .words(words) }
    return kind
  }
}

package extension SettingKind where Value == [String: URL] {
  /// Where each push service deepcut speaks is reached instead of its public address, by its name: `SERVICE=URL`
  /// texts, the flag repeated or a list in config.json, later ones winning. Checked as they are read, in the flag's
  /// words however they were given, and never shown in a refusal: an http(s) URL with no user or password in it, as
  /// config.json, where these are kept, is no place for a secret (a token goes in the channels file).
  static var pushServiceURLs: Self {
    let names = PushServices.standard.names
    @Sendable func urls(_ pairs: [String]) throws(SettingsError) -> [String: URL] {
      var urls: [String: URL] = [:]
      for (index, pair) in pairs.enumerated() {
        // Both names, from the command line as from the file: the person may have written either.
        let which = "--push-url (push.serviceURLs, the \(ordinal(index + 1)))"
        let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, names.contains(parts[0]), let url = URL(string: parts[1]),
          ["http", "https"].contains(url.scheme ?? "")
        else {
          throw .usage("\(which) takes SERVICE=URL, SERVICE one of \(names.joined(separator: ", ")), URL http(s)://")
        }
        guard url.user == nil, url.password == nil else {
          throw .usage("\(which) has a user or password: write it without; a token goes in the channels file")
        }
        urls[parts[0]] = url
      }
      return urls
    }
    @Sendable func pairs(_ urls: [String: URL]) -> [String] {
      names.compactMap { name in urls[name].map { "\(name)=\($0.absoluteString)" } }
    }
    return Self(
      parse: { given, _ throws(SettingsError) in try urls(given) },
      read: { json, site throws(SettingsError) in try urls(try site.context.texts(json, site.key)) },
      json: { ConfigJSON.quoted(pairs($0)) }, text: { $0.isEmpty ? nil : pairs($0).joined(separator: ",") },
      values: names.joined(separator: ", "))
  }
}

/// "first", "second", "third", "4th": which of a list's values a message means.
private func ordinal(_ number: Int) -> String {
  switch number {
  case 1: "first"
  case 2: "second"
  case 3: "third"
  default: "\(number)th"
  }
}

package extension SettingKind where Value == MailServerAddress {
  /// A mail server's address, checked (smtps:// or smtp://, no user or password in it) where the delivery is worked
  /// out, with the other mail settings.
  static var mailServer: Self { .anyText(text: \.text) { text, _ in MailServerAddress(text: text) } }
}

package extension SettingKind where Value == Cadence {
  /// "night", or a weekday (its name or three letters) for one run a week, in any case.
  static var cadence: Self {
    let words = Cadence.words
    var kind = Self.fromText(
      takes: { _ in "night or a day of the week (" + sentence(Array(words.dropFirst()), "or") + ")" },
      expected: { _ in #""night" or a day of the week like "saturday""# }, anyCase: true, text: \.text
    ) { text, _ in Cadence(text) }
    kind.values = sentence(words, "or")
    kind.completion = { _ in .words(words) }
    return kind
  }
}

package extension SettingKind where Value == TimeOfDay {
  /// A time of day, HH:MM.
  static var timeOfDay: Self {
    .fromText(
      takes: { _ in "a time of day as HH:MM, from 00:00 to 23:59 (e.g. 06:30)" },
      expected: { _ in #"a time of day like "06:30""# }, text: \.text
    ) { text, _ in TimeOfDay(text) }
  }
}

/// A mail server's address as given. What it must be is checked where the delivery is worked out, with the other
/// mail settings, so a wrong one is a configuration problem however it was given.
package struct MailServerAddress: Sendable {
  package var text: String

  /// smtps://HOST:465 or smtp://HOST:587, with no user or password in it.
  package func url() throws(CLIError) -> URL {
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
