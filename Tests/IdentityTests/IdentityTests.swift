import Foundation
import Identity
import MusicLibrary
import Testing

@Suite struct IdentityTests {
  @Test(arguments: [
    "Kid A", "Kid A (Deluxe Edition)", "OK Computer (Remastered) [Collector's Edition]", "One Kiss - Single",
    "Song Machine Episode 2 – EP (Deluxe)", "!!!", "[ ]", "<>", "Live [deluxe] <single>", "Anniversary",
  ])
  func anAlbumKeyReadsBackAsItWasKept(title: String) throws {
    let key = AlbumKey(title)
    #expect(AlbumKey(description: key.description) == key)
  }

  @Test func textNoKeyPrintsAsIsRefusedOrReadAsABase() {
    #expect(AlbumKey(description: "") == nil)
    #expect(AlbumKey(description: "kida [bogus]") == AlbumKey(base: "kida [bogus]"))
    #expect(AlbumKey(description: "kida <album>") == AlbumKey(base: "kida <album>"))
    #expect(
      AlbumKey(description: "kida [deluxe+remaster] <ep>")
        == AlbumKey(base: "kida", editions: [.deluxe, .remaster], kind: .ep))
  }

  @Test func namesOfDifferentKindsStayApartAndSortByText() {
    let names: [CatalogName] = ["musicbrainz", "deezer", "itunes"]
    #expect(names.sorted().map(\.rawValue) == ["deezer", "itunes", "musicbrainz"])
    let references = [
      ReleaseReference(catalog: "musicbrainz", id: "1"), ReleaseReference(catalog: "deezer", id: "2"),
    ]
    #expect(references.sorted().map(\.description) == ["deezer 2", "musicbrainz 1"])
    #expect(
      LedgerKey(artist: ArtistKey("Radiohead"), album: AlbumKey("Kid A (Deluxe)")).description
        == "radiohead / kida [deluxe]")
  }

  @Test func identitiesAreTextInJSON() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let encoded = try encoder.encode(ReleaseReference(catalog: "deezer", id: "302127"))
    #expect(String(decoding: encoded, as: UTF8.self) == #"{"catalog":"deezer","id":"302127"}"#)
  }

  /// A push channel's identity reads back from what the state keeps, and nothing else reads as one: a channel's name,
  /// a URL, a hash cut short or in capitals.
  @Test func aPushChannelsIdentityIsAServiceAndSixteenHexDigits() {
    let id = PushChannelID(service: "Gotify", hash: 0x00ab_cdef_0123_4567)
    #expect(id.rawValue == "gotify:00abcdef01234567" && id.mark == "00abcd" && id.service == "gotify")
    #expect(PushChannelID(rawValue: id.rawValue) == id)
    #expect(PushChannelID(rawValue: "ntfy:0123456789abcdef")?.hash == 0x0123_4567_89ab_cdef)
    for text in [
      "ntfy topic mu… on ntfy.sh #a1b2c3", "ntfy://tk_secret@ntfy.sh/music", "ntfy:a1b2c3", "ntfy:0123456789ABCDEF",
      ":0123456789abcdef", "1ntfy:0123456789abcdef", "ntfy:0123456789abcdef0", "ntfy :0123456789abcdef",
    ] {
      #expect(PushChannelID(rawValue: text) == nil, "\(text)")
    }
  }

  @Test func aReleaseKindReadsFromItsLabelInAnyCase() {
    #expect(ReleaseKind.allCases.map { ReleaseKind(label: $0.label) } == ReleaseKind.allCases)
    #expect(ReleaseKind(label: "Single") == .single && ReleaseKind(label: "LP") == nil)
  }
}
