internal import Foundation

/// What the writer did, for tests that check the output is streamed with a bounded buffer.
struct WriterStatistics: Sendable, Equatable {
  /// The buffer size the writer flushes at.
  var capacity: Int
  /// Number of writes to the file.
  var flushes = 0
  /// Bytes written in total.
  var bytes = 0
  /// The most bytes ever held in the buffer at once.
  var highWater = 0
  /// The largest capacity the underlying array ever had (it must not grow past its reservation).
  var peakArrayCapacity = 0
}

/// Appends XML property-list text as bytes to a buffer of bounded size and writes the buffer
/// to the file whenever it holds `capacity` bytes or more. A value type on purpose: the hot
/// loop appends to a stored array without dynamic exclusivity checks.
struct PlistWriter {
  private(set) var bytes: [UInt8]
  let newline: [UInt8]
  private let handle: FileHandle
  private(set) var statistics: WriterStatistics

  /// The most bytes one record (a track dict, a playlist header) may add between two flush checks.
  static let recordAllowance = 64 * 1024

  init(path: String, capacity: Int, newline: String) throws {
    guard FileManager.default.createFile(atPath: path, contents: nil) else {
      throw SyntheticLibraryError.cannotWrite(path)
    }
    guard let handle = FileHandle(forWritingAtPath: path) else {
      throw SyntheticLibraryError.cannotWrite(path)
    }
    self.handle = handle
    self.newline = Array(newline.utf8)
    bytes = []
    bytes.reserveCapacity(capacity + Self.recordAllowance)
    statistics = WriterStatistics(capacity: capacity)
    statistics.peakArrayCapacity = bytes.capacity
  }

  /// Writes the buffer out if it is full. Called between records.
  mutating func flushIfNeeded() throws {
    if bytes.count >= statistics.capacity { try flush() }
  }

  mutating func flush() throws {
    guard !bytes.isEmpty else { return }
    statistics.highWater = max(statistics.highWater, bytes.count)
    statistics.peakArrayCapacity = max(statistics.peakArrayCapacity, bytes.capacity)
    try bytes.withUnsafeBytes { try handle.write(contentsOf: $0) }
    statistics.flushes += 1
    statistics.bytes += bytes.count
    bytes.removeAll(keepingCapacity: true)
  }

  mutating func close() throws {
    try flush()
    try handle.close()
  }

  // MARK: - Raw appends

  @inline(__always)
  mutating func append(_ raw: [UInt8]) {
    bytes.append(contentsOf: raw)
  }

  @inline(__always)
  mutating func appendByte(_ byte: UInt8) {
    bytes.append(byte)
  }

  mutating func endLine() {
    bytes.append(contentsOf: newline)
  }

  /// A line of fixed text followed by the line ending.
  mutating func line(_ raw: [UInt8]) {
    bytes.append(contentsOf: raw)
    bytes.append(contentsOf: newline)
  }

  mutating func appendASCII(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  /// Appends text with `&`, `<` and `>` written as numeric character references, as Apple does.
  mutating func appendEscaped(_ text: String) {
    var text = text
    text.withUTF8 { utf8 in
      var runStart = 0
      for index in 0..<utf8.count {
        let byte = utf8[index]
        guard byte == 0x26 || byte == 0x3C || byte == 0x3E else { continue }
        if index > runStart { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
        switch byte {
        case 0x26: bytes.append(contentsOf: XMLText.ampersand)
        case 0x3C: bytes.append(contentsOf: XMLText.lessThan)
        default: bytes.append(contentsOf: XMLText.greaterThan)
        }
        runStart = index + 1
      }
      if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
    }
  }

  mutating func appendInteger(_ value: Int) {
    if value < 0 { bytes.append(0x2D) }
    var magnitude = value.magnitude
    let start = bytes.count
    repeat {
      bytes.append(0x30 + UInt8(truncatingIfNeeded: magnitude % 10))
      magnitude /= 10
    } while magnitude > 0
    bytes[start..<bytes.count].reverse()
  }

  /// Sixteen upper-case hexadecimal digits, as in Persistent ID.
  mutating func appendHex16(_ value: UInt64) {
    var shift = 60
    while shift >= 0 {
      bytes.append(XMLText.hexDigits[Int((value >> UInt64(shift)) & 0xF)])
      shift -= 4
    }
  }

  /// `YYYY-MM-DDTHH:MM:SSZ` for seconds since 1970 (UTC).
  mutating func appendDate(_ unixSeconds: Int64) {
    let civil = CivilTime(unixSeconds: unixSeconds)
    appendPadded(civil.year, width: 4)
    bytes.append(0x2D)
    appendPadded(civil.month, width: 2)
    bytes.append(0x2D)
    appendPadded(civil.day, width: 2)
    bytes.append(0x54)
    appendPadded(civil.hour, width: 2)
    bytes.append(0x3A)
    appendPadded(civil.minute, width: 2)
    bytes.append(0x3A)
    appendPadded(civil.second, width: 2)
    bytes.append(0x5A)
  }

  private mutating func appendPadded(_ value: Int, width: Int) {
    var divisor = 1
    for _ in 1..<width { divisor *= 10 }
    var rest = value
    while divisor > 0 {
      bytes.append(0x30 + UInt8(truncatingIfNeeded: (rest / divisor) % 10))
      rest %= divisor
      divisor /= 10
    }
  }

  // MARK: - Fields (a prefix is "<indent><key>Name</key><type>")

  mutating func integer(_ field: FieldPrefix, _ value: Int) {
    write(field, closing: XMLText.integerClose) { $0.appendInteger(value) }
  }

  mutating func string(_ field: FieldPrefix, _ value: String) {
    write(field, closing: XMLText.stringClose) { $0.appendEscaped(value) }
  }

  mutating func date(_ field: FieldPrefix, _ unixSeconds: Int64) {
    write(field, closing: XMLText.dateClose) { $0.appendDate(unixSeconds) }
  }

  mutating func hex(_ field: FieldPrefix, _ value: UInt64) {
    write(field, closing: XMLText.stringClose) { $0.appendHex16(value) }
  }

  /// One field's line: its prefix, its value, the value's closing tag.
  @inline(__always)
  private mutating func write(_ field: FieldPrefix, closing: [UInt8], _ value: (inout PlistWriter) -> Void) {
    bytes.append(contentsOf: field.bytes)
    value(&self)
    bytes.append(contentsOf: closing)
    bytes.append(contentsOf: newline)
  }

  /// `<key>Name</key><true/>`; with `spaced`, `<true />` as some re-serialisers write it.
  mutating func flag(_ field: FieldPrefix, spaced: Bool = false) {
    bytes.append(contentsOf: field.bytes)
    bytes.append(contentsOf: spaced ? XMLText.trueSpaced : XMLText.trueTag)
    bytes.append(contentsOf: newline)
  }

  mutating func falseFlag(_ field: FieldPrefix) {
    bytes.append(contentsOf: field.bytes)
    bytes.append(contentsOf: XMLText.falseTag)
    bytes.append(contentsOf: newline)
  }

  /// A `<data>` element with base64 wrapped over lines, indented like Apple's.
  mutating func data(key: FieldPrefix, indent: Int, payload: [UInt8]) {
    line(key.bytes)
    let tabs = [UInt8](repeating: 0x09, count: indent)
    append(tabs)
    line(XMLText.dataOpen)
    let encoded = Array(Data(payload).base64EncodedString().utf8)
    var start = 0
    while start < encoded.count {
      let end = min(start + 72, encoded.count)
      append(tabs)
      bytes.append(contentsOf: encoded[start..<end])
      endLine()
      start = end
    }
    append(tabs)
    line(XMLText.dataClose)
  }
}

/// The opening text of one field line, `<tabs><key>Name</key>` plus the value's opening tag.
struct FieldPrefix: Sendable {
  let bytes: [UInt8]

  init(_ key: String, _ type: String?, indent: Int) {
    var text = String(repeating: "\t", count: indent) + "<key>" + key + "</key>"
    if let type { text += "<" + type + ">" }
    bytes = Array(text.utf8)
  }
}

enum XMLText {
  static let ampersand = Array("&#38;".utf8)
  static let lessThan = Array("&#60;".utf8)
  static let greaterThan = Array("&#62;".utf8)
  static let integerClose = Array("</integer>".utf8)
  static let stringClose = Array("</string>".utf8)
  static let dateClose = Array("</date>".utf8)
  static let trueTag = Array("<true/>".utf8)
  static let trueSpaced = Array("<true />".utf8)
  static let falseTag = Array("<false/>".utf8)
  static let dataOpen = Array("<data>".utf8)
  static let dataClose = Array("</data>".utf8)
  static let hexDigits = Array("0123456789ABCDEF".utf8)
}
