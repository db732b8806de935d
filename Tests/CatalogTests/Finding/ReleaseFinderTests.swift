import Catalog
import Identity
import MusicLibrary
import TestSupport
import Testing

/// Sorting catalog releases into new, upcoming, editions, owned and older.
struct ReleaseFinderTests {
  static let today = CalendarDay(iso8601: "2026-11-29") ?? CalendarDay(daysSinceEpoch: 0)
  static let artist = LibraryArtist(
    key: ArtistKey("Slayer"), name: "Slayer", albumCount: 2, trackCount: 20, playCount: 300, newestYear: 2015)
  static let owned = [
    OwnedAlbum(
      artistKey: ArtistKey("Slayer"), artistName: "Slayer", title: "Reign in Blood", key: AlbumKey("Reign in Blood")),
    OwnedAlbum(artistKey: ArtistKey("Slayer"), artistName: "Slayer", title: "Repentless", key: AlbumKey("Repentless")),
  ]

  static func release(
    _ title: String,
    _ date: String?,
    id: String? = nil,
    explicitness: Explicitness = .notExplicit
  ) -> CatalogRelease {
    CatalogRelease(
      id: CatalogReleaseID(id ?? title + (date ?? "")),
      artistID: "414425",
      artistName: "Slayer",
      title: title,
      releaseDate: date.flatMap { CalendarDay(iso8601: $0) },
      trackCount: 10,
      explicitness: explicitness
    )
  }

  func classify(_ releases: [CatalogRelease], days: Int = 30, kinds: Set<ReleaseKind>? = nil) -> [String:
    ReleaseCategory]
  {
    var options = FinderOptions(today: Self.today, days: days)
    if let kinds { options.kinds = kinds }
    let findings = ReleaseFinder(options: options).findings(for: Self.artist, releases: releases, owned: Self.owned)
    return Dictionary(findings.map { ($0.release.title, $0.category) }, uniquingKeysWith: { first, _ in first })
  }

  @Test func newUpcomingOwnedAndOlder() {
    let result = classify([
      Self.release("Brand New", "2026-11-20"),
      Self.release("Announced", "2027-02-01"),
      Self.release("Reign in Blood", "1986-10-07"),
      Self.release("Show No Mercy", "1983-12-03"),
    ])
    #expect(result == ["Brand New": .new, "Announced": .upcoming, "Reign in Blood": .owned, "Show No Mercy": .older])
  }

  @Test func theWindowIsInclusiveOfItsFirstDayAndToday() {
    let result = classify([
      Self.release("First Day", "2026-10-30"), Self.release("Day Before", "2026-10-29"),
      Self.release("Today", "2026-11-29"), Self.release("Tomorrow", "2026-11-30"),
    ])
    #expect(result["First Day"] == .new)
    #expect(result["Day Before"] == .older)
    #expect(result["Today"] == .new)
    #expect(result["Tomorrow"] == .upcoming)
  }

  @Test func anEditionOfAnOwnedAlbumIsAnEditionNotNew() {
    let result = classify([
      Self.release("Reign in Blood (Expanded Edition)", "2026-11-20"),
      Self.release("Repentless (Deluxe Version)", "2026-12-20"),
      Self.release("Reign in Blood (Remastered)", "2013-01-01"),
    ])
    #expect(result["Reign in Blood (Expanded Edition)"] == .edition)
    #expect(result["Repentless (Deluxe Version)"] == .edition)
    #expect(result["Reign in Blood (Remastered)"] == .older)
  }

  @Test func owningTheAlbumCoversItsSingle() {
    let result = classify([Self.release("Repentless - Single", "2026-11-20")])
    #expect(result["Repentless - Single"] == .owned)
  }

  @Test func owningASingleDoesNotCoverTheAlbum() {
    let owned = [
      OwnedAlbum(
        artistKey: Self.artist.key, artistName: "Slayer", title: "You Against You - Single",
        key: AlbumKey("You Against You - Single"))
    ]
    let findings = ReleaseFinder(options: FinderOptions(today: Self.today, days: 30))
      .findings(for: Self.artist, releases: [Self.release("You Against You", "2026-11-20")], owned: owned)
    #expect(findings.map(\.category) == [.new])
  }

  /// How a deluxe EP is listed: the EP in its title before or after the edition part, with a hyphen, an en dash
  /// (as Apple Music and Deezer write it) or an em dash, spaced or not, typed an album, an EP or not at all.
  struct ListedEdition: CustomTestStringConvertible, Sendable {
    var title: String
    var kind: ReleaseKind?
    var testDescription: String {
      title.unicodeScalars.map { $0.isASCII ? String($0) : $0.escaped(asASCII: true) }.joined() + " typed "
        + (kind?.rawValue ?? "by its title")
    }
  }

  static let ownedEPs = [
    "Song Machine Episode 2 \u{2013} EP", "Song Machine Episode 2 - EP", "Song Machine Episode 2\u{2013}EP",
    "Song Machine Episode 2\u{00A0}\u{2013}\u{00A0}EP",
  ]

  static let listedEditions: [ListedEdition] = [
    "Song Machine Episode 2 \u{2013} EP (Deluxe)", "Song Machine Episode 2 - EP [Deluxe Edition]",
    "Song Machine Episode 2 \u{2014} EP (Deluxe)", "Song Machine Episode 2 (Deluxe) \u{2013} EP",
    "Song Machine Episode 2\u{2013}EP (Deluxe)", "Song Machine Episode 2 -EP (Deluxe)",
    "Song Machine Episode 2\u{00A0}\u{2013}\u{00A0}EP (Deluxe)",
  ].flatMap { title in [nil, .album, .ep].map { ListedEdition(title: title, kind: $0) } }

  @Test(arguments: ownedEPs, listedEditions)
  func theDeluxeEditionOfAnOwnedEPIsAnEdition(_ owned: String, _ listed: ListedEdition) {
    let gorillaz = LibraryArtist(key: ArtistKey("Gorillaz"), name: "Gorillaz", albumCount: 1, trackCount: 5)
    let ep = OwnedAlbum(artistKey: gorillaz.key, artistName: "Gorillaz", title: owned, key: AlbumKey(owned))
    let release = CatalogRelease(
      id: "1", artistName: "Gorillaz", title: listed.title, releaseDate: CalendarDay(iso8601: "2026-11-20"),
      kind: listed.kind)
    let findings = ReleaseFinder(options: FinderOptions(today: Self.today, days: 30))
      .findings(for: gorillaz, releases: [release], owned: [ep])
    #expect(findings.map(\.category) == [.edition])
    #expect(findings.first?.editionOf == owned)
    #expect(findings.first?.kind == .ep)
  }

  @Test func theRemasterOfAnOwnedSingleTypedAnAlbumIsAnEdition() {
    let owned = [
      OwnedAlbum(
        artistKey: Self.artist.key, artistName: "Slayer", title: "Repentless \u{2014} Single",
        key: AlbumKey("Repentless \u{2014} Single"))
    ]
    let release = CatalogRelease(
      id: "1", artistName: "Slayer", title: "Repentless - Single [Remastered]",
      releaseDate: CalendarDay(iso8601: "2026-11-20"), kind: .album)
    let findings = ReleaseFinder(options: FinderOptions(today: Self.today, days: 30))
      .findings(for: Self.artist, releases: [release], owned: owned)
    #expect(findings.map(\.category) == [.edition])
    #expect(findings.first?.kind == .single)
  }

  @Test func aCleanTwinCollapsesIntoTheExplicitRelease() {
    let findings = ReleaseFinder(options: FinderOptions(today: Self.today, days: 30)).findings(
      for: Self.artist,
      releases: [
        Self.release("Loud", "2026-11-20", id: "clean", explicitness: .clean),
        Self.release("Loud", "2026-11-20", id: "explicit", explicitness: .explicit),
      ],
      owned: Self.owned
    )
    #expect(findings.count == 1)
    #expect(findings.first?.release.id == "explicit")
  }

  @Test func aListingYearsAfterTheFirstIsItsReissue() throws {
    // "Divine Intervention" is listed in 1994 and again now: a reissue, named with the album it reissues.
    let findings = ReleaseFinder(options: FinderOptions(today: Self.today, days: 30)).findings(
      for: Self.artist,
      releases: [
        Self.release("Divine Intervention", "2026-11-20", id: "reissue"),
        Self.release("Divine Intervention", "1994-09-27"),
      ],
      owned: Self.owned)
    let reissue = try #require(findings.first { $0.release.id == "reissue" })
    #expect(reissue.category == .new)
    #expect(reissue.classification.releaseClass == .reissue)
    #expect(reissue.classification.original == OriginalRelease(title: "Divine Intervention", year: 1994))
    #expect(ClassPlacements().placement(of: reissue) == .also)
  }

  @Test func aRelistingWithinAYearKeepsTheEarliestDate() {
    let result = classify([
      Self.release("Divine Intervention", "2026-11-20", id: "relisted"),
      Self.release("Divine Intervention", "2026-03-02"),
    ])
    #expect(result["Divine Intervention"] == .older)
  }

  @Test func kindsCanBeLeftOut() {
    let result = classify(
      [
        Self.release("Big One", "2026-11-20"), Self.release("Small One - Single", "2026-11-21"),
        Self.release("Middle One - EP", "2026-11-22"),
      ],
      kinds: [.album, .ep])
    #expect(result.keys.sorted() == ["Big One", "Middle One - EP"])
  }

  @Test func theReasonSaysWhatYouOwn() {
    #expect(ReleaseFinder.reason(for: Self.artist) == "you own 2 albums by Slayer, newest 2015; 300 plays")
    let loose = LibraryArtist(key: ArtistKey("A"), name: "A", albumCount: 0, trackCount: 1, playCount: 0)
    #expect(ReleaseFinder.reason(for: loose) == "you have 1 track by A")
  }

  @Test func calendarDaysRoundTripThroughDaysSinceEpoch() {
    for offset in stride(from: -40_000, through: 40_000, by: 97) {
      let day = CalendarDay(daysSinceEpoch: offset)
      #expect(day.daysSinceEpoch == offset)
    }
    #expect(CalendarDay(iso8601: "1986-10-07T07:00:00Z")?.description == "1986-10-07")
    #expect(CalendarDay(iso8601: "2024-02-30") == nil)
    #expect(CalendarDay(year: 2024, month: 2, day: 29)?.adding(days: 1).description == "2024-03-01")
  }
}
