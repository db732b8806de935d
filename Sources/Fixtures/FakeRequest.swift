public import Foundation

/// One request a fake in `Tests/Fakes` logged (`GET /_log`): what every fake logs, and what only some do, nil where
/// the fake logs none.
public struct FakeRequest: Decodable, Sendable, Equatable {
  /// Its number, 1 the first since the start or the last reset.
  public var seq: Int
  public var method: String
  public var path: String
  /// The query's items, by name; a name given twice keeps its last value.
  public var query: [String: String]
  /// The status answered; nil while it is held or was never answered.
  public var status: Int?
  /// The fault a knob injected, e.g. "rate_limit", "quota", "slack:rollup_error".
  public var fault: String?
  /// When it came, in seconds since 1970.
  public var time: Double
  public var durationMs: Double?
  /// The iTunes lookup's `id` list: numbers, and the words among them that are no number, as sent.
  public var ids: [JSONValue]?
  public var userAgent: String?
  /// Deezer's fake logs the Accept-Language header.
  public var acceptLanguage: String?
  /// The Authorization header: whole on a push fake, its scheme alone on an app service.
  public var authorization: String?
  /// A push fake's: every header, those sent twice joined with ", ".
  public var headers: [String: String]?
  /// A push fake's: the body as UTF-8, bytes that are not replaced.
  public var body: String?
  public var bodyBytes: Int?
  /// A push fake's, when the body is not UTF-8.
  public var bodyBase64: String?
  /// A push fake's, when `hang_ms` held the answer back.
  public var lateMs: Int?
  /// What a push fake took, as that service reads it; nil for a message it refused.
  public var message: JSONValue?

  /// The message as `type`, the service's message; nil when the fake took none.
  public func message<T: Decodable>(as type: T.Type) throws -> T? {
    try message.map { try $0.decode(type) }
  }

  enum CodingKeys: String, CodingKey {
    case seq, method, path, query, status, fault, time, durationMs = "duration_ms", ids, userAgent = "user_agent"
    case acceptLanguage = "accept_language", authorization, headers, body, bodyBytes = "body_bytes"
    case bodyBase64 = "body_base64", lateMs = "late_ms", message
  }
}

/// A world a fake catalog or app service serves (`--world`, `POST /_world`), in that fake's world format (see the
/// top of each script): the worlds made here, a test's own or one read from a file, sent as JSON.
public struct FakeWorld: Sendable, Hashable, ExpressibleByDictionaryLiteral {
  public var value: JSONValue

  public init(_ value: JSONValue) {
    self.value = value
  }

  public init(dictionaryLiteral members: (String, JSONValue)...) {
    value = .object(Dictionary(members) { _, last in last })
  }

  /// The world a file holds, e.g. `samples/catalogs/itunes/world.json`.
  public init(contentsOf url: URL) throws {
    value = try JSONValue(json: Data(contentsOf: url))
  }

  /// A world made as a dictionary, read into a value once.
  public init(building object: [String: Any]) {
    // A dictionary of strings, numbers, booleans, arrays and dictionaries always makes JSON that reads back.
    value = (try? JSONValue(json: JSONSerialization.data(withJSONObject: object))) ?? .null
  }

  public subscript(key: String) -> JSONValue {
    get { value[key] }
    set { value[key] = newValue }
  }

  /// As the fake reads it.
  public func json() throws -> Data {
    try value.json()
  }
}
