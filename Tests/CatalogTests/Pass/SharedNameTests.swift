import Catalog
import Foundation
import Identity
import MusicLibrary
import State
import TestSupport
import Testing

/// One library name, several catalog artists: the owned albums decide whom to follow.
struct SharedNameTests {
  static func owned(_ key: ArtistKey, _ artist: String, _ titles: [String]) -> [OwnedAlbum] {
    titles.map { OwnedAlbum(artistKey: key, artistName: artist, title: $0, key: AlbumKey($0), trackCount: 10) }
  }

  @Test func bothArtistsUnderOneKeyAreFollowedAndNamedAsTheCatalogNamesThem() async throws {
    let key = ArtistKey("The Young Rivers")
    #expect(key == ArtistKey("Young Rivers"))
    // The library spells it both ways; most tracks say "The Young Rivers".
    let library = OwnedLibrary(
      artists: [
        LibraryArtist(
          key: key, name: "The Young Rivers", albumCount: 3, trackCount: 30, playCount: 50,
          otherSpellings: ["Young Rivers"])
      ],
      albums: Self.owned(key, "The Young Rivers", ["Northern Lights", "Open Sea"])
        + Self.owned(key, "The Young Rivers", ["Pale Water"]))
    let catalog = InProcessCatalog([
      .init(
        id: 11, name: "Young Rivers",
        albums: [
          .init(id: 110, title: "Pale Water", date: "2015-01-01"), .init(id: 111, title: "Kites", date: "2026-11-20"),
        ]),
      .init(
        id: 12, name: "The Young Rivers",
        albums: [
          .init(id: 120, title: "Northern Lights", date: "2012-01-01"),
          .init(id: 121, title: "Open Sea", date: "2014-01-01"),
          .init(id: 122, title: "Harbour", date: "2026-11-21"),
        ]),
      // Found by the search, but nothing of it is owned: not followed.
      .init(id: 13, name: "Young Rivers Band", albums: [.init(id: 130, title: "Pale Water", date: "2016-01-01")]),
    ])
    let store = PassFixtures.store()
    let outcome = try await PassFixtures.pass(catalog, store).run(library)

    // One search finds both: the spelling whose words the other spellings all have.
    #expect(catalog.searches == ["Young Rivers"])
    #expect(catalog.log.count == 2)
    #expect(Set(outcome.catalogArtists[key]?.map(\.id) ?? []) == ["11", "12"])
    let byName = Dictionary(uniqueKeysWithValues: outcome.followed.map { ($0.artist.name, $0) })
    #expect(byName["The Young Rivers"]?.artist.albumCount == 2)
    #expect(byName["Young Rivers"]?.artist.albumCount == 1)
    #expect(byName["Young Rivers"]?.releases.map(\.title).contains("Kites") == true)
    #expect(byName["The Young Rivers"]?.releases.map(\.title).contains("Harbour") == true)
    #expect(outcome.problems.isEmpty)
    #expect(outcome.stats.resolved == 1)

    let saved = try #require(try await store.resolutions(provider: "itunes")[key])
    #expect(saved.status == .resolved)
    #expect(Set(saved.matches.map(\.id)) == ["11", "12"])
    // The next night follows both without searching.
    catalog.clearLog()
    let next = try await PassFixtures.pass(catalog, store, at: PassFixtures.now.addingTimeInterval(3600)).run(library)
    #expect(catalog.log.isEmpty)
    #expect(next.followed.count == 2)
  }

  @Test func twoBandsWithOneNameAreBothFollowedWhenYouOwnAlbumsOfBoth() async throws {
    let key = ArtistKey("Nirvana")
    let library = OwnedLibrary(
      artists: [LibraryArtist(key: key, name: "Nirvana", albumCount: 2, trackCount: 20, playCount: 9)],
      albums: Self.owned(key, "Nirvana", ["Nevermind", "Local Anaesthetic"]))
    let catalog = InProcessCatalog([
      .init(
        id: 1, name: "Nirvana", genre: "Rock",
        albums: [
          .init(id: 10, title: "Local Anaesthetic", date: "1971-01-01"),
          .init(id: 11, title: "Songs of Love and Praise", date: "1972-01-01"),
        ]),
      .init(
        id: 2, name: "Nirvana", genre: "Alternative",
        albums: [.init(id: 20, title: "Nevermind (Remastered)", date: "1991-09-24")]),
      .init(id: 3, name: "Nirvana", genre: "Electronic", albums: [.init(id: 30, title: "Lights", date: "2026-11-01")]),
    ])
    let outcome = try await PassFixtures.pass(catalog, PassFixtures.store()).run(library)
    #expect(Set(outcome.catalogArtists[key]?.map(\.id) ?? []) == ["1", "2"])
    #expect(!outcome.followed.contains { $0.catalogArtist.id == "3" })
  }

  @Test func candidatesProvenByTheSameAlbumsAreAmbiguousAndPinsSettleIt() async throws {
    let key = ArtistKey("Slayer")
    let library = OwnedLibrary(
      artists: [LibraryArtist(key: key, name: "Slayer", albumCount: 1, trackCount: 10, playCount: 3)],
      albums: Self.owned(key, "Slayer", ["Greatest Hits"]))
    let catalog = InProcessCatalog([
      .init(id: 1, name: "Slayer", albums: [.init(id: 10, title: "Greatest Hits", date: "2001-01-01")]),
      .init(id: 2, name: "Slayer", albums: [.init(id: 20, title: "Greatest Hits", date: "2003-01-01")]),
    ])
    let store = PassFixtures.store()
    let outcome = try await PassFixtures.pass(catalog, store).run(library)
    #expect(outcome.followed.isEmpty)
    #expect(outcome.problems.map(\.kind) == [.ambiguous])
    #expect(outcome.coverage.complete)  // "ambiguous" is an answer; the report asks the user to pin

    // Pinning both follows both, with no search.
    try await store.save([
      ArtistResolution(
        provider: "itunes", artistKey: key, artistName: "Slayer", matches: [.init(id: "1"), .init(id: "2")],
        status: .pinned, checkedAt: PassFixtures.now)
    ])
    catalog.clearLog()
    let pinned = try await PassFixtures.pass(catalog, store).run(library)
    #expect(catalog.searches.isEmpty)
    #expect(pinned.catalogArtists[key]?.map(\.id) == ["1", "2"])
  }

  @Test func searchTermsAreTheSpellingEveryOtherContains() {
    func term(_ name: String, _ others: [String]) -> String {
      ArtistMatching.searchTerm(for: LibraryArtist(key: ArtistKey(name), name: name, otherSpellings: others))
    }
    #expect(term("The Young Rivers", ["Young Rivers"]) == "Young Rivers")
    #expect(term("Young Rivers", ["The Young Rivers"]) == "Young Rivers")
    #expect(term("Simon and Garfunkel", ["Simon & Garfunkel"]) == "Simon & Garfunkel")
    #expect(term("Beyoncé", ["Beyonce"]) == "Beyoncé")
    // "ACDC" is not a word of "AC/DC": the usual spelling stays.
    #expect(term("AC/DC", ["ACDC"]) == "AC/DC")
    #expect(term("Radiohead", []) == "Radiohead")
  }

  @Test func decidingFollowsEveryCandidateWithAlbumsOfItsOwn() {
    func artist(_ id: String) -> CatalogArtist { CatalogArtist(id: CatalogArtistID(id), name: "X") }
    func release(_ title: String) -> CatalogRelease {
      CatalogRelease(id: CatalogReleaseID(title), artistName: "X", title: title, releaseDate: nil)
    }
    let owned = ["A", "B", "C"].map {
      OwnedAlbum(artistKey: ArtistKey("X"), artistName: "X", title: $0, key: AlbumKey($0))
    }
    let albums: [CatalogArtistID: [CatalogRelease]] = [
      "1": [release("A"), release("B")], "2": [release("B")], "3": [release("C")], "4": [release("Z")],
      "5": [release("C")],
    ]
    let candidates = ["1", "2", "3", "4"].map(artist)
    // 1 proves A and B; 2 only shares B with it; 3 alone has C; 4 has nothing owned.
    #expect(
      ArtistMatching.decide(exact: candidates, near: candidates, albums: albums, owned: owned)
        == .resolved([artist("1"), artist("3")]))
    // 3 and 5 both prove only C: 1 is followed, and neither of them.
    let twins = ["1", "3", "5"].map(artist)
    #expect(ArtistMatching.decide(exact: twins, near: twins, albums: albums, owned: owned) == .resolved([artist("1")]))
    #expect(
      ArtistMatching.decide(exact: [artist("3"), artist("5")], near: [], albums: albums, owned: owned)
        == .ambiguous([artist("3"), artist("5")]))
    // Near matches only: followed if proven, else not found.
    #expect(ArtistMatching.decide(exact: [], near: [artist("4")], albums: albums, owned: owned) == .unresolved)
    #expect(
      ArtistMatching.decide(exact: [], near: [artist("3")], albums: albums, owned: owned) == .resolved([artist("3")]))
  }
}
