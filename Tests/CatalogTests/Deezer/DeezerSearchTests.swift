import Catalog
import Foundation
import Identity
import MusicLibrary
import TestSupport
import Testing

/// What a Deezer artist search costs and finds, counted in process (Tests/TestSupport/InProcessDeezer.swift):
/// Deezer ranks popular names first, so an exact name of common words may stand pages down.
struct DeezerSearchTests {
  typealias Artist = InProcessDeezer.Artist

  static func artist(_ name: String) -> LibraryArtist {
    LibraryArtist(key: ArtistKey(name), name: name, albumCount: 1, trackCount: 10, playCount: 5)
  }

  static func provider(_ deezer: InProcessDeezer) -> DeezerProvider {
    DeezerProvider(transport: deezer, endpoint: DeezerEndpoint())
  }

  /// `count` fuller names of `name`'s words, each with more fans than any artist of that very name here.
  static func fuller(than name: String, _ count: Int, from id: Int) -> [Artist] {
    (0..<count).map { Artist(id: id + $0, name: "\(name) \($0 + 1)", fans: 90_000 - $0) }
  }

  @Test func mostArtistsCostExactlyOneSearchRequest() async throws {
    let names = ["Portishead", "Massive Attack", "Golden Earring", "Sigur Rós", "Radio Wolves", "Ada North"]
    var world: [Artist] = []
    for (index, name) in names.enumerated() {
      // Nine fuller names with more fans still leave the artist on the first page of ten; the search has more.
      world += Self.fuller(than: name, 9, from: 1_000 * (index + 1))
      world.append(Artist(id: index + 1, name: name, fans: 500))
      world += (10..<30).map { Artist(id: 1_000 * (index + 1) + $0, name: "\(name) \($0 + 1)", fans: 10) }
    }
    let deezer = InProcessDeezer(world)
    let found = try await Self.provider(deezer).search(names.map(Self.artist))
    #expect(found.map(\.exact.first?.id) == names.indices.map { CatalogArtistID(String($0 + 1)) })
    #expect(deezer.log.count == names.count)
    #expect(deezer.searches.allSatisfy { $0["index"] == nil && $0["limit"] == "10" })
    #expect(await deezer.counters().requests == names.count)
  }

  @Test func anExactNameBelowSixtyFullerNamesWithMoreFansIsResolved() async throws {
    let golden = Artist(
      id: 7, name: "Golden Golden", fans: 40,
      albums: [
        .init(id: 70, title: "Autumn Lanterns", date: "2026-11-20"),
        .init(id: 71, title: "Slow Tide", date: "2019-05-01"),
      ])
    let deezer = InProcessDeezer(Self.fuller(than: "Golden Golden", 60, from: 100) + [golden])
    let artist = Self.artist("Golden Golden")
    let library = OwnedLibrary(
      artists: [artist],
      albums: [
        OwnedAlbum(
          artistKey: artist.key, artistName: artist.name, title: "Slow Tide", key: AlbumKey("Slow Tide"), trackCount: 10
        )
      ])
    let pass = CatalogPass(
      provider: Self.provider(deezer), store: MemoryCatalogStore(), options: CatalogPassOptions(),
      now: Date(timeIntervalSince1970: 1_795_953_600))
    let outcome = try await pass.run(library)
    #expect(outcome.problems.isEmpty, "\(outcome.problems)")
    #expect(outcome.followed.map(\.catalogArtist.id) == ["7"])
    #expect(outcome.followed.first?.releases.map(\.title).sorted() == ["Autumn Lanterns", "Slow Tide"])
    // The first page of ten named nobody so; the next, of a hundred from the eleventh, did.
    #expect(deezer.searches.map { [$0["limit"], $0["index"]] } == [["10", nil], ["100", "10"]])
    #expect(deezer.log.count == 3)  // two searches, one album list
  }

  @Test func anArtistDeezerLacksCostsAFewSearchesAtMost() async throws {
    let deezer = InProcessDeezer(Self.fuller(than: "Golden", 400, from: 100))
    let found = try await Self.provider(deezer).search([Self.artist("Golden")])
    #expect(found.first?.exact.isEmpty == true)
    // The near matches are the first page's best, as they were when only that page was read.
    #expect(found.first?.near.map(\.id) == ["100", "101", "102"])
    #expect(deezer.log.count == DeezerProvider.searchPages)
    #expect(deezer.searches.map { $0["index"] } == [nil, "10", "110"])
  }

  @Test func aSearchWithNoMorePagesIsNotReadOn() async throws {
    let deezer = InProcessDeezer(Self.fuller(than: "Golden", 8, from: 100))
    let found = try await Self.provider(deezer).search([Self.artist("Golden")])
    #expect(found.first?.exact.isEmpty == true && found.first?.near.count == 3)
    #expect(deezer.log.count == 1)
  }

  @Test func namesakesOnTheFirstPageAreNotSoughtFurther() async throws {
    // One Golden on the first page, another far down: the search stops at the first, as it always has, so the
    // albums that tell namesakes apart are asked of no more artists than before.
    let deezer = InProcessDeezer(
      [Artist(id: 1, name: "Golden", fans: 95_000)] + Self.fuller(than: "Golden", 60, from: 100)
        + [Artist(id: 2, name: "Golden", fans: 3)])
    let found = try await Self.provider(deezer).search([Self.artist("Golden")])
    #expect(found.first?.exact.map(\.id) == ["1"])
    #expect(deezer.log.count == 1)
  }
}
