import Catalog
import Foundation
import Identity
import Testing

@testable import State

@Suite("Sightings and covers")
struct SightingsAndCoversTests {
  static func date(_ seconds: Double) -> Date { Date(timeIntervalSince1970: 1_795_953_600 + seconds) }
  static let key = LedgerKey(artist: ArtistKey(rawValue: "a"), album: AlbumKey(base: "x"))

  @Test("a release seen again keeps its first sighting and what it was told as")
  func aSightingKeepsWhatWasTold() async throws {
    let store = try StateStore(inMemory: ())
    let first = SeenRelease(
      key: Self.key, title: "X", releaseDate: "2026-11-20", firstSeen: Self.date(0), kind: "album")
    try await store.recordSeen(provider: "p", [first])
    try await store.markReported(provider: "p", [(key: first.key, section: "new")], at: Self.date(1))
    var again = first
    again.firstSeen = Self.date(86_400)
    try await store.recordSeen(provider: "p", [again])
    let kept = try #require(try await store.seenReleases(provider: "p")[first.key])
    #expect(kept.firstSeen == Self.date(0))
    #expect(kept.reportedAs == "new")
    #expect(kept.kind == "album")
  }

  @Test("a record without a kind that another release of its key meets is replaced, told of nothing")
  func anOldRecordOfAnotherReleaseIsReplaced() async throws {
    let store = try StateStore(inMemory: ())
    let old = SeenRelease(
      key: Self.key, title: "X", releaseDate: "2026-10-01", firstSeen: Self.date(0))
    try await store.recordSeen(provider: "p", [old])
    try await store.markReported(provider: "p", [(key: old.key, section: "new")], at: Self.date(1))
    let album = SeenRelease(
      key: old.key, title: "X", releaseDate: "2026-11-20", firstSeen: Self.date(86_400),
      kind: "album")
    try await store.recordSeen(provider: "p", [album])
    let kept = try #require(try await store.seenReleases(provider: "p")[old.key])
    #expect(kept.releaseDate == "2026-11-20")
    #expect(kept.kind == "album")
    #expect(kept.reportedAt == nil && kept.reportedAs == nil)
  }

  @Test("cover answers are kept per provider and replaced by newer ones, in chunks past SQLite's variable limit")
  func coverAnswersAreKept() async throws {
    let store = try StateStore(inMemory: ())
    let records = (0..<1_200).map {
      ArtworkRecord(
        releaseID: CatalogReleaseID("r\($0)"), url: $0 % 2 == 0 ? "https://covers.example/\($0)" : nil,
        checkedAt: Self.date(0))
    }
    try await store.saveArtwork(provider: "p", records)
    let read = try await store.artwork(provider: "p", releaseIDs: records.map(\.releaseID) + ["unknown"])
    #expect(read.count == 1_200)
    #expect(read["r2"]?.url == "https://covers.example/2")
    #expect(read["r3"].map { $0.url == nil } == true)
    #expect(try await store.artwork(provider: "other", releaseIDs: ["r2"]).isEmpty)
    try await store.saveArtwork(
      provider: "p", [ArtworkRecord(releaseID: "r3", url: "https://covers.example/3", checkedAt: Self.date(60))])
    #expect(try await store.artwork(provider: "p", releaseIDs: ["r3"])["r3"]?.url == "https://covers.example/3")
  }
}
