/// Encodes an `Encodable` value as the tree a template renders, laid out as `JSONEncoder` lays it out: a struct
/// becomes an object keyed by its coding keys, an array an array, an enum with a raw value its raw value, integers
/// `.int`, floating-point numbers `.double`.
///
/// Foundation's `URL`, `Date`, `Data` and `Decimal` are the exception: `JSONEncoder` writes them its own way (a
/// string, a number, base64), while this module knows no Foundation and takes what their `encode(to:)` gives. A
/// model meant for both keeps such values as text, as `ReportModel` does (and `TemplateViewTests` compares the two
/// trees whole).
///
/// Unlike JSON, a nil optional stays as `.null` rather than being left out: a template that names a field inside a
/// section finds it there, empty, and never falls back to an outer context's field of the same name.
///
/// A type that shows templates more than it encodes conforms to ``TemplateExtending``.
///
/// ```swift
/// struct Release: Encodable { var title: String; var year: Int?; var tracks: [String] }
/// let value = try TemplateValueEncoder().encode(Release(title: "Dummy", year: nil, tracks: ["Roads"]))
/// // ["title": "Dummy", "year": nil, "tracks": ["Roads"]]
/// ```
public struct TemplateValueEncoder: Sendable {
  public init() {}

  /// - Throws: `EncodingError.invalidValue` for an unsigned integer above `Int.max`, for extras that are not an
  ///   object or extend a value that is not one, and for any error the value's own `encode(to:)` throws.
  public func encode(_ value: some Encodable) throws(EncodingError) -> TemplateValue {
    do {
      let root = Slot()
      try root.fill(with: value, at: [])
      return root.value
    } catch let error as EncodingError {
      throw error
    } catch {
      throw EncodingError.invalidValue(
        value, EncodingError.Context(codingPath: [], debugDescription: "\(error)", underlyingError: error))
    }
  }
}

/// A type whose template view has members its `Encodable` form lacks (a date spelt for a calendar, a number as
/// text), declared once beside the type instead of in a second, hand-written view.
///
/// ``TemplateValueEncoder`` encodes `templateExtras` like the value itself and merges its members into the value's
/// object; a member of the extras replaces an encoded one of the same name. Other encoders ignore it, so JSON never
/// carries the extras.
public protocol TemplateExtending: Encodable {
  associatedtype TemplateExtras: Encodable
  var templateExtras: TemplateExtras { get }
}

/// One value being encoded. Containers hand out nested slots before those are filled, so a slot is a reference;
/// scalars, most of what a report holds, are stored as they are, without a slot of their own.
private final class Slot {
  private enum Kind: Equatable {
    case unset
    case leaf(TemplateValue)
    case object
    case array
  }

  private enum Part {
    case value(TemplateValue)
    case slot(Slot)

    var value: TemplateValue {
      switch self {
      case .value(let value): value
      case .slot(let slot): slot.value
      }
    }
  }

  private var kind = Kind.unset
  /// An object's members: those done, and those whose slots containers are still filling.
  private var members: [String: TemplateValue] = [:]
  private var pending: [String: Slot] = [:]
  private var items: [Part] = []

  /// A value that asked for no container at all encodes as JSON's `{}`.
  var value: TemplateValue {
    switch kind {
    case .unset: .object([:])
    case .leaf(let value): value
    case .object: .object(pending.isEmpty ? members : members.merging(pending.mapValues { $0.value }) { $1 })
    case .array: .array(items.map { $0.value })
    }
  }

  var count: Int { items.count }

  /// `path` is only built when something asks for it: scalars never do.
  func fill(with value: some Encodable, at path: @autoclosure () -> [any CodingKey]) throws {
    if let leaf = try Self.leaf(value, at: path()) {
      kind = .leaf(leaf)
      return
    }
    let codingPath = path()
    try value.encode(to: SlotEncoder(slot: self, codingPath: codingPath))
    if let extending = value as? any TemplateExtending {
      let extras = Slot()
      try extras.fill(with: extending.templateExtras, at: codingPath)
      guard kind == .object || kind == .unset, case .object(let added) = extras.value else {
        throw EncodingError.invalidValue(
          value,
          EncodingError.Context(codingPath: codingPath, debugDescription: "template extras need an object to extend"))
      }
      becomeObject()
      members.merge(added) { _, extra in extra }
      for key in added.keys { pending[key] = nil }
    }
  }

  func set(_ value: some Encodable, forKey key: String, at path: @autoclosure () -> [any CodingKey]) throws {
    switch try Self.part(value, at: path()) {
    case .value(let done): setMember(key, done)
    case .slot(let slot): setMember(key, slot)
    }
  }

  func append(_ value: some Encodable, at path: @autoclosure () -> [any CodingKey]) throws {
    becomeArray()
    items.append(try Self.part(value, at: path()))
  }

  private static func part(_ value: some Encodable, at path: @autoclosure () -> [any CodingKey]) throws -> Part {
    if let leaf = try leaf(value, at: path()) { return .value(leaf) }
    let slot = Slot()
    try slot.fill(with: value, at: path())
    return .slot(slot)
  }

  func setNull(forKey key: String) {
    setMember(key, .null)
  }

  private func setMember(_ key: String, _ value: TemplateValue) {
    becomeObject()
    members[key] = value
    pending[key] = nil
  }

  private func setMember(_ key: String, _ slot: Slot) {
    becomeObject()
    pending[key] = slot
    members[key] = nil
  }

  func appendNull() {
    becomeArray()
    items.append(.value(.null))
  }

  func becomeNull() {
    kind = .leaf(.null)
  }

  /// An empty slot for a container to fill later.
  func member(_ key: String) -> Slot {
    let member = Slot()
    setMember(key, member)
    return member
  }

  func appended() -> Slot {
    becomeArray()
    let item = Slot()
    items.append(.slot(item))
    return item
  }

  /// A second keyed container of the same encoder adds to the object the first one began, as in `JSONEncoder`.
  func becomeObject() {
    if kind != .object { (kind, members, pending) = (.object, [:], [:]) }
  }

  func becomeArray() {
    if kind != .array { (kind, items) = (.array, []) }
  }

  /// Scalars, which need neither a container nor a slot.
  private static func leaf(
    _ value: some Encodable, at path: @autoclosure () -> [any CodingKey]
  ) throws(EncodingError) -> TemplateValue? {
    switch value {
    case let text as String: return .string(text)
    case let flag as Bool: return .bool(flag)
    case let number as Int: return .int(number)
    case let number as Double: return .double(number)
    // Through its shortest text, so that 0.1 as a Float stays 0.1 rather than 0.100000001490116.
    case let number as Float: return .double(Double(number.description) ?? Double(number))
    case let number as any FixedWidthInteger:
      guard let exact = Int(exactly: number) else {
        throw EncodingError.invalidValue(
          value, EncodingError.Context(codingPath: path(), debugDescription: "\(number) is too large for a template"))
      }
      return .int(exact)
    default: return nil
    }
  }
}

/// Names an array element or a superclass in a coding path.
private struct PathKey: CodingKey {
  var stringValue: String
  var intValue: Int?

  init(stringValue: String) {
    self.stringValue = stringValue
  }

  init(intValue: Int) {
    self.stringValue = String(intValue)
    self.intValue = intValue
  }

  static let superKey = PathKey(stringValue: "super")
}

private struct SlotEncoder: Encoder {
  let slot: Slot
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    slot.becomeObject()
    return KeyedEncodingContainer(KeyedSlotContainer<Key>(slot: slot, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    slot.becomeArray()
    return ValueSlotContainer(slot: slot, codingPath: codingPath, appends: true)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    ValueSlotContainer(slot: slot, codingPath: codingPath, appends: false)
  }
}

// The containers below spell out every primitive the protocols require; each one only hands its value on.

private struct KeyedSlotContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let slot: Slot
  let codingPath: [any CodingKey]

  private func put(_ value: some Encodable, _ key: Key) throws {
    try slot.set(value, forKey: key.stringValue, at: codingPath + [key])
  }

  private func put(ifPresent value: (some Encodable)?, _ key: Key) throws {
    guard let value else { return slot.setNull(forKey: key.stringValue) }
    try put(value, key)
  }

  mutating func encodeNil(forKey key: Key) { slot.setNull(forKey: key.stringValue) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: String, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: Double, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: Float, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: Int, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { try put(value, key) }
  mutating func encode(_ value: some Encodable, forKey key: Key) throws { try put(value, key) }

  // The protocol's defaults leave a nil out, as JSON does; a template wants it present and null.
  mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try put(ifPresent: value, key) }
  mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try put(ifPresent: value, key) }
  mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try put(ifPresent: value, key) }
  mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try put(ifPresent: value, key) }
  mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try put(ifPresent: value, key) }
  mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try put(ifPresent: value, key) }
  mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try put(ifPresent: value, key) }
  mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try put(ifPresent: value, key) }
  mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try put(ifPresent: value, key) }
  mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try put(ifPresent: value, key) }
  mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try put(ifPresent: value, key) }
  mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try put(ifPresent: value, key) }
  mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try put(ifPresent: value, key) }
  mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try put(ifPresent: value, key) }
  mutating func encodeIfPresent(_ value: (some Encodable)?, forKey key: Key) throws { try put(ifPresent: value, key) }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    SlotEncoder(slot: slot.member(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    SlotEncoder(slot: slot.member(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    SlotEncoder(slot: slot.member(PathKey.superKey.stringValue), codingPath: codingPath + [PathKey.superKey])
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    SlotEncoder(slot: slot.member(key.stringValue), codingPath: codingPath + [key])
  }
}

/// An array's container, or a single value's: the two protocols ask for the same methods, which here either append
/// to the array or fill the value's slot.
private struct ValueSlotContainer: UnkeyedEncodingContainer, SingleValueEncodingContainer {
  let slot: Slot
  let codingPath: [any CodingKey]
  /// True for an array's container.
  let appends: Bool
  var count: Int { slot.count }

  private var nextPath: [any CodingKey] { codingPath + [PathKey(intValue: count)] }

  private func put(_ value: some Encodable) throws {
    guard appends else { return try slot.fill(with: value, at: codingPath) }
    let index = count
    try slot.append(value, at: codingPath + [PathKey(intValue: index)])
  }

  mutating func encodeNil() { appends ? slot.appendNull() : slot.becomeNull() }
  mutating func encode(_ value: Bool) throws { try put(value) }
  mutating func encode(_ value: String) throws { try put(value) }
  mutating func encode(_ value: Double) throws { try put(value) }
  mutating func encode(_ value: Float) throws { try put(value) }
  mutating func encode(_ value: Int) throws { try put(value) }
  mutating func encode(_ value: Int8) throws { try put(value) }
  mutating func encode(_ value: Int16) throws { try put(value) }
  mutating func encode(_ value: Int32) throws { try put(value) }
  mutating func encode(_ value: Int64) throws { try put(value) }
  mutating func encode(_ value: UInt) throws { try put(value) }
  mutating func encode(_ value: UInt8) throws { try put(value) }
  mutating func encode(_ value: UInt16) throws { try put(value) }
  mutating func encode(_ value: UInt32) throws { try put(value) }
  mutating func encode(_ value: UInt64) throws { try put(value) }
  mutating func encode(_ value: some Encodable) throws { try put(value) }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
    NestedKey
  > {
    let path = nextPath
    return SlotEncoder(slot: slot.appended(), codingPath: path).container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let path = nextPath
    return SlotEncoder(slot: slot.appended(), codingPath: path).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    let path = nextPath
    return SlotEncoder(slot: slot.appended(), codingPath: path)
  }
}
