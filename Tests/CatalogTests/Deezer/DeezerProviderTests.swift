import Catalog
import Fixtures
import Foundation
import HTTP
import Identity
import MusicLibrary
import State
import TestSupport
import Testing

/// The Deezer provider against the fake service on 127.0.0.1 (Tests/Fakes/fake_deezer.py): paging, errors inside a
/// 200 (the quota, "no data", the rest), a fixed Accept-Language, and a whole labelled world.
struct DeezerProviderTests {
  typealias World = DeezerWorld

  /// The client as a run tunes it for Deezer, with waits short enough for a test.
  static func provider(_ server: FakeCatalogServer) -> DeezerProvider {
    var configuration = HTTPClientConfiguration(
      requestsPerMinute: 0, maxAttempts: 3, baseBackoff: .milliseconds(5), maxBackoff: .milliseconds(20),
      requestTimeout: .seconds(60), randomSeed: 3)
    DeezerCatalog().tune(&configuration)
    configuration.throttleBackoff = .milliseconds(600)
    return DeezerProvider(
      transport: LiveTransport(client: HTTPClient(configuration: configuration)),
      endpoint: DeezerEndpoint(baseURL: server.baseURL))
  }

  static let service = FakeCatalogServer.Service(catalog: "deezer")

  static func artist(_ name: String) -> LibraryArtist {
    LibraryArtist(key: ArtistKey(name), name: name, albumCount: 2, trackCount: 20, playCount: 5)
  }

  @Test func everyPageIsReadAndTheLanguageIsFixed() async throws {
    let albums = (1...45).map { World.album($0, "Album \($0)", "2020-01-\(String(format: "%02d", $0 % 28 + 1))") }
    let world = ["artists": [World.artist(27, "Daft Punk", albums: albums)]]
    try await FakeCatalogServer.with(Self.service, arguments: ["--max-limit", "20"], world: FakeWorld(building: world))
    { server in
      let lists = try await Self.provider(server).releases(of: ["27"])
      #expect(lists["27"]?.releases.count == 45)
      let log = try await server.requestLog()
      #expect(log.count == 3)  // 20 + 20 + 5
      #expect(log.allSatisfy { $0.acceptLanguage == "en" })
      #expect(log.allSatisfy { $0.userAgent?.hasPrefix("deepcut/") == true })
    }
  }

  @Test func anUnknownIdIsAnEmptyListAndAnotherErrorIsNeverOne() async throws {
    let world = ["artists": [World.artist(1, "Ada North", albums: [World.album(5, "First", "2026-11-20")])]]
    try await FakeCatalogServer.with(Self.service, world: FakeWorld(building: world)) { server in
      let provider = Self.provider(server)
      let gone = try await provider.releases(of: ["404"])
      #expect(gone["404"]?.releases.isEmpty == true)
      try await server.setKnobs(FakeKnobs { $0.errorNext = 1 })
      await #expect(throws: CatalogError.self) { try await provider.releases(of: ["1"]) }
      #expect(try await provider.releases(of: ["1"])["1"]?.releases.map(\.title) == ["First"])
    }
  }

  @Test func theQuotaErrorIsWaitedOutAndItsAnswerNeverKept() async throws {
    let world = [
      "artists": (1...8).map { World.artist($0, "Artist \($0)", albums: [World.album($0, "A\($0)", "2026-11-20")]) }
    ]
    try await FakeCatalogServer.with(Self.service, world: FakeWorld(building: world)) { server in
      let provider = Self.provider(server)
      try await server.setKnobs(FakeKnobs { $0.quotaNext = 3 })
      var lists: [CatalogArtistID: ReleaseList] = [:]
      for id in 1...8 { lists.merge(try await provider.releases(of: [CatalogArtistID("\(id)")])) { $1 } }
      #expect(lists.count == 8 && lists.values.allSatisfy { $0.releases.count == 1 })
      #expect(lists.values.allSatisfy { !String(decoding: $0.body, as: UTF8.self).contains("Quota") })
      let faults = try await server.requestLog().compactMap { $0.fault }
      #expect(faults == ["quota", "quota", "quota"])
      #expect(try await server.requestCount == 8 + 3)
    }
  }

  @Test func aSearchTakesTheArtistNotItsTribute() async throws {
    let world = [
      "artists": [
        World.artist(2, "Tribute to Portishead", fans: 90_000), World.artist(1, "Portishead", fans: 500),
        World.artist(3, "Portishead Karaoke Band"),
      ]
    ]
    try await FakeCatalogServer.with(Self.service, world: FakeWorld(building: world)) { server in
      let found = try await Self.provider(server).search([Self.artist("Portishead")])
      #expect(found.first?.exact.map(\.id) == ["1"])
      #expect(found.first?.near.contains { $0.id == "2" || $0.id == "3" } == false)
    }
  }

  @Test func anExactNameSixtyFullerNamesDownIsFoundOnTheNextPage() async throws {
    let fuller = (0..<60).map { World.artist(100 + $0, "Golden \($0 + 1) Golden", fans: 90_000 - $0) }
    let world = ["artists": fuller + [World.artist(7, "Golden Golden", fans: 40)]]
    try await FakeCatalogServer.with(Self.service, world: FakeWorld(building: world)) { server in
      // Ranked as Deezer ranks, popular names first: the exact name is the 61st hit.
      try await server.setKnobs(FakeKnobs { $0.exactFirst = false })
      let found = try await Self.provider(server).search([Self.artist("Golden Golden")])
      #expect(found.first?.exact.map(\.id) == ["7"])
      let pages = try await server.requestLog().map { entry in
        [entry.query["q"], entry.query["limit"], entry.query["index"]]
      }
      #expect(pages == [["Golden Golden", "10", nil], ["Golden Golden", "100", "10"]])
    }
  }

  /// The labelled world, scored as for the other catalogs: the new and upcoming releases of the artists owned are
  /// found, nothing owned, old, by a stranger or by a tribute act is called new.
  @Test(arguments: [31, 32] as [UInt64])
  func findsTheNewAndUpcomingAndNothingElse(seed: UInt64) async throws {
    let world = LabelledWorld(artists: 400, seed: seed)
    try await FakeCatalogServer.with(
      Self.service, arguments: ["--quota", "0"], world: FakeWorld(building: World.from(world))
    ) { server in
      let store = try StateStore(directory: NSTemporaryDirectory() + "deepcut-dz-world-" + UUID().uuidString)
      let pass = CatalogPass(
        provider: Self.provider(server), store: store, options: CatalogPassOptions(),
        now: Date(timeIntervalSince1970: 1_795_953_600))
      let outcome = try await pass.run(world.library)
      #expect(outcome.coverage.complete)
      let reported = world.reported(outcome)
      let inCatalog = Set(world.catalog.flatMap { $0.albums.map { String($0.id) } })
      let truth = Set(
        world.labels.filter { ($0.value == .new || $0.value == .upcoming) && inCatalog.contains($0.key) }.map(\.key))
      let found = Set(reported.keys).intersection(truth)
      #expect(truth.count > 150)
      #expect(Double(found.count) / Double(truth.count) >= 0.99, "found \(found.count) of \(truth.count)")
      let wrong = Set(reported.keys).subtracting(truth).map { ($0, world.labels[$0]) }
      #expect(wrong.isEmpty, "called new or upcoming: \(wrong)")
    }
  }
}
