internal import Foundation

/// A result record as the API sent it: the fields deepcut reads, and the record's own bytes, so that it can be
/// cached (or joined with others) exactly as it came, without being encoded again.
struct WireRecord: Equatable {
  var record: ITunesRecord
  /// The record's JSON object, a slice of the body it was read from.
  var raw: Data
}

/// Why a body could not be read, and where.
struct WireError: Error, Equatable, CustomStringConvertible {
  var reason: String
  /// Byte offset in the body.
  var offset: Int

  var description: String { "\(reason) at byte \(offset)" }
}

/// Reads the API's JSON bodies in one pass over their bytes, straight into ``ITunesRecord`` fields.
///
/// A nightly run reads a few thousand bodies; going through `JSONDecoder` cost more CPU than the requests
/// themselves. This reader accepts exactly RFC 8259 JSON (and any amount of surrounding whitespace, such as the
/// API's leading newlines), skips fields and nested values it has no use for, and is lenient about the type of a
/// field it knows: a known field of another type (or `null`) reads as absent, so one odd record cannot spoil a
/// batch of a hundred artists.
struct WireReader {
  /// Nesting deeper than this (in values being skipped) is refused rather than followed.
  static let maxDepth = 64

  private let bytes: UnsafeRawBufferPointer
  private var position = 0

  private init(_ bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }

  /// The records of a response body, `{"resultCount": N, "results": [...]}`.
  static func envelope(_ body: Data) throws(WireError) -> [WireRecord] {
    try read(body, envelope: true)
  }

  /// The records of a bare JSON array of records, the way the cache keeps them.
  static func recordArray(_ body: Data) throws(WireError) -> [WireRecord] {
    try read(body, envelope: false)
  }

  private static func read(_ body: Data, envelope: Bool) throws(WireError) -> [WireRecord] {
    let parsed = body.withUnsafeBytes { buffer in
      // Safety: the reader only reads `buffer`, within its bounds, and does not outlive this closure.
      var reader = WireReader(buffer)
      return Result { () throws(WireError) in try reader.readDocument(envelope: envelope) }
    }
    return try parsed.get().map { WireRecord(record: $0.record, raw: body.slice($0.span)) }
  }

  /// `records` as one JSON array, each record byte for byte as it came.
  static func joined(_ records: some Collection<WireRecord>) -> Data {
    var data = Data(capacity: records.reduce(2) { $0 + $1.raw.count + 1 })
    data.append(UInt8(ascii: "["))
    for (index, record) in records.enumerated() {
      if index > 0 { data.append(UInt8(ascii: ",")) }
      data.append(record.raw)
    }
    data.append(UInt8(ascii: "]"))
    return data
  }

  // MARK: - Documents

  private struct Parsed {
    var record: ITunesRecord
    var span: Range<Int>
  }

  private mutating func readDocument(envelope: Bool) throws(WireError) -> [Parsed] {
    skipWhitespace()
    var records: [Parsed]?
    if envelope {
      try expect(UInt8(ascii: "{"), "the body is not a JSON object")
      try readMembers { reader, key throws(WireError) in
        if reader.matches(key, Self.resultsKey) {
          records = try reader.readRecords()
        } else {
          try reader.skipValue(depth: 1)
        }
      }
      guard records != nil else { throw fail("the body has no results") }
    } else {
      records = try readRecords()
    }
    skipWhitespace()
    guard position == bytes.count else { throw fail("unexpected bytes after the JSON value") }
    return records ?? []
  }

  private mutating func readRecords() throws(WireError) -> [Parsed] {
    skipWhitespace()
    try expect(UInt8(ascii: "["), "the results are not a JSON array")
    var records: [Parsed] = []
    try readElements { reader throws(WireError) in
      let start = reader.position
      try reader.expect(UInt8(ascii: "{"), "a result is not a JSON object")
      var record = ITunesRecord()
      try reader.readMembers { reader, key throws(WireError) in try reader.readField(key, into: &record) }
      records.append(Parsed(record: record, span: start..<reader.position))
    }
    return records
  }

  /// Reads an array's elements after its `[`, up to and including its `]`; `element` reads each one.
  private mutating func readElements(_ element: (inout WireReader) throws(WireError) -> Void) throws(WireError) {
    skipWhitespace()
    if peek() == UInt8(ascii: "]") {
      position += 1
      return
    }
    while true {
      skipWhitespace()
      try element(&self)
      skipWhitespace()
      guard let next = take() else { throw fail("an array ends early") }
      if next == UInt8(ascii: "]") { return }
      guard next == UInt8(ascii: ",") else { throw fail("expected ',' or ']' in an array", back: 1) }
    }
  }

  /// Reads an object's members after its `{`, up to and including its `}`; `member` reads each value.
  private mutating func readMembers(
    _ member: (inout WireReader, StringBytes) throws(WireError) -> Void
  ) throws(WireError) {
    skipWhitespace()
    if peek() == UInt8(ascii: "}") {
      position += 1
      return
    }
    while true {
      skipWhitespace()
      try expect(UInt8(ascii: "\""), "expected a member name")
      let key = try scanString()
      skipWhitespace()
      try expect(UInt8(ascii: ":"), "expected ':' after a member name")
      skipWhitespace()
      try member(&self, key)
      skipWhitespace()
      guard let next = take() else { throw fail("an object ends early") }
      if next == UInt8(ascii: "}") { return }
      guard next == UInt8(ascii: ",") else { throw fail("expected ',' or '}' in an object", back: 1) }
    }
  }

  // MARK: - Record fields

  private enum Field {
    case wrapperType, artistType, collectionType, artistName, collectionName, artistLinkUrl, artistViewUrl
    case collectionViewUrl, artworkUrl100, collectionExplicitness, releaseDate, primaryGenreName
    case artistId, collectionId, trackCount
  }

  private static let fields: [(name: [UInt8], field: Field)] =
    ([

      ("wrapperType", .wrapperType), ("artistType", .artistType), ("collectionType", .collectionType),
      ("artistName", .artistName), ("collectionName", .collectionName), ("artistLinkUrl", .artistLinkUrl),
      ("artistViewUrl", .artistViewUrl), ("collectionViewUrl", .collectionViewUrl), ("artworkUrl100", .artworkUrl100),
      ("collectionExplicitness", .collectionExplicitness), ("releaseDate", .releaseDate),
      ("primaryGenreName", .primaryGenreName), ("artistId", .artistId), ("collectionId", .collectionId),
      ("trackCount", .trackCount),
    ] as [(String, Field)]).map { (Array($0.0.utf8), $0.1) }

  private static let resultsKey = Array("results".utf8)

  private mutating func readField(_ key: StringBytes, into record: inout ITunesRecord) throws(WireError) {
    guard let field = Self.fields.first(where: { matches(key, $0.name) })?.field else {
      try skipValue(depth: 1)
      return
    }
    switch field {
    case .wrapperType: record.wrapperType = try readOptionalString()
    case .artistType: record.artistType = try readOptionalString()
    case .collectionType: record.collectionType = try readOptionalString()
    case .artistName: record.artistName = try readOptionalString()
    case .collectionName: record.collectionName = try readOptionalString()
    case .artistLinkUrl: record.artistLinkUrl = try readOptionalString()
    case .artistViewUrl: record.artistViewUrl = try readOptionalString()
    case .collectionViewUrl: record.collectionViewUrl = try readOptionalString()
    case .artworkUrl100: record.artworkUrl100 = try readOptionalString()
    case .collectionExplicitness: record.collectionExplicitness = try readOptionalString()
    case .releaseDate: record.releaseDate = try readOptionalString()
    case .primaryGenreName: record.primaryGenreName = try readOptionalString()
    case .artistId: record.artistId = try readOptionalInteger()
    case .collectionId: record.collectionId = try readOptionalInteger()
    case .trackCount: record.trackCount = try readOptionalInteger()
    }
  }

  /// A string value, or `nil` for `null` or a value of another type (which is skipped).
  private mutating func readOptionalString() throws(WireError) -> String? {
    guard peek() == UInt8(ascii: "\"") else {
      try skipValue(depth: 1)
      return nil
    }
    position += 1
    return try readString()
  }

  /// An integer value, or `nil` for `null`, a fraction, an integer too large, or a value of another type.
  private mutating func readOptionalInteger() throws(WireError) -> Int? {
    guard let first = peek(), first == UInt8(ascii: "-") || isDigit(first) else {
      try skipValue(depth: 1)
      return nil
    }
    let span = try readNumber()
    var value = 0
    var index = span.lowerBound
    let negative = bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    while index < span.upperBound {
      let byte = bytes[index]
      guard isDigit(byte) else { return nil }  // a fraction or an exponent
      let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
      let (next, overflowB) = shifted.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
      guard !overflowA, !overflowB else { return nil }
      value = next
      index += 1
    }
    return negative ? -value : value
  }

  // MARK: - Strings

  /// A string's contents: where its bytes are, or, when it contains escapes, its decoded bytes.
  private enum StringBytes {
    case raw(Range<Int>)
    case decoded([UInt8])
  }

  /// The rest of a string whose opening quote has been read, up to and including its closing quote. Only a
  /// string with escapes is copied; member names are compared, and unused strings skipped, where they lie.
  private mutating func scanString() throws(WireError) -> StringBytes {
    let start = position
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        defer { position += 1 }
        return .raw(start..<position)
      }
      if byte == UInt8(ascii: "\\") { break }
      guard byte >= 0x20 else { throw fail("a control character in a string") }
      position += 1
    }
    position = start
    return .decoded(try readStringBytes())
  }

  /// The rest of a string whose opening quote has been read, as a `String`.
  private mutating func readString() throws(WireError) -> String {
    switch try scanString() {
    case .raw(let range): String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    case .decoded(let decoded): String(decoding: decoded, as: UTF8.self)
    }
  }

  private func matches(_ key: StringBytes, _ name: [UInt8]) -> Bool {
    switch key {
    case .raw(let range):
      guard range.count == name.count else { return false }
      var index = range.lowerBound
      for byte in name {
        guard bytes[index] == byte else { return false }
        index += 1
      }
      return true
    case .decoded(let decoded):
      return decoded == name
    }
  }

  /// The rest of a string whose opening quote has been read, escapes decoded, as UTF-8 bytes.
  private mutating func readStringBytes() throws(WireError) -> [UInt8] {
    var decoded: [UInt8] = []
    while let byte = take() {
      switch byte {
      case UInt8(ascii: "\""):
        return decoded
      case UInt8(ascii: "\\"):
        try readEscape(into: &decoded)
      case ..<0x20:
        throw fail("a control character in a string", back: 1)
      default:
        decoded.append(byte)
      }
    }
    throw fail("a string is not closed")
  }

  private mutating func readEscape(into decoded: inout [UInt8]) throws(WireError) {
    guard let byte = take() else { throw fail("a string is not closed") }
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(byte)
    case UInt8(ascii: "b"): decoded.append(0x08)
    case UInt8(ascii: "f"): decoded.append(0x0C)
    case UInt8(ascii: "n"): decoded.append(0x0A)
    case UInt8(ascii: "r"): decoded.append(0x0D)
    case UInt8(ascii: "t"): decoded.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = UInt32(try readHexQuad())
      if (0xD800..<0xDC00).contains(scalar), followsLowSurrogate() {
        position += 2
        let low = UInt32(try readHexQuad())
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      }
      // A lone surrogate cannot be represented; it reads as U+FFFD, as invalid UTF-8 does.
      decoded.append(contentsOf: String(Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8)
    default:
      throw fail("an unknown escape in a string", back: 1)
    }
  }

  /// Whether `\uDC00`–`\uDFFF` comes next.
  private func followsLowSurrogate() -> Bool {
    guard position + 6 <= bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
    else { return false }
    let first = bytes[position + 2] | 0x20
    return first == UInt8(ascii: "d") && "cdef".utf8.contains(bytes[position + 3] | 0x20)
  }

  private mutating func readHexQuad() throws(WireError) -> UInt16 {
    var value: UInt16 = 0
    for _ in 0..<4 {
      guard let byte = take() else { throw fail("a string is not closed") }
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw fail("a bad \\u escape in a string", back: 1)
      }
      value = value << 4 | UInt16(digit)
    }
    return value
  }

  // MARK: - Other values

  /// Skips one value of any kind, checking that it is well formed.
  private mutating func skipValue(depth: Int) throws(WireError) {
    guard depth <= Self.maxDepth else { throw fail("values nested too deeply") }
    guard let byte = peek() else { throw fail("a value is missing") }
    switch byte {
    case UInt8(ascii: "\""):
      position += 1
      _ = try scanString()
    case UInt8(ascii: "{"):
      position += 1
      try readMembers { reader, _ throws(WireError) in try reader.skipValue(depth: depth + 1) }
    case UInt8(ascii: "["):
      position += 1
      try readElements { reader throws(WireError) in try reader.skipValue(depth: depth + 1) }
    case UInt8(ascii: "t"): try expectLiteral("true")
    case UInt8(ascii: "f"): try expectLiteral("false")
    case UInt8(ascii: "n"): try expectLiteral("null")
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try readNumber()
    default: throw fail("not a JSON value")
    }
  }

  /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, and where it is.
  private mutating func readNumber() throws(WireError) -> Range<Int> {
    let start = position
    if peek() == UInt8(ascii: "-") { position += 1 }
    guard let first = peek(), isDigit(first) else { throw fail("a bad number") }
    position += 1
    if first != UInt8(ascii: "0") { skipDigits() }
    if peek() == UInt8(ascii: ".") {
      position += 1
      guard let digit = peek(), isDigit(digit) else { throw fail("a bad number") }
      skipDigits()
    }
    if let byte = peek(), byte | 0x20 == UInt8(ascii: "e") {
      position += 1
      if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { position += 1 }
      guard let digit = peek(), isDigit(digit) else { throw fail("a bad number") }
      skipDigits()
    }
    return start..<position
  }

  private mutating func skipDigits() {
    while let byte = peek(), isDigit(byte) { position += 1 }
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private mutating func expectLiteral(_ literal: StaticString) throws(WireError) {
    let count = literal.utf8CodeUnitCount
    guard position + count <= bytes.count else { throw fail("not a JSON value") }
    // Safety: a StaticString's UTF-8 start pointer is valid for `utf8CodeUnitCount` bytes, for the program's life.
    let expected = UnsafeBufferPointer(start: literal.utf8Start, count: count)
    for (offset, byte) in expected.enumerated() where bytes[position + offset] != byte {
      throw fail("not a JSON value")
    }
    position += count
  }

  // MARK: - Bytes

  private func peek() -> UInt8? {
    position < bytes.count ? bytes[position] : nil
  }

  private mutating func take() -> UInt8? {
    guard position < bytes.count else { return nil }
    defer { position += 1 }
    return bytes[position]
  }

  private mutating func expect(_ byte: UInt8, _ reason: String) throws(WireError) {
    guard peek() == byte else { throw fail(reason) }
    position += 1
  }

  private mutating func skipWhitespace() {
    while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
  }

  private func fail(_ reason: String, back: Int = 0) -> WireError {
    WireError(reason: reason, offset: max(0, min(position - back, bytes.count)))
  }
}

extension Data {
  /// The bytes at `span`, counted from the start of this data, sharing its storage.
  fileprivate func slice(_ span: Range<Int>) -> Data {
    self[(startIndex + span.lowerBound)..<(startIndex + span.upperBound)]
  }
}
