public import Foundation

/// A JSON value of any shape, for what a test reads or writes whose shape is not the project's own: a fake's world,
/// a message a fake push service took, a command's `--json` output. Whole numbers stay integers and the rest
/// doubles, so a value read and written again says the same to the Python fakes.
public enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// The JSON `data` holds.
  public init(json data: Data) throws {
    self = try JSONDecoder().decode(JSONValue.self, from: data)
  }

  /// The JSON `text` holds.
  public init(json text: String) throws {
    try self.init(json: Data(text.utf8))
  }

  /// As JSON, keys sorted, so equal values are equal bytes.
  public func json() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(self)
  }

  /// The value read as `type`, e.g. a message a fake took as that service's message.
  public func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try JSONDecoder().decode(type, from: json())
  }

  public var string: String? {
    if case .string(let value) = self { value } else { nil }
  }

  public var int: Int? {
    if case .int(let value) = self { value } else { nil }
  }

  /// An integer counts too: JSON does not tell 2 from 2.0.
  public var double: Double? {
    switch self {
    case .double(let value): value
    case .int(let value): Double(value)
    default: nil
    }
  }

  public var bool: Bool? {
    if case .bool(let value) = self { value } else { nil }
  }

  public var array: [JSONValue]? {
    if case .array(let value) = self { value } else { nil }
  }

  public var object: [String: JSONValue]? {
    if case .object(let value) = self { value } else { nil }
  }

  public var isNull: Bool { self == .null }

  /// An object's member, `.null` when there is none or this is no object; setting one on a value that is no object
  /// changes nothing.
  public subscript(key: String) -> JSONValue {
    get { object?[key] ?? .null }
    set {
      guard case .object(var members) = self else { return }
      members[key] = newValue
      self = .object(members)
    }
  }

  /// An array's element, `.null` past its end or when this is no array; setting one past the end changes nothing.
  public subscript(index: Int) -> JSONValue {
    get {
      guard let elements = array, elements.indices.contains(index) else { return .null }
      return elements[index]
    }
    set {
      guard case .array(var elements) = self, elements.indices.contains(index) else { return }
      elements[index] = newValue
      self = .array(elements)
    }
  }

  /// Adds `element` to an array; a value that is no array is left as it is.
  public mutating func append(_ element: JSONValue) {
    guard case .array(var elements) = self else { return }
    elements.append(element)
    self = .array(elements)
  }
}

extension JSONValue: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int.self) {
      self = .int(value)
    } else if let value = try? container.decode(Double.self) {
      self = .double(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .int(let value): try container.encode(value)
    case .double(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  public init(nilLiteral: ()) { self = .null }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(integerLiteral value: Int) { self = .int(value) }
  public init(floatLiteral value: Double) { self = .double(value) }
  public init(stringLiteral value: String) { self = .string(value) }
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }

  public init(dictionaryLiteral members: (String, JSONValue)...) {
    self = .object(Dictionary(members) { _, last in last })
  }
}
