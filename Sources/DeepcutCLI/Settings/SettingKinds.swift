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

extension SettingKind where Value == ListeningService? {
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

extension SettingKind where Value == [String] {
  /// `SERVICE=URL` pairs, one for each push service deepcut speaks; checked where the push is worked out.
  static var pushServiceURLs: Self {
    var kind = Self.texts
    kind.values = PushServices.standard.names.joined(separator: ", ")
    return kind
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
