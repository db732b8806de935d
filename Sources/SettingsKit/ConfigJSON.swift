internal import Foundation

/// A value of config.json as a plain value, so it crosses threads and reads without casts: what `JSONSerialization`
/// gave, told apart once (its booleans and numbers are both `NSNumber`).
public enum ConfigJSON: Sendable {
  case text(String)
  /// A number, and how the file's parser writes it, for messages.
  case number(Double, written: String)
  case bool(Bool)
  case list([ConfigJSON])
  case object([String: ConfigJSON])
  case null

  public init(_ value: Any) {
    switch value {
    case let number as NSNumber:
      // JSON booleans come back as NSNumber too; their type code is "c".
      self =
        String(cString: number.objCType) == "c"
        ? .bool(number.boolValue) : .number(number.doubleValue, written: "\(number)")
    case let text as String: self = .text(text)
    case let items as [Any]: self = .list(items.map(ConfigJSON.init))
    case let members as [String: Any]: self = .object(members.mapValues(ConfigJSON.init))
    default: self = .null
    }
  }

  /// How a message names what was found.
  public var described: String {
    switch self {
    case .text(let text): "\"\(text)\""
    case .number(_, let written): written
    case .bool(let value): value ? "true" : "false"
    case .list: "a list"
    case .object: "an object"
    case .null: "null"
    }
  }

  /// `text` as a JSON string, as config.json writes it (slashes as they are).
  public static func quoted(_ text: String) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .withoutEscapingSlashes
    // A string always encodes; null is what a value that did not would read as.
    return (try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
  }

  /// `texts` as a JSON list: `["a", "b"]`.
  public static func quoted(_ texts: [String]) -> String {
    "[" + texts.map { quoted($0) }.joined(separator: ", ") + "]"
  }
}
