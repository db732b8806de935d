import Foundation
import MusicLibrary
import TestSupport
import Testing

/// What real exports do that a reader must take in its stride.
struct LibraryReaderTests {
  @Test func readsOwnedAlbumsAndArtists() throws {
    var document = LibraryDocument()
    document.addSong(id: 1, artist: "Adele", album: "21", albumArtist: "Adele", plays: 10, year: 2011)
    document.addSong(id: 2, artist: "Adele", album: "21", albumArtist: "Adele", plays: 5, year: 2011)
    document.addSong(id: 3, artist: "Adele", album: "25", albumArtist: "Adele", plays: 1, year: 2015)
    document.addSong(id: 4, artist: "Radiohead", album: "OK Computer", plays: 50, year: 1997)
    let scan = try LibraryReader.read(path: try document.write())

    #expect(scan.tracks == 4)
    #expect(scan.musicTracks == 4)
    #expect(scan.skipped.isEmpty)
    #expect(scan.warnings.isEmpty)
    #expect(scan.library.albums.map(\.title) == ["21", "25", "OK Computer"])
    let adele = try #require(scan.library.artists.first { $0.name == "Adele" })
    #expect(adele.albumCount == 2)
    #expect(adele.trackCount == 3)
    #expect(adele.playCount == 16)
    #expect(adele.newestYear == 2015)
    // Most played first.
    #expect(scan.library.artists.map(\.name) == ["Radiohead", "Adele"])
  }

  @Test func crlfLineEndingsReadTheSameAndCountLinesTheSame() throws {
    var document = LibraryDocument()
    document.addSong(id: 1, artist: "Alt-J", album: "An Awesome Wave")
    document.add(id: 2, ["Artist": "<string>Broken</string>", "Play Count": "<integer>lots</integer>"])
    let unix = try LibraryReader.read(path: try document.write())
    let windows = try LibraryReader.read(path: try document.write(lineEnding: "\r\n"))
    #expect(unix.library == windows.library)
    #expect(unix.warnings == windows.warnings)
    #expect(windows.warnings.count == 1)
  }

  @Test func commentsInsideDictsAndArraysAreIgnored() throws {
    let path = try TemporaryFile.write(
      """
      <plist version="1.0"><dict><!-- library --><key>Tracks</key><dict>
      <!-- first track --><key>1</key><dict><!-- c --><key>Artist</key><!-- c --><string>Björk</string>
      <key>Album</key><string>Homogenic</string><!-- end --></dict></dict>
      <key>Playlists</key><array><!-- none --></array></dict></plist>
      """
    )
    let scan = try LibraryReader.read(path: path)
    #expect(scan.musicTracks == 1)
    #expect(scan.library.albums.first?.title == "Homogenic")
    #expect(scan.library.artists.first?.name == "Björk")
  }

  @Test func prettyPrintedValuesSpacesSelfClosingTrueAndAnyKeyOrder() throws {
    let path = try TemporaryFile.write(
      """
      <plist version="1.0">
      \t<dict>
      \t\t<key>Tracks</key>
      \t\t<dict>
      \t\t\t<key>7</key>
      \t\t\t<dict>
      \t\t\t\t<key>Album</key>
      \t\t\t\t<string>#1 Pop Hits of the 60s &#38; 70s (Digital Version)
      \t\t\t\t\t[Re-Recorded Versions]</string>
      \t\t\t\t<key>Compilation</key>
      \t\t\t\t<true />
      \t\t\t\t<key>Album Artist</key>
      \t\t\t\t<string>
      \t\t\t\t\tThe Tokens
      \t\t\t\t</string>
      \t\t\t\t<key>Size</key>
      \t\t\t\t<integer>6442450944</integer>
      \t\t\t\t<key>Artwork</key>
      \t\t\t\t<data>
      \t\t\t\tAAECAwQFBgcICQ==
      \t\t\t\t</data>
      \t\t\t</dict>
      \t\t</dict>
      \t</dict>
      </plist>
      """
    )
    let scan = try LibraryReader.read(path: path)
    let album = try #require(scan.library.albums.first)
    #expect(album.title == "#1 Pop Hits of the 60s & 70s (Digital Version) [Re-Recorded Versions]")
    #expect(album.artistName == "The Tokens")
    #expect(album.isCompilation)
    #expect(scan.warnings.isEmpty)
  }

  @Test func noDeclarationNoDoctypeNoPlaylistsAndAnEmptyTracksDict() throws {
    let scan = try LibraryReader.read(
      path: try TemporaryFile.write("<plist><dict><key>Tracks</key><dict/></dict></plist>"))
    #expect(scan.tracks == 0)
    #expect(scan.library.artists.isEmpty)
  }

  @Test func characterReferencesAreDecoded() throws {
    var document = LibraryDocument()
    document.add(
      id: 1, ["Artist": "<string>Simon &#38; Garfunkel</string>", "Album": "<string>Bookends &amp; More</string>"])
    let scan = try LibraryReader.read(path: try document.write())
    #expect(scan.library.artists.first?.name == "Simon & Garfunkel")
    #expect(scan.library.albums.first?.title == "Bookends & More")
  }

  @Test func missingAlbumAndMissingAlbumArtist() throws {
    var document = LibraryDocument()
    document.add(id: 1, ["Artist": "<string>Loner</string>", "Play Count": "<integer>4</integer>"])
    document.add(id: 2, ["Artist": "<string>Drake feat. Future</string>", "Album": "<string>Scorpion</string>"])
    let scan = try LibraryReader.read(path: try document.write())
    #expect(scan.musicTracks == 2)
    #expect(scan.library.albums.map(\.title) == ["Scorpion"])
    #expect(scan.library.albums.first?.artistName == "Drake")
    let loner = try #require(scan.library.artists.first { $0.name == "Loner" })
    #expect(loner.albumCount == 0)
    #expect(loner.trackCount == 1)
    #expect(loner.playCount == 4)
  }

  @Test func integersAboveTwoToTheThirtyOneAreNumbers() throws {
    var document = LibraryDocument()
    document.add(id: 1, ["Artist": "<string>A</string>", "Play Count": "<integer>3000000000</integer>"])
    let scan = try LibraryReader.read(path: try document.write())
    #expect(scan.library.artists.first?.playCount == 3_000_000_000)
    #expect(scan.warnings.isEmpty)
  }

  @Test func aKeyWithoutValueSkipsItsTrackWithAWarningOnItsLine() throws {
    let path = try TemporaryFile.write(
      """
      <plist><dict><key>Tracks</key><dict>
      <key>1</key><dict>
      <key>Artist</key>
      <key>Album</key><string>Lost</string>
      </dict>
      <key>2</key><dict><key>Artist</key><string>Kept</string><key>Album</key><string>Found</string></dict>
      </dict></dict></plist>
      """
    )
    let scan = try LibraryReader.read(path: path)
    #expect(scan.tracks == 2)
    #expect(scan.musicTracks == 1)
    #expect(scan.skipped[.damaged] == 1)
    #expect(scan.warnings == [LibraryWarning(line: 3, message: "track 1: key 'Artist' has no value; track skipped")])
    #expect(scan.library.albums.map(\.title) == ["Found"])
  }

  @Test func aDamagedValueNobodyNeedsIsAWarningAndTheTrackIsKept() throws {
    let path = try TemporaryFile.write(
      """
      <plist><dict><key>Tracks</key><dict>
      <key>1</key><dict><key>Track ID</key><integer>1x</integer><key>Artist</key><string>A</string>
      <key>Bit Rate</key><integer>fast</integer><key>Work</key>
      <key>Play Count</key><integer>lots</integer><key>Album</key><string>First</string></dict>
      <key>2</key><dict><key>Artist</key><string>B</string><key>Album</key><string>Second</string></dict>
      </dict></dict></plist>
      """
    )
    let scan = try LibraryReader.read(path: path)
    #expect(scan.musicTracks == 2)
    #expect(scan.skipped[.damaged] == nil)
    #expect(
      scan.warnings == [
        LibraryWarning(line: 2, message: "track 1: Track ID is not a number: '1x'; track kept"),
        LibraryWarning(line: 3, message: "track 1: Bit Rate is not a number: 'fast'; track kept"),
        LibraryWarning(line: 3, message: "track 1: key 'Work' has no value; track kept"),
        LibraryWarning(line: 4, message: "track 1: Play Count is not a number: 'lots'; track kept"),
      ])
    #expect(scan.library.artists.map(\.name).sorted() == ["A", "B"])
    #expect(scan.library.albums.map(\.title).sorted() == ["First", "Second"])
  }

  @Test(arguments: ["Album", "Artist", "Location", "Podcast"])
  func aDamagedValueThatDecidesOwnershipSkipsTheTrack(_ key: String) throws {
    let path = try TemporaryFile.write(
      """
      <plist><dict><key>Tracks</key><dict>
      <key>1</key><dict><key>Album Artist</key><string>A</string><key>\(key)</key>
      <key>Name</key><string>Song</string></dict>
      <key>2</key><dict><key>Artist</key><string>B</string><key>Album</key><string>Second</string></dict>
      </dict></dict></plist>
      """
    )
    let scan = try LibraryReader.read(path: path)
    #expect(scan.musicTracks == 1)
    #expect(scan.skipped[.damaged] == 1)
    #expect(scan.warnings == [LibraryWarning(line: 2, message: "track 1: key '\(key)' has no value; track skipped")])
    #expect(scan.library.artists.map(\.name) == ["B"])
  }

  @Test func aTracksKeyWithoutItsDictIsOneDamagedTrack() throws {
    let path = try TemporaryFile.write(
      """
      <plist><dict><key>Tracks</key><dict>
      <key>1</key>
      <key>2</key><dict><key>Artist</key><string>B</string></dict>
      </dict></dict></plist>
      """
    )
    let scan = try LibraryReader.read(path: path)
    #expect(scan.tracks == 2)
    #expect(scan.skipped[.damaged] == 1)
    #expect(scan.warnings.first?.line == 2)
  }

  @Test func gzipCompressedExportsReadTheSame() async throws {
    var document = LibraryDocument()
    document.addSong(id: 1, artist: "Portishead", album: "Dummy")
    let plain = try document.write()
    let compressed = plain + ".gz"
    let gzip = try await DeepcutProcess.shell("/bin/sh", ["-c", "gzip -c '\(plain)' > '\(compressed)'"])
    try #require(gzip.status == 0, "\(gzip.output)")
    #expect(try LibraryReader.read(path: compressed).library == LibraryReader.read(path: plain).library)
  }
}
