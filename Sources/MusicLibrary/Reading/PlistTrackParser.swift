internal import CLibXML2
internal import Foundation

/// The SAX event handler behind `LibraryReader`: a small state machine over the plist structure
/// `plist > dict > Tracks > dict > (key, dict)*`, which turns each track dict into a `TrackRecord`.
///
/// Element names and keys are matched as bytes straight from libxml2's buffers; only the handful of
/// values that decide ownership ever become Swift strings. It is a noncopyable struct reached through
/// the one pointer libxml2 hands back to every callback: a class would pay a retain, a release and a
/// dynamic exclusivity check on each of millions of events.
struct PlistTrackParser: ~Copyable {
  let path: String
  var context: xmlParserCtxtPtr?
  private(set) var failure: LibraryError?
  /// Set before the last call into libxml2, so an error there can be read as "the file breaks off".
  var reachedEndOfInput = false
  /// Repairs of the bytes read so far that no warning has named yet, in line order.
  var pendingRepairs: [ByteRepair.Repair] = []
  private var repairWarnings = 0
  private var unnamedRepairs = 0
  /// Warnings about repaired bytes named one by one; past this they are counted.
  static let maxRepairWarnings = 1_000

  private var aggregator = LibraryAggregator()
  private var warnings: [LibraryWarning] = []
  private var sawRoot = false
  private var sawTracks = false
  /// The top-level `Date`: when Music wrote the export.
  private var exportDate: Date?
  /// Read only the header, the keys before `Tracks`: stop after the `Date`, or at `Tracks` when there is none.
  private let headerOnly: Bool
  /// Set when a header-only read has what it came for and stopped the parser: no failure, and nothing more to feed.
  private(set) var readHeader = false

  private enum Role {
    /// Outside the root element.
    case document
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

  /// The innermost open container, kept apart from its parents so the hot path never indexes an array.
  private var top = Frame(element: .unknown, role: .document)
  private var parents: [Frame] = []

  /// The scalar element being read, if any, and whether its text is kept.
  private var scalar: Element?
  private var keepingText = false
  private var text = ByteBuffer()
  /// The last key of a track dict, kept by swapping buffers (no copy) so warnings can name it.
  private var keyText = ByteBuffer(capacity: 64)
  private var integerIsValid = true
  private var currentField = Field.other
  private var record = TrackRecord()
  /// The Tracks-dict key of the track being read, for warnings.
  private var trackID = ByteBuffer(capacity: 32)
  private var trackHasWarning = false
  private var elementNames = ElementNameCache()
  private var artists = RepeatedText()
  private var albumArtists = RepeatedText()
  private var albums = RepeatedText()

  init(path: String, expectedSize: Int?, headerOnly: Bool = false) {
    self.path = path
    self.headerOnly = headerOnly
    parents.reserveCapacity(16)
    if let expectedSize { aggregator.reserveCapacity(forFileSize: expectedSize) }
  }

  // MARK: - Elements

  fileprivate mutating func startElement(_ name: UnsafePointer<xmlChar>) {
    guard failure == nil else { return }
    let element = elementNames.element(for: name)
    if top.role == .document {
      guard element == .plist else {
        fail("the root element is <\(String(cString: name))>, not <plist>: this is not a Music library export")
        return
      }
      push(Frame(element: .plist, role: .plist))
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
    if element == .key {
      startKey()
    } else {
      startValue(element)
    }
  }

  private mutating func startKey() {
    guard top.element == .dict else {
      fail("<key> outside a <dict>")
      return
    }
    if top.awaitingValue { missingValue(in: top) }
    scalar = .key
    keepingText = top.role != .ignored
    text.removeAll()
  }

  private mutating func startValue(_ element: Element) {
    let awaited = top.awaitingValue
    if top.element == .dict { top.awaitingValue = false }
    guard let field = field(for: element, awaited: awaited) else { return }
    switch element {
    case .dict, .array:
      push(Frame(element: element, role: .ignored))
    case .trueValue, .falseValue:
      if top.role == .track { record.apply(flag: field, value: element == .trueValue) }
      scalar = element
      keepingText = false
    default:
      scalar = element
      keepingText = (top.role == .track || top.role == .root) && field.keepsText(of: element)
      integerIsValid = true
      currentField = field
      text.removeAll()
    }
  }

  /// The field a value fills where it stands, or nil when the value is taken care of here: the document's root, the
  /// Tracks dict and each track open frames of their own, and what does not belong is refused.
  @inline(__always)
  private mutating func field(for element: Element, awaited: Bool) -> Field? {
    switch top.role {
    case .document:
      return nil
    case .plist:
      guard element == .dict, !sawRoot else {
        fail("a library export has one top-level <dict>, found <\(element.name)>")
        return nil
      }
      sawRoot = true
      push(Frame(element: .dict, role: .root))
      return nil
    case .root:
      if !awaited {
        warn("<\(element.name)> without a <key> in the top-level dict; ignored")
      } else if top.field == .tracks {
        guard element == .dict else {
          fail("Tracks is a <\(element.name)>, expected a <dict> of tracks")
          return nil
        }
        sawTracks = true
        push(Frame(element: .dict, role: .tracks))
        return nil
      } else if top.field == .exportDate {
        return exportDateField(element)
      }
      return .other
    case .tracks:
      return startTrack(element, awaited: awaited) ? nil : .other
    case .track:
      if !awaited { damage("<\(element.name)> without a <key>") }
      return awaited ? top.field : .other
    case .ignored:
      return .other
    }
  }

  /// The top-level Date's value: a `<date>` is read; anything else is named and left, and the file's time stands in.
  private mutating func exportDateField(_ element: Element) -> Field {
    guard element == .date else {
      warn("the top-level Date is a <\(element.name)>, not a <date>; the library's age is told from the file's time")
      return .other
    }
    return .exportDate
  }

  /// A value in the Tracks dict: a track's dict opens; anything else is a damaged track. Whether a frame opened.
  @inline(__always)
  private mutating func startTrack(_ element: Element, awaited: Bool) -> Bool {
    if !awaited { trackID.removeAll() }
    trackHasWarning = false
    if element == .dict {
      record = TrackRecord()
      if !awaited { damage("a track <dict> without a <key> before it") }
      push(Frame(element: .dict, role: .track))
      return true
    }
    warn("track \(trackName): is a <\(element.name)>, not a <dict>; skipped")
    var damaged = TrackRecord()
    damaged.isDamaged = true
    aggregator.add(damaged)
    return false
  }

  fileprivate mutating func endElement() {
    guard failure == nil else { return }
    if let element = scalar {
      scalar = nil
      endScalar(element)
      return
    }
    let frame = top
    pop()
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

  private mutating func endScalar(_ element: Element) {
    if let first = pendingRepairs.first, first.offset < consumed { noteRepairs(in: element) }
    switch element {
    case .key:
      endKey()
    case .integer where top.role == .track:
      if !integerIsValid {
        let shown = String(decoding: text.bytes.prefix(40), as: UTF8.self)
        let problem = "\(keyText.string()) is not a number: '\(shown)'"
        // Only what decides ownership is worth a track; a damaged count or id is left out of the track instead.
        if currentField.decidesOwnership { damage(problem) } else { fieldWarning(problem) }
      } else if keepingText {
        record.apply(integer: currentField, digits: text.bytes)
      }
    case .string where keepingText:
      switch currentField {
      case .artist: record.artist = artists.string(for: text.bytes)
      case .albumArtist: record.albumArtist = albumArtists.string(for: text.bytes)
      case .album: record.album = albums.string(for: text.bytes)
      default: record.apply(text: currentField, bytes: text.bytes)
      }
    case .date where keepingText:
      if top.role == .root { readExportDate() } else { record.apply(text: currentField, bytes: text.bytes) }
    default:
      break
    }
  }

  private mutating func endKey() {
    top.awaitingValue = true
    switch top.role {
    case .root:
      top.keyLine = line
      top.field = text.equals("Tracks") ? .tracks : text.equals("Date") ? .exportDate : .other
      // Music writes the Date before Tracks; a header-only read of an export without one ends here.
      if headerOnly, top.field == .tracks { stopAfterHeader() }
    case .tracks:
      top.keyLine = line
      trackID.removeAll()
      trackID.append(text.bytes)
    case .track:
      top.keyLine = line
      top.field = Field(key: text.bytes)
      swap(&text, &keyText)
    default:
      break
    }
  }

  /// The export's own time. A Date that is no date is named, not fatal: the file's time stands in for it.
  private mutating func readExportDate() {
    if let date = PlistDate.parse(text.bytes) {
      exportDate = date
    } else {
      let shown = String(decoding: text.bytes.prefix(40), as: UTF8.self)
      warn(
        "the top-level Date '\(shown)' is not a date (YYYY-MM-DDThh:mm:ssZ); the library's age is told from the file's time"
      )
    }
    if headerOnly { stopAfterHeader() }
  }

  /// A header-only read has what it came for: libxml2 stops here, calling back nothing more.
  private mutating func stopAfterHeader() {
    readHeader = true
    if let context { xmlStopParser(context) }
  }

  /// A key followed by another key or the end of its dict.
  private mutating func missingValue(in frame: Frame) {
    switch frame.role {
    case .track:
      let problem = "key '\(keyText.string())' has no value"
      if frame.field.decidesOwnership {
        damage(problem, line: frame.keyLine)
      } else {
        fieldWarning(problem, line: frame.keyLine)
      }
    case .tracks:
      warnings.append(LibraryWarning(line: frame.keyLine, message: "track \(trackName): key has no value; skipped"))
      var damaged = TrackRecord()
      damaged.isDamaged = true
      aggregator.add(damaged)
    case .root:
      warnings.append(LibraryWarning(line: frame.keyLine, message: "a top-level key has no value; ignored"))
    default:
      break
    }
  }

  private mutating func push(_ frame: Frame) {
    parents.append(top)
    top = frame
  }

  private mutating func pop() {
    top = parents.popLast() ?? Frame(element: .unknown, role: .document)
  }

  // MARK: - Text

  fileprivate mutating func characters(_ bytes: UnsafePointer<xmlChar>, _ count: Int) {
    guard failure == nil else { return }
    guard let element = scalar else {
      // Between elements only indentation is allowed.
      var index = 0
      while index < count, isXMLSpace(bytes[index]) { index += 1 }
      if index < count {
        // Safety: `index..<count` lies inside the `count` bytes libxml2 passed for this callback.
        let rest = UnsafeBufferPointer(start: bytes + index, count: min(30, count - index))
        fail("unexpected text '\(String(decoding: rest, as: UTF8.self))' inside <\(top.element.name)>")
      }
      return
    }
    if element == .integer, integerIsValid {
      for index in 0..<count where !isIntegerByte(bytes[index]) {
        integerIsValid = false
        break
      }
    }
    if keepingText || !integerIsValid { text.append(bytes, count: count) }
  }

  // MARK: - Failures

  fileprivate mutating func libxmlError(_ error: UnsafePointer<xmlError>) {
    guard failure == nil, !readHeader, error.pointee.level == XML_ERR_FATAL else { return }
    var message = error.pointee.message.map { String(cString: $0) } ?? "malformed XML"
    while message.last?.isWhitespace == true { message.removeLast() }
    let reason: String
    if top.role != .document, reachedEndOfInput {
      reason = "the file breaks off inside <\(top.element.name)>: it is truncated; export the library again"
    } else if top.role == .document {
      reason = "this is not XML (\(message)); pass the Library.xml exported from Music"
    } else {
      reason = "malformed XML: \(message)"
    }
    failure = .malformed(path: path, line: Int(error.pointee.line), reason: reason)
  }

  fileprivate mutating func entityDeclared(_ name: UnsafePointer<xmlChar>?) {
    let shown = name.map { String(cString: $0) } ?? "?"
    fail("the file declares an entity ('\(shown)'); library exports never do, so it is refused unread")
  }

  private mutating func fail(_ reason: String) {
    guard failure == nil else { return }
    failure = .malformed(path: path, line: line, reason: reason)
    if let context { xmlStopParser(context) }
  }

  private mutating func warn(_ message: String) {
    warnings.append(LibraryWarning(line: line, message: message))
  }

  /// A damaged value the track can do without: the track is kept, and the warning says so.
  private mutating func fieldWarning(_ message: String, line: Int? = nil) {
    warnings.append(LibraryWarning(line: line ?? self.line, message: "track \(trackName): \(message); track kept"))
  }

  /// Names in one warning the repaired bytes read so far, as part of the value or key just read.
  private mutating func noteRepairs(in element: Element) {
    let current = consumed
    let end = pendingRepairs.firstIndex { $0.offset >= current } ?? pendingRepairs.count
    let taken = pendingRepairs[..<end]
    defer { pendingRepairs.removeFirst(end) }
    guard let first = taken.first else { return }
    guard repairWarnings < Self.maxRepairWarnings else {
      unnamedRepairs += 1
      return
    }
    repairWarnings += 1
    var kinds: [String] = []
    for repair in taken where !kinds.contains(repair.kind.description) { kinds.append(repair.kind.description) }
    let place: String
    switch (top.role, element) {
    case (.track, .key): place = "track \(trackName): a key"
    case (.track, _): place = "track \(trackName): \(keyText.string())"
    case (.tracks, .key): place = "a track's key"
    default: place = "<\(element.name)>"
    }
    warnings.append(LibraryWarning(line: first.line, message: "\(place): \(kinds.joined(separator: "; "))"))
  }

  /// Marks the current track as skipped; one warning per track is enough to find it.
  private mutating func damage(_ message: String, line: Int? = nil) {
    record.isDamaged = true
    guard !trackHasWarning else { return }
    trackHasWarning = true
    warnings.append(LibraryWarning(line: line ?? self.line, message: "track \(trackName): \(message); track skipped"))
  }

  // MARK: - Results

  mutating func finish() throws(LibraryError) -> LibraryScan {
    if let failure { throw failure }
    // Repairs outside any value (between elements) still get a warning, and those past the limit a count.
    for repair in pendingRepairs where repairWarnings < Self.maxRepairWarnings {
      repairWarnings += 1
      warnings.append(LibraryWarning(line: repair.line, message: repair.kind.description))
    }
    unnamedRepairs += max(0, pendingRepairs.count - Self.maxRepairWarnings)
    pendingRepairs.removeAll()
    if unnamedRepairs > 0 {
      warnings.append(
        LibraryWarning(line: line, message: "\(unnamedRepairs) more values had bytes repaired the same ways"))
    }
    if !sawTracks {
      throw .malformed(path: path, line: line, reason: "no Tracks dictionary: this is not a Music library export")
    }
    var scan = LibraryScan(
      source: path,
      tracks: aggregator.tracks,
      musicTracks: aggregator.musicTracks,
      skipped: aggregator.skipped,
      warnings: warnings,
      library: aggregator.finish(),
      keyBuilding: aggregator.keyBuilding
    )
    scan.appleMusicTracks = aggregator.appleMusicTracks
    scan.exportDate = exportDate
    return scan
  }

  /// What a header-only read found: the export's Date, if it has one, and what was wrong before it.
  func header() throws(LibraryError) -> LibraryHeader {
    if let failure { throw failure }
    return LibraryHeader(exportDate: exportDate, warnings: warnings)
  }

  // MARK: - Helpers

  private var line: Int {
    guard let context else { return 0 }
    return Int(xmlSAX2GetLineNumber(context))
  }

  private var trackName: String { trackID.isEmpty ? "(no key)" : trackID.string() }

  /// How far into the (repaired) input libxml2 has read.
  private var consumed: Int {
    guard let context else { return 0 }
    return Int(xmlByteConsumed(context))
  }

  private func isXMLSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  private func isIntegerByte(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || byte == 0x2D || byte == 0x2B || isXMLSpace(byte)
  }

  // MARK: - libxml2 glue

  static func saxHandler() -> xmlSAXHandler {
    var handler = xmlSAXHandler()
    handler.initialized = XML_SAX2_MAGIC
    handler.startElementNs = { userData, name, _, _, _, _, _, _, _ in
      guard let name else { return }
      PlistTrackParser.from(userData)?.pointee.startElement(name)
    }
    handler.endElementNs = { userData, _, _, _ in
      PlistTrackParser.from(userData)?.pointee.endElement()
    }
    handler.characters = { userData, bytes, count in
      guard let bytes else { return }
      PlistTrackParser.from(userData)?.pointee.characters(bytes, Int(count))
    }
    handler.cdataBlock = handler.characters
    handler.entityDecl = { userData, name, _, _, _, _ in
      PlistTrackParser.from(userData)?.pointee.entityDeclared(name)
    }
    handler.serror = { userData, error in
      // libxml2 2.12 and later pass a const pointer (Homebrew's), earlier ones a mutable one (Debian 12's).
      guard let error else { return }
      PlistTrackParser.from(userData)?.pointee.libxmlError(UnsafePointer(error))
    }
    return handler
  }

  private static func from(_ userData: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<PlistTrackParser>? {
    // Safety: `LibraryReader.read` passes a pointer to an initialized parser that it deallocates only
    // after freeing the libxml2 context, and libxml2 hands that same pointer back to every callback.
    userData?.assumingMemoryBound(to: PlistTrackParser.self)
  }
}

/// libxml2 interns element names in its dictionary, so one name always arrives at one address:
/// after the first sighting, classifying a name is a pointer comparison instead of a string compare.
struct ElementNameCache {
  /// The names of nearly every event, checked first without touching an array.
  private var key: UnsafePointer<xmlChar>?
  private var string: UnsafePointer<xmlChar>?
  private var integer: UnsafePointer<xmlChar>?
  private var date: UnsafePointer<xmlChar>?
  private var others: [(UnsafePointer<xmlChar>, Element)] = []

  mutating func element(for name: UnsafePointer<xmlChar>) -> Element {
    if name == key { return .key }
    if name == string { return .string }
    if name == integer { return .integer }
    if name == date { return .date }
    for (pointer, element) in others where pointer == name { return element }
    let element = Element(name)
    switch element {
    case .key: key = name
    case .string: string = name
    case .integer: integer = name
    case .date: date = name
    default:
      // A plist has a dozen names; past that, unknown names are refused anyway.
      if others.count < 32 { others.append((name, element)) }
    }
    return element
  }
}

/// The plist element vocabulary.
enum Element: UInt8 {
  case plist, dict, array, key, string, integer, real, date, data, trueValue, falseValue, unknown

  init(_ name: UnsafePointer<xmlChar>) {
    // Safety: libxml2 passes a NUL-terminated element name that lives for the callback. A literal holds no NUL, so
    // the bytes differ at the name's NUL at the latest, and `name[count]` is read only when the name is that long.
    func equals(_ literal: StaticString) -> Bool {
      let count = literal.utf8CodeUnitCount
      return sameBytes(name, literal.utf8Start, count: count) && name[count] == 0
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
