/// Repairs, before libxml2 reads them, the bytes a real export can hold but XML forbids, so that one odd
/// title is a warning instead of a night without a report:
///
/// - a byte sequence that is not UTF-8 becomes U+FFFD;
/// - a control character XML does not allow (U+0000–U+001F but tab, line feed and carriage return) is removed;
/// - a character reference to a UTF-16 surrogate pair (`&#55357;&#56846;`, as some exporters write emoji) becomes
///   a reference to the character the pair stands for, and one to no character at all (a lone surrogate, a
///   forbidden control, U+FFFE, U+FFFF, beyond U+10FFFF) becomes `&#xFFFD;`;
/// - the non-characters U+FFFE and U+FFFF become U+FFFD.
///
/// Line breaks are never added or removed, so every line number stays the file's own, and each repair is
/// recorded with its line for the parser to name in a warning. Markup is left alone: a file whose structure is
/// broken still fails. Input comes in chunks; a sequence cut by a chunk's end waits for the next.
struct ByteRepair: ~Copyable {
  enum Kind: Equatable {
    case invalidUTF8
    case control(UInt8)
    case surrogatePair
    case badReference
    case nonCharacter

    var description: String {
      switch self {
      case .invalidUTF8: "bytes that are not UTF-8, read as U+FFFD"
      case .control(let byte):
        "a control character XML does not allow (0x\(String(byte, radix: 16, uppercase: true))), removed"
      case .surrogatePair: "a character written as a UTF-16 surrogate pair of references, read as that character"
      case .badReference: "a character reference to no character, read as U+FFFD"
      case .nonCharacter: "a non-character (U+FFFE or U+FFFF), read as U+FFFD"
      }
    }
  }

  struct Repair: Equatable {
    var line: Int
    /// Where in the repaired stream the repair is: what the parser has read past it belongs to the value read.
    var offset: Int
    var kind: Kind
  }

  /// The repaired bytes of the last call, valid until the next; empty when ``passedThrough``.
  private(set) var output: ByteBuffer
  /// The last call's input needed no repair and nothing was kept back: read it as it is, with no copy.
  private(set) var passedThrough = false
  /// Repairs made so far and not yet taken.
  var repairs: [Repair] = []
  /// The line the next byte is on.
  private(set) var line = 1
  /// Bytes written to the repaired stream before this call's output.
  private var written = 0
  private var lastInputCount = 0
  /// An incomplete sequence (UTF-8 or a character reference) from the end of the last chunk, and the chunk being
  /// worked on when there is one.
  private var pending: ByteBuffer
  private var work: ByteBuffer

  init(chunkSize: Int) {
    output = ByteBuffer(capacity: chunkSize + chunkSize / 2)
    pending = ByteBuffer(capacity: 32)
    work = ByteBuffer(capacity: chunkSize + 32)
  }

  /// Repairs `input`, after what the last call kept back, into ``output``. Unless `final`, a sequence cut off at
  /// the end is kept back for the next call.
  mutating func repair(_ input: UnsafeRawBufferPointer, final: Bool) {
    written += passedThrough ? lastInputCount : output.count
    output.removeAll()
    passedThrough = false
    let bytes = input.bindMemory(to: UInt8.self)
    lastInputCount = bytes.count
    guard !pending.isEmpty else {
      scan(bytes, final: final, mayPassThrough: true)
      return
    }
    work.removeAll()
    work.append(pending.bytes)
    work.append(bytes)
    pending.removeAll()
    // Safety: `work` is not changed while `scan` reads it; `scan` writes only to `output` and `pending`.
    let joined = work.bytes
    scan(joined, final: final, mayPassThrough: false)
  }

  private mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, final: Bool, mayPassThrough: Bool) {
    guard let base = bytes.baseAddress else { return }
    let count = bytes.count
    var index = 0
    var runStart = 0
    func keep(_ end: Int, _ output: inout ByteBuffer) {
      // Safety: `runStart...end` lies within the `count` bytes at `base`.
      if end > runStart { output.append(base + runStart, count: end - runStart) }
    }
    while index < count {
      // Eight plain bytes at a time (printable ASCII, no "&"): nearly all of an export.
      while index + 8 <= count, Self.isPlain(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
        index += 8
      }
      guard index < count else { break }
      let byte = base[index]
      if byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "&") || byte == 0x09 || byte == 0x0D {
        index += 1
        continue
      }
      if byte == 0x0A {
        line += 1
        index += 1
        continue
      }
      switch step(at: index, byte, in: bytes, final: final) {
      case .pass(let end):
        index = end
      case .wait:
        keep(index, &output)
        // Safety: `index..<count` lies within the `count` bytes at `base`.
        pending.append(base + index, count: count - index)
        return
      case .repair(let end, let replacement, let kind):
        keep(index, &output)
        output.append(replacement)
        note(kind)
        index = end
        runStart = index
      }
    }
    if mayPassThrough, runStart == 0 {
      passedThrough = true
    } else {
      keep(count, &output)
    }
  }

  /// What to do at a byte that needs a look.
  private enum Step {
    /// The bytes up to `end` are fine as they are.
    case pass(Int)
    /// The rest may be an incomplete sequence or reference: wait for the next chunk.
    case wait
    /// The bytes up to `end` become `replacement`, and the damage is noted.
    case repair(end: Int, replacement: [UInt8], kind: Kind)
  }

  /// A control character, a reference, or a multi-byte sequence, at `index`.
  @inline(__always)
  private func step(at index: Int, _ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, final: Bool) -> Step {
    if byte < 0x20 { return .repair(end: index + 1, replacement: [], kind: .control(byte)) }
    if byte == UInt8(ascii: "&") {
      switch reference(at: index, in: bytes) {
      case .incomplete where !final: return .wait
      case .incomplete, .notNumeric, .valid: return .pass(index + 1)
      case .invalid(let end): return .repair(end: end, replacement: Self.replacementReference, kind: .badReference)
      case .pair(let scalar, let end):
        let text = Array("&#x\(String(scalar, radix: 16, uppercase: true));".utf8)
        return .repair(end: end, replacement: text, kind: .surrogatePair)
      }
    }
    switch Self.utf8Sequence(at: index, in: bytes) {
    case .valid(let length): return .pass(index + length)
    case .incomplete where !final: return .wait
    case .nonCharacter(let length):
      return .repair(end: index + length, replacement: Self.replacementCharacter, kind: .nonCharacter)
    case .incomplete, .invalid:
      return .repair(end: index + 1, replacement: Self.replacementCharacter, kind: .invalidUTF8)
    }
  }

  /// Whether none of eight bytes needs a look: none at or above 0x80, none below 0x20, none an "&".
  @inline(__always)
  static func isPlain(_ word: UInt64) -> Bool {
    let high: UInt64 = 0x8080_8080_8080_8080
    let below20 = (word &- 0x2020_2020_2020_2020) & ~word & high
    let ampersand = word ^ 0x2626_2626_2626_2626
    let hasAmpersand = (ampersand &- 0x0101_0101_0101_0101) & ~ampersand & high
    return (word & high) | below20 | hasAmpersand == 0
  }

  /// Records a repair just made, at the end of the output so far.
  private mutating func note(_ kind: Kind) {
    repairs.append(Repair(line: line, offset: written + output.count, kind: kind))
  }

  private static let replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]
  private static let replacementReference = Array("&#xFFFD;".utf8)

  // MARK: - UTF-8

  enum Sequence: Equatable {
    case valid(Int)
    case nonCharacter(Int)
    case incomplete
    case invalid
  }

  /// The UTF-8 sequence starting with the non-ASCII byte at `index`.
  static func utf8Sequence(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Sequence {
    let lead = bytes[index]
    let length: Int
    // The second byte's range, which excludes overlong forms, surrogates and code points past U+10FFFF.
    var second: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      second = 0xA0...0xBF
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      second = 0x80...0x9F
    case 0xF0:
      length = 4
      second = 0x90...0xBF
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      second = 0x80...0x8F
    default: return .invalid
    }
    for offset in 1..<length {
      guard index + offset < bytes.count else { return .incomplete }
      let byte = bytes[index + offset]
      guard offset == 1 ? second.contains(byte) : (0x80...0xBF).contains(byte) else { return .invalid }
    }
    if lead == 0xEF, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE { return .nonCharacter(3) }
    return .valid(length)
  }

  // MARK: - Character references

  enum Reference: Equatable {
    /// Not `&#`: an entity or markup the parser judges.
    case notNumeric
    case incomplete
    case valid
    /// Refers to no character; the reference ends before `end`.
    case invalid(end: Int)
    /// A high and a low surrogate reference in a row: the character they stand for.
    case pair(UInt32, end: Int)
  }

  /// The character reference starting at the `&` at `index`.
  func reference(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Reference {
    guard index + 1 < bytes.count else { return .incomplete }
    guard bytes[index + 1] == UInt8(ascii: "#") else { return .notNumeric }
    guard let (value, end) = Self.numericReference(at: index, in: bytes) else {
      // Cut off by the chunk, or not a reference at all (which libxml2 reports as malformed).
      return bytes.count - index < 24 ? .incomplete : .notNumeric
    }
    if Self.isXMLCharacter(value) { return .valid }
    if (0xD800...0xDBFF).contains(value) {
      if end + 1 < bytes.count, bytes[end] == UInt8(ascii: "&"), bytes[end + 1] == UInt8(ascii: "#") {
        if let (low, after) = Self.numericReference(at: end, in: bytes), (0xDC00...0xDFFF).contains(low) {
          return .pair(0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00), end: after)
        }
        if bytes.count - end < 24, Self.numericReference(at: end, in: bytes) == nil { return .incomplete }
      } else if end + 1 >= bytes.count {
        return .incomplete
      }
    }
    return .invalid(end: end)
  }

  /// `&#123;` or `&#x7B;` at `index`: its value and the index after its `;`; nil if it is not one in full.
  static func numericReference(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (UInt32, Int)? {
    var position = index + 2
    guard position < bytes.count else { return nil }
    let hex = bytes[position] == UInt8(ascii: "x")
    if hex { position += 1 }
    var value: UInt32 = 0
    var digits = 0
    // Past eight digits a value is out of Unicode's range whatever follows; it saturates there.
    while position < bytes.count, digits <= 16 {
      let byte = bytes[position]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: digit = UInt32(byte - UInt8(ascii: "A") + 10)
      case UInt8(ascii: ";"):
        return digits > 0 ? (value, position + 1) : nil
      default:
        return nil
      }
      value = value > 0x10FFFF ? 0x110000 : value &* (hex ? 16 : 10) &+ digit
      digits += 1
      position += 1
    }
    return nil
  }

  /// XML 1.0's `Char` production.
  static func isXMLCharacter(_ value: UInt32) -> Bool {
    switch value {
    case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
    default: false
    }
  }
}

extension ByteBuffer {
  mutating func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { append($0) }
  }
}
