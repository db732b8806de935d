public import Basics
internal import Foundation
public import Identity

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
    text = Secret(line)
    self.place = place
    guard let components = URLComponents(string: line), let scheme = components.scheme?.lowercased(),
      !scheme.isEmpty, line.contains("://")
    else {
      // `tgram://BOT_ID:TOKEN/CHAT`, whose token stands where a port would, is no URL to Foundation: a line only the
      // Apprise command reads whole keeps its scheme alone apart.
      guard let scheme = Self.scheme(ofAppriseLine: line) else { return nil }
      self.scheme = scheme
      host = ""
      path = []
      query = [:]
      return
    }
    self.scheme = scheme
    user = components.user.flatMap { $0.isEmpty ? nil : $0 }
    password = components.password.map(Secret.init)
    host = components.host ?? ""
    port = components.port
    path = components.path.split(separator: "/").map(String.init)
    var query: [String: String] = [:]
    for item in components.queryItems ?? [] { query[item.name] = item.value ?? "" }
    self.query = query
  }

  /// The scheme of `SCHEME://REST`, lowercased, when REST is there and has no spaces.
  private static func scheme(ofAppriseLine line: String) -> String? {
    guard let separator = line.range(of: "://"), !line[separator.upperBound...].isEmpty,
      line[..<separator.lowerBound].range(of: #"^[A-Za-z][A-Za-z0-9+.-]*$"#, options: .regularExpression) != nil,
      !line.contains(where: \.isWhitespace)
    else { return nil }
    return line[..<separator.lowerBound].lowercased()
  }

  /// A channel's name, as logs and `status` show it: how it reads, and its identity's mark, so two channels that
  /// read alike read apart. Only words: the state keys a channel by its ``PushChannelID``.
  public static func channelName(_ reading: String, id: PushChannelID) -> String {
    "\(reading) #\(id.mark)"
  }

  /// The whole line without its port, for a channel's identity: a server moved to another port is the same channel.
  var portless: String {
    guard port != nil, var components = URLComponents(string: text.revealed) else { return text.revealed }
    components.port = nil
    return components.string ?? text.revealed
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

extension PushChannelID {
  /// The identity of `service`'s channel whose URL names `what` (its server's host and topic, its webhook's id; its
  /// token only where nothing else tells it): a channel whose token or port changed keeps it, and what waits for it.
  public init(service: String, naming what: String) {
    self.init(service: service, hash: FNV1a.hash(what))
  }
}
