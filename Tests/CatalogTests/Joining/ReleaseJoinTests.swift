import Catalog
import Foundation
import Identity
import MusicLibrary
import State
import Testing

/// One release, one row: the same release found in several catalogs is joined, by UPC where both know it, else by
/// artist, title, kind and a date within three days; its place is the strictest any catalog gave.
struct ReleaseJoinTests {
  static let today = CalendarDay(iso8601: "2026-11-29") ?? CalendarDay(daysSinceEpoch: 0)
  static let options = FinderOptions(today: today, days: 30)
  static let artist = LibraryArtist(key: ArtistKey("Gorillaz"), name: "Gorillaz", albumCount: 3, trackCount: 30)

  static func release(
    _ id: String, _ title: String, date: String = "2026-11-20", kind: ReleaseKind? = nil, gtin: String? = nil,
    explicitness: Explicitness = .notExplicit, artwork: String? = nil
  ) -> CatalogRelease {
    CatalogRelease(
      id: CatalogReleaseID(id), artistName: "Gorillaz", title: title, releaseDate: CalendarDay(iso8601: date),
      explicitness: explicitness, url: "https://example.org/\(id)", artworkURL: artwork, kind: kind,
      gtin: gtin.flatMap(GTIN.init))
  }

  /// The findings of a night whose catalogs list `releases` for the one artist, each judged against `owned`.
  static func findings(_ releases: [String: [CatalogRelease]], order: [String], owned: [String] = []) -> [Finding] {
    let results = order.map { catalog in
      CatalogResult(
        catalog: CatalogName(catalog), linkTitle: catalog.capitalized,
        outcome: CatalogOutcome(
          followed: [
            FollowedArtist(
              artist: artist, catalogArtist: CatalogArtist(id: CatalogArtistID(catalog), name: "Gorillaz"),
              releases: releases[catalog] ?? [])
          ], problems: [], stats: CatalogStats(), coverage: .whole(1)),
        options: options)
    }
    let albums = owned.map {
      OwnedAlbum(artistKey: artist.key, artistName: "Gorillaz", title: $0, key: AlbumKey($0), trackCount: 10)
    }
    return NightOutcome(results).findings(owned: [artist.key: albums])
  }

  @Test func titlesThatReadAlikeAreOneRowWithALinkForEachCatalogInTheNightsOrder() throws {
    let findings = Self.findings(
      [
        "itunes": [Self.release("1", "Cracker Island - Single", date: "2026-11-21", kind: nil)],
        "deezer": [Self.release("2", "CRACKER ISLAND", date: "2026-11-20", kind: .single)],
        "musicbrainz": [Self.release("3", "Cracker Island", date: "2026-11-22", kind: .ep)],
      ], order: ["itunes", "deezer", "musicbrainz"])
    let row = try #require(findings.first)
    #expect(findings.count == 1)
    #expect(row.links.map(\.catalog) == ["itunes", "deezer", "musicbrainz"])
    #expect(row.links.map(\.release.id) == ["1", "2", "3"])
    #expect(row.joinedBy == .titleAndDate)
    // The first catalog's release, dated by the earliest.
    #expect(row.release.id == "1" && row.release.releaseDate == CalendarDay(iso8601: "2026-11-20"))
  }

  @Test func andAndAmpersandAndEditionWordsReadAlikeOnBothSides() {
    let findings = Self.findings(
      [
        "itunes": [Self.release("1", "Song Machine & Friends (Deluxe Edition)")],
        "deezer": [Self.release("2", "Song Machine and Friends (Deluxe)")],
      ], order: ["itunes", "deezer"])
    #expect(findings.count == 1)
    #expect(findings.first?.links.count == 2)
  }

  @Test func datesMoreThanThreeDaysApartAreTwoReleases() {
    let findings = Self.findings(
      [
        "itunes": [Self.release("1", "Humanz", date: "2026-11-10")],
        "deezer": [Self.release("2", "Humanz", date: "2026-11-14")],
      ], order: ["itunes", "deezer"])
    #expect(findings.count == 2)
  }

  @Test func anAlbumAndASingleOfOneTitleAreTwoReleases() {
    let findings = Self.findings(
      [
        "itunes": [Self.release("1", "Humanz - Single")],
        "deezer": [Self.release("2", "Humanz", kind: .album)],
      ], order: ["itunes", "deezer"])
    #expect(findings.count == 2)
  }

  @Test func theSameUPCJoinsWhateverTheTitlesSay() throws {
    let findings = Self.findings(
      [
        "itunes": [Self.release("1", "Plastic Beach (Remastered)", date: "2026-11-01", gtin: "00602445868162")],
        "deezer": [Self.release("2", "Plastic Beach: 15 Years", date: "2026-11-20", gtin: "602445868162")],
      ], order: ["itunes", "deezer"])
    let row = try #require(findings.first)
    #expect(findings.count == 1 && row.joinedBy == .gtin)
  }

  @Test func newInOneCatalogAndAnEditionOfAnOwnedAlbumInAnotherIsAnEdition() throws {
    // The owned album decides for one catalog by its title; the other's listing of the same release is the same
    // edition, whatever it says of itself.
    let findings = Self.findings(
      [
        "deezer": [Self.release("2", "Demon Days Live", gtin: "5099924352321")],
        "itunes": [Self.release("1", "Demon Days (Deluxe)", gtin: "5099924352321")],
      ], order: ["deezer", "itunes"], owned: ["Demon Days"])
    let row = try #require(findings.first)
    #expect(findings.count == 1)
    #expect(row.category == .edition && row.editionOf == "Demon Days")
  }

  @Test func anEditionAGroupingCatalogCallsOwnedIsAnEditionWhereAnotherListsItApart() throws {
    var grouping = Self.options
    grouping.catalogGroupsEditions = true
    let owned = [
      OwnedAlbum(artistKey: Self.artist.key, artistName: "Gorillaz", title: "Humanz", key: AlbumKey("Humanz"))
    ]
    func listing(_ catalog: String, _ release: CatalogRelease, _ options: FinderOptions) -> ReleaseJoin.Listing {
      let followed = FollowedArtist(
        artist: Self.artist, catalogArtist: CatalogArtist(id: CatalogArtistID(catalog), name: "Gorillaz"),
        releases: [release])
      return ReleaseJoin.Listing(
        catalog: CatalogName(catalog),
        verdicts: ReleaseFinder(options: options).verdicts([followed], owned: [Self.artist.key: owned]),
        groupsEditions: options.catalogGroupsEditions)
    }
    let musicBrainz = listing("musicbrainz", Self.release("3", "Humanz (Deluxe)"), grouping)
    let itunes = listing("itunes", Self.release("1", "Humanz (Deluxe Edition)"), Self.options)
    let joined = ReleaseFinder.findings(ReleaseJoin.join([musicBrainz, itunes]))
    #expect(joined.map(\.category) == [.edition])
    #expect(joined.first?.links.map(\.catalog) == ["musicbrainz", "itunes"])
    // Alone, the grouping catalog's word stands: its entry is the album owned.
    #expect(ReleaseFinder.findings(ReleaseJoin.join([musicBrainz])).map(\.category) == [.owned])
  }

  @Test func ownedInAnyCatalogIsOwned() {
    let findings = Self.findings(
      [
        "deezer": [Self.release("2", "The Now Now", gtin: "190295644529")],
        "itunes": [Self.release("1", "The Now Now - Special", gtin: "190295644529")],
      ], order: ["deezer", "itunes"], owned: ["The Now Now"])
    #expect(findings.map(\.category) == [.owned])
  }

  @Test func theExplicitTwinStandsAndTheFirstCoverStays() throws {
    let findings = Self.findings(
      [
        "deezer": [Self.release("2", "Humanz", explicitness: .clean, artwork: "https://deezer.example/cover.jpg")],
        "itunes": [Self.release("1", "Humanz", explicitness: .explicit, artwork: "https://apple.example/cover.jpg")],
      ], order: ["deezer", "itunes"])
    let row = try #require(findings.first)
    #expect(findings.count == 1)
    #expect(row.release.explicitness == .explicit && row.release.id == "1")
    #expect(row.release.artworkURL == "https://deezer.example/cover.jpg")
    #expect(row.links.map(\.catalog) == ["deezer", "itunes"])
  }

  @Test func theEarliestDateDecidesBetweenNewAndUpcoming() throws {
    let findings = Self.findings(
      [
        "itunes": [Self.release("1", "Humanz", date: "2026-11-30")],
        "deezer": [Self.release("2", "Humanz", date: "2026-11-28")],
      ], order: ["itunes", "deezer"])
    #expect(findings.map(\.category) == [.new])
  }

  @Test func anotherCatalogsListingNearAnyTwinsDateJoinsThem() {
    let findings = Self.findings(
      [
        "itunes": [Self.release("1", "Humanz", date: "2026-11-02"), Self.release("3", "Humanz", date: "2026-11-25")],
        "deezer": [Self.release("2", "Humanz", date: "2026-11-24")],
      ], order: ["itunes", "deezer"])
    // One catalog's two listings of one title are one release, dated by the earlier; the other catalog's listing
    // near the later one's date is that release too.
    #expect(findings.count == 1)
    #expect(findings.first?.links.map(\.release.id) == ["1", "2"])
  }

  // MARK: - The ledger across catalogs

  static func record(_ finding: Finding, told: String?, at date: Date) -> [LedgerKey: SeenRelease] {
    var records: [LedgerKey: SeenRelease] = [:]
    for key in ReleaseLedger.keys(for: finding) {
      records[key] = SeenRelease(
        key: key, title: finding.release.title,
        releaseDate: finding.release.dateText, firstSeen: date, reportedAt: told == nil ? nil : date,
        reportedAs: told, kind: finding.release.releaseKind.rawValue)
    }
    return records
  }

  @Test func aReleaseToldThroughOneCatalogIsNotToldAgainWhenAnotherListsItLater() throws {
    // Deezer typed it an EP; Apple Music calls it a single: one kind, as ownership counts them.
    let first = try #require(
      Self.findings(["deezer": [Self.release("2", "Humanz", kind: .ep)]], order: ["deezer"]).first)
    let seen: ReleaseLedger.Seen = ["deezer": Self.record(first, told: "new", at: Date(timeIntervalSince1970: 0))]
    let later = Self.findings(
      [
        "itunes": [Self.release("1", "Humanz - Single", kind: .single)],
        "deezer": [Self.release("2", "Humanz", kind: .single)],
      ], order: ["itunes", "deezer"])
    #expect(later.count == 1)
    let onlyUnreported = ReleaseLedger.apply(later, seen: seen, now: Date(), onlyUnreported: true, fallback: "itunes")
    #expect(onlyUnreported.findings.isEmpty)
    // Nor when only the other catalog lists it tonight.
    let elsewhere = Self.findings(["itunes": [Self.release("1", "Humanz - Single")]], order: ["itunes"])
    #expect(
      ReleaseLedger.apply(elsewhere, seen: seen, now: Date(), onlyUnreported: true, fallback: "itunes").findings.isEmpty
    )
  }

  @Test func theIdentityIsTheCatalogThatSawItFirst() throws {
    let deezerOnly = try #require(Self.findings(["deezer": [Self.release("2", "Humanz")]], order: ["deezer"]).first)
    let seen: ReleaseLedger.Seen = ["deezer": Self.record(deezerOnly, told: nil, at: Date(timeIntervalSince1970: 0))]
    let both = Self.findings(
      ["itunes": [Self.release("1", "Humanz")], "deezer": [Self.release("2", "Humanz")]], order: ["itunes", "deezer"])
    let told = ReleaseLedger.apply(both, seen: seen, now: Date(), onlyUnreported: false, fallback: "itunes")
    let row = try #require(told.findings.first)
    #expect(row.links.first?.catalog == "itunes")
    #expect(row.identity?.catalog == "deezer" && row.identity?.release.id == "2")
    // A release no catalog saw before is named by its first link.
    let fresh = ReleaseLedger.apply(both, seen: [:], now: Date(), onlyUnreported: false, fallback: "itunes")
    #expect(fresh.findings.first?.identity?.catalog == "itunes")
  }

  @Test func eachCatalogRecordsItsOwnSightingAndWhatWasTold() throws {
    let both = Self.findings(
      ["itunes": [Self.release("1", "Humanz")], "deezer": [Self.release("2", "Humanz")]], order: ["itunes", "deezer"])
    let told = ReleaseLedger.apply(both, seen: [:], now: Date(), onlyUnreported: true, fallback: "itunes")
    #expect(Set(told.sightings.map(\.catalog)) == ["itunes", "deezer"])
    #expect(Set(told.reported.map(\.catalog)) == ["itunes", "deezer"])
    #expect(told.reported.allSatisfy { $0.section == "new" })
  }

  @Test func anOldReleaseANewCatalogListsIsNoBackfill() throws {
    // Deezer has followed the artist for a while; MusicBrainz is new tonight and lists an old album Deezer never
    // did: that is MusicBrainz's back catalog arriving, not news.
    let known = try #require(Self.findings(["deezer": [Self.release("2", "Humanz")]], order: ["deezer"]).first)
    let seen: ReleaseLedger.Seen = ["deezer": Self.record(known, told: "new", at: Date(timeIntervalSince1970: 0))]
    let old = Self.findings(
      ["musicbrainz": [Self.release("3", "Demon Days", date: "2005-05-11")]], order: ["musicbrainz"])
    #expect(old.map(\.category) == [.older])
    let result = ReleaseLedger.apply(old, seen: seen, now: Date(), onlyUnreported: true, fallback: "itunes")
    #expect(result.findings.isEmpty)
    // While the catalog that knew the artist before does call it one.
    let same = Self.findings(["deezer": [Self.release("4", "Demon Days", date: "2005-05-11")]], order: ["deezer"])
    #expect(
      ReleaseLedger.apply(same, seen: seen, now: Date(), onlyUnreported: true, fallback: "itunes").findings.map(
        \.category) == [.backfill])
  }
}
