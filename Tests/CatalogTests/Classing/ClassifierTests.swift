import Foundation
import Identity
import MusicLibrary
import Testing

@testable import Catalog

/// A release's class from every catalog's word: the strongest claim that nothing stronger rules out, and studio
/// music when no claim stands — so new music is never hidden by a word, and a catalog that types a studio album
/// wrongly is outvoted.
struct ClassifierTests {

  static func release(
    _ title: String, _ date: String = "2026-11-20", kind: ReleaseKind = .album, secondary: [String] = [],
    types: CatalogTypes? = nil
  ) -> CatalogRelease {
    CatalogRelease(
      id: CatalogReleaseID(title), artistName: "Static Bloom", title: title, releaseDate: CalendarDay(iso8601: date),
      kind: kind, secondaryTypes: secondary, types: types)
  }

  /// MusicBrainz's typed group: complete types.
  static func musicBrainz(_ title: String, _ words: String, secondary: [String] = [], date: String = "2026-11-20")
    -> ReleaseLink
  {
    ReleaseLink(
      catalog: "musicbrainz",
      release: release(title, date, secondary: secondary, types: CatalogTypes(words: words, complete: true)))
  }

  static func deezer(_ title: String, compile: Bool = false, date: String = "2026-11-20") -> ReleaseLink {
    ReleaseLink(
      catalog: "deezer",
      release: release(
        title, date, secondary: compile ? ["compilation"] : [],
        types: compile ? CatalogTypes(words: "record_type compile", complete: false) : nil))
  }

  static func classify(_ links: [ReleaseLink], barcode: ReleaseLink? = nil) -> Classification {
    var finding = Finding(
      artist: LibraryArtist(key: ArtistKey("Static Bloom"), name: "Static Bloom"), release: links[0].release,
      kind: links[0].release.releaseKind, category: .new, reason: "")
    finding.links = links
    finding.barcodeListing = barcode
    return finding.classification
  }

  @Test func noWordIsStudioMusic() {
    let classified = Self.classify([Self.deezer("Glasshouse")])
    #expect(classified.releaseClass == .studio && classified.evidence.isEmpty)
  }

  @Test func aCatalogThatTypesEveryReleaseKeepsALookAlikeTitleInTheMainList() {
    // "Live at the End of the World" is the band's studio album; MusicBrainz types it Album.
    let classified = Self.classify([
      Self.deezer("Live at the End of the World"), Self.musicBrainz("Live at the End of the World", "Album"),
    ])
    #expect(classified.releaseClass == .studio)
    #expect(classified.evidence.map(\.source) == [.catalogTypes, .title])
  }

  @Test func aStudioAlbumTypedCompileIsOutvotedByTheCatalogThatTypesEveryRelease() {
    let classified = Self.classify([Self.deezer("Glasshouse", compile: true), Self.musicBrainz("Glasshouse", "Album")])
    #expect(classified.releaseClass == .studio)
    #expect(classified.evidence.first?.catalog == "musicbrainz")
  }

  @Test func musicBrainzTypesALiveAlbumWithoutTheWord() {
    let classified = Self.classify([
      Self.deezer("Alive 2007"), Self.musicBrainz("Alive 2007", "Album + Live", secondary: ["live"]),
    ])
    #expect(classified.releaseClass == .live)
    #expect(classified.evidence.first?.words == "Album + Live")
  }

  @Test func aSpedUpSingleStaysAVersionWhateverItsTypes() {
    // MusicBrainz has no type for a re-cut: its "Single" rules out live or remix, not this.
    let single = ReleaseLink(
      catalog: "musicbrainz",
      release: Self.release(
        "Harbour Lights (Sped Up)", kind: .single, types: CatalogTypes(words: "Single", complete: true)))
    #expect(Self.classify([single]).releaseClass == .version)
  }

  @Test func aSoundtrackTypedOnlyCompileIsTheSoundtrackItsTitleSays() {
    let classified = Self.classify([Self.deezer("Heatwave (Original Motion Picture Soundtrack)", compile: true)])
    #expect(classified.releaseClass == .soundtrack)
    #expect(classified.evidence.map(\.source) == [.title, .catalogTypes])
  }

  @Test func theStrictestOfEquallyStrongClaimsStands() {
    let classified = Self.classify([
      Self.musicBrainz("Hits Alive", "Album + Compilation + Live", secondary: ["compilation", "live"])
    ])
    #expect(classified.releaseClass == .live)
  }

  @Test func aRecordFirstOutYearsBeforeMakesAReissueOfIt() {
    let record = Self.musicBrainz("Homework", "Album", date: "1997-01-20")
    let classified = Self.classify([Self.deezer("Homework (25th Anniversary Edition)")], barcode: record)
    #expect(classified.releaseClass == .reissue)
    #expect(classified.original == OriginalRelease(title: "Homework", year: 1997))
    #expect(classified.label(for: .album) == "reissue of Homework (1997)")
    #expect(classified.evidence.first?.source == .barcode)
  }

  @Test func aRecordFirstOutNowRulesOutAReissueTheListSuggests() {
    // The band's second self-titled album: the catalog's list has the first, twenty years before.
    var listed = Self.deezer("Static Bloom")
    listed.release.listedOriginal = OriginalRelease(title: "Static Bloom", year: 2006)
    #expect(Self.classify([listed]).releaseClass == .reissue)
    let record = Self.musicBrainz("Static Bloom", "Album", date: "2026-11-20")
    #expect(Self.classify([listed], barcode: record).releaseClass == .studio)
  }

  @Test func theBarcodesRecordTypesWhatTheListingDoesNot() {
    let record = Self.musicBrainz("Daft Club", "Album + Remix", secondary: ["remix"], date: "2026-11-20")
    let classified = Self.classify([Self.deezer("Daft Club")], barcode: record)
    #expect(classified.releaseClass == .remix)
    #expect(classified.evidence.first?.sentence == "musicbrainz, asked by its barcode, types it Album + Remix")
  }

  @Test func placementsFollowTheDefaultsAndWhatThePersonSaid() {
    var placements = ClassPlacements()
    #expect(ReleaseClass.allCases.map { placements[$0] } == [.main, .main, .also, .also, .also, .also, .none, .none])
    placements[.live] = .main
    placements[.version] = .none
    #expect(placements.changed == [.live: .main])
    #expect(
      placements.described
        == "studio, soundtrack and live: main; remix, compilation and reissue: also; version and other: none")
  }

  @Test func typeWordsNameClassesAsMusicBrainzUsesThem() {
    #expect(ReleaseClass(typeWord: "Live") == .live && ReleaseClass(typeWord: "DJ-mix") == .compilation)
    #expect(ReleaseClass(typeWord: "Mixtape/Street") == nil && ReleaseClass(typeWord: "Audiobook") == .other)
  }
}
