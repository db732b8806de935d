import Catalog
import Foundation
import Identity
import Testing

@testable import State

@Suite("Artist resolutions")
struct ResolutionTests {
  @Test("save then resolutions(provider:) returns exactly what was saved, keyed by artist key")
  func roundTrip() async throws {
    let store = try StateStore(inMemory: ())
    let saved = [
      resolution("radiohead"),
      resolution("the national", status: .ambiguous, catalogID: nil),
      resolution("unknown band", status: .unresolved, catalogID: nil),
      resolution("boards of canada", status: .pinned, catalogID: "boc"),
    ]
    try await store.save(saved + [resolution("radiohead", provider: "tidal", catalogID: "t-1")])
    let loaded = try await store.resolutions(provider: "spotify")
    #expect(loaded == Dictionary(uniqueKeysWithValues: saved.map { ($0.artistKey, $0) }))
    #expect(loaded[ArtistKey(rawValue: "the national")]?.candidates == #"[{"id":"a"},{"id":"b"}]"#)
    #expect(try await store.resolutions(provider: "tidal")[ArtistKey(rawValue: "radiohead")]?.catalogID == "t-1")
    #expect(try await store.resolutions(provider: "deezer").isEmpty)
  }

  @Test("saving again replaces non-pinned rows")
  func upsertReplaces() async throws {
    let store = try StateStore(inMemory: ())
    try await store.save([resolution("a", status: .unresolved, catalogID: nil, checkedAt: 1_000)])
    let updated = resolution("a", status: .resolved, catalogID: "x", checkedAt: 2_000)
    try await store.save([updated])
    #expect(try await store.resolutions(provider: "spotify") == [ArtistKey(rawValue: "a"): updated])
  }

  @Test("save never overwrites a pinned row unless the new row is pinned too")
  func pinProtection() async throws {
    let store = try StateStore(inMemory: ())
    try await store.pin(
      provider: "spotify", artistKey: ArtistKey(rawValue: "a"), artistName: "A", catalogID: "chosen",
      catalogName: "Chosen",
      at: date(1_000))
    try await store.save([
      resolution("a", status: .resolved, catalogID: "auto", checkedAt: 2_000),
      resolution("b", status: .resolved, catalogID: "b-id"),
    ])
    var loaded = try await store.resolutions(provider: "spotify")
    #expect(loaded[ArtistKey(rawValue: "a")]?.status == .pinned)
    #expect(loaded[ArtistKey(rawValue: "a")]?.catalogID == "chosen")
    #expect(loaded[ArtistKey(rawValue: "a")]?.checkedAt == date(1_000))
    #expect(loaded[ArtistKey(rawValue: "b")]?.catalogID == "b-id")

    let repinned = resolution("a", status: .pinned, catalogID: "other", checkedAt: 3_000)
    try await store.save([repinned])
    loaded = try await store.resolutions(provider: "spotify")
    #expect(loaded[ArtistKey(rawValue: "a")] == repinned)
  }

  @Test("pin replaces an automatic resolution and keeps its candidates; unpin removes only pins")
  func pinAndUnpin() async throws {
    let store = try StateStore(inMemory: ())
    try await store.save([resolution("a", status: .ambiguous, catalogID: nil), resolution("b")])
    try await store.pin(
      provider: "spotify", artistKey: ArtistKey(rawValue: "a"), artistName: "A!", catalogID: "pick", at: date(5_000))
    let pinned = try #require(try await store.resolutions(provider: "spotify")[ArtistKey(rawValue: "a")])
    #expect(
      pinned
        == ArtistResolution(
          provider: "spotify", artistKey: ArtistKey(rawValue: "a"), artistName: "A!", catalogID: "pick",
          catalogName: nil, status: .pinned,
          candidates: #"[{"id":"a"},{"id":"b"}]"#, checkedAt: date(5_000)))

    #expect(try await store.unpin(provider: "spotify", artistKey: ArtistKey(rawValue: "a")))
    #expect(try await store.unpin(provider: "spotify", artistKey: ArtistKey(rawValue: "a")) == false)
    #expect(try await store.unpin(provider: "spotify", artistKey: ArtistKey(rawValue: "b")) == false)
    let remaining = try await store.resolutions(provider: "spotify")
    #expect(remaining.keys.sorted() == [ArtistKey(rawValue: "b")])
  }

  @Test("pin creates a row for an artist never seen before")
  func pinNewArtist() async throws {
    let store = try StateStore(inMemory: ())
    try await store.pin(
      provider: "tidal", artistKey: ArtistKey(rawValue: "new"), artistName: "New", catalogID: "n1", at: date(10))
    let loaded = try await store.resolutions(provider: "tidal")
    #expect(loaded[ArtistKey(rawValue: "new")]?.status == .pinned)
    #expect(loaded[ArtistKey(rawValue: "new")]?.catalogID == "n1")
    #expect(loaded[ArtistKey(rawValue: "new")]?.candidates == nil)
  }

  @Test("an unknown status in the file is reported, not guessed")
  func unknownStatus() async throws {
    try await withTemporaryDirectory { directory in
      let path = databasePath(in: directory)
      _ = try StateStore(directory: directory)
      try Database(path: path).run(
        "INSERT INTO artist_resolution VALUES ('spotify', 'x', 'X', NULL, NULL, 'weird', NULL, 0, NULL)")
      let store = try StateStore(directory: directory)
      await #expect(
        throws: StateError.unexpectedValue(path: path, detail: "unknown artist status 'weird' for spotify artist 'x'")
      ) {
        try await store.resolutions(provider: "spotify")
      }
    }
  }

  @Test("several catalog artists under one name, and pending decisions, are kept as saved")
  func severalMatchesAndPending() async throws {
    let store = try StateStore(inMemory: ())
    let both = ArtistResolution(
      provider: "itunes", artistKey: ArtistKey(rawValue: "youngrivers"), artistName: "Young Rivers",
      matches: [.init(id: "11", name: "Young Rivers"), .init(id: "12", name: "The Young Rivers")], status: .resolved,
      checkedAt: date(5))
    let pending = ArtistResolution(
      provider: "itunes", artistKey: ArtistKey(rawValue: "nirvana"), artistName: "Nirvana", matches: [],
      status: .pending,
      candidates: #"[{"id":"1","name":"Nirvana"},{"id":"2","name":"Nirvana"}]"#, checkedAt: date(6))
    try await store.save([both, pending])
    let loaded = try await store.resolutions(provider: "itunes")
    #expect(loaded[ArtistKey(rawValue: "youngrivers")] == both)
    #expect(loaded[ArtistKey(rawValue: "youngrivers")]?.catalogID == "11")
    #expect(loaded[ArtistKey(rawValue: "nirvana")] == pending)

    // The user pins both bands called Nirvana; a single pin reads as before.
    try await store.pin(
      provider: "itunes", artistKey: ArtistKey(rawValue: "nirvana"), artistName: "Nirvana", catalogIDs: ["1", "2"],
      at: date(7))
    try await store.pin(
      provider: "itunes", artistKey: ArtistKey(rawValue: "slayer"), artistName: "Slayer", catalogID: "3", at: date(7))
    let pinned = try await store.resolutions(provider: "itunes")
    #expect(pinned[ArtistKey(rawValue: "nirvana")]?.matches.map(\.id) == ["1", "2"])
    #expect(pinned[ArtistKey(rawValue: "nirvana")]?.status == .pinned)
    #expect(pinned[ArtistKey(rawValue: "slayer")]?.matches == [.init(id: "3")])
  }

  @Test("ArtistResolution is Codable")
  func codable() throws {
    let value = resolution("a", status: .ambiguous)
    let decoded = try JSONDecoder().decode(ArtistResolution.self, from: JSONEncoder().encode(value))
    #expect(decoded == value)
  }
}
