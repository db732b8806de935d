import Catalog
import Foundation
import Identity
import Testing

/// The catalogs a night asks when none is named, from plain values: what the state keeps, the snapshot, the contact.
struct UnnamedNightTests {
  static let registry = ProviderRegistry.standard

  static func night(earlier: [CatalogName] = [], snapshot: String? = nil, hasContact: Bool = true) -> UnnamedNight {
    UnnamedNight(registry: registry, earlier: earlier, snapshot: snapshot, hasContact: hasContact)
  }

  static func names(_ catalogs: [any ProviderDefinition]) -> [String] { catalogs.map(\.name.rawValue) }

  @Test func withNothingKeptTheRecommendedCatalogsAreAsked() {
    #expect(Self.names(Self.night().catalogs) == ["deezer", "musicbrainz"])
    #expect(Self.night().keptEarlier == nil)
    #expect(Self.night().waitingForContact.isEmpty)
  }

  @Test func withoutAContactTheCatalogsThatAskForOneWait() {
    let night = Self.night(hasContact: false)
    #expect(Self.names(night.catalogs) == ["deezer"])
    #expect(night.waitingForContact == ["musicbrainz"])
  }

  @Test func aStateOfOtherCatalogsKeepsThemAndOneOfRecommendedOnesDoesNot() {
    let others = Self.night(earlier: ["itunes", "deezer"])
    #expect(Self.names(others.catalogs) == ["itunes", "deezer"])
    #expect(others.waitingForContact.isEmpty)
    let recommendedOnly = Self.night(earlier: ["deezer"], hasContact: false)
    #expect(recommendedOnly.keptEarlier == nil)
    #expect(Self.names(recommendedOnly.catalogs) == ["deezer"])
  }

  @Test func aSnapshotAnswersForTheCatalogsItRecorded() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("unnamed-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let itunes = folder.appendingPathComponent("itunes")
    try FileManager.default.createDirectory(at: itunes, withIntermediateDirectories: true)
    // A folder of one catalog, not recommended: that catalog, and nobody waits for a contact.
    #expect(Self.names(Self.night(snapshot: folder.path, hasContact: false).catalogs) == ["itunes"])
    #expect(Self.night(snapshot: folder.path, hasContact: false).waitingForContact.isEmpty)
    // A folder named for its catalog.
    #expect(Self.names(Self.night(snapshot: itunes.path).catalogs) == ["itunes"])
    // Recorded recommended ones are asked without the others, even with no contact.
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("musicbrainz"), withIntermediateDirectories: true)
    #expect(Self.names(Self.night(snapshot: folder.path, hasContact: false).catalogs) == ["musicbrainz"])
    // A folder that records none: the recommended ones.
    let empty = folder.appendingPathComponent("nothing")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    #expect(Self.names(Self.night(snapshot: empty.path).catalogs) == ["deezer", "musicbrainz"])
  }
}
