import Foundation
import HTTP
import Identity
import MusicLibrary
import TestSupport
import Testing

@testable import Catalog

/// Deezer's answers as recorded (../shared/fixtures/deezer), read the way the provider reads them.
struct DeezerWireTests {
  static func fixture(_ name: String) throws -> Data {
    let folder = try #require(DeepcutProcess.sharedFixtures, "the shared fixtures are not here")
    return try Data(contentsOf: folder.appendingPathComponent("deezer/" + name))
  }

  static func artist(_ name: String) -> LibraryArtist {
    LibraryArtist(key: ArtistKey(name), name: name, albumCount: 3, trackCount: 30, playCount: 10)
  }

  @Test(.enabled(if: DeepcutProcess.sharedFixtures != nil))
  func aSearchFindsTheArtistAndNeverItsTributeOrKaraokeActs() throws {
    let candidates = try DeezerProvider.candidates(
      in: try Self.fixture("search-artist-daft-punk.json"), for: Self.artist("Daft Punk"))
    #expect(candidates.exact.map(\.id) == ["27"])
    #expect(candidates.exact.first?.url == "https://www.deezer.com/artist/27")
    let all = (candidates.exact + candidates.near).map(\.name)
    #expect(!all.contains { $0.lowercased().contains("tribute") || $0.lowercased().contains("karaoke") }, "\(all)")
    let none = try DeezerProvider.candidates(
      in: try Self.fixture("search-artist-no-results.json"), for: Self.artist("Nobody"))
    #expect(none.exact.isEmpty && none.near.isEmpty)
  }

  @Test(.enabled(if: DeepcutProcess.sharedFixtures != nil))
  func anAlbumListIsTypedDatedAndCovered() throws {
    let page = try DeezerDecoding.decode(DZAlbum.self, try Self.fixture("artist-27-albums.json"))
    #expect(page.total == 32 && page.next != nil)
    let releases = DeezerProvider.releases(page.data ?? [], artistID: "27")
    #expect(releases.count == 25)
    let ram = try #require(releases.first { $0.title == "Random Access Memories" })
    #expect(ram.kind == .album && ram.dateText == "2013-05-17" && ram.artistID == "27")
    #expect(ram.url?.hasPrefix("https://www.deezer.com/album/") == true)
    #expect(ram.artworkURL?.contains("250x250") == true)
    #expect(Set(releases.compactMap(\.kind)).isSuperset(of: [.album, .single]))
    let last = try DeezerDecoding.decode(DZAlbum.self, try Self.fixture("artist-27-albums-index-25.json"))
    #expect(last.next == nil && last.data?.count == 7)
  }

  @Test(.enabled(if: DeepcutProcess.sharedFixtures != nil))
  func aCompilationIsAnAlbumOfTheSecondaryTypeCompilation() throws {
    let page = try DeezerDecoding.decode(DZAlbum.self, try Self.fixture("chart-0-albums-with-compile.json"))
    let compile = try #require(page.data?.first { $0.id == 74_434_962 })
    let release = compile.release(artistID: "1")
    #expect(release.kind == .album && release.secondaryTypes == ["compilation"])
  }

  @Test(.enabled(if: DeepcutProcess.sharedFixtures != nil))
  func errorsInsideA200AreToldApart() throws {
    let quota = try Self.fixture("error-quota-4.json")
    #expect(DeezerDecoding.signal(quota) == .slowDown)
    #expect(throws: CatalogError.throttled) {
      try DeezerDecoding.check(DeezerDecoding.decode(DZAlbum.self, quota).error)
    }
    let gone = try Self.fixture("error-no-data-800.json")
    #expect(DeezerDecoding.signal(gone) == nil)
    #expect(try DeezerDecoding.decode(DZAlbum.self, gone).error?.code == 800)
    let wrong = Data(#"{"error":{"type":"ParameterException","message":"Wrong parameter","code":500}}"#.utf8)
    #expect(throws: CatalogError.self) { try DeezerDecoding.check(DeezerDecoding.decode(DZAlbum.self, wrong).error) }
    #expect(DeezerDecoding.signal(Data(#"{"data":[],"total":0}"#.utf8)) == nil)
  }

  @Test func aSearchIsPlainTextWithEveryReservedCharacterEncoded() {
    let url = DeezerEndpoint().searchURL(name: "Simon + Garfunkel & Sons")
    #expect(
      url.absoluteString == "https://api.deezer.com/search/artist?q=Simon%20%2B%20Garfunkel%20%26%20Sons&limit=10")
    // A later page starts after the hits read and asks for more of them.
    #expect(
      DeezerEndpoint().searchURL(name: "Golden Golden", index: 10).absoluteString
        == "https://api.deezer.com/search/artist?q=Golden%20Golden&limit=100&index=10")
    #expect(
      DeezerEndpoint().albumsURL(id: "27", index: 100).absoluteString.hasSuffix("/artist/27/albums?limit=100&index=100")
    )
  }

  @Test func explicitAndCleanVersionsAreTwins() {
    let albums = [
      DZAlbum(id: 1, title: "Loud", releaseDate: "2026-11-20", recordType: "album", explicitLyrics: true),
      DZAlbum(id: 2, title: "Loud", releaseDate: "2026-11-20", recordType: "album", explicitLyrics: false),
      DZAlbum(id: 3, title: "Quiet", releaseDate: "2026-11-20", recordType: "ALBUM", explicitLyrics: false),
      DZAlbum(id: 4, title: "Someday", releaseDate: "0000-00-00", recordType: "Single"),
    ]
    let releases = DeezerProvider.releases(albums, artistID: "9")
    #expect(releases.map(\.explicitness) == [.explicit, .clean, .notExplicit, .notExplicit])
    #expect(releases[2].kind == .album && releases[3].kind == .single && releases[3].releaseDate == nil)
  }

  @Test func idsAreNumbersAndTheLimitIsFiftyEveryFiveSeconds() {
    let deezer = DeezerCatalog()
    #expect(deezer.normalizedID("27") == "27" && deezer.normalizedID("x27") == nil)
    #expect(deezer.idProblem("x").contains("a Deezer artist id is a number"))
    // 45 every 5 seconds, evenly spaced: never more than 50 in any 5 seconds.
    #expect(Double(deezer.defaultRequestsPerMinute) / 12 <= 50)
    #expect(deezer.productionLimit?.requestsPerMinute == 600)
    var configuration = HTTPClientConfiguration()
    deezer.tune(&configuration)
    #expect(configuration.headers == ["Accept-Language: en"])
    #expect(configuration.bodyRule != nil)
  }
}
