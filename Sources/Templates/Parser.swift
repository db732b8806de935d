/// A dotted name split once at parse time; no components means the implicit iterator `.`.
struct NamePath: Sendable {
  var components: [String]
}

/// The compiled template: parsing happens once, rendering only walks this tree.
enum Node: Sendable {
  case text(String)
  /// Where a template source line begins. Rendering emits the current partial indentation here, which
  /// gives the spec's "indent every line of a standalone partial" without re-parsing the partial's source,
  /// and without indenting multi-line values interpolated into it.
  case lineStart
  case variable(NamePath, escaped: Bool)
  /// `start` is the opening tag's byte offset, for naming it in a rendering error.
  case section(NamePath, body: [Node], inverted: Bool, start: Int)
  /// `indent` is nil for an inline partial tag and the stripped leading whitespace for a standalone one.
  case partial(name: String, indent: String?, start: Int)
}

private enum ASCII {
  static let newline = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  static let space = UInt8(ascii: " ")
  static let tab = UInt8(ascii: "\t")
  static let equals = UInt8(ascii: "=")
  static let openBrace = UInt8(ascii: "{")
  static let closeBrace = UInt8(ascii: "}")

  static func isInlineSpace(_ byte: UInt8) -> Bool {
    byte == space || byte == tab
  }

  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == space || byte == tab || byte == newline || byte == carriageReturn
  }
}

private enum TagKind {
  case variable(escaped: Bool)
  case sectionOpen(inverted: Bool)
  case sectionClose
  case partial
  case comment
  case setDelimiters(open: [UInt8], close: [UInt8])

  /// Interpolations never swallow their line; every other tag may, per the spec's standalone rule.
  var canBeStandalone: Bool {
    if case .variable = self { return false }
    return true
  }
}

private struct Tag {
  var kind: TagKind
  var name: String
  var start: Int
  var end: Int
}

private struct OpenSection {
  var siblings: [Node]
  var name: String
  var path: NamePath
  var inverted: Bool
  var start: Int
}

/// Works on UTF-8 bytes: every delimiter and sigil the grammar cares about is matched byte-wise, which is
/// safe for multi-byte text because UTF-8 never reuses a character's bytes inside another character.
struct Parser {
  private let bytes: [UInt8]
  private let templateName: String
  private var openDelimiter: [UInt8] = Array("{{".utf8)
  private var closeDelimiter: [UInt8] = Array("}}".utf8)
  /// Real templates nest a handful of sections; the renderer recurses once per level.
  static let maximumNesting = 100

  init(source: String, name: String) {
    self.bytes = Array(source.utf8)
    self.templateName = name
  }

  mutating func parse() throws(TemplateError) -> [Node] {
    var nodes: [Node] = []
    var openSections: [OpenSection] = []
    var position = 0

    while position < bytes.count {
      guard let tagStart = find(openDelimiter, from: position) else {
        appendText(from: position, to: bytes.count, into: &nodes)
        break
      }
      let tag = try scanTag(at: tagStart)
      let (resumeAt, standaloneIndent) = placeText(before: tag, at: tagStart, from: position, into: &nodes)
      try take(tag, indent: standaloneIndent, &nodes, &openSections)
      position = resumeAt
    }

    if let open = openSections.last {
      throw error(at: open.start, "unclosed section '\(open.name)'; add '{{/\(open.name)}}' where it should end")
    }
    return nodes
  }

  /// The text before a tag; where parsing resumes after it, and the indent of a tag that stands alone on its line
  /// (whose whole line disappears: leading whitespace, the tag, and its line ending).
  private func placeText(
    before tag: Tag, at tagStart: Int, from position: Int, into nodes: inout [Node]
  ) -> (resumeAt: Int, standaloneIndent: String?) {
    let lineStart = startOfLine(containing: tagStart)
    if tag.kind.canBeStandalone, isInlineSpace(from: lineStart, to: tagStart),
      let lineEnd = endOfBlankLine(from: tag.end)
    {
      appendText(from: position, to: max(position, lineStart), into: &nodes)
      return (lineEnd, text(from: lineStart, to: tagStart))
    }
    appendText(from: position, to: tagStart, into: &nodes)
    if isLineStart(tagStart) {
      nodes.append(.lineStart)
    }
    return (tag.end, nil)
  }

  /// What a tag adds to the tree: a node, a section opened or closed, new delimiters.
  private mutating func take(
    _ tag: Tag, indent: String?, _ nodes: inout [Node], _ openSections: inout [OpenSection]
  ) throws(TemplateError) {
    switch tag.kind {
    case .variable(let escaped):
      nodes.append(.variable(try path(for: tag), escaped: escaped))
    case .sectionOpen(let inverted):
      guard openSections.count < Self.maximumNesting else {
        throw error(
          at: tag.start,
          "sections nest more than \(Self.maximumNesting) deep here; close some with '{{/name}}' before opening more")
      }
      openSections.append(
        OpenSection(siblings: nodes, name: tag.name, path: try path(for: tag), inverted: inverted, start: tag.start))
      nodes = []
    case .sectionClose:
      let open = try closing(tag, openSections.popLast())
      let body = nodes
      nodes = open.siblings
      nodes.append(.section(open.path, body: body, inverted: open.inverted, start: open.start))
    case .partial:
      nodes.append(.partial(name: tag.name, indent: indent, start: tag.start))
    case .comment:
      break
    case .setDelimiters(let open, let close):
      openDelimiter = open
      closeDelimiter = close
    }
  }

  /// The section a closing tag closes: the one open, of its name.
  private func closing(_ tag: Tag, _ open: OpenSection?) throws(TemplateError) -> OpenSection {
    guard let open else {
      throw error(at: tag.start, "closing tag '\(tag.name)' has no matching opening tag; remove it")
    }
    guard open.name == tag.name else {
      let (line, column) = location(of: open.start)
      throw error(
        at: tag.start,
        "closing tag '\(tag.name)' does not match the open section '\(open.name)' from line \(line), "
          + "column \(column); close '\(open.name)' first with '{{/\(open.name)}}'")
    }
    return open
  }

  // MARK: - Tags

  private func scanTag(at start: Int) throws(TemplateError) -> Tag {
    let contentStart = start + openDelimiter.count
    let closeText = String(decoding: closeDelimiter, as: UTF8.self)
    guard contentStart < bytes.count else {
      throw error(at: start, "unclosed tag; add '\(closeText)' to close it")
    }

    switch bytes[contentStart] {
    case ASCII.openBrace:
      let closing = [ASCII.closeBrace] + closeDelimiter
      guard let end = find(closing, from: contentStart + 1) else {
        throw error(at: start, "unclosed triple mustache; add '}\(closeText)' to close it")
      }
      let name = try trimmedName(from: contentStart + 1, to: end, tagStart: start)
      return Tag(kind: .variable(escaped: false), name: name, start: start, end: end + closing.count)
    case ASCII.equals:
      return try scanSetDelimiters(at: start, contentStart: contentStart + 1)
    default:
      break
    }

    guard let end = find(closeDelimiter, from: contentStart) else {
      throw error(at: start, "unclosed tag; add '\(closeText)' to close it")
    }
    let tagEnd = end + closeDelimiter.count
    let kind: TagKind
    switch bytes[contentStart] {
    case UInt8(ascii: "!"):
      return Tag(kind: .comment, name: "", start: start, end: tagEnd)
    case UInt8(ascii: "&"): kind = .variable(escaped: false)
    case UInt8(ascii: "#"): kind = .sectionOpen(inverted: false)
    case UInt8(ascii: "^"): kind = .sectionOpen(inverted: true)
    case UInt8(ascii: "/"): kind = .sectionClose
    case UInt8(ascii: ">"): kind = .partial
    case UInt8(ascii: "<"), UInt8(ascii: "$"):
      throw error(at: start, "template inheritance tags ('<' and '$') are not supported; use partials ('>') instead")
    default:
      let name = try trimmedName(from: contentStart, to: end, tagStart: start)
      return Tag(kind: .variable(escaped: true), name: name, start: start, end: tagEnd)
    }
    let name = try trimmedName(from: contentStart + 1, to: end, tagStart: start)
    return Tag(kind: kind, name: name, start: start, end: tagEnd)
  }

  private func scanSetDelimiters(at start: Int, contentStart: Int) throws(TemplateError) -> Tag {
    let usage = "expected two delimiters separated by a space, like '{{=<% %>=}}'"
    let closing = [ASCII.equals] + closeDelimiter
    guard let end = find(closing, from: contentStart) else {
      let closeText = String(decoding: closing, as: UTF8.self)
      throw error(at: start, "unclosed set-delimiter tag; it must end with '\(closeText)' (\(usage))")
    }
    let parts = bytes[contentStart..<end].split(whereSeparator: ASCII.isWhitespace)
    guard parts.count == 2 else {
      throw error(at: start, "invalid set-delimiter tag: \(usage)")
    }
    guard !parts.contains(where: { $0.contains(ASCII.equals) }) else {
      throw error(at: start, "invalid set-delimiter tag: delimiters must not contain '='")
    }
    let kind = TagKind.setDelimiters(open: Array(parts[0]), close: Array(parts[1]))
    return Tag(kind: kind, name: "", start: start, end: end + closing.count)
  }

  private func trimmedName(from start: Int, to end: Int, tagStart: Int) throws(TemplateError) -> String {
    var lower = start
    var upper = end
    while lower < upper, ASCII.isWhitespace(bytes[lower]) { lower += 1 }
    while upper > lower, ASCII.isWhitespace(bytes[upper - 1]) { upper -= 1 }
    guard lower < upper else {
      throw error(at: tagStart, "empty tag; put a name between the delimiters")
    }
    let name = text(from: lower, to: upper)
    if bytes[lower..<upper].contains(where: ASCII.isWhitespace) {
      throw error(at: tagStart, "tag name '\(name)' contains whitespace; names are single words like 'user.name'")
    }
    return name
  }

  private func path(for tag: Tag) throws(TemplateError) -> NamePath {
    if tag.name == "." {
      return NamePath(components: [])
    }
    let components = tag.name.split(separator: ".", omittingEmptySubsequences: false)
    guard !components.contains(where: \.isEmpty) else {
      throw error(at: tag.start, "invalid name '\(tag.name)'; use '.' alone or dot-separated names like 'user.name'")
    }
    return NamePath(components: components.map(String.init))
  }

  // MARK: - Text and lines

  /// Splits text at line starts so partial indentation can be emitted in front of every source line.
  private func appendText(from start: Int, to end: Int, into nodes: inout [Node]) {
    var segmentStart = start
    var index = start
    while index < end {
      if isLineStart(index) {
        if segmentStart < index {
          nodes.append(.text(text(from: segmentStart, to: index)))
          segmentStart = index
        }
        nodes.append(.lineStart)
      }
      index += 1
    }
    if segmentStart < end {
      nodes.append(.text(text(from: segmentStart, to: end)))
    }
  }

  private func isLineStart(_ index: Int) -> Bool {
    index == 0 || bytes[index - 1] == ASCII.newline
  }

  private func startOfLine(containing index: Int) -> Int {
    var cursor = index
    while cursor > 0, bytes[cursor - 1] != ASCII.newline { cursor -= 1 }
    return cursor
  }

  private func isInlineSpace(from start: Int, to end: Int) -> Bool {
    !bytes[start..<end].contains { !ASCII.isInlineSpace($0) }
  }

  /// Returns the offset just past the line ending (or the end of input) when only spaces and tabs remain.
  private func endOfBlankLine(from start: Int) -> Int? {
    var cursor = start
    while cursor < bytes.count, ASCII.isInlineSpace(bytes[cursor]) { cursor += 1 }
    if cursor == bytes.count {
      return cursor
    }
    if bytes[cursor] == ASCII.newline {
      return cursor + 1
    }
    if bytes[cursor] == ASCII.carriageReturn, cursor + 1 < bytes.count, bytes[cursor + 1] == ASCII.newline {
      return cursor + 2
    }
    return nil
  }

  private func find(_ needle: [UInt8], from start: Int) -> Int? {
    guard let first = needle.first, needle.count <= bytes.count else { return nil }
    var index = start
    let last = bytes.count - needle.count
    while index <= last {
      if bytes[index] == first {
        var offset = 1
        while offset < needle.count, bytes[index + offset] == needle[offset] { offset += 1 }
        if offset == needle.count {
          return index
        }
      }
      index += 1
    }
    return nil
  }

  private func text(from start: Int, to end: Int) -> String {
    String(decoding: bytes[start..<end], as: UTF8.self)
  }

  // MARK: - Errors

  func location(of offset: Int) -> (line: Int, column: Int) {
    let line = bytes[..<offset].reduce(1) { $1 == ASCII.newline ? $0 + 1 : $0 }
    let lineStart = startOfLine(containing: offset)
    return (line, text(from: lineStart, to: offset).count + 1)
  }

  private func error(at offset: Int, _ message: String) -> TemplateError {
    let (line, column) = location(of: offset)
    return TemplateError(name: templateName, line: line, column: column, message: message)
  }
}
