internal import Foundation

/// A configuration file (JSON with `//` comment lines) changed the way a person would change it: the keys it is given
/// are set and the rest of the file stays byte for byte, its comments, key order, layout and line endings included. JSONSerialization keeps
/// none of that, so the file is read here by a scanner that remembers where each value stands, and only those spans
/// are rewritten.
public struct ConfigEdit: Sendable {
  /// One key's change: its value before (nil when it had none) and after, each as config.json writes it.
  public struct Change: Sendable, Equatable, CustomStringConvertible {
    public var key: String
    public var old: String?
    public var new: String

    public init(key: String, old: String?, new: String) {
      self.key = key
      self.old = old
      self.new = new
    }

    public var description: String { "\(key): \(old ?? "(not set)") → \(new)" }
  }

  /// How a change names a key taken out.
  public static let notSet = "(not set)"

  public let path: String
  /// What a file started from nothing holds above its object: a comment line, or nothing.
  public let header: String?
  /// Where a message about a line the file cannot hold sends the reader ("see 'tool config --example'").
  public let seeAlso: String?
  private var bytes: [UInt8]
  private var root: Span
  /// The keys changed so far, in the order they were first set; one set back to its value is no longer here.
  public private(set) var changes: [Change] = []

  /// The file's text to edit; an empty one (a missing file) starts as the header and `{ }`.
  public init(text: String, path: String, header: String? = nil, seeAlso: String? = nil) throws(SettingsError) {
    self.path = path
    self.header = header
    self.seeAlso = seeAlso
    bytes = Array(text.utf8)
    root = try Self.root(of: &bytes, path, header: header, seeAlso: seeAlso)
  }

  /// The file as it is now.
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// The changes as setup shows them before asking, a line each: `  email.to: ["old@x"] → ["new@x"]`.
  public var changesDescribed: String { changes.map { "  \($0)" }.joined(separator: "\n") }

  /// Every key the file gives a value, in the file's order: a group's members are keys of their own.
  public var keys: [String] { Self.keys(in: root, under: "") }

  /// The value at `key` (`email.smtp.url`); nil when the file has none there.
  public func value(at key: String) -> ConfigJSON? {
    guard let names = try? Self.names(key, path) else { return nil }
    return (try? place(of: names, key))?.member?.value.value
  }

  /// Gives `key` the value: an existing member's value is rewritten where it stands, a missing one is added at the end
  /// of its object (and the groups it is in, when they are missing), laid out as its siblings are.
  public mutating func set(_ key: String, to value: ConfigJSON) throws(SettingsError) {
    let names = try Self.names(key, path)
    let place = try place(of: names, key)
    let old = place.member?.value.value.jsonText
    let new = value.jsonText
    guard old != new else { return }
    let edits =
      place.member.map { [Edit(range: $0.value.range, text: new)] }
      ?? insertion(of: names[place.depth...], value, into: place.object)
    try apply(edits)
    record(key, old: old, new: new)
  }

  /// Takes `key` out of the file — every member of its name, since an earlier one would be read once the last went —
  /// its line when it has one of its own, else its text and the comma that joined it.
  public mutating func remove(_ key: String) throws(SettingsError) {
    while value(at: key) != nil { try removeLast(key) }
  }

  private mutating func removeLast(_ key: String) throws(SettingsError) {
    let names = try Self.names(key, path)
    let place = try place(of: names, key)
    guard let member = place.member,
      let index = place.object.members.lastIndex(where: { $0.start == member.start })
    else { return }
    let members = place.object.members
    let previous = index > 0 ? members[index - 1] : nil
    let next = index + 1 < members.count ? members[index + 1] : nil
    var edits: [Edit]
    if indentation(before: member.start) != nil, let end = lineEnd(after: member.value.range.upperBound) {
      edits = [Edit(range: lineStart(of: member.start)..<end, text: "")]
      if next == nil, let previous, let comma = comma(after: previous.value.range.upperBound) {
        edits.append(Edit(range: comma..<comma + 1, text: ""))
      }
    } else if let next {
      edits = [Edit(range: member.start..<next.start, text: "")]
    } else {
      edits = [
        Edit(range: (previous?.value.range.upperBound ?? member.start)..<member.value.range.upperBound, text: "")
      ]
    }
    let old = member.value.value.jsonText
    try apply(edits)
    record(key, old: old, new: Self.notSet)
  }
}

// MARK: - Finding a key

extension ConfigEdit {
  /// A value of the file and where its text stands; an object's members come in the file's order.
  fileprivate struct Span: Sendable {
    var range: Range<Int>
    var value: ConfigJSON
    var members: [Member] = []

    /// The member JSONSerialization reads for `name`: the last of that name.
    func member(_ name: String) -> Member? { members.last { $0.name == name } }
  }

  fileprivate struct Member: Sendable {
    var name: String
    /// Where its quoted name starts.
    var start: Int
    var value: Span
  }

  private static func names(_ key: String, _ path: String) throws(SettingsError) -> [String] {
    let names = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard !names.contains(where: \.isEmpty) else {
      throw .config("\(path): '\(key)' is not a key; give names joined by dots, like email.smtp.url")
    }
    return names
  }

  /// Where a key is, as far as the file has it: the deepest object along its names, how many names lead there, and
  /// that object's member of the next name.
  private struct Place {
    var object: Span
    var depth: Int
    var member: Member? = nil
  }

  private func place(of names: [String], _ key: String) throws(SettingsError) -> Place {
    var object = root
    for (depth, name) in names.dropLast().enumerated() {
      guard let member = object.member(name) else { return Place(object: object, depth: depth) }
      guard case .object = member.value.value else {
        throw notAnObject(names[...depth].joined(separator: "."), member.value, below: key)
      }
      object = member.value
    }
    return Place(object: object, depth: names.count - 1, member: object.member(names[names.count - 1]))
  }

  private func notAnObject(_ group: String, _ value: Span, below key: String) -> SettingsError {
    .config(
      "\(path): line \(Self.line(of: value.range.lowerBound, in: bytes)): \(group): expected an object { ... }, "
        + "found \(value.value.described); make it an object or remove it, so that \(key) can be set")
  }

  private static func keys(in object: Span, under prefix: String) -> [String] {
    object.members.flatMap { member -> [String] in
      let key = prefix.isEmpty ? member.name : prefix + "." + member.name
      guard case .object = member.value.value else { return [key] }
      return keys(in: member.value, under: key)
    }
  }

  private mutating func record(_ key: String, old: String?, new: String) {
    guard let index = changes.firstIndex(where: { $0.key == key }) else {
      changes.append(Change(key: key, old: old, new: new))
      return
    }
    changes[index].new = new
    if changes[index].old == new || (changes[index].old == nil && new == Self.notSet) { changes.remove(at: index) }
  }
}

// MARK: - Writing a key

extension ConfigEdit {
  /// Text to put in place of a span of the file.
  private struct Edit {
    var range: Range<Int>
    var text: String

    init(range: Range<Int>, text: String) {
      self.range = range
      self.text = text
    }

    init(at offset: Int, _ text: String) { self.init(range: offset..<offset, text: text) }
  }

  /// How a new member is written: on the line of the one before it (nil indent), or on lines of its own.
  private struct Layout {
    var indent: String?
    var unit: String
    var newline: String
  }

  /// `edits` come last in the file first, so each leaves the offsets of the ones after it as they were.
  private mutating func apply(_ edits: [Edit]) throws(SettingsError) {
    for edit in edits { bytes.replaceSubrange(edit.range, with: Array(edit.text.utf8)) }
    root = try Self.root(of: &bytes, path, header: header, seeAlso: seeAlso)
  }

  /// A member for `names` (the groups first) holding `value`, at the end of `object`, with a comma after the member
  /// before it.
  private func insertion(of names: ArraySlice<String>, _ value: ConfigJSON, into object: Span) -> [Edit] {
    let close = object.range.upperBound - 1
    let last = object.members.last
    let onItsLine = object.members.last { indentation(before: $0.start) != nil }
    let layout = Layout(indent: nil, unit: unit, newline: newline)
    if let last, onItsLine == nil {
      return [Edit(at: last.value.range.upperBound, ", " + Self.member(names, value, layout))]
    }
    let indent =
      onItsLine.flatMap { indentation(before: $0.start) } ?? lineIndentation(of: object.range.lowerBound) + unit
    let member = indent + Self.member(names, value, Layout(indent: indent, unit: unit, newline: newline))
    var edits: [Edit]
    if indentation(before: close) != nil {
      edits = [Edit(at: lineStart(of: close), member + newline)]
    } else {
      let text = newline + member + newline + lineIndentation(of: close)
      edits = [Edit(range: blanksStart(before: close)..<close, text: text)]
    }
    if let last { edits.append(Edit(at: last.value.range.upperBound, ",")) }
    return edits
  }

  /// `"name": value`, or `"group": {...}` around it for the names before the last.
  private static func member(_ names: ArraySlice<String>, _ value: ConfigJSON, _ layout: Layout) -> String {
    let key = ConfigJSON.quoted(names.first ?? "") + ": "
    guard names.count > 1 else { return key + value.jsonText }
    guard let indent = layout.indent else { return key + "{" + member(names.dropFirst(), value, layout) + "}" }
    var inner = layout
    inner.indent = indent + layout.unit
    return key + "{" + layout.newline + indent + layout.unit + member(names.dropFirst(), value, inner)
      + layout.newline + indent + "}"
  }
}

// MARK: - The file's layout

extension ConfigEdit {
  /// One level of indentation as the file's top level has it; two spaces when nothing shows it.
  private var unit: String {
    root.members.lazy.compactMap { indentation(before: $0.start) }.first { !$0.isEmpty } ?? "  "
  }

  /// The file's line ending: CRLF when its first line ends so.
  private var newline: String {
    guard let end = bytes.firstIndex(of: .lineFeed), end > 0, bytes[end - 1] == .carriageReturn else { return "\n" }
    return "\r\n"
  }

  /// Past the line break ending the line of `offset`, when only blanks and a comma come before it.
  private func lineEnd(after offset: Int) -> Int? {
    var index = offset
    while index < bytes.count, bytes[index].isBlank || bytes[index] == UInt8(ascii: ",") { index += 1 }
    if index < bytes.count, bytes[index] == UInt8(ascii: "\r") { index += 1 }
    guard index < bytes.count, bytes[index] == .lineFeed else { return nil }
    return index + 1
  }

  /// Where the comma after `offset` is, blanks aside.
  private func comma(after offset: Int) -> Int? {
    let index = bytes[offset...].firstIndex { !$0.isBlank && $0 != .lineFeed && $0 != UInt8(ascii: "\r") }
    return index.flatMap { bytes[$0] == UInt8(ascii: ",") ? $0 : nil }
  }

  private func lineStart(of offset: Int) -> Int {
    bytes[..<offset].lastIndex(of: .lineFeed).map { $0 + 1 } ?? 0
  }

  /// The blanks before `offset` when only blanks come before it on its line.
  private func indentation(before offset: Int) -> String? {
    let blanks = bytes[lineStart(of: offset)..<offset]
    return blanks.allSatisfy(\.isBlank) ? String(decoding: blanks, as: UTF8.self) : nil
  }

  private func lineIndentation(of offset: Int) -> String {
    String(decoding: bytes[lineStart(of: offset)..<offset].prefix(while: \.isBlank), as: UTF8.self)
  }

  private func blanksStart(before offset: Int) -> Int {
    bytes[..<offset].lastIndex { !$0.isBlank }.map { $0 + 1 } ?? 0
  }

  fileprivate static func line(of offset: Int, in bytes: [UInt8]) -> Int {
    bytes[..<offset].count { $0 == .lineFeed } + 1
  }

  /// The file's object; a file of blanks and comments alone first gets one, and the header when it is empty.
  private static func root(of bytes: inout [UInt8], _ path: String, header: String?, seeAlso: String?)
    throws(SettingsError) -> Span
  {
    var reader = Reader(bytes: bytes, path: path, seeAlso: seeAlso)
    if let root = try reader.document() { return root }
    bytes = started(bytes, header: header)
    reader = Reader(bytes: bytes, path: path, seeAlso: seeAlso)
    guard let root = try reader.document() else { throw .config("\(path): cannot start a configuration here") }
    return root
  }

  private static func started(_ bytes: [UInt8], header: String?) -> [UInt8] {
    guard bytes.contains(where: { !$0.isBlank && $0 != .lineFeed && $0 != .carriageReturn }) else {
      return Array(((header.map { $0 + "\n" } ?? "") + "{ }\n").utf8)
    }
    let newline = bytes.contains(.carriageReturn) ? "\r\n" : "\n"
    return bytes + Array(((bytes.last == .lineFeed ? "" : newline) + "{ }" + newline).utf8)
  }
}

// MARK: - Reading the file

extension ConfigEdit {
  /// Reads config.json as ConfigFile does (JSON, and lines whose first non-blank characters are `//` as comments),
  /// keeping where each value stands. Its errors name the file and the line.
  private struct Reader {
    let bytes: [UInt8]
    let path: String
    let seeAlso: String?
    var position = 0

    /// Past this, a file is refused rather than read by ever deeper calls.
    static let deepest = 256

    /// The file's object; nil when it holds only blanks and comments.
    mutating func document() throws(SettingsError) -> Span? {
      skipTrivia()
      guard position < bytes.count else { return nil }
      guard peek == .openBrace else { throw fail("the configuration must be a JSON object { ... }") }
      let root = try value(depth: 0)
      skipTrivia()
      guard position == bytes.count else { throw fail("expected nothing after the object's closing }, found \(found)") }
      return root
    }

    private var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func consume(_ byte: UInt8) -> Bool {
      guard peek == byte else { return false }
      position += 1
      return true
    }

    private func fail(_ problem: String) -> SettingsError {
      .config(
        "\(path): line \(ConfigEdit.line(of: position, in: bytes)): \(problem); fix that line"
          + (seeAlso.map { " (\($0))" } ?? ""))
    }

    /// What stands at the position, for a message.
    private var found: String {
      guard position < bytes.count else { return "the end of the file" }
      let next = bytes[position..<min(position + 4, bytes.count)]
      guard let scalar = String(decoding: next, as: UTF8.self).unicodeScalars.first, scalar.value >= 0x20 else {
        return "the end of the line"
      }
      return "'\(scalar)'"
    }

    /// Blanks, line ends and comment lines: a line whose first non-blank characters are `//`, as ConfigFile has it.
    private mutating func skipTrivia() {
      while let byte = peek {
        if byte.isBlank || byte == .lineFeed || byte == .carriageReturn {
          position += 1
        } else if startsComment {
          position = bytes[position...].firstIndex(of: .lineFeed) ?? bytes.count
        } else {
          return
        }
      }
    }

    private var startsComment: Bool {
      guard position + 1 < bytes.count, bytes[position] == .slash, bytes[position + 1] == .slash else { return false }
      let lineStart = bytes[..<position].lastIndex(of: .lineFeed).map { $0 + 1 } ?? 0
      return bytes[lineStart..<position].allSatisfy(\.isBlank)
    }

    private mutating func value(depth: Int) throws(SettingsError) -> Span {
      guard depth < Self.deepest else { throw fail("values nested more than \(Self.deepest) deep") }
      skipTrivia()
      let start = position
      guard let byte = peek else { throw fail("expected a value, found the end of the file") }
      var members: [Member] = []
      let value: ConfigJSON
      switch byte {
      case .openBrace:
        members = try self.members(depth)
        value = .object(Dictionary(members.map { ($0.name, $0.value.value) }) { _, last in last })
      case .openBracket: value = .list(try items(depth))
      case .quote: value = .text(try string())
      case _ where byte == .minus || byte.isDigit: value = try number()
      default: value = try literal()
      }
      return Span(range: start..<position, value: value, members: members)
    }

    private mutating func members(_ depth: Int) throws(SettingsError) -> [Member] {
      position += 1
      skipTrivia()
      if consume(.closeBrace) { return [] }
      var members: [Member] = []
      repeat {
        skipTrivia()
        members.append(try member(depth))
        skipTrivia()
      } while consume(.comma)
      guard consume(.closeBrace) else {
        throw fail(
          "expected ',' or '}' after the value of \(ConfigJSON.quoted(members.last?.name ?? "")), found \(found)")
      }
      return members
    }

    private mutating func member(_ depth: Int) throws(SettingsError) -> Member {
      if peek == .closeBrace { throw fail("a comma after an object's last member; remove it") }
      guard peek == .quote else { throw fail("expected a name in double quotes, found \(found)") }
      let start = position
      let name = try string()
      skipTrivia()
      guard consume(.colon) else { throw fail("expected ':' after \(ConfigJSON.quoted(name)), found \(found)") }
      return Member(name: name, start: start, value: try value(depth: depth + 1))
    }

    private mutating func items(_ depth: Int) throws(SettingsError) -> [ConfigJSON] {
      position += 1
      skipTrivia()
      if consume(.closeBracket) { return [] }
      var items: [ConfigJSON] = []
      repeat {
        skipTrivia()
        if peek == .closeBracket { throw fail("a comma after a list's last item; remove it") }
        items.append(try value(depth: depth + 1).value)
        skipTrivia()
      } while consume(.comma)
      guard consume(.closeBracket) else { throw fail("expected ',' or ']' in a list, found \(found)") }
      return items
    }

    private mutating func string() throws(SettingsError) -> String {
      position += 1
      var utf8: [UInt8] = []
      while let byte = peek, byte != .quote {
        if byte == .lineFeed || byte == .carriageReturn {
          throw fail("a text that does not end on its line; close it with \"")
        }
        guard byte >= 0x20 else { throw fail("a control character in a text; write it as \\t or \\u00XX") }
        position += 1
        if byte == .backslash { try escape(into: &utf8) } else { utf8.append(byte) }
      }
      guard consume(.quote) else { throw fail("a text that does not end; close it with \"") }
      return String(decoding: utf8, as: UTF8.self)
    }

    private static let escapes: [UInt8: UInt8] = [
      .quote: .quote, .backslash: .backslash, .slash: .slash, UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C,
      UInt8(ascii: "n"): .lineFeed, UInt8(ascii: "r"): .carriageReturn, UInt8(ascii: "t"): 0x09,
    ]

    private mutating func escape(into utf8: inout [UInt8]) throws(SettingsError) {
      if let byte = peek, let plain = Self.escapes[byte] {
        position += 1
        utf8.append(plain)
        return
      }
      guard consume(UInt8(ascii: "u")) else {
        throw fail("\(found) cannot follow a \\ in a text; write \\\\ for a backslash")
      }
      UTF8.encode(try unicodeEscape()) { utf8.append($0) }
    }

    /// `\uXXXX` after its `\u`, or two of them for a character beyond the first 65536 (a UTF-16 surrogate pair).
    private mutating func unicodeEscape() throws(SettingsError) -> Unicode.Scalar {
      let high = try hex()
      if let scalar = Unicode.Scalar(high) { return scalar }
      guard (0xD800..<0xDC00).contains(high), consume(.backslash), consume(UInt8(ascii: "u")) else {
        throw fail("a \\u escape that is half of a pair (\\uD800 to \\uDFFF) without its other half")
      }
      let low = try hex()
      guard (0xDC00..<0xE000).contains(low), let scalar = Unicode.Scalar(0x10000 + (high - 0xD800) << 10 + low - 0xDC00)
      else { throw fail("a \\u escape that is half of a pair (\\uD800 to \\uDFFF) without its other half") }
      return scalar
    }

    private mutating func hex() throws(SettingsError) -> UInt32 {
      let digits = bytes[position..<min(position + 4, bytes.count)]
      guard digits.count == 4, let value = UInt32(String(decoding: digits, as: UTF8.self), radix: 16) else {
        throw fail("a \\u escape needs four hexadecimal digits")
      }
      position += 4
      return value
    }

    /// A number as JSON writes it: `-`, digits without a leading zero, a fraction, an exponent.
    private mutating func number() throws(SettingsError) -> ConfigJSON {
      let start = position
      _ = consume(.minus)
      if !consume(UInt8(ascii: "0")) { try digits("a number needs a digit") }
      if consume(UInt8(ascii: ".")) { try digits("a number needs a digit after its '.'") }
      if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
        _ = consume(UInt8(ascii: "+")) || consume(.minus)
        try digits("a number needs a digit in its exponent")
      }
      let written = String(decoding: bytes[start..<position], as: UTF8.self)
      guard let number = Double(written) else { throw fail("\(written) is not a number") }
      return .number(number, written: written)
    }

    private mutating func digits(_ problem: String) throws(SettingsError) {
      let start = position
      while let byte = peek, byte.isDigit { position += 1 }
      guard position > start else { throw fail(problem) }
    }

    private mutating func literal() throws(SettingsError) -> ConfigJSON {
      for (word, value) in [("true", ConfigJSON.bool(true)), ("false", .bool(false)), ("null", .null)]
      where bytes[position...].starts(with: word.utf8) {
        position += word.utf8.count
        return value
      }
      throw fail(
        "expected a value (a text in double quotes, a number, true, false, null, a list [...] or an object "
          + "{...}), found \(found)")
    }
  }
}

// MARK: - Values as config.json writes them

extension ConfigJSON {
  /// The value as JSON: texts as ``quoted(_:)-swift.type.method`` writes them, lists and objects on one line, an
  /// object's keys sorted (a value holds no order of its own). Two values that read alike write alike.
  public var jsonText: String {
    switch self {
    case .text(let text): Self.quoted(text)
    case .number(let number, _): Self.written(number)
    case .bool(let value): value ? "true" : "false"
    case .list(let items): "[" + items.map(\.jsonText).joined(separator: ", ") + "]"
    case .object(let members):
      "{"
        + members.sorted { $0.key < $1.key }.map { Self.quoted($0.key) + ": " + $0.value.jsonText }
        .joined(separator: ", ") + "}"
    case .null: "null"
    }
  }

  /// Whole numbers without a fraction; JSON has no infinity, so one reads as null.
  private static func written(_ number: Double) -> String {
    guard number.isFinite else { return "null" }
    return Int(exactly: number).map(String.init) ?? "\(number)"
  }
}

extension UInt8 {
  fileprivate static let lineFeed = UInt8(ascii: "\n")
  fileprivate static let carriageReturn = UInt8(ascii: "\r")
  fileprivate static let quote = UInt8(ascii: "\"")
  fileprivate static let backslash = UInt8(ascii: "\\")
  fileprivate static let slash = UInt8(ascii: "/")
  fileprivate static let openBrace = UInt8(ascii: "{")
  fileprivate static let closeBrace = UInt8(ascii: "}")
  fileprivate static let openBracket = UInt8(ascii: "[")
  fileprivate static let closeBracket = UInt8(ascii: "]")
  fileprivate static let comma = UInt8(ascii: ",")
  fileprivate static let colon = UInt8(ascii: ":")
  fileprivate static let minus = UInt8(ascii: "-")

  /// A space or a tab: what ConfigFile skips before a comment's `//`.
  fileprivate var isBlank: Bool { self == UInt8(ascii: " ") || self == UInt8(ascii: "\t") }

  fileprivate var isDigit: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }
}
