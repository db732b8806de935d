internal import CLibXML2
internal import CZlib
internal import Foundation
internal import MusicLibrary

/// One way of reading a library export, run alone in a child process so its peak memory is its own.
enum Contender: String, CaseIterable {
  /// What `deepcut scan` does: read, classify, build every artist and album key.
  case deepcutScan = "deepcut-scan"
  /// libxml2's SAX parser fed the same chunks with callbacks that do nothing: the floor for our reader.
  case saxFloor = "sax-floor"
  /// libxml2's xmlTextReader stepping through every node and doing nothing: the classic "bare reader loop".
  case readerFloor = "reader-floor"
  /// Foundation's PropertyListSerialization building the same key set from the whole document.
  case propertyList = "plist-serialization"

  /// Runs once over `path`; returns a checksum so no work can be optimized away, and to compare results.
  func run(path: String) throws -> Int {
    switch self {
    case .deepcutScan: try Self.scan(path)
    case .saxFloor: try Self.saxFloor(path)
    case .readerFloor: try Self.readerFloor(path)
    case .propertyList: try Self.propertyList(path)
    }
  }

  private static func scan(_ path: String) throws -> Int {
    let scan = try LibraryReader.read(path: path)
    return scan.library.albums.count * 1_000_000 + scan.library.artists.count
  }

  private static func saxFloor(_ path: String) throws -> Int {
    var handler = xmlSAXHandler()
    handler.initialized = XML_SAX2_MAGIC
    // Every event is delivered to a function that does nothing, as our reader's would be.
    handler.startElementNs = { _, _, _, _, _, _, _, _, _ in }
    handler.endElementNs = { _, _, _, _ in }
    handler.characters = { _, _, _ in }
    guard let context = xmlCreatePushParserCtxt(&handler, nil, nil, 0, path) else { throw BenchError("no parser") }
    defer { xmlFreeParserCtxt(context) }
    xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue))
    guard let file = gzopen(path, "rb") else { throw BenchError("cannot open \(path)") }
    defer { gzclose(file) }
    gzbuffer(file, 256 * 1024)
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 256 * 1024, alignment: 16)
    defer { buffer.deallocate() }
    var total = 0
    while true {
      // Safety: gzread writes at most `buffer.count` bytes into memory this function owns.
      let count = gzread(file, buffer.baseAddress, UInt32(buffer.count))
      if count <= 0 { break }
      total += Int(count)
      xmlParseChunk(context, buffer.baseAddress?.assumingMemoryBound(to: CChar.self), count, 0)
    }
    xmlParseChunk(context, nil, 0, 1)
    guard context.pointee.wellFormed != 0 else { throw BenchError("\(path) is not well-formed") }
    return total
  }

  private static func readerFloor(_ path: String) throws -> Int {
    guard let reader = xmlReaderForFile(path, nil, Int32(XML_PARSE_NONET.rawValue)) else {
      throw BenchError("cannot open \(path)")
    }
    defer { xmlFreeTextReader(reader) }
    var nodes = 0
    while xmlTextReaderRead(reader) == 1 { nodes += 1 }
    return nodes
  }

  private static func propertyList(_ path: String) throws -> Int {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let root = try PropertyListSerialization.propertyList(from: data, format: nil)
    guard let dictionary = root as? [String: Any], let tracks = dictionary["Tracks"] as? [String: Any] else {
      throw BenchError("\(path) has no Tracks")
    }
    // The same ownership rules and keys deepcut builds, so only the reading differs.
    var aggregator = LibraryAggregator()
    for case let track as [String: Any] in tracks.values { aggregator.add(TrackRecord(plistTrack: track)) }
    let library = aggregator.finish()
    return library.albums.count * 1_000_000 + library.artists.count
  }
}

struct BenchError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
