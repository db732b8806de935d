import Foundation
import MusicLibrary
import TestSupport
import Testing

/// Input that is not a library export fails with the file, the line and what to do — never a hang.
struct BadInputTests {
  func malformed(_ text: String) throws -> (line: Int, reason: String) {
    let path = try TemporaryFile.write(text)
    do {
      _ = try LibraryReader.read(path: path)
    } catch {
      guard case .malformed(let errorPath, let line, let reason) = error else {
        Issue.record("expected .malformed, got \(error)")
        return (0, "")
      }
      #expect(errorPath == path)
      #expect(error.description.hasPrefix("\(path):\(line): "))
      return (line, reason)
    }
    Issue.record("\(text.prefix(40)) was accepted")
    return (0, "")
  }

  @Test func missingFile() {
    #expect(
      throws: LibraryError.unreadable(
        path: "/nonexistent/Library.xml",
        reason: "no such file; export your library from Music (File › Library › Export Library…) and pass its path")
    ) {
      try LibraryReader.read(path: "/nonexistent/Library.xml")
    }
  }

  @Test func aDirectoryIsNotAFile() throws {
    let directory = try TemporaryFile.directory()
    #expect {
      try LibraryReader.read(path: directory)
    } throws: { error in
      guard case .unreadable(_, let reason) = error as? LibraryError else { return false }
      return reason.contains("directory")
    }
  }

  @Test func unreadableFile() throws {
    // Root reads any file, so only check this where permissions bind.
    guard getuid() != 0 else { return }
    let path = try TemporaryFile.write("<plist/>")
    chmod(path, 0)
    #expect(throws: LibraryError.self) { try LibraryReader.read(path: path) }
  }

  @Test func plainTextIsNotXML() throws {
    let (line, reason) = try malformed("hello, this is not a library\n")
    #expect(line == 1)
    #expect(reason.contains("not XML"))
  }

  @Test func anEmptyFile() throws {
    let (_, reason) = try malformed("")
    #expect(reason.contains("empty"))
  }

  @Test func aTruncatedExportSaysWhereItBreaksOff() throws {
    var document = LibraryDocument()
    for id in 1...20 { document.addSong(id: id, artist: "Artist \(id)", album: "Album \(id)") }
    let text = document.text
    let cut = String(text.prefix(text.count / 2))
    let (line, reason) = try malformed(cut)
    #expect(reason.contains("truncated"))
    #expect(line == cut.split(separator: "\n", omittingEmptySubsequences: false).count)
  }

  @Test func aBinaryPropertyList() throws {
    let path = try TemporaryFile.write(Data("bplist00".utf8) + Data([0xD1, 0x01, 0x02, 0x55]))
    #expect {
      try LibraryReader.read(path: path)
    } throws: { error in
      guard case .malformed(_, 1, let reason) = error as? LibraryError else { return false }
      return reason.contains("binary property list")
    }
  }

  @Test func theWrongRootElement() throws {
    let (line, reason) = try malformed("<?xml version=\"1.0\"?>\n<html><body>hi</body></html>")
    #expect(line == 2)
    #expect(reason.contains("<html>"))
  }

  @Test func aPlistThatIsNotALibrary() throws {
    let (_, reason) = try malformed("<plist><dict><key>CFBundleName</key><string>App</string></dict></plist>")
    #expect(reason.contains("no Tracks"))
  }

  @Test func aTopLevelArray() throws {
    let (_, reason) = try malformed("<plist><array><string>x</string></array></plist>")
    #expect(reason.contains("<array>"))
  }

  @Test func nestedGarbageElements() throws {
    let (line, reason) = try malformed(
      "<plist><dict><key>Tracks</key><dict>\n<key>1</key><dict><key>Artist</key><string>A<b>old</b></string></dict></dict></dict></plist>"
    )
    #expect(line == 2)
    #expect(reason.contains("<string> cannot contain <b>") || reason.contains("<b>"))
  }

  @Test func strayTextBetweenElements() throws {
    let (_, reason) = try malformed("<plist><dict><key>Tracks</key><dict>garbage</dict></dict></plist>")
    #expect(reason.contains("garbage"))
  }

  @Test func mismatchedTags() throws {
    let (line, reason) = try malformed("<plist><dict><key>Tracks</key>\n<dict></array></dict></plist>")
    #expect(line == 2)
    #expect(reason.contains("malformed XML"))
  }

  @Test func aBillionLaughsIsRefusedBeforeAnyExpansion() throws {
    var doctype = "<!DOCTYPE plist [\n<!ENTITY lol0 \"lol\">\n"
    for level in 1...9 {
      doctype += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">\n"
    }
    doctype += "]>\n"
    let text =
      "<?xml version=\"1.0\"?>\n" + doctype
      + "<plist><dict><key>Tracks</key><dict><key>1</key><dict><key>Artist</key><string>&lol9;</string></dict></dict></dict></plist>"
    // Refused at the first entity declaration (line 3), before anything is expanded.
    let (line, reason) = try malformed(text)
    #expect(reason.contains("entity"))
    #expect(line == 3)
  }

  @Test func anExternalEntityNeverReadsTheFileItNames() throws {
    let secret = try TemporaryFile.write("TOP-SECRET-CONTENT", named: "secret.txt")
    let text = """
      <?xml version="1.0"?>
      <!DOCTYPE plist [ <!ENTITY xxe SYSTEM "file://\(secret)"> ]>
      <plist><dict><key>Tracks</key><dict><key>1</key><dict><key>Artist</key><string>&xxe;</string>
      <key>Album</key><string>&xxe;</string></dict></dict></dict></plist>
      """
    let path = try TemporaryFile.write(text)
    do {
      let scan = try LibraryReader.read(path: path)
      Issue.record("accepted a document with an external entity: \(scan.library.artists.map(\.name))")
    } catch {
      #expect(!error.description.contains("TOP-SECRET"))
      guard case .malformed(_, let line, let reason) = error else {
        Issue.record("expected .malformed, got \(error)")
        return
      }
      #expect(line == 2)
      #expect(reason.contains("entity"))
    }
  }

  @Test func anUndeclaredEntityReferenceIsNotExpandedFromAnywhere() throws {
    // The export's DOCTYPE names Apple's DTD by URL; it must never be fetched to resolve this.
    var document = LibraryDocument()
    document.add(id: 1, ["Artist": "<string>A&custom;B</string>"])
    let scan = try LibraryReader.read(path: try document.write())
    #expect(scan.library.artists.first?.name == "AB")
  }
}
