public import Basics
internal import Foundation

/// A channel's address as Apprise writes it (`ntfys://tk_…@ntfy.example.org/music`, `discord://ID/TOKEN`), one line
/// of the channels file. Its parts are kept for the service that speaks it; its whole text only for the Apprise
/// command, since the URL carries the channel's secrets.
public struct PushAddress: Sendable, Hashable {
  /// Lowercased: `ntfy`, `ntfys`, `discord`, …
  public var scheme: String
  public var user: String?
  public var password: Secret?
  /// The host, or what Apprise puts there (a Discord webhook's id, a Slack token's first part).
  public var host: String
  public var port: Int?
  /// The path's parts, decoded, empty ones left out.
  public var path: [String]
  /// The query's fields as given (`priority=high`, `+X-Token=…`), names as written.
  public var query: [String: String]
  /// The whole line.
  public var text: Secret
  /// Where it was written: the file and the line.
  public var place: String

  /// Reads one line; nil when it is not a URL with a scheme and something after it.
  public init?(_ line: String, place: String) {
    guard let components = URLComponents(string: line), let scheme = components.scheme?.lowercased(),
      !scheme.isEmpty, line.contains("://")
    else { return nil }
    self.scheme = scheme
    user = components.user.flatMap { $0.isEmpty ? nil : $0 }
    password = components.password.map(Secret.init)
    host = components.host ?? ""
    port = components.port
    path = components.path.split(separator: "/").map(String.init)
    var query: [String: String] = [:]
    for item in components.queryItems ?? [] { query[item.name] = item.value ?? "" }
    self.query = query
    text = Secret(line)
    self.place = place
  }

  /// A query field by name, any case.
  public subscript(field: String) -> String? {
    query.first { $0.key.lowercased() == field.lowercased() }?.value
  }

  /// The user and password as `Authorization: Basic …`, when the address has them.
  var basicAuthorization: String? {
    guard let user else { return nil }
    let pair = "\(user):\(password?.revealed ?? "")"
    return "Authorization: Basic " + Data(pair.utf8).base64EncodedString()
  }
}
