import Catalog
import Foundation
import Testing

@testable import State

@Suite("Response cache")
struct ResponseCacheTests {
  @Test("2,500 keys stored and looked up in one call each; missing keys are absent")
  func manyKeys() async throws {
    let store = try StateStore(inMemory: ())
    let responses = (0..<2_500).map { (key: "k\($0)", body: Data("body \($0)".utf8)) }
    try await store.store(provider: "spotify", kind: "albums", responses: responses, fetchedAt: date(100))
    let wanted = responses.map(\.key) + ["missing-1", "missing-2", "k0", "k0"]
    let found = try await store.cachedResponses(provider: "spotify", kind: "albums", keys: wanted)
    #expect(found.count == 2_500)
    #expect(found["k0"] == CachedResponse(key: "k0", body: Data("body 0".utf8), fetchedAt: date(100)))
    #expect(found["k2499"]?.body == Data("body 2499".utf8))
    #expect(found["missing-1"] == nil)
    #expect(found.allSatisfy { $0.key == $0.value.key && $0.value.body == Data("body \($0.key.dropFirst())".utf8) })
  }

  @Test("lookups are scoped by provider and kind")
  func scoping() async throws {
    let store = try StateStore(inMemory: ())
    try await store.store(
      provider: "spotify", kind: "albums", responses: [(key: "k", body: Data("a".utf8))], fetchedAt: date(1))
    try await store.store(
      provider: "spotify", kind: "search", responses: [(key: "k", body: Data("s".utf8))], fetchedAt: date(2))
    try await store.store(
      provider: "tidal", kind: "albums", responses: [(key: "k", body: Data("t".utf8))], fetchedAt: date(3))
    #expect(
      try await store.cachedResponses(provider: "spotify", kind: "albums", keys: ["k"])["k"]?.body == Data("a".utf8))
    #expect(
      try await store.cachedResponses(provider: "spotify", kind: "search", keys: ["k"])["k"]?.body == Data("s".utf8))
    #expect(try await store.cachedResponses(provider: "tidal", kind: "albums", keys: ["k"])["k"]?.fetchedAt == date(3))
    #expect(try await store.cachedResponses(provider: "tidal", kind: "search", keys: ["k"]).isEmpty)
  }

  @Test("storing a key again replaces body and fetchedAt")
  func upsert() async throws {
    let store = try StateStore(inMemory: ())
    try await store.store(
      provider: "p", kind: "albums", responses: [(key: "k", body: Data("old".utf8))], fetchedAt: date(1))
    try await store.store(
      provider: "p", kind: "albums", responses: [(key: "k", body: Data("new".utf8))], fetchedAt: date(2))
    let found = try await store.cachedResponses(provider: "p", kind: "albums", keys: ["k"])
    #expect(found == ["k": CachedResponse(key: "k", body: Data("new".utf8), fetchedAt: date(2))])
    #expect(try await store.cacheStats().entries == 1)
  }

  @Test("empty key lists, empty response lists and empty bodies")
  func emptyInputs() async throws {
    let store = try StateStore(inMemory: ())
    try await store.store(provider: "p", kind: "albums", responses: [], fetchedAt: date(1))
    #expect(try await store.cachedResponses(provider: "p", kind: "albums", keys: []).isEmpty)
    try await store.store(provider: "p", kind: "albums", responses: [(key: "e", body: Data())], fetchedAt: date(1))
    #expect(try await store.cachedResponses(provider: "p", kind: "albums", keys: ["e"])["e"]?.body == Data())
  }

  @Test("cacheStats reports entries, bytes, age range and per-kind counts")
  func stats() async throws {
    let store = try StateStore(inMemory: ())
    #expect(try await store.cacheStats() == CacheStats(entries: 0, bytes: 0, oldest: nil, newest: nil, byKind: [:]))
    try await store.store(
      provider: "spotify", kind: "albums",
      responses: [(key: "a", body: Data(count: 100)), (key: "b", body: Data(count: 50))],
      fetchedAt: date(2_000))
    try await store.store(
      provider: "tidal", kind: "albums", responses: [(key: "a", body: Data(count: 7))], fetchedAt: date(1_000))
    try await store.store(
      provider: "spotify", kind: "search", responses: [(key: "q", body: Data(count: 3))], fetchedAt: date(3_000))
    #expect(
      try await store.cacheStats()
        == CacheStats(
          entries: 4, bytes: 160, oldest: date(1_000), newest: date(3_000), byKind: ["albums": 3, "search": 1]))
  }

  @Test("clearCache(provider:) removes only that provider's rows; nil removes all")
  func clear() async throws {
    let store = try StateStore(inMemory: ())
    let responses = (0..<30).map { (key: "k\($0)", body: Data([1])) }
    try await store.store(provider: "spotify", kind: "albums", responses: responses, fetchedAt: date(1))
    try await store.store(provider: "spotify", kind: "search", responses: responses, fetchedAt: date(1))
    try await store.store(provider: "tidal", kind: "albums", responses: responses, fetchedAt: date(1))
    #expect(try await store.clearCache(provider: "spotify") == 60)
    #expect(try await store.cacheStats().entries == 30)
    #expect(try await store.cachedResponses(provider: "tidal", kind: "albums", keys: ["k0"]).count == 1)
    #expect(try await store.clearCache(provider: "nobody") == 0)
    #expect(try await store.clearCache(provider: nil) == 30)
    #expect(try await store.cacheStats().entries == 0)
  }
}
