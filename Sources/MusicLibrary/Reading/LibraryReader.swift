internal import CLibXML2
internal import Foundation

/// Reads an iTunes / Music "Library.xml" export in one streaming pass.
///
/// libxml2's SAX interface hands over elements and text as they are parsed; no tree or
/// `[String: Any]` is ever built, so memory depends on the number of albums, not the file size.
/// The parser never touches the network, never loads the DTD the export names, and refuses
/// entity declarations outright, so neither a billion-laughs file nor an external entity
/// pointing at a local file can do anything.
public enum LibraryReader {
  /// Bytes handed to libxml2 per call: large enough that call overhead vanishes, small enough to stay in cache.
  static let chunkSize = 256 * 1024

  public static func read(path: String) throws(LibraryError) -> LibraryScan {
    try parse(path: path, headerOnly: false) { parser, input throws(LibraryError) in
      var scan = try parser.finish()
      scan.fileModified = input.modified
      return scan
    }
  }

  /// The export's header alone: when Music wrote it. The read stops after the `Date` (at `Tracks`, in an export without
  /// one), so it takes the same few bytes of a library of any size.
  public static func header(path: String) throws(LibraryError) -> LibraryHeader {
    try parse(path: path, headerOnly: true) { parser, input throws(LibraryError) in
      var header = try parser.header()
      header.fileModified = input.modified
      return header
    }
  }

  /// Streams the export at `path` through libxml2 into a parser, and hands the parser and the input to `finish`.
  private static func parse<Result>(
    path: String, headerOnly: Bool,
    _ finish: (inout PlistTrackParser, LibraryInput) throws(LibraryError) -> Result
  ) throws(LibraryError) -> Result {
    let input = try LibraryInput(path: path)
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
    defer { buffer.deallocate() }

    let count = try input.read(into: buffer)
    // Safety: the first `count` bytes of `buffer` were just filled by `input.read`.
    try checkStart(UnsafeRawBufferPointer(rebasing: buffer[..<count]), path: path)
    let parser = UnsafeMutablePointer<PlistTrackParser>.allocate(capacity: 1)
    parser.initialize(
      to: PlistTrackParser(path: path, expectedSize: headerOnly ? nil : input.plainFileSize, headerOnly: headerOnly))
    defer {
      parser.deinitialize(count: 1)
      parser.deallocate()
    }
    var handler = PlistTrackParser.saxHandler()
    // Safety: `parser` stays allocated until the deferred block above, which runs after the context's
    // own deferred free below (defers run in reverse order), so no callback sees a dangling pointer.
    guard let context = xmlCreatePushParserCtxt(&handler, parser, nil, 0, path) else {
      throw .unreadable(path: path, reason: "cannot start the XML parser: out of memory")
    }
    defer {
      // Safety: a DOCTYPE makes libxml2 build a document to hang the DTD on even for a SAX parse, and leave it to
      // the caller (as xmllint frees it); nothing of ours points into it, and the context is freed right after.
      if let document = context.pointee.myDoc { xmlFreeDoc(document) }
      xmlFreeParserCtxt(context)
    }
    // No NOENT (entities stay unexpanded), no DTDLOAD/DTDATTR/DTDVALID (the DTD URL is never
    // fetched), NONET as a second lock on the network.
    xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue))
    parser.pointee.context = context

    try stream(input, buffer, firstCount: count, into: parser, context)
    return try finish(&parser.pointee, input)
  }

  /// An empty file or a binary property list is told as such, before the parser calls it broken XML.
  private static func checkStart(_ bytes: UnsafeRawBufferPointer, path: String) throws(LibraryError) {
    guard !bytes.isEmpty else {
      throw .malformed(path: path, line: 1, reason: "the file is empty; export the library again")
    }
    if startsWithBinaryPlistMagic(bytes) {
      throw .malformed(
        path: path,
        line: 1,
        reason: "this is a binary property list, not XML; export it from Music with File › Library › Export Library…"
      )
    }
  }

  /// Feeds the file to libxml2 chunk by chunk, each repaired first, until its end or the parser's first failure.
  private static func stream(
    _ input: LibraryInput, _ buffer: UnsafeMutableRawBufferPointer, firstCount: Int,
    into parser: UnsafeMutablePointer<PlistTrackParser>, _ context: xmlParserCtxtPtr
  ) throws(LibraryError) {
    var repair = ByteRepair(chunkSize: chunkSize)
    func feed(_ input: UnsafeRawBufferPointer, final: Bool) {
      repair.repair(input, final: final)
      parser.pointee.pendingRepairs += repair.repairs
      repair.repairs.removeAll()
      // Safety: the repaired bytes stay valid until the next call to `repair.repair`, after libxml2 is done with
      // them; passed-through bytes are `input` itself.
      let bytes = repair.passedThrough ? input : UnsafeRawBufferPointer(repair.output.bytes)
      let bound = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
      if final { parser.pointee.reachedEndOfInput = true }
      xmlParseChunk(context, bound, Int32(bytes.count), final ? 1 : 0)
    }
    var count = firstCount
    // A parser that stopped (a failure, or a header read whole) is fed nothing more.
    func goesOn() -> Bool { parser.pointee.failure == nil && !parser.pointee.readHeader }
    while count > 0, goesOn() {
      // Safety: the first `count` bytes of `buffer` were just filled by `input.read`.
      feed(UnsafeRawBufferPointer(rebasing: buffer[..<count]), final: false)
      if !goesOn() || context.pointee.wellFormed == 0 { break }
      count = try input.read(into: buffer)
    }
    if goesOn(), context.pointee.wellFormed != 0 {
      feed(UnsafeRawBufferPointer(start: nil, count: 0), final: true)
    }
  }

  private static func startsWithBinaryPlistMagic(_ bytes: UnsafeRawBufferPointer) -> Bool {
    let magic: [UInt8] = Array("bplist".utf8)
    return bytes.count >= magic.count && zip(bytes, magic).allSatisfy { $0 == $1 }
  }
}
