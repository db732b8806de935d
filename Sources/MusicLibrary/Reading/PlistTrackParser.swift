internal import CLibXML2

/// The SAX event handler behind `LibraryReader`: a small state machine over the plist structure
/// `plist > dict > Tracks > dict > (key, dict)*`, which turns each track dict into a `TrackRecord`.
///
/// Element names and keys are matched as bytes straight from libxml2's buffers; only the handful of
/// values that decide ownership ever become Swift strings.
final class PlistTrackParser {
  let path: String
  var context: xmlParserCtxtPtr?
  private(set) var failure: LibraryError?

  private var aggregator = LibraryAggregator()
  private var warnings: [LibraryWarning] = []
  private var sawTracks = false

  private enum Role {
    case plist
    case root
    case tracks
    case track
    /// A container whose contents do not matter (playlists, nested values); only its shape is checked.
    case ignored
  }

  private struct Frame {
    var element: Element
    var role: Role
    var awaitingValue = false
    var field = Field.other
    /// Where the last key of this dict ends, so a key without a value is reported on its own line.
    var keyLine = 0
  }

  private var stack: [Frame] = []
  /// The scalar element being read, if any, and whether its text is kept.
  private var scalar: Element?
  private var keepingText = false
  private var text: [UInt8] = []
  private var integerIsValid = true
  private var record = TrackRecord()
  /// The Tracks-dict key of the track being read, for warnings.
  private var trackID: [UInt8] = []
  private var trackHasWarning = false

  init(path: String) {
    self.path = path
    text.reserveCapacity(4096)
  }

  // MARK: - Events

  fileprivate func startElement(_ name: UnsafePointer<xmlChar>) {
    guard failure == nil else { return }
    let element = Element(name)
    if stack.isEmpty, element != .plist {
      fail("the root element is <\(String(cString: name))>, not <plist>: this is not a Music library export")
      return
    }
    if element == .unknown {
      fail("unexpected element <\(String(cString: name))>; a library export holds only plist elements")
      return
    }
    if let scalar {
      fail("<\(scalar.name)> cannot contain <\(element.name)>")
      return
    }
    guard let parent = stack.last else {
      stack.append(Frame(element: .plist, role: .plist))
      return
    }

    if element == .key {
      startKey(in: parent)
      return
    }
    startValue(element, in: parent)
  }

  private func startKey(in parent: Frame) {
    guard parent.element == .dict else {
      fail("<key> outside a <dict>")
      return
    }
    if parent.awaitingValue { missingValue(in: parent) }
    scalar = .key
    keepingText = parent.role != .ignored
    text.removeAll(keepingCapacity: true)
  }

  private func startValue(_ element: Element, in parent: Frame) {
    let index = stack.count - 1
    var field = Field.other
    switch parent.role {
    case .plist:
      guard element == .dict, !sawRoot else {
        fail("a library export has one top-level <dict>, found <\(element.name)>")
        return
      }
      sawRoot = true
      stack.append(Frame(element: .dict, role: .root))
      return
    case .root:
      if !parent.awaitingValue {
        warn("<\(element.name)> without a <key> in the top-level dict; ignored")
      } else if parent.field == .tracks {
        guard element == .dict else {
          fail("Tracks is a <\(element.name)>, expected a <dict> of tracks")
          return
        }
        sawTracks = true
        stack[index].awaitingValue = false
        stack.append(Frame(element: .dict, role: .tracks))
        return
      }
      stack[index].awaitingValue = false
    case .tracks:
      if !parent.awaitingValue { trackID = [] }
      stack[index].awaitingValue = false
      if element == .dict {
        record = TrackRecord()
        trackHasWarning = false
        if !parent.awaitingValue { damage("a track <dict> without a <key> before it") }
        stack.append(Frame(element: .dict, role: .track))
        return
      }
      trackHasWarning = false
      warn("track \(trackName): is a <\(element.name)>, not a <dict>; skipped")
      var damaged = TrackRecord()
      damaged.isDamaged = true
      aggregator.add(damaged)
    case .track:
      if !parent.awaitingValue {
        damage("<\(element.name)> without a <key>")
      } else {
        field = parent.field
      }
      stack[index].awaitingValue = false
    case .ignored:
      if parent.element == .dict { stack[index].awaitingValue = false }
    }

    switch element {
    case .dict, .array:
      stack.append(Frame(element: element, role: .ignored))
    case .trueValue, .falseValue:
      if parent.role == .track { record.apply(flag: field, value: element == .trueValue) }
      scalar = element
      keepingText = false
    default:
      scalar = element
      keepingText = parent.role == .track && field.keepsText(of: element)
      integerIsValid = true
      currentField = field
      text.removeAll(keepingCapacity: true)
    }
  }

  private var sawRoot = false
  private var currentField = Field.other

  fileprivate func endElement() {
    guard failure == nil else { return }
    if let element = scalar {
      scalar = nil
      endScalar(element)
      return
    }
    guard let frame = stack.popLast() else { return }
    if frame.awaitingValue { missingValue(in: frame) }
    switch frame.role {
    case .track:
      aggregator.add(record)
    case .root:
      if !sawTracks { fail("no Tracks dictionary: this plist is not a Music library export") }
    default:
      break
    }
  }

  private func endScalar(_ element: Element) {
    guard let parent = stack.last else { return }
    switch element {
    case .key:
      endKey(in: parent)
    case .integer where parent.role == .track:
      if !integerIsValid {
        let shown = String(decoding: text.prefix(40), as: UTF8.self)
        damage("\(currentField.label) is not a number: '\(shown)'")
      } else if keepingText {
        record.apply(integer: currentField, digits: text)
      }
    case .string where parent.role == .track && keepingText, .date where parent.role == .track && keepingText:
      record.apply(text: currentField, bytes: text)
    default:
      break
    }
  }

  private func endKey(in parent: Frame) {
    let index = stack.count - 1
    stack[index].awaitingValue = true
    stack[index].keyLine = line
    switch parent.role {
    case .root:
      stack[index].field = text.elementsEqual("Tracks".utf8) ? .tracks : .other
    case .tracks:
      trackID = text
    case .track:
      stack[index].field = Field(key: text)
    default:
      break
    }
  }

  /// A key followed by another key or the end of its dict.
  private func missingValue(in frame: Frame) {
    switch frame.role {
    case .track:
      damage("key '\(frame.field == .other ? "(unused)" : frame.field.label)' has no value", line: frame.keyLine)
    case .tracks:
      warnings.append(LibraryWarning(line: frame.keyLine, message: "track \(trackName): key has no value; skipped"))
      var damaged = TrackRecord()
      damaged.isDamaged = true
      aggregator.add(damaged)
    case .root:
      warn("a top-level key has no value; ignored")
    default:
      break
    }
  }

  fileprivate func characters(_ bytes: UnsafePointer<xmlChar>, _ count: Int) {
    guard failure == nil else { return }
    // Safety: libxml2 passes `count` valid bytes at `bytes` for the duration of this callback.
    let chunk = UnsafeBufferPointer(start: bytes, count: count)
    guard let element = scalar else {
      if let offending = chunk.firstIndex(where: { !isXMLSpace($0) }) {
        let shown = String(decoding: chunk[offending...].prefix(30), as: UTF8.self)
        fail("unexpected text '\(shown)' inside <\(stack.last?.element.name ?? "plist")>")
      }
      return
    }
    if element == .integer, integerIsValid, !isInteger(chunk) { integerIsValid = false }
    if keepingText || !integerIsValid { text.append(contentsOf: chunk) }
  }

  /// Set before the last call into libxml2, so an error there can be read as "the file breaks off".
  var reachedEndOfInput = false

  fileprivate func libxmlError(_ error: xmlErrorPtr) {
    guard failure == nil, error.pointee.level == XML_ERR_FATAL else { return }
    var message = error.pointee.message.map { String(cString: $0) } ?? "malformed XML"
    while message.last?.isWhitespace == true { message.removeLast() }
    let reason: String
    if let open = stack.last, reachedEndOfInput {
      reason = "the file breaks off inside <\(open.element.name)>: it is truncated; export the library again"
    } else if stack.isEmpty, scalar == nil {
      reason = "this is not XML (\(message)); pass the Library.xml exported from Music"
    } else {
      reason = "malformed XML: \(message)"
    }
    failure = .malformed(path: path, line: Int(error.pointee.line), reason: reason)
  }

  fileprivate func entityDeclared(_ name: UnsafePointer<xmlChar>?) {
    let shown = name.map { String(cString: $0) } ?? "?"
    fail("the file declares an entity ('\(shown)'); library exports never do, so it is refused unread")
  }

  // MARK: - Results

  func finish() throws(LibraryError) -> LibraryScan {
    if let failure { throw failure }
    if !sawTracks {
      throw .malformed(path: path, line: line, reason: "no Tracks dictionary: this is not a library export")
    }
    return LibraryScan(
      source: path,
      tracks: aggregator.tracks,
      musicTracks: aggregator.musicTracks,
      skipped: aggregator.skipped,
      warnings: warnings,
      library: aggregator.finish()
    )
  }

  // MARK: - Helpers

  private var line: Int {
    // Safety: `context` is the live parser context for the whole parse; `input` is its current input.
    guard let input = context?.pointee.input else { return 0 }
    return Int(input.pointee.line)
  }

  private var trackName: String {
    trackID.isEmpty ? "(no key)" : String(decoding: trackID, as: UTF8.self)
  }

  private func fail(_ reason: String) {
    guard failure == nil else { return }
    failure = .malformed(path: path, line: line, reason: reason)
    if let context { xmlStopParser(context) }
  }

  private func warn(_ message: String) {
    warnings.append(LibraryWarning(line: line, message: message))
  }

  /// Marks the current track as skipped; one warning per track is enough to find it.
  private func damage(_ message: String, line: Int? = nil) {
    record.isDamaged = true
    guard !trackHasWarning else { return }
    trackHasWarning = true
    warnings.append(LibraryWarning(line: line ?? self.line, message: "track \(trackName): \(message); track skipped"))
  }

  private func isXMLSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  private func isInteger(_ chunk: UnsafeBufferPointer<UInt8>) -> Bool {
    chunk.allSatisfy { (0x30...0x39).contains($0) || $0 == 0x2D || $0 == 0x2B || isXMLSpace($0) }
  }

  // MARK: - libxml2 glue

  static func saxHandler() -> xmlSAXHandler {
    var handler = xmlSAXHandler()
    handler.initialized = XML_SAX2_MAGIC
    handler.startElementNs = { userData, name, _, _, _, _, _, _, _ in
      guard let name else { return }
      PlistTrackParser.from(userData)?.startElement(name)
    }
    handler.endElementNs = { userData, _, _, _ in
      PlistTrackParser.from(userData)?.endElement()
    }
    handler.characters = { userData, bytes, count in
      guard let bytes else { return }
      PlistTrackParser.from(userData)?.characters(bytes, Int(count))
    }
    handler.cdataBlock = handler.characters
    handler.entityDecl = { userData, name, _, _, _, _ in
      PlistTrackParser.from(userData)?.entityDeclared(name)
    }
    handler.serror = { userData, error in
      guard let error else { return }
      PlistTrackParser.from(userData)?.libxmlError(error)
    }
    return handler
  }

  private static func from(_ userData: UnsafeMutableRawPointer?) -> PlistTrackParser? {
    guard let userData else { return nil }
    // Safety: `LibraryReader.read` passes an unretained pointer to a parser that outlives the
    // libxml2 context, and libxml2 hands that same pointer back to every callback.
    return Unmanaged<PlistTrackParser>.fromOpaque(userData).takeUnretainedValue()
  }
}

/// The plist element vocabulary.
enum Element: UInt8 {
  case plist, dict, array, key, string, integer, real, date, data, trueValue, falseValue, unknown

  init(_ name: UnsafePointer<xmlChar>) {
    // Safety: libxml2 passes a NUL-terminated element name that lives for the callback.
    let text = UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self)
    func equals(_ literal: StaticString) -> Bool {
      strcmp(text, UnsafeRawPointer(literal.utf8Start).assumingMemoryBound(to: CChar.self)) == 0
    }
    switch name[0] {
    case UInt8(ascii: "k") where equals("key"): self = .key
    case UInt8(ascii: "s") where equals("string"): self = .string
    case UInt8(ascii: "i") where equals("integer"): self = .integer
    case UInt8(ascii: "d") where equals("dict"): self = .dict
    case UInt8(ascii: "d") where equals("date"): self = .date
    case UInt8(ascii: "d") where equals("data"): self = .data
    case UInt8(ascii: "a") where equals("array"): self = .array
    case UInt8(ascii: "t") where equals("true"): self = .trueValue
    case UInt8(ascii: "f") where equals("false"): self = .falseValue
    case UInt8(ascii: "r") where equals("real"): self = .real
    case UInt8(ascii: "p") where equals("plist"): self = .plist
    default: self = .unknown
    }
  }

  var name: String {
    switch self {
    case .trueValue: "true"
    case .falseValue: "false"
    default: "\(self)"
    }
  }
}
