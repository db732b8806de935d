import Foundation
import Identity
import MusicLibrary
import TestSupport
import Testing

@testable import Catalog

/// The MusicBrainz wire format as recorded (../shared/fixtures/musicbrainz, when it is beside this checkout) and
/// as its notes describe it: queries, URLs, and reading search pages.
struct MusicBrainzWireTests {
  static let fixtures: URL? = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
      url.deleteLastPathComponent()
      let folder = url.appendingPathComponent("shared/fixtures/musicbrainz")
      if FileManager.default.fileExists(atPath: folder.path) { return folder }
    }
    return nil
  }()

  static func fixture(_ name: String) throws -> Data {
    try Data(contentsOf: try #require(fixtures).appendingPathComponent(name))
  }

  @Test func everyLuceneSpecialCharacterIsEscapedInTermsAndPhrases() {
    #expect(
      LuceneQuery.phrase("artist", #"AC/DC "Live" (1991) + more!"#) == #"artist:"AC\/DC \"Live\" \(1991\) \+ more\!""#)
    #expect(LuceneQuery.term("arid", "5b11f4ce-a62d") == #"arid:5b11f4ce\-a62d"#)
    #expect(
      LuceneQuery.range("firstreleasedate", from: "2026-10-30", to: "2028-11-28")
        == #"firstreleasedate:[2026\-10\-30 TO 2028\-11\-28]"#)
    for special in LuceneQuery.specials {
      #expect(LuceneQuery.escaped(String(special)) == "\\" + String(special))
    }
    // OR groups are parenthesized, so "date AND (arid:1 OR arid:2)" keeps its meaning.
    #expect(LuceneQuery.anyOf(["arid:1", "arid:2"]) == "(arid:1 OR arid:2)")
  }

  @Test func theQueryIsPercentEncodedWholeAndURLsStayShort() throws {
    let endpoint = MusicBrainzEndpoint(baseURL: try #require(URL(string: "http://127.0.0.1:9/")))
    let url = endpoint.searchURL(.artist, query: #"artist:"Simon + Garfunkel" OR artist:"Björk""#, offset: 100)
    #expect(
      url.absoluteString
        == "http://127.0.0.1:9/ws/2/artist?query=artist%3A%22Simon%20%2B%20Garfunkel%22%20OR%20artist%3A%22Bj%C3%B6rk%22&limit=100&offset=100&fmt=json"
    )
    // Long names pack into runs whose every URL fits 4,000 bytes.
    let names = (0..<300).map {
      "A Rather Long Band Name Number \($0) & The Philharmonic Orchestra of Some Faraway Place (Reunion) \u{2014} Ensemble"
    }
    let runs = endpoint.pack(names, limit: 25, .artist) { LuceneQuery.phrase("artist", $0) }
    #expect(runs.joined().map { $0 } == names)
    #expect(runs.allSatisfy { $0.count <= 25 })
    #expect(runs.count > 300 / 25)
    for run in runs {
      let query = LuceneQuery.anyOf(run.map { LuceneQuery.phrase("artist", $0) })
      #expect(endpoint.searchURL(.artist, query: query, offset: 9_999).absoluteString.utf8.count <= 4_000)
    }
  }

  @Test func artistsMatchByNameSortNameOrAlias() throws {
    let body = Data(
      #"""
      {"created":"2021-01-05T11:18:27.072Z","count":3,"offset":0,"artists":[
      {"id":"a1","score":100,"name":"The Beatles","sort-name":"Beatles, The","life-span":{"ended":null}},
      {"id":"a2","score":91,"name":"Prince","sort-name":"Prince","aliases":[{"sort-name":"Nelson, Prince Rogers","name":"Prince Rogers Nelson","locale":null,"type":"Legal name","primary":null,"begin-date":null,"end-date":null}]},
      {"id":"a3","score":90,"name":"Solstice","sort-name":"Solstice","disambiguation":"epic doom metal band from United Kingdom"}]}
      """#.utf8)
    let page = try MusicBrainzDecoding.decode(MBArtistPage.self, body)
    #expect(page.count == 3)
    #expect(page.artists[0].keys.contains(ArtistKey("Beatles")))
    #expect(page.artists[1].keys.contains(ArtistKey("Prince Rogers Nelson")))
    #expect(MBArtist.unsorted("Cohen, Leonard") == "Leonard Cohen")
    #expect(MBArtist.unsorted("Crosby, Stills, Nash & Young") == "Crosby, Stills, Nash & Young")
    let solstice = page.artists[2].catalogArtist
    #expect(solstice.disambiguation == "epic doom metal band from United Kingdom")
    #expect(solstice.url == "https://musicbrainz.org/artist/a3")
  }

  @Test(.enabled(if: fixtures != nil, "../shared/fixtures is not beside this checkout"))
  func recordedArtistSearchesRead() throws {
    let metal = try MusicBrainzDecoding.decode(MBArtistPage.self, try Self.fixture("artist-search-metal.json"))
    #expect(metal.count == 20_660)
    #expect(metal.artists.count == 25)
    // Four artists named exactly "Metal", and "Scarecrow", whose sort name is "Metal": five to tell apart by the
    // albums owned. "Métal Urbain" and "Metal Church" are not among them.
    let metals = metal.artists.filter { $0.keys.contains(ArtistKey("Metal")) }
    #expect(metals.map(\.name) == ["Metal", "Metal", "Metal", "Metal", "Scarecrow"])
    let solstice = try MusicBrainzDecoding.decode(MBArtistPage.self, try Self.fixture("artist-search-solstice.json"))
    // 24 named "Solstice" and "Solstice Ensemble", which has the alias "Solstice"; only one scores 100.
    #expect(solstice.artists.count { $0.keys.contains(ArtistKey("Solstice")) } == 25)
    let cohen = try MusicBrainzDecoding.decode(
      MBArtistPage.self, try Self.fixture("artist-search-leonard-cohen-limit1.json"))
    #expect(cohen.count == 1_482)
    #expect(cohen.artists.first?.keys.contains(ArtistKey("Leonard Cohen")) == true)
  }

  @Test(.enabled(if: fixtures != nil, "../shared/fixtures is not beside this checkout"))
  func recordedReleaseGroupSearchesRead() throws {
    let page = try MusicBrainzDecoding.decode(
      MBReleaseGroupPage.self, try Self.fixture("release-group-search-in-times-before-the-light.json"))
    #expect(page.count == 546_170)
    #expect(page.releaseGroups.count == 25)
    let first = page.releaseGroups[0]
    // The primary type and the secondary types tell the kind; type-id does not.
    #expect(first.primaryType == "Album")
    #expect(first.secondaryTypes == ["Remix"])
    #expect(first.release.kind == .album)
    // The credited name, not the artist's: "Covenant" for The Kovenant.
    #expect(page.releaseGroups[1].creditedName == "Covenant")
    #expect(page.releaseGroups[1].release.dateText == "1997")
    #expect(page.releaseGroups[1].release.datePrecision == .year)
    // Groups without a date at all read as undated.
    #expect(page.releaseGroups.contains { $0.firstReleaseDate == nil && $0.release.releaseDate == nil })

    let lures = try MusicBrainzDecoding.decode(
      MBReleaseGroupPage.self, try Self.fixture("release-group-search-arid-c8da2e40-lures.json"))
    #expect(lures.releaseGroups.count == 5)
    #expect(lures.releaseGroups.allSatisfy { $0.creditedIDs == ["c8da2e40-bd28-4d4e-813a-bd2f51958ba8"] })
  }

  @Test func releaseGroupsBecomeReleasesWithTheirOwnLinksKindsAndDates() throws {
    let body = Data(
      #"""
      {"created":"2026-11-29T06:00:00.000Z","count":2,"offset":0,"release-groups":[
      {"id":"g1","score":100,"count":1,"title":"Together","first-release-date":"2026-11","primary-type":"EP",
       "artist-credit":[{"joinphrase":" & ","name":"Ada North","artist":{"id":"a","name":"Ada North","sort-name":"North, Ada"}},
                        {"name":"Bo South","artist":{"id":"b","name":"Bo South","sort-name":"South, Bo"}}]},
      {"id":"g2","score":100,"count":1,"title":"Weird","first-release-date":"","artist-credit":[{"name":"Ada North","artist":{"id":"a"}}]}]}
      """#.utf8)
    let groups = try MusicBrainzDecoding.decode(MBReleaseGroupPage.self, body).releaseGroups
    let together = groups[0].release
    #expect(together.artistName == "Ada North & Bo South")
    #expect(groups[0].creditedIDs == ["a", "b"])
    #expect(together.kind == .ep)
    #expect(together.releaseDate == CalendarDay(year: 2026, month: 11, day: 1))
    #expect(together.latestDate == CalendarDay(year: 2026, month: 11, day: 30))
    #expect(together.dateText == "2026-11")
    #expect(together.url == "https://musicbrainz.org/release-group/g1")
    // No cover until the Cover Art Archive says there is one.
    #expect(together.artworkURL == nil)
    #expect(groups[1].release.releaseDate == nil)
    #expect(groups[1].release.kind == .album)
    #expect(throws: CatalogError.self) { try MusicBrainzDecoding.decode(MBReleaseGroupPage.self, Data("<html>".utf8)) }
  }

  @Test func ownedTitlesAreSearchedWithoutTheirEditionMarkers() {
    #expect(MusicBrainzProvider.searchTitle("Nevermind (Remastered)") == "Nevermind")
    #expect(MusicBrainzProvider.searchTitle("Roads - Single") == "Roads")
    #expect(MusicBrainzProvider.searchTitle("Dummy [Deluxe Edition]") == "Dummy")
    #expect(MusicBrainzProvider.searchTitle("(What's the Story) Morning Glory?") == "(What's the Story) Morning Glory?")
  }

  @Test func partialDatesAreReadAsTheCatalogGivesThem() {
    #expect(CalendarDay.partial("2026")?.precision == .year)
    #expect(CalendarDay.partial("2026-02")?.day == CalendarDay(year: 2026, month: 2, day: 1))
    #expect(CalendarDay.partial("2026-02-29") == nil)
    #expect(CalendarDay.partial("") == nil)
    #expect(CalendarDay.partial("26-1") == nil)
    #expect(CalendarDay(year: 2028, month: 2, day: 3)?.lastOfMonth == CalendarDay(year: 2028, month: 2, day: 29))
  }

  @Test func aDateKnownToTheMonthOrYearIsNewWhenAnyDayOfItIsInTheWindow() throws {
    let today = try #require(CalendarDay(iso8601: "2026-11-29"))
    let finder = ReleaseFinder(options: FinderOptions(today: today, days: 30))
    let artist = LibraryArtist(key: ArtistKey("X"), name: "X", albumCount: 1)
    func category(_ date: String) -> ReleaseCategory? {
      let partial = CalendarDay.partial(date)
      let release = CatalogRelease(
        id: CatalogReleaseID(date), artistName: "X", title: "T \(date)", releaseDate: partial?.day,
        datePrecision: partial?.precision ?? .day, kind: .album)
      return finder.findings(for: artist, releases: [release], owned: []).first?.category
    }
    #expect(category("2026-11") == .new)
    #expect(category("2026-10") == .new)  // October 30 and 31 are inside a window that starts on the 30th
    #expect(category("2026-09") == .older)
    #expect(category("2026-12") == .upcoming)
    #expect(category("2027") == .upcoming)
    #expect(category("2026") == .new)
    #expect(category("2025") == .older)
  }

  @Test func aCatalogThatGroupsEditionsNeverReportsOne() throws {
    let today = try #require(CalendarDay(iso8601: "2026-11-29"))
    var options = FinderOptions(today: today, days: 30)
    let artist = LibraryArtist(key: ArtistKey("Nirvana"), name: "Nirvana", albumCount: 1)
    let owned = [
      OwnedAlbum(artistKey: artist.key, artistName: "Nirvana", title: "Nevermind", key: AlbumKey("Nevermind"))
    ]
    let release = CatalogRelease(
      id: "g", artistName: "Nirvana", title: "Nevermind (30th Anniversary)", releaseDate: today.adding(days: -3))
    #expect(
      ReleaseFinder(options: options).findings(for: artist, releases: [release], owned: owned).first?.category
        == .edition)
    options.catalogGroupsEditions = true
    #expect(
      ReleaseFinder(options: options).findings(for: artist, releases: [release], owned: owned).first?.category == .owned
    )
  }
}
