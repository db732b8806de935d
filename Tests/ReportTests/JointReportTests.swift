import Catalog
import Foundation
import Identity
import MusicLibrary
import Report
import Testing

/// A report of several catalogs: each release once with a link for each, the coverage of each catalog, and a
/// catalog that answered nothing named where the others' rows still stand.
struct JointReportTests {
  static let today = CalendarDay(iso8601: "2026-11-29") ?? CalendarDay(daysSinceEpoch: 0)
  static let artist = LibraryArtist(key: ArtistKey("Gorillaz"), name: "Gorillaz", albumCount: 1, trackCount: 10)

  static func result(_ catalog: CatalogName, title: String, _ releases: [CatalogRelease], coverage: Coverage)
    -> CatalogResult
  {
    CatalogResult(
      catalog: catalog, linkTitle: title,
      outcome: CatalogOutcome(
        followed: releases.isEmpty
          ? []
          : [
            FollowedArtist(artist: artist, catalogArtist: CatalogArtist(id: "1", name: "Gorillaz"), releases: releases)
          ],
        problems: [], stats: CatalogStats(), coverage: coverage),
      options: FinderOptions(today: today, days: 30))
  }

  static func listing(_ night: NightOutcome) -> ReportListing {
    let scan = LibraryScan(
      source: "Library.xml", tracks: 10, musicTracks: 10, skipped: [:], warnings: [],
      library: OwnedLibrary(artists: [artist], albums: []))
    return ReportBuilder.listing(
      findings: ReportBuilder.findings(scan: scan, night: night), scan: scan, night: night,
      options: FinderOptions(today: today, days: 30), now: Date(timeIntervalSince1970: 1_795_953_600), timings: nil)
  }

  static let humanz = CatalogRelease(
    id: "2", artistName: "Gorillaz", title: "Humanz", releaseDate: CalendarDay(iso8601: "2026-11-20"),
    url: "https://www.deezer.com/album/2")

  @Test func aCatalogThatAnsweredNothingIsNamedAndTheOthersRowsStand() throws {
    var night = NightOutcome([
      Self.result("deezer", title: "Deezer", [Self.humanz], coverage: .whole(1)),
      Self.result(
        "itunes", title: "Apple Music", [], coverage: Coverage(artists: 1, checked: 0, estimatedMinutesToFinish: 1)),
    ])
    night.unreachable = [("itunes", "127.0.0.1: connection refused")]
    let model = Self.listing(night).model
    #expect(model.new.map(\.title) == ["Humanz"])
    let first = try #require(model.needsAttention.first)
    #expect(first.artist == "Apple Music" && first.catalog == "itunes" && first.problem == "failed")
    #expect(first.detail.contains("connection refused"))
    // Each catalog's coverage, and the line names the one that is not complete.
    #expect(model.catalogCoverage?.map(\.catalog) == ["deezer", "itunes"])
    #expect(model.coverageLine?.contains("on Apple Music") == true)
    #expect(model.coverage.complete == false)
  }

  @Test func aRowLinksEachCatalogAndKeepsTheIdOfTheCatalogThatSawItFirst() throws {
    var apple = Self.humanz
    apple.id = "900"
    apple.url = "https://music.apple.com/us/album/900"
    let night = NightOutcome([
      Self.result("itunes", title: "Apple Music", [apple], coverage: .whole(1)),
      Self.result("deezer", title: "Deezer", [Self.humanz], coverage: .whole(1)),
    ])
    let release = try #require(Self.listing(night).model.new.first)
    #expect(release.links.map(\.name) == ["Apple Music", "Deezer"])
    #expect(release.url == "https://music.apple.com/us/album/900" && release.catalogID == "900")
    // A release no catalog saw before is named by its first link, as a night of that catalog alone names it.
    #expect(release.id == StableID.release(ReleaseReference(catalog: "itunes", id: "900")))
    let markdown = try MarkdownFormat().text(Self.listing(night).model)
    #expect(
      markdown.contains(
        "[Apple Music](https://music.apple.com/us/album/900) · [Deezer](https://www.deezer.com/album/2)"))
  }
}
