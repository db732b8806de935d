import Catalog
import Foundation
import Identity
import MusicLibrary
import State
import TestSupport
import Testing

/// Every line true and once: ownership by the kind the catalog gives, one verdict per release however many of the
/// library's artists it is credited to, and the ledger that tells it once.
struct TrustTests {
  static let today = CalendarDay(iso8601: "2026-11-29") ?? CalendarDay(daysSinceEpoch: 0)
  static let options = FinderOptions(today: today, days: 30)

  static func artist(_ name: String, albums: Int = 1, tracks: Int = 10, plays: Int = 0) -> LibraryArtist {
    LibraryArtist(key: ArtistKey(name), name: name, albumCount: albums, trackCount: tracks, playCount: plays)
  }

  static func owned(_ title: String, by artist: String) -> OwnedAlbum {
    OwnedAlbum(artistKey: ArtistKey(artist), artistName: artist, title: title, key: AlbumKey(title), trackCount: 10)
  }

  static func release(
    _ id: String, _ title: String, kind: ReleaseKind? = nil, date: String = "2026-11-08", by artist: String = "A"
  ) -> CatalogRelease {
    CatalogRelease(
      id: CatalogReleaseID(id), artistName: artist, title: title, releaseDate: CalendarDay(iso8601: date), kind: kind)
  }

  static func followed(_ artist: LibraryArtist, _ releases: [CatalogRelease]) -> FollowedArtist {
    FollowedArtist(
      artist: artist, catalogArtist: CatalogArtist(id: CatalogArtistID(artist.name), name: artist.name),
      releases: releases)
  }

  /// Each release judged on its own (two of one key in one list would be one release listed twice).
  static func categories(_ releases: [CatalogRelease], owned: [String]) -> [String: ReleaseCategory] {
    let artist = Self.artist("A")
    var result: [String: ReleaseCategory] = [:]
    for release in releases {
      let findings = ReleaseFinder(options: options).findings(
        for: artist, releases: [release], owned: owned.map { Self.owned($0, by: "A") })
      result[release.id.rawValue] = findings.first?.category
    }
    return result
  }

  // MARK: - Ownership by the catalog's kind

  @Test func anOwnedSingleCoversTheCatalogsSingleWhateverItsTitleSays() {
    // MusicBrainz: the group "One Kiss", typed Single; iTunes: "One Kiss - Single", typed by its title.
    let result = Self.categories(
      [
        Self.release("mb", "One Kiss", kind: .single), Self.release("itunes", "One Kiss - Single"),
        Self.release("ep", "Stories", kind: .ep), Self.release("ep-itunes", "Stories - EP"),
      ], owned: ["One Kiss - Single", "Stories - EP"])
    #expect(result == ["mb": .owned, "itunes": .owned, "ep": .owned, "ep-itunes": .owned])
  }

  @Test func catalogsThatDisagreeOnSingleOrEPStillCoverIt() {
    let result = Self.categories(
      [Self.release("a", "Believer", kind: .ep), Self.release("b", "Thunder - EP")],
      owned: ["Believer - Single", "Thunder - Single"])
    #expect(result == ["a": .owned, "b": .owned])
  }

  @Test func anOwnedAlbumCoversTheSingleAndEPOfItsName() {
    let result = Self.categories(
      [Self.release("single", "Evolve", kind: .single), Self.release("ep", "Evolve", kind: .ep)], owned: ["Evolve"])
    #expect(result == ["single": .owned, "ep": .owned])
  }

  @Test func owningASingleNeverCoversTheAlbumOfItsName() {
    let result = Self.categories(
      [Self.release("album", "Origins", kind: .album), Self.release("itunes", "Origins")],
      owned: ["Origins - Single"])
    #expect(result == ["album": .new, "itunes": .new])
  }

  @Test func aSingleAndAnAlbumOfOneNameAreTwoReleases() {
    // The single comes ahead of the album; owning the single leaves the album new.
    let findings = ReleaseFinder(options: Self.options).findings(
      for: Self.artist("A"),
      releases: [
        Self.release("s", "Mercury", kind: .single, date: "2026-11-01"), Self.release("a", "Mercury", kind: .album),
      ], owned: [Self.owned("Mercury - Single", by: "A")])
    #expect(findings.map(\.release.id) == ["s", "a"])
    #expect(findings.map(\.category) == [.owned, .new])
  }

  @Test func anOwnedSingleIsNeverUpcomingOrAnEdition() {
    let result = Self.categories(
      [
        Self.release("soon", "Later", kind: .single, date: "2027-01-10"),
        Self.release("deluxe", "Bones (Deluxe)", kind: .single),
      ], owned: ["Later - Single", "Bones (Deluxe) - Single"])
    #expect(result == ["soon": .owned, "deluxe": .owned])
  }

  // MARK: - One row per release

  @Test func aCollaborationIsOneFindingNamingEachOwner() {
    let wolves = Self.artist("Radio Wolves", albums: 4, plays: 300)
    let tigers = Self.artist("Broken Tigers", albums: 7, plays: 100)
    let together = Self.release("741", "Together 741", by: "Radio Wolves feat. Broken Tigers")
    let finder = ReleaseFinder(options: Self.options)
    let findings = finder.findings(
      finder.verdicts(
        [Self.followed(wolves, [together]), Self.followed(tigers, [together, Self.release("t1", "Alone")])],
        owned: [:]))
    #expect(findings.map(\.release.id) == ["741", "t1"])
    #expect(findings[0].owners.map(\.name) == ["Radio Wolves", "Broken Tigers"])
    #expect(findings[0].artist.name == "Radio Wolves")
    #expect(findings[0].reason == "you own 4 albums by Radio Wolves and 7 by Broken Tigers")
    #expect(findings[1].owners.map(\.name) == ["Broken Tigers"])
  }

  @Test func threeOwnersAndTracksAreNamedInOneLine() {
    let owners = [
      Self.artist("Ada", albums: 1), Self.artist("Bo", albums: 2), Self.artist("Cy", albums: 0, tracks: 3),
    ]
    #expect(ReleaseFinder.reason(for: owners) == "you own 1 album by Ada, 2 by Bo and 3 tracks by Cy")
  }

  @Test func aCollaborationOwnedUnderOneOfItsArtistsIsOwned() {
    let wolves = Self.artist("Radio Wolves")
    let tigers = Self.artist("Broken Tigers")
    let together = Self.release("741", "Together 741")
    let finder = ReleaseFinder(options: Self.options)
    let verdicts = finder.verdicts(
      [Self.followed(tigers, [together]), Self.followed(wolves, [together])],
      owned: [wolves.key: [Self.owned("Together 741", by: "Radio Wolves")]])
    #expect(verdicts.count == 1)
    #expect(verdicts[0].category == .owned)
    #expect(verdicts[0].owners.map(\.name) == ["Broken Tigers", "Radio Wolves"])
  }

  @Test func theLedgerTellsACollaborationOnceWhicheverKeyItWasToldUnder() throws {
    let wolves = Self.artist("Radio Wolves")
    let tigers = Self.artist("Broken Tigers")
    let together = Self.release("741", "Together 741")
    let finding = Finding(
      artist: wolves, owners: [wolves, tigers], release: together, kind: .album, category: .new, reason: "")
    let now = Date(timeIntervalSince1970: 1_795_953_600)
    let first = ReleaseLedger.apply([finding], seen: [:], now: now, onlyUnreported: true, fallback: "itunes")
    #expect(first.findings.count == 1)
    #expect(first.reported.map(\.key) == ReleaseLedger.keys(for: finding))
    #expect(first.sightings.count == 2)

    // An earlier run knew it only under Broken Tigers, as told.
    let tigersKey = ReleaseLedger.key(artist: tigers.key, release: together)
    let seen = [
      tigersKey: SeenRelease(
        key: tigersKey, title: together.title, releaseDate: nil, firstSeen: now,
        reportedAt: now, reportedAs: "new")
    ]
    let second = ReleaseLedger.apply(
      [finding], seen: ["itunes": seen], now: now, onlyUnreported: true, fallback: "itunes")
    #expect(second.findings.isEmpty)
    #expect(second.reported.isEmpty)
  }

  @Test func whatAnEarlierVersionToldUnderTheTitlesKindStaysTold() {
    let artist = Self.artist("Calvin Harris")
    let single = Self.release("mb", "One Kiss", kind: .single)
    let finding = Finding(artist: artist, release: single, kind: .single, category: .new, reason: "")
    // Before, MusicBrainz's single "One Kiss" was keyed as the title tells it: no kind.
    let legacy = LedgerKey(artist: artist.key, album: AlbumKey("One Kiss"))
    let now = Date(timeIntervalSince1970: 1_795_953_600)
    let seen = [
      legacy: SeenRelease(
        key: legacy, title: "One Kiss", releaseDate: "2026-11-08", firstSeen: now,
        reportedAt: now, reportedAs: "new")
    ]
    #expect(ReleaseLedger.key(artist: artist.key, release: single) != legacy)
    #expect(
      ReleaseLedger.apply([finding], seen: ["itunes": seen], now: now, onlyUnreported: true, fallback: "itunes")
        .findings.isEmpty)
  }

  @Test func whatAnEarlierVersionToldUnderTheCatalogsKindStaysTold() {
    let artist = Self.artist("Gorillaz")
    // Deezer types the deluxe EP an album; earlier versions keyed it so, now its title's EP counts.
    let deluxe = Self.release("dz", "Song Machine Episode 2 \u{2013} EP (Deluxe)", kind: .album)
    let typed = LedgerKey(artist: artist.key, album: AlbumKey(base: "songmachineepisode2", editions: [.deluxe]))
    #expect(ReleaseLedger.key(artist: artist.key, release: deluxe) != typed)
    let finding = Finding(artist: artist, release: deluxe, kind: .ep, category: .edition, reason: "")
    let told = [
      typed: Self.record(typed, artist, title: deluxe.title, date: "2026-11-08", told: "edition", kind: "album")
    ]
    let now = Date(timeIntervalSince1970: 1_795_953_600)
    #expect(
      ReleaseLedger.apply([finding], seen: ["itunes": told], now: now, onlyUnreported: true, fallback: "itunes")
        .findings.isEmpty)
    // An album of the EP's name has that key too, and what was told of it is not the EP's.
    let album = [
      typed: Self.record(
        typed, artist, title: "Song Machine Episode 2 (Deluxe)", date: "2026-10-01", told: "new", kind: "album")
    ]
    #expect(
      ReleaseLedger.apply([finding], seen: ["itunes": album], now: now, onlyUnreported: true, fallback: "itunes")
        .findings.count == 1)
  }

  static func record(
    _ key: LedgerKey, _ artist: LibraryArtist, title: String, date: String?, told: String?, kind: String? = nil
  ) -> SeenRelease {
    let now = Date(timeIntervalSince1970: 1_795_953_600)
    return SeenRelease(
      key: key, title: title, releaseDate: date, firstSeen: now,
      reportedAt: told == nil ? nil : now, reportedAs: told, kind: kind)
  }

  @Test func anOldSingleRecordDoesNotHideTheAlbumOfItsName() {
    let artist = Self.artist("Imagine Dragons")
    // Written before kinds were kept: MusicBrainz's single "Stories" was keyed like an album of that name.
    let key = LedgerKey(artist: artist.key, album: AlbumKey("Stories"))
    let seen = [key: Self.record(key, artist, title: "Stories", date: "2026-10-02", told: "new")]
    let album = Self.release("album", "Stories", kind: .album, date: "2026-11-20")
    let finding = Finding(artist: artist, release: album, kind: .album, category: .new, reason: "")
    let now = Date(timeIntervalSince1970: 1_795_953_600)
    let result = ReleaseLedger.apply(
      [finding], seen: ["itunes": seen], now: now, onlyUnreported: true, fallback: "itunes")
    #expect(result.findings.map(\.release.id) == ["album"])
    // Its sighting takes the old record's place, with its kind, so the next night knows it.
    #expect(result.sightings.map(\.record.key) == [key])
    #expect(result.sightings.first?.record.kind == "album")
    #expect(result.reported.map(\.section) == ["new"])
    // The same single, seen again, is still told.
    let single = Finding(
      artist: artist, release: Self.release("single", "Stories", kind: .single, date: "2026-10-02"), kind: .single,
      category: .new, reason: "")
    #expect(
      ReleaseLedger.apply([single], seen: ["itunes": seen], now: now, onlyUnreported: true, fallback: "itunes").findings
        .isEmpty)
  }

  @Test func toldAsNewUnderAnyKeyIsTold() {
    let wolves = Self.artist("Radio Wolves")
    let tigers = Self.artist("Broken Tigers")
    let together = Self.release("741", "Together 741")
    let finding = Finding(
      artist: wolves, owners: [wolves, tigers], release: together, kind: .album, category: .new, reason: "")
    let wolvesKey = ReleaseLedger.key(artist: wolves.key, release: together)
    let tigersKey = ReleaseLedger.key(artist: tigers.key, release: together)
    // An e-mail that was cut short told it as upcoming under one artist, and another as new under the other.
    let seen = [
      wolvesKey: Self.record(wolvesKey, wolves, title: "Together 741", date: "2026-11-08", told: "upcoming"),
      tigersKey: Self.record(tigersKey, tigers, title: "Together 741", date: "2026-11-08", told: "new"),
    ]
    let now = Date(timeIntervalSince1970: 1_795_953_600)
    #expect(
      ReleaseLedger.apply([finding], seen: ["itunes": seen], now: now, onlyUnreported: true, fallback: "itunes")
        .findings.isEmpty)
  }

  @Test func aCleanTwinListedUnderOneArtistOnlyIsStillOneRelease() {
    let x = Self.artist("X")
    let y = Self.artist("Y")
    var clean = Self.release("clean", "Loud")
    clean.explicitness = .clean
    var explicit = Self.release("explicit", "Loud")
    explicit.explicitness = .explicit
    let finder = ReleaseFinder(options: Self.options)
    let verdicts = finder.verdicts([Self.followed(x, [clean, explicit]), Self.followed(y, [clean])], owned: [:])
    #expect(verdicts.map(\.release.id) == ["explicit"])
    #expect(verdicts.first?.owners.map(\.name) == ["X", "Y"])
  }

  @Test func twoArtistsAlbumsOfOneTitleAreTwoReleases() {
    let finder = ReleaseFinder(options: Self.options)
    let verdicts = finder.verdicts(
      [
        Self.followed(Self.artist("X"), [Self.release("a", "Home")]),
        Self.followed(Self.artist("Y"), [Self.release("b", "Home")]),
      ],
      owned: [:])
    #expect(verdicts.map(\.release.id) == ["a", "b"])
  }

  // MARK: - Left out, with the rule that left it out

  @Test func leftOutReleasesSayWhichRule() {
    var options = Self.options
    options.kinds = [.album, .ep]
    options.ignoredTitles = ["(?i)karaoke"]
    let releases = [
      Self.release("single", "Small", kind: .single),
      CatalogRelease(
        id: "live", artistName: "A", title: "Live at Home", releaseDate: Self.today, kind: .album,
        secondaryTypes: ["live"]),
      Self.release("karaoke", "Hits (Karaoke Version)"),
      Self.release("kept", "Fine"),
    ]
    let verdicts = ReleaseFinder(options: options).verdicts([Self.followed(Self.artist("A"), releases)], owned: [:])
    let rules = Dictionary(uniqueKeysWithValues: verdicts.map { ($0.release.id, $0.rule) })
    #expect(rules["single"] == .leftOut(.kind(.single)))
    #expect(rules["karaoke"] == .leftOut(.ignoredTitle("(?i)karaoke")))
    #expect(rules["kept"] == .new)
    // A live album is new by its date; its class, not a rule, sends it under Also out.
    #expect(rules["live"] == .new)
    #expect(verdicts.first { $0.release.id == "live" }?.classification.releaseClass == .live)
  }

  @Test func aLiveAlbumOfAnOwnedTitleDoesNotStandInForTheStudioOne() {
    let live = CatalogRelease(
      id: "live", artistName: "A", title: "Home", releaseDate: Self.today, kind: .album, secondaryTypes: ["live"])
    let verdicts = ReleaseFinder(options: Self.options).verdicts(
      [Self.followed(Self.artist("A"), [live, Self.release("studio", "Home")])], owned: [:])
    #expect(verdicts.map(\.release.id).sorted() == ["live", "studio"])
    #expect(verdicts.first { $0.release.id == "studio" }?.category == .new)
  }
}
