import Foundation
import Identity
import MusicLibrary
import TestSupport
import Testing

/// Every real export in ../shared/fixtures/libraries reads, with the counts a person would give.
@Suite(.enabled(if: SharedFixtures.libraries != nil, "../shared/fixtures is not beside this checkout"))
struct FixtureLibraryTests {
  struct Expected: Sendable, CustomTestStringConvertible {
    var file: String
    var tracks: Int
    var musicTracks: Int
    var skipped: [SkipReason: Int]
    var albums: Int
    var artists: Int
    var testDescription: String { file }
  }

  static let expectations: [Expected] = [
    Expected(
      file: "Nimanoro__Apple-music-listened-to-Database__Library.xml", tracks: 404, musicTracks: 271,
      skipped: [.podcast: 83, .movie: 1, .tvShow: 4, .video: 37, .audiobook: 8], albums: 34, artists: 31),
    Expected(
      file: "ahjmorton__scala-itunes-lib__sample-itunes.xml", tracks: 6, musicTracks: 1,
      skipped: [.podcast: 1, .iTunesU: 1, .movie: 1, .tvShow: 1, .audiobook: 1], albums: 1, artists: 1),
    Expected(
      file: "beetbox__beets__itunes_library_unix.xml", tracks: 3, musicTracks: 3, skipped: [:], albums: 1, artists: 1),
    Expected(
      file: "beetbox__beets__itunes_library_windows.xml", tracks: 3, musicTracks: 3, skipped: [:], albums: 1, artists: 1
    ),
    Expected(
      file: "damienmauchamp__itunes-library-reader__sample.xml", tracks: 1, musicTracks: 1, skipped: [:], albums: 1,
      artists: 1),
    Expected(
      file: "illama__illama_applemusic-to-spotify__Library.xml", tracks: 463, musicTracks: 463, skipped: [:],
      albums: 404, artists: 276),
    Expected(
      file: "liamks__libpytunes__Test-Library.xml", tracks: 402, musicTracks: 370,
      skipped: [.podcast: 7, .movie: 11, .tvShow: 13, .musicVideo: 1], albums: 22, artists: 17),
    Expected(
      file: "nzoschke__iTunes__iTunes-Music-Library.empty-stock.xml", tracks: 0, musicTracks: 0, skipped: [:],
      albums: 0,
      artists: 0),
  ]

  static func path(_ file: String) -> String { (SharedFixtures.libraries ?? "") + "/" + file }

  @Test func everyFixtureHasAnExpectation() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: SharedFixtures.libraries ?? "")
      .filter { $0.hasSuffix(".xml") }
    #expect(Set(files) == Set(Self.expectations.map(\.file)))
  }

  @Test(arguments: expectations)
  func counts(_ expected: Expected) throws {
    let scan = try LibraryReader.read(path: Self.path(expected.file))
    #expect(scan.tracks == expected.tracks)
    #expect(scan.musicTracks == expected.musicTracks)
    #expect(scan.skipped == expected.skipped)
    #expect(scan.library.albums.count == expected.albums)
    #expect(scan.library.artists.count == expected.artists)
    #expect(scan.warnings.isEmpty)
    #expect(!scan.library.artists.contains { ArtistCredit.isVariousArtists($0.name) })
  }

  /// Foundation's whole-document reader, fed through the same ownership rules, must agree exactly:
  /// a check on the streaming state machine that shares none of its parsing code.
  @Test(arguments: expectations)
  func streamingAgreesWithPropertyListSerialization(_ expected: Expected) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: Self.path(expected.file)))
    let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    let tracks = try #require(plist["Tracks"] as? [String: Any])
    var aggregator = LibraryAggregator()
    // Dictionary order is arbitrary; file order decides first-seen spellings, so sort by track id.
    for key in tracks.keys.sorted(by: { Int($0) ?? 0 < Int($1) ?? 0 }) {
      aggregator.add(TrackRecord(plistTrack: tracks[key] as? [String: Any] ?? [:]))
    }
    let scan = try LibraryReader.read(path: Self.path(expected.file))
    let reference = aggregator.finish()
    #expect(scan.library.artists.map(\.key) == reference.artists.map(\.key))
    #expect(scan.library.albums.map(\.key) == reference.albums.map(\.key))
    #expect(scan.library.artists.map(\.albumCount) == reference.artists.map(\.albumCount))
    #expect(scan.library.artists.map(\.playCount) == reference.artists.map(\.playCount))
    #expect(aggregator.skipped == scan.skipped)
  }

  /// The Date each real export carries at its top, as Foundation's reader reads it too; two carry none.
  static let exportDates: [String: String?] = [
    "Nimanoro__Apple-music-listened-to-Database__Library.xml": "2015-11-24T11:12:10Z",
    "ahjmorton__scala-itunes-lib__sample-itunes.xml": nil,
    "beetbox__beets__itunes_library_unix.xml": "2015-05-08T14:36:28Z",
    "beetbox__beets__itunes_library_windows.xml": "2015-05-11T15:27:14Z",
    "damienmauchamp__itunes-library-reader__sample.xml": "2019-07-10T22:52:56Z",
    "illama__illama_applemusic-to-spotify__Library.xml": "2025-07-13T22:38:10Z",
    "liamks__libpytunes__Test-Library.xml": "2017-03-27T11:36:59Z",
    "nzoschke__iTunes__iTunes-Music-Library.empty-stock.xml": nil,
  ]

  @Test(arguments: expectations)
  func theExportDateIsReadAsWritten(_ expected: Expected) throws {
    let path = Self.path(expected.file)
    let written = try #require(Self.exportDates[expected.file])
    let date = written.map { try? Date($0, strategy: .iso8601) } ?? nil
    #expect((written == nil) == (date == nil))
    let plist =
      try PropertyListSerialization.propertyList(
        from: try Data(contentsOf: URL(fileURLWithPath: path)), format: nil) as? [String: Any]
    #expect(plist?["Date"] as? Date == date)
    #expect(try LibraryReader.read(path: path).exportDate == date)
    #expect(try LibraryReader.header(path: path).exportDate == date)
  }

  @Test func greatestHitsByThreeArtistsAreThreeAlbums() throws {
    let scan = try LibraryReader.read(path: Self.path(Self.expectations[0].file))
    let owners = scan.library.albums.filter { $0.title == "Greatest Hits" }.map(\.artistName).sorted()
    // Queen's is marked a compilation with no album artist; its tracks are all Queen's.
    #expect(owners == ["America", "Frank Sinatra", "Queen"])
    let sampler = try #require(scan.library.albums.first { $0.title == "Natural Wonders Music Sampler 1999" })
    #expect(sampler.artistKey == nil)
    #expect(sampler.isCompilation)
  }

  @Test func decomposedUnicodeNamesAreOneArtist() throws {
    let scan = try LibraryReader.read(path: Self.path("illama__illama_applemusic-to-spotify__Library.xml"))
    let matches = scan.library.artists.filter { $0.key == ArtistKey("Iñigo Quintero") }
    #expect(matches.count == 1)
    // "Multi-interprètes" is the French export's "Various Artists".
    #expect(!scan.library.artists.contains { $0.name == "Multi-interprètes" })
    #expect(scan.library.albums.contains { $0.artistKey == nil && $0.artistName == "Various Artists" })
  }

  /// An Apple Music subscriber's export is told from a library of files: where the rows should open.
  @Test func anAppleMusicLibraryIsToldFromOneOfFiles() throws {
    let subscriber = try LibraryReader.read(path: Self.path("illama__illama_applemusic-to-spotify__Library.xml"))
    #expect(subscriber.appleMusicTracks == 462 && subscriber.tracks == 463)
    #expect(subscriber.isMostlyAppleMusic)
    let files = try LibraryReader.read(path: Self.path("liamks__libpytunes__Test-Library.xml"))
    #expect(files.appleMusicTracks == 0 && !files.isMostlyAppleMusic)
    // Its one track Apple Music's: most of it.
    let sample = try LibraryReader.read(path: Self.path("damienmauchamp__itunes-library-reader__sample.xml"))
    #expect(sample.tracks == 1 && sample.appleMusicTracks == 1 && sample.isMostlyAppleMusic)
  }

  @Test func windowsAndUnixExportsOfOneLibraryAgree() throws {
    let unix = try LibraryReader.read(path: Self.path("beetbox__beets__itunes_library_unix.xml"))
    let windows = try LibraryReader.read(path: Self.path("beetbox__beets__itunes_library_windows.xml"))
    #expect(unix.library == windows.library)
  }
}
