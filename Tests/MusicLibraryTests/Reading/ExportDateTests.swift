import Foundation
import MusicLibrary
import TestSupport
import Testing

/// The top-level `Date` Music writes before the tracks: read by the streaming reader and by a header-only read, and a
/// Date that is no date warned of, never fatal.
struct ExportDateTests {
  /// 2024-05-01T10:00:00Z.
  static let may1 = Date(timeIntervalSince1970: 1_714_557_600)

  static func document(date: String?) -> LibraryDocument {
    var document = LibraryDocument()
    document.exportDate = date
    document.addSong(id: 1, artist: "Adele", album: "21")
    return document
  }

  @Test func aDateIsReadWithTheTracks() throws {
    let path = try Self.document(date: "<date>2024-05-01T10:00:00Z</date>").write()
    let scan = try LibraryReader.read(path: path)
    #expect(scan.exportDate == Self.may1)
    #expect(scan.warnings.isEmpty)
    #expect(scan.musicTracks == 1)
    #expect(try LibraryReader.header(path: path).exportDate == Self.may1)
  }

  @Test func anExportWithoutADateHasNone() throws {
    let path = try Self.document(date: nil).write()
    let scan = try LibraryReader.read(path: path)
    #expect(scan.exportDate == nil)
    #expect(scan.warnings.isEmpty)
    #expect(try LibraryReader.header(path: path).exportDate == nil)
  }

  /// A pretty-printed export puts the date on a line of its own, with indentation inside the element in some.
  @Test func whitespaceAroundTheDateIsAllowed() throws {
    let path = try Self.document(date: "\n\t\t<date> 2024-05-01T10:00:00Z\n</date>").write()
    #expect(try LibraryReader.read(path: path).exportDate == Self.may1)
  }

  @Test(arguments: [
    "<date>yesterday</date>", "<date>2024-13-01T10:00:00Z</date>", "<date>2023-02-29T10:00:00Z</date>",
    "<date>2024-05-01 10:00:00</date>", "<date>2024-05-01T10:00:00+02:00</date>", "<date></date>",
  ])
  func aDateThatIsNoDateIsAWarningNamingItsLine(_ value: String) throws {
    let path = try Self.document(date: value).write()
    let scan = try LibraryReader.read(path: path)
    #expect(scan.exportDate == nil)
    #expect(scan.musicTracks == 1)
    let warning = try #require(scan.warnings.first)
    #expect(scan.warnings.count == 1)
    // The Date stands on line 8 of the document, after the declaration, the doctype and the header's keys.
    #expect(warning.line == 8)
    #expect(warning.message.hasPrefix("the top-level Date '"))
    #expect(warning.message.contains("the library's age is told from the file's time"))
    #expect(try LibraryReader.header(path: path).warnings == scan.warnings)
  }

  @Test func aDateOfAnotherTypeIsAWarningToo() throws {
    let path = try Self.document(date: "<string>2024-05-01T10:00:00Z</string>").write()
    let scan = try LibraryReader.read(path: path)
    #expect(scan.exportDate == nil)
    #expect(
      scan.warnings.map(\.message) == [
        "the top-level Date is a <string>, not a <date>; the library's age is told from the file's time"
      ])
    #expect(scan.warnings.first?.line == 8)
  }

  /// A track's dates (Date Added, Release Date) are not the export's.
  @Test func onlyTheTopLevelDateCounts() throws {
    var document = LibraryDocument()
    document.add(
      id: 1,
      [
        "Artist": "<string>Adele</string>", "Album": "<string>21</string>",
        "Date": "<date>1999-01-01T00:00:00Z</date>", "Date Added": "<date>2000-01-01T00:00:00Z</date>",
      ])
    #expect(try LibraryReader.read(path: try document.write()).exportDate == nil)
  }

  /// The header read stops after the Date (at Tracks, without one): what follows is never read, so a library of any
  /// size costs the same few bytes, and a file broken further on still tells its age.
  @Test(arguments: [("<date>2024-05-01T10:00:00Z</date>", may1), (nil, nil)] as [(String?, Date?)])
  func theHeaderReadStopsBeforeTheTracks(_ value: String?, _ date: Date?) throws {
    let whole = Self.document(date: value).text
    let head = try #require(whole.components(separatedBy: "<key>Tracks</key>").first)
    let path = try TemporaryFile.write(head + "<key>Tracks</key>\n\t<dict>\n<<<not xml")
    #expect(throws: LibraryError.self) { try LibraryReader.read(path: path) }
    let header = try LibraryReader.header(path: path)
    #expect(header.exportDate == date)
    #expect(header.warnings.isEmpty)
    #expect(header.fileModified != nil)
  }

  @Test func theFilesTimeIsKeptBeside() throws {
    let path = try Self.document(date: "<date>2024-05-01T10:00:00Z</date>").write()
    let earlier = Date(timeIntervalSince1970: 1_700_000_000)
    try FileManager.default.setAttributes([.modificationDate: earlier], ofItemAtPath: path)
    #expect(try LibraryReader.read(path: path).fileModified == earlier)
    #expect(try LibraryReader.header(path: path).fileModified == earlier)
  }

  @Test func aCompressedExportTellsItsDateToo() async throws {
    let plain = try Self.document(date: "<date>2024-05-01T10:00:00Z</date>").write()
    let compressed = plain + ".gz"
    let gzip = try await DeepcutProcess.shell("/bin/sh", ["-c", "gzip -c '\(plain)' > '\(compressed)'"])
    try #require(gzip.status == 0, "\(gzip.output)")
    #expect(try LibraryReader.read(path: compressed).exportDate == Self.may1)
    #expect(try LibraryReader.header(path: compressed).exportDate == Self.may1)
  }
}
