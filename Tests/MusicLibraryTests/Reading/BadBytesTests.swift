import Foundation
import MusicLibrary
import TestSupport
import Testing

/// Bytes a real export can hold but XML forbids are repaired with a warning naming the line and the field, and the
/// rest of the file is read; the structure still has to be right.
struct BadBytesTests {
  /// A library of two tracks whose first track's album title holds `bytes`.
  static func library(albumTitle bytes: [UInt8]) -> Data {
    var data = Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>Tracks</key><dict>
      <key>1</key><dict><key>Artist</key><string>Slayer</string>
      <key>Album</key><string>
      """.utf8)
    data.append(contentsOf: bytes)
    data.append(
      contentsOf: Array(
        """
        </string></dict>
        <key>2</key><dict><key>Artist</key><string>Portishead</string><key>Album</key><string>Dummy</string></dict>
        </dict></dict></plist>

        """.utf8))
    return data
  }

  static func read(_ data: Data) throws -> LibraryScan {
    let path = try TemporaryFile.directory() + "/Library.xml"
    try data.write(to: URL(fileURLWithPath: path))
    return try LibraryReader.read(path: path)
  }

  @Test(arguments: [
    (Array("Reign\u{4} in Blood".utf8), "Reign in Blood", "a control character XML does not allow (0x4), removed"),
    ([0x52, 0x65, 0x00, 0x69, 0x67, 0x6E], "Reign", "a control character XML does not allow (0x0), removed"),
    (Array("Reign ".utf8) + [0xFF, 0xC3], "Reign \u{FFFD}\u{FFFD}", "bytes that are not UTF-8, read as U+FFFD"),
    ([0xED, 0xA0, 0x80] + Array("x".utf8), "\u{FFFD}\u{FFFD}\u{FFFD}x", "bytes that are not UTF-8, read as U+FFFD"),
    (
      Array("Cool &#55357;&#56846;".utf8), "Cool \u{1F60E}",
      "a character written as a UTF-16 surrogate pair of references, read as that character"
    ),
    (
      Array("Cool &#xD83D;&#xDE0E; &#xd83d;".utf8), "Cool \u{1F60E} \u{FFFD}",
      "a character written as a UTF-16 surrogate pair of references, read as that character; a character reference to no character, read as U+FFFD"
    ),
    (
      Array("Bell &#7; &#xFFFE; &#1114112;".utf8), "Bell \u{FFFD} \u{FFFD} \u{FFFD}",
      "a character reference to no character, read as U+FFFD"
    ),
    (Array("End".utf8) + [0xEF, 0xBF, 0xBF], "End\u{FFFD}", "a non-character (U+FFFE or U+FFFF), read as U+FFFD"),
  ])
  func aDamagedValueIsRepairedAndNamed(_ bytes: [UInt8], _ title: String, _ what: String) throws {
    let scan = try Self.read(Self.library(albumTitle: bytes))
    #expect(scan.musicTracks == 2)
    #expect(Set(scan.library.albums.map(\.title)) == [title, "Dummy"])
    #expect(scan.warnings == [LibraryWarning(line: 4, message: "track 1: Album: \(what)")])
  }

  @Test func aByteOrderMarkIsReadPast() throws {
    let scan = try Self.read(Data([0xEF, 0xBB, 0xBF]) + Self.library(albumTitle: Array("Reign in Blood".utf8)))
    #expect(scan.musicTracks == 2)
    #expect(scan.warnings.isEmpty)
  }

  @Test func validTextAndEntitiesAreLeftAsTheyAre() throws {
    let text = "Björk &amp; 夜明け &#233;t&#xE9; 😎 &lt;3 \u{7F}\u{85}x"
    let scan = try Self.read(Self.library(albumTitle: Array(text.utf8)))
    #expect(scan.warnings.isEmpty)
    #expect(scan.library.albums.contains { $0.title == "Björk & 夜明け été 😎 <3 \u{7F}\u{85}x" })
  }

  /// Every bad sequence cut by the reader's chunk boundary, at every split point, reads the same as whole.
  @Test func sequencesCutByAChunkBoundaryAreRepairedTheSame() throws {
    let bad: [[UInt8]] = [
      Array("&#55357;&#56846;".utf8), [0xF0, 0x9F, 0x98, 0x8E], Array("&#xD83D;".utf8), [0xE2, 0x82], [0x04],
      Array("&amp;".utf8), [0xEF, 0xBF, 0xBE],
    ]
    for sequence in bad {
      let whole = try Self.read(Self.library(albumTitle: Array("A".utf8) + sequence + Array("B".utf8)))
      for split in 0...sequence.count {
        // Pad the title so that the chunk boundary (every 256 KiB) falls inside the sequence.
        let prefix = Self.library(albumTitle: []).prefix { $0 != 0 }
        let head = Array(
          prefix.prefix(upTo: try #require(prefix.range(of: Data("<key>Album</key><string>".utf8))).upperBound))
        let padding = 256 * 1024 - head.count - 1 - split
        let title = Array("A".utf8) + Array(repeating: UInt8(ascii: " "), count: padding) + sequence + Array("B".utf8)
        let scan = try Self.read(Self.library(albumTitle: title))
        #expect(scan.warnings.map(\.message) == whole.warnings.map(\.message), "split \(split) of \(sequence)")
        let repaired = try #require(scan.library.albums.first { $0.title.hasPrefix("A") }?.title)
        let expected = try #require(whole.library.albums.first { $0.title.hasPrefix("A") }?.title)
        #expect(repaired.filter { $0 != " " } == expected.filter { $0 != " " }, "split \(split) of \(sequence)")
      }
    }
  }

  @Test func aFileFullOfBadBytesNamesAThousandAndCountsTheRest() throws {
    var tracks = ""
    for index in 0..<1_500 {
      tracks += "<key>\(index)</key><dict><key>Artist</key><string>Band\u{1} \(index)</string></dict>\n"
    }
    let data = Data("<plist><dict><key>Tracks</key><dict>\n\(tracks)</dict></dict></plist>\n".utf8)
    let scan = try Self.read(data)
    #expect(scan.musicTracks == 1_500)
    #expect(scan.warnings.count == 1_001)
    #expect(scan.warnings.last?.message == "500 more values had bytes repaired the same ways")
  }

  @Test func brokenStructureStillFails() throws {
    let truncated = Self.library(albumTitle: Array("Reign\u{4}".utf8)).prefix(150)
    #expect(throws: LibraryError.self) { try Self.read(truncated) }
    let unbalanced = Data("<plist><dict><key>Tracks</key><dict>\u{4}</array></dict></plist>".utf8)
    #expect(throws: LibraryError.self) { try Self.read(unbalanced) }
    // A control character outside any value is repaired too, but the wrong root is still the wrong root.
    let wrongRoot = Data("<html>\u{4}</html>".utf8)
    #expect(throws: LibraryError.self) { try Self.read(wrongRoot) }
  }
}
