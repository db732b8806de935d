import Basics
import Catalog
import Foundation
import Identity
import State
import TestSupport
import Testing

/// The calls the pass and the cover check make of a ``CatalogStore``, answered alike by the SQLite store a run uses
/// and the memory store the in-process pass tests use: each rule is checked against both, and a long run of mixed
/// calls gets the same answers from both at every step.
struct CatalogStoreContractTests {
  enum Kind: String, CaseIterable, Sendable {
    case sqlite, memory

    func store() throws -> any CatalogStore {
      switch self {
      // The real SQLite store, schema and all, in a database of its own that leaves nothing behind.
      case .sqlite: try StateStore(inMemory: ())
      case .memory: MemoryCatalogStore()
      }
    }
  }

  static let night = Date(timeIntervalSince1970: 1_795_953_600)

  static func resolution(
    _ key: String, _ status: ArtistResolution.Status, _ matches: [ArtistResolution.Match] = [],
    candidates: String? = nil, provider: String = "itunes", at date: Date = night
  ) -> ArtistResolution {
    ArtistResolution(
      provider: CatalogName(provider), artistKey: ArtistKey(rawValue: key), artistName: key.capitalized,
      matches: matches, status: status,
      candidates: candidates, checkedAt: date)
  }

  @Test(arguments: Kind.allCases)
  func resolutionsReadBackAsSavedByProviderAndKey(kind: Kind) async throws {
    let store = try kind.store()
    #expect(try await store.resolutions(provider: "itunes").isEmpty)
    let saved = [
      Self.resolution("nirvana", .resolved, [.init(id: "112018", name: "Nirvana")]),
      // Two catalog artists under one name, the second without a name kept.
      Self.resolution("young rivers", .resolved, [.init(id: "11", name: "Young Rivers"), .init(id: "12")]),
      Self.resolution("slayer", .ambiguous, candidates: #"[{"id":"1","name":"Slayer"}]"#),
      Self.resolution("quiet harbour", .pending, candidates: "[]"),
      Self.resolution("nobody", .unresolved),
      Self.resolution("pinned", .pinned, [.init(id: "7")]),
    ]
    try await store.save(saved)
    try await store.save([Self.resolution("nirvana", .resolved, [.init(id: "999")], provider: "deezer")])
    try await store.save([])

    let byKey = Dictionary(uniqueKeysWithValues: saved.map { ($0.artistKey, $0) })
    #expect(try await store.resolutions(provider: "itunes") == byKey)
    #expect(
      try await store.resolutions(provider: "deezer")[ArtistKey(rawValue: "nirvana")]?.matches == [.init(id: "999")])
    #expect(try await store.resolutions(provider: "musicbrainz").isEmpty)
  }

  @Test(arguments: Kind.allCases)
  func aLaterResolutionReplacesAnEarlierOneButNeverAPin(kind: Kind) async throws {
    let store = try kind.store()
    let later = Self.night.addingTimeInterval(86_400)
    try await store.save([
      Self.resolution("a", .resolved, [.init(id: "1")]), Self.resolution("b", .pinned, [.init(id: "7")]),
    ])
    try await store.save([
      Self.resolution("a", .unresolved, at: later), Self.resolution("b", .resolved, [.init(id: "8")], at: later),
    ])
    var read = try await store.resolutions(provider: "itunes")
    #expect(read[ArtistKey(rawValue: "a")] == Self.resolution("a", .unresolved, at: later))
    #expect(read[ArtistKey(rawValue: "b")] == Self.resolution("b", .pinned, [.init(id: "7")]))

    // A pin gives way to a pin; of two for one key in one call, the last holds.
    try await store.save([
      Self.resolution("b", .pinned, [.init(id: "9")], at: later), Self.resolution("a", .pending, candidates: "[]"),
      Self.resolution("a", .ambiguous, candidates: "[1]"),
    ])
    read = try await store.resolutions(provider: "itunes")
    #expect(read[ArtistKey(rawValue: "b")] == Self.resolution("b", .pinned, [.init(id: "9")], at: later))
    #expect(read[ArtistKey(rawValue: "a")] == Self.resolution("a", .ambiguous, candidates: "[1]"))
    #expect(read.count == 2)
  }

  @Test(arguments: Kind.allCases)
  func answersAreKeptByProviderKindAndKey(kind: Kind) async throws {
    let store = try kind.store()
    #expect(try await store.cachedResponses(provider: "itunes", kind: "albums", keys: []).isEmpty)
    try await store.store(
      provider: "itunes", kind: "albums",
      responses: [(key: "us/1", body: Data("one".utf8)), (key: "us/2", body: Data())],
      fetchedAt: Self.night)
    try await store.store(
      provider: "itunes", kind: "search", responses: [(key: "us/1", body: Data("search".utf8))], fetchedAt: Self.night)
    try await store.store(
      provider: "deezer", kind: "albums", responses: [(key: "us/1", body: Data("deezer".utf8))], fetchedAt: Self.night)
    try await store.store(provider: "itunes", kind: "albums", responses: [], fetchedAt: Self.night)

    let read = try await store.cachedResponses(
      provider: "itunes", kind: "albums", keys: ["us/1", "us/2", "us/3", "us/1"])
    #expect(
      read == [
        "us/1": CachedResponse(key: "us/1", body: Data("one".utf8), fetchedAt: Self.night),
        "us/2": CachedResponse(key: "us/2", body: Data(), fetchedAt: Self.night),
      ])

    // An answer arrived again replaces the one kept, body and date.
    let later = Self.night.addingTimeInterval(86_400)
    try await store.store(
      provider: "itunes", kind: "albums", responses: [(key: "us/1", body: Data("again".utf8))], fetchedAt: later)
    #expect(
      try await store.cachedResponses(provider: "itunes", kind: "albums", keys: ["us/1"])
        == ["us/1": CachedResponse(key: "us/1", body: Data("again".utf8), fetchedAt: later)])
    #expect(
      try await store.cachedResponses(provider: "deezer", kind: "albums", keys: ["us/1"])["us/1"]?.body
        == Data("deezer".utf8))
  }

  @Test(arguments: Kind.allCases)
  func coverAnswersAreKeptByProviderAndRelease(kind: Kind) async throws {
    let store = try kind.store()
    #expect(try await store.artwork(provider: "musicbrainz", releaseIDs: ["r1"]).isEmpty)
    let found = ArtworkRecord(releaseID: "r1", url: "https://covers.example/r1", checkedAt: Self.night)
    let none = ArtworkRecord(releaseID: "r2", url: nil, checkedAt: Self.night)
    try await store.saveArtwork(provider: "musicbrainz", [found, none])
    try await store.saveArtwork(
      provider: "other", [ArtworkRecord(releaseID: "r1", url: "https://elsewhere.example", checkedAt: Self.night)])
    try await store.saveArtwork(provider: "musicbrainz", [])
    #expect(
      try await store.artwork(provider: "musicbrainz", releaseIDs: ["r1", "r2", "r3", "r1"]) == [
        "r1": found, "r2": none,
      ])

    let added = ArtworkRecord(releaseID: "r2", url: "https://covers.example/r2", checkedAt: Self.night + 86_400)
    try await store.saveArtwork(provider: "musicbrainz", [added])
    #expect(try await store.artwork(provider: "musicbrainz", releaseIDs: ["r2"]) == ["r2": added])
  }

  /// Everything a pass or a cover check could read back for one provider.
  struct Reading: Equatable {
    var resolutions: [ArtistKey: ArtistResolution]
    var cached: [String: CachedResponse]
    var covers: [CatalogReleaseID: ArtworkRecord]

    init(_ store: any CatalogStore, provider: String, keys: [String]) async throws {
      resolutions = try await store.resolutions(provider: CatalogName(provider))
      cached = try await store.cachedResponses(provider: CatalogName(provider), kind: "albums", keys: keys)
      covers = try await store.artwork(provider: CatalogName(provider), releaseIDs: keys.map { CatalogReleaseID($0) })
    }
  }

  /// A few hundred calls of every kind, drawn from a few keys so they replace each other, with dates as a run's
  /// `now` has them (fractions of a second): both stores answer every read alike.
  @Test func bothStoresAnswerAMixOfCallsAlike() async throws {
    let stores = try Kind.allCases.map { try $0.store() }
    var generator = SplitMix64(seed: 22)
    let statuses = ArtistResolution.Status.allCases
    let keys = (0..<6).map { "key \($0)" }
    for step in 0..<300 {
      let date = Self.night.addingTimeInterval(Double(step) * 1_234.567_89)
      let key = keys[Int(generator.next() % 6)]
      let provider = generator.next() % 4 == 0 ? "deezer" : "itunes"
      let matches = (0..<Int(generator.next() % 3)).map {
        ArtistResolution.Match(id: CatalogArtistID("\(step)-\($0)"), name: "n\($0)")
      }
      let resolution = Self.resolution(
        key, statuses[step % statuses.count], matches, candidates: "[\(step)]", provider: provider, at: date)
      let cover = ArtworkRecord(
        releaseID: CatalogReleaseID(key), url: step % 2 == 0 ? nil : "u\(step)", checkedAt: date)
      let call = generator.next() % 3
      var readings: [Reading] = []
      for store in stores {
        switch call {
        case 0: try await store.save([resolution])
        case 1:
          try await store.store(
            provider: CatalogName(provider), kind: "albums", responses: [(key: key, body: Data("\(step)".utf8))],
            fetchedAt: date)
        default: try await store.saveArtwork(provider: CatalogName(provider), [cover])
        }
        readings.append(try await Reading(store, provider: provider, keys: keys))
      }
      #expect(readings.first == readings.last, "step \(step)")
      #expect(readings.first.map { !$0.resolutions.isEmpty || !$0.cached.isEmpty || !$0.covers.isEmpty } == true)
    }
  }
}
