import Fixtures
import Foundation
import Identity
import MusicLibrary
import TestSupport
import Testing

/// Libraries from the generator, whose manifest says what a correct reader must find: every edge case
/// at once, in several random arrangements, with both line endings.
struct GeneratedLibraryTests {
  static let arrangements: [(seed: UInt64, lineEnding: String)] = [(42, "\n"), (7, "\r\n"), (2026, "\n"), (99, "\n")]

  @Test(arguments: arrangements.indices)
  func readerAgreesWithTheManifest(_ index: Int) throws {
    let arrangement = Self.arrangements[index]
    var options = GeneratorOptions()
    options.artists = 40
    options.albums = 60
    options.seed = arrangement.seed
    options.edgeCases = true
    options.lineEnding = arrangement.lineEnding
    let path = try TemporaryFile.directory() + "/Library.xml"
    let manifest = try SyntheticLibrary.write(options, to: path)
    let scan = try LibraryReader.read(path: path)

    #expect(scan.tracks == manifest.tracks)
    #expect(scan.musicTracks == manifest.musicTracks)
    #expect(Dictionary(uniqueKeysWithValues: scan.skipped.map { ($0.key.rawValue, $0.value) }) == manifest.skipped)
    #expect(scan.library.albums.count == manifest.albums)
    #expect(scan.library.albums.count { $0.artistKey == nil } == manifest.compilationAlbums)
    #expect(scan.library.artists.count == manifest.artists)
    #expect(Set(scan.library.artists.map(\.key)) == Set(manifest.artistNames.map { ArtistKey($0) }))
    #expect(scan.warnings.count == manifest.warnings)
    #expect(scan.warnings.allSatisfy { $0.line > 1 })
  }

  @Test func aPlainLibraryHasNoWarnings() throws {
    var options = GeneratorOptions()
    options.artists = 30
    options.albums = 80
    let path = try TemporaryFile.directory() + "/Library.xml"
    let manifest = try SyntheticLibrary.write(options, to: path)
    let scan = try LibraryReader.read(path: path)
    #expect(scan.warnings.isEmpty)
    #expect(scan.library.albums.count == manifest.albums)
    #expect(scan.library.artists.count == manifest.artists)
  }
}
