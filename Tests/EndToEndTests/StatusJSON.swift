import Foundation

/// `deepcut status --json`, read into the fields the tests look at: a renamed field fails to decode here rather than
/// read as missing there.
struct StatusJSON: Decodable {
  /// A push channel's last push.
  struct Channel: Decodable {
    var name: String
    var lastAttempt: String?
    var lastDelivered: String?
    /// Why the last push was not accepted; nil when it was.
    var failure: String?
    var permanent: Bool
    var waiting: Int
  }

  var channels: [Channel]

  init(json text: String) throws {
    self = try JSONDecoder().decode(StatusJSON.self, from: Data(text.utf8))
  }
}
