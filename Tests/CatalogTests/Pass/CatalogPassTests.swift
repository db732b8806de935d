import Catalog
import Fixtures
import Foundation
import HTTP
import Identity
import MusicLibrary
import State
import TestSupport
import Testing

/// The catalog pass against the fake iTunes server on 127.0.0.1, through the real HTTP client and a real
/// SQLite state file: request counts are read from the server's own log.
struct CatalogPassTests {
  static let now = Date(timeIntervalSince1970: 1_795_953_600)  // 2026-11-29T12:00:00Z

  /// A world of `count` artists "Artist 0" … with three albums each; the library owns the first.
  static func world(artists count: Int, offset: Int = 0) -> [String: Any] {
    var artists: [[String: Any]] = []
    for index in offset..<(offset + count) {
      artists.append([
        "artistId": 1_000 + index, "artistName": "Artist \(index)", "primaryGenreName": "Rock",
        "albums": [
          ["collectionId": 500_000 + index * 10, "collectionName": "Owned \(index)", "releaseDate": "2010-05-01"],
          ["collectionId": 500_000 + index * 10 + 1, "collectionName": "Fresh \(index)", "releaseDate": "2026-11-20"],
          ["collectionId": 500_000 + index * 10 + 2, "collectionName": "Soon \(index)", "releaseDate": "2027-02-01"],
        ],
      ])
    }
    return ["artists": artists]
  }

  static func library(artists count: Int) -> OwnedLibrary {
    var artists: [LibraryArtist] = []
    var albums: [OwnedAlbum] = []
    for index in 0..<count {
      let key = ArtistKey("Artist \(index)")
      artists.append(LibraryArtist(key: key, name: "Artist \(index)", albumCount: 1, trackCount: 10, playCount: 5))
      albums.append(
        OwnedAlbum(
          artistKey: key, artistName: "Artist \(index)", title: "Owned \(index)", key: AlbumKey("Owned \(index)")))
    }
    return OwnedLibrary(artists: artists, albums: albums)
  }

  static func client() -> HTTPClient {
    HTTPClient(
      configuration: HTTPClientConfiguration(
        requestsPerMinute: 0, maxAttempts: 3, baseBackoff: .milliseconds(5), maxBackoff: .milliseconds(20),
        throttleBackoff: .milliseconds(100), requestTimeout: .seconds(60), randomSeed: 7))
  }

  static func pass(
    _ server: FakeCatalogServer,
    store: StateStore,
    at now: Date = now,
    country: String = "US",
    configure: (inout CatalogPassOptions) -> Void = { _ in }
  ) -> CatalogPass {
    var options = CatalogPassOptions()
    configure(&options)
    return CatalogPass(
      provider: ITunesProvider(
        transport: LiveTransport(client: client()), endpoint: ITunesEndpoint(baseURL: server.baseURL, country: country)),
      store: store,
      options: options,
      now: now
    )
  }

  static func store() throws -> StateStore {
    try StateStore(directory: NSTemporaryDirectory() + "deepcut-catalog-" + UUID().uuidString)
  }

  static func urls(_ server: FakeCatalogServer) async throws -> [String] {
    try await server.requestLog().map { entry in
      let query = entry.query.map { "\($0.key)=\($0.value)" }.sorted()
      return entry.path + "?" + query.joined(separator: "&")
    }
  }

  @Test func coldWarmAndHotRunsMakeOnlyTheRequestsTheyMust() async throws {
    let artists = 250
    try await FakeCatalogServer.with(world: FakeWorld(building: Self.world(artists: artists))) { server in
      let store = try Self.store()
      let library = Self.library(artists: artists)

      // Cold: one search per artist, then ceil(250 / 100) album lookups.
      let cold = try await Self.pass(server, store: store).run(library)
      let coldURLs = try await Self.urls(server)
      #expect(coldURLs.count == artists + 3)
      #expect(Set(coldURLs).count == coldURLs.count, "a request was made twice")
      #expect(cold.stats.searches == artists)
      #expect(cold.stats.lookups == 3)
      #expect(cold.stats.requests == artists + 3)
      #expect(cold.releases.count == artists)
      #expect(cold.problems.isEmpty)

      // Warm: a day later, resolutions are remembered and album lists are stale. The artists whose re-check day
      // it is are searched again: about one in thirty.
      try await server.clearLog()
      let later = Self.now.addingTimeInterval(21 * 3600)
      let due = library.artists.count {
        RecheckSchedule(windowDays: 30).isDue($0.key.rawValue, checkedAt: Self.now, now: later)
      }
      #expect((1...20).contains(due))
      let warm = try await Self.pass(server, store: store, at: later).run(library)
      #expect(try await server.requestCount == 3 + due)
      #expect(warm.stats.searches == due)
      #expect(warm.stats.cacheHits == 0)

      // Hot: an hour later everything is fresh.
      try await server.clearLog()
      let hot = try await Self.pass(server, store: store, at: Self.now.addingTimeInterval(22 * 3600)).run(library)
      #expect(try await server.requestCount == 0)
      #expect(hot.stats.cacheHits == artists)
      #expect(hot.releases == warm.releases)
    }
  }

  /// The album cache holds each artist's records as the catalog sent them, fields deepcut does not read included,
  /// and still reads entries written the way earlier versions wrote them (re-encoded, slashes escaped).
  @Test func theCacheKeepsRecordsAsSentAndReadsOlderEntries() async throws {
    try await FakeCatalogServer.with(world: FakeWorld(building: Self.world(artists: 2))) { server in
      let store = try Self.store()
      let library = Self.library(artists: 2)
      _ = try await Self.pass(server, store: store).run(library)
      let cached = try await store.cachedResponses(provider: "itunes", kind: "albums", keys: ["us/1000", "us/1001"])
      let body = try #require(cached["us/1000"]?.body)
      let records = try #require(try JSONSerialization.jsonObject(with: body) as? [[String: Any]])
      // Most recent first, as the lookup asks.
      #expect(records.map { $0["collectionName"] as? String } == ["Soon 0", "Fresh 0", "Owned 0"])
      #expect(records.allSatisfy { $0["collectionPrice"] != nil && $0["country"] as? String == "USA" })
      #expect(!String(decoding: body, as: UTF8.self).contains("\\/"))

      let older = Data(
        (#"[{"wrapperType":"collection","collectionType":"Album","artistId":1000,"collectionId":9,"#
          + #""artistName":"Artist 0","collectionName":"AC\/DC Covers","releaseDate":"2026-11-21T08:00:00Z"}]"#).utf8)
      try await store.store(provider: "itunes", kind: "albums", responses: [("us/1000", older)], fetchedAt: Self.now)
      try await server.clearLog()
      let hot = try await Self.pass(server, store: store, at: Self.now.addingTimeInterval(3600)).run(library)
      #expect(try await server.requestCount == 0)
      #expect(hot.releases[ArtistKey("Artist 0")]?.map(\.title) == ["AC/DC Covers"])
      #expect(hot.releases[ArtistKey("Artist 1")]?.count == 3)
    }
  }

  @Test func batchesRespectTheConfiguredSize() async throws {
    try await FakeCatalogServer.with(world: FakeWorld(building: Self.world(artists: 30))) { server in
      let outcome = try await Self.pass(server, store: try Self.store()) { $0.batchSize = 7 }.run(
        Self.library(artists: 30))
      let lookups = try await server.requestLog().filter { $0.path == "/lookup" }
      #expect(lookups.count == 5)
      let idCounts = lookups.map {
        ($0.query["id"] ?? "").split(separator: ",").count
      }
      #expect(idCounts.max() == 7)
      #expect(idCounts.reduce(0, +) == 30)
      #expect(outcome.releases.count == 30)
    }
  }

  @Test func albumsAreSplitByPositionNotByTheirArtistID() async throws {
    // A collaboration is listed under both artists but credited to the first one only.
    let world: [String: Any] = [
      "artists": [
        [
          "artistId": 11, "artistName": "Ada North",
          "albums": [["collectionId": 901, "collectionName": "Together", "releaseDate": "2026-11-25"]],
        ],
        [
          "artistId": 12, "artistName": "Bo South",
          "albums": [
            [
              "collectionId": 901, "collectionName": "Together", "releaseDate": "2026-11-25", "artistId": 11,
              "artistName": "Ada North & Bo South",
            ],
            ["collectionId": 902, "collectionName": "Alone", "releaseDate": "2026-11-01"],
          ],
        ],
      ]
    ]
    let library = OwnedLibrary(
      artists: [
        LibraryArtist(key: ArtistKey("Ada North"), name: "Ada North", trackCount: 3),
        LibraryArtist(key: ArtistKey("Bo South"), name: "Bo South", trackCount: 3),
      ],
      albums: []
    )
    try await FakeCatalogServer.with(world: FakeWorld(building: world)) { server in
      let outcome = try await Self.pass(server, store: try Self.store()).run(library)
      #expect(outcome.releases[ArtistKey("Ada North")]?.map(\.title) == ["Together"])
      #expect(Set(outcome.releases[ArtistKey("Bo South")]?.map(\.title) ?? []) == ["Together", "Alone"])
      #expect(outcome.releases[ArtistKey("Bo South")]?.first { $0.title == "Together" }?.artistID == "11")
    }
  }

  static var twoSlayers: [String: Any] {
    [
      "artists": [
        [
          "artistId": 907_800_827, "artistName": "Slayer", "primaryGenreName": "Electronic",
          "albums": [["collectionId": 71, "collectionName": "Bass Drops", "releaseDate": "2026-11-10"]],
        ],
        [
          "artistId": 414_425, "artistName": "Slayer", "primaryGenreName": "Metal", "amgArtistId": 4_920,
          "albums": [
            ["collectionId": 72, "collectionName": "Reign in Blood", "releaseDate": "1986-10-07"],
            ["collectionId": 73, "collectionName": "Repentless", "releaseDate": "2015-09-11"],
          ],
        ],
        ["artistId": 55, "artistName": "Slayer the Player", "albums": []],
      ]
    ]
  }

  @Test func namesakesAreToldApartByTheAlbumsYouOwn() async throws {
    let slayer = ArtistKey("Slayer")
    let library = OwnedLibrary(
      artists: [LibraryArtist(key: slayer, name: "Slayer", albumCount: 1, trackCount: 10)],
      albums: [
        OwnedAlbum(artistKey: slayer, artistName: "Slayer", title: "Reign In Blood", key: AlbumKey("Reign In Blood"))
      ]
    )
    try await FakeCatalogServer.with(world: FakeWorld(building: Self.twoSlayers)) { server in
      let store = try Self.store()
      let outcome = try await Self.pass(server, store: store).run(library)
      #expect(outcome.catalogArtists[slayer]?.map(\.id) == ["414425"])
      #expect(outcome.problems.isEmpty)
      // One search, then one lookup holding both candidates: no request for the choice alone.
      #expect(try await server.requestCount == 2)
      let remembered = try await store.resolutions(provider: "itunes")
      #expect(remembered[slayer]?.catalogID == "414425")
      #expect(remembered[slayer]?.status == .resolved)
    }
  }

  @Test func namesakesWithoutOverlapNeedAttentionAndAreNotGuessed() async throws {
    let slayer = ArtistKey("Slayer")
    let library = OwnedLibrary(
      artists: [LibraryArtist(key: slayer, name: "Slayer", albumCount: 1, trackCount: 10)],
      albums: [OwnedAlbum(artistKey: slayer, artistName: "Slayer", title: "Live Undead", key: AlbumKey("Live Undead"))]
    )
    try await FakeCatalogServer.with(world: FakeWorld(building: Self.twoSlayers)) { server in
      let store = try Self.store()
      let outcome = try await Self.pass(server, store: store).run(library)
      #expect(outcome.releases[slayer] == nil)
      let problem = try #require(outcome.problems.first)
      #expect(problem.kind == .ambiguous)
      #expect(Set(problem.candidates.map(\.id)) == ["414425", "907800827"])

      // Pinning settles it: the next run asks no search and reports the pinned artist's albums.
      try await store.pin(
        provider: "itunes", artistKey: slayer, artistName: "Slayer", catalogID: "414425", at: Self.now)
      try await server.clearLog()
      let pinned = try await Self.pass(server, store: store).run(library)
      #expect(pinned.catalogArtists[slayer]?.map(\.id) == ["414425"])
      #expect(pinned.problems.isEmpty)
      let paths = try await server.requestLog().compactMap { $0.path }
      #expect(!paths.contains("/search"))
    }
  }

  @Test func unknownArtistsAreReportedAndNotSearchedAgainTonight() async throws {
    let library = OwnedLibrary(
      artists: [LibraryArtist(key: ArtistKey("Nobody Knows"), name: "Nobody Knows", trackCount: 2)], albums: [])
    try await FakeCatalogServer.with(world: FakeWorld(building: Self.world(artists: 1))) { server in
      let store = try Self.store()
      let first = try await Self.pass(server, store: store).run(library)
      #expect(first.problems.map(\.kind) == [.unresolved])
      try await server.clearLog()
      let second = try await Self.pass(server, store: store, at: Self.now.addingTimeInterval(3600)).run(library)
      #expect(second.problems.map(\.kind) == [.unresolved])
      #expect(try await server.requestCount == 0)
      // A week later it is worth another look.
      _ = try await Self.pass(server, store: store, at: Self.now.addingTimeInterval(8 * 86_400)).run(library)
      #expect(try await server.requestCount == 1)
    }
  }

  @Test func aFailedLookupIsReportedAndNeverCached() async throws {
    try await FakeCatalogServer.with(world: FakeWorld(building: Self.world(artists: 3))) { server in
      let store = try Self.store()
      let library = Self.library(artists: 3)
      // Resolve first, then make every album lookup fail past the client's retries.
      _ = try await Self.pass(server, store: store).run(library)
      try await server.setKnobs(
        FakeKnobs {
          $0.failNext = 3; $0.failStatus = 503
        })
      let failed = try await Self.pass(server, store: store, at: Self.now.addingTimeInterval(21 * 3600)).run(library)
      #expect(failed.problems.count == 3)
      #expect(failed.problems.allSatisfy { $0.kind == .failed })
      #expect(failed.problems.first?.detail.contains("503") == true)
      #expect(failed.releases.isEmpty)

      // The failure left nothing behind: the next run asks again and succeeds.
      try await server.clearLog()
      let retried = try await Self.pass(server, store: store, at: Self.now.addingTimeInterval(21 * 3600 + 60)).run(
        library)
      #expect(try await server.requestCount == 1)
      #expect(retried.problems.isEmpty)
      #expect(retried.releases.count == 3)
    }
  }

  @Test func offlineAnswersFromTheCacheWhateverItsAge() async throws {
    try await FakeCatalogServer.with(world: FakeWorld(building: Self.world(artists: 4))) { server in
      let store = try Self.store()
      let library = Self.library(artists: 4)
      let online = try await Self.pass(server, store: store).run(library)
      try await server.clearLog()
      let offline = try await Self.pass(server, store: store, at: Self.now.addingTimeInterval(90 * 86_400)) {
        $0.offline = true
      }.run(library)
      #expect(try await server.requestCount == 0)
      #expect(offline.releases == online.releases)

      let empty = try await Self.pass(server, store: try Self.store()) { $0.offline = true }.run(library)
      #expect(empty.problems.count == 4)
      #expect(empty.problems.allSatisfy { $0.kind == .notCached })
      #expect(try await server.requestCount == 0)
    }
  }

  @Test func aRejectedRequestSurfacesTheCatalogsMessage() async throws {
    try await FakeCatalogServer.with(world: FakeWorld(building: Self.world(artists: 1))) { server in
      // The store code "UK" is not one the API accepts (it wants GB).
      let outcome = try await Self.pass(server, store: try Self.store(), country: "UK").run(Self.library(artists: 1))
      let problem = try #require(outcome.problems.first)
      #expect(problem.kind == .failed)
      #expect(problem.detail.contains("Invalid value(s) for key(s): [country]"))
    }
  }

  @Test func namesWithAmpersandsAndPlusSignsAreSearchedVerbatim() async throws {
    let world: [String: Any] = [
      "artists": [
        ["artistId": 1, "artistName": "Simon & Garfunkel", "albums": []],
        ["artistId": 2, "artistName": "Florence + the Machine", "albums": []],
      ]
    ]
    let library = OwnedLibrary(
      artists: [
        LibraryArtist(key: ArtistKey("Simon & Garfunkel"), name: "Simon & Garfunkel", trackCount: 1),
        LibraryArtist(key: ArtistKey("Florence + the Machine"), name: "Florence + the Machine", trackCount: 1),
      ],
      albums: []
    )
    try await FakeCatalogServer.with(world: FakeWorld(building: world)) { server in
      let outcome = try await Self.pass(server, store: try Self.store()).run(library)
      #expect(outcome.catalogArtists[ArtistKey("Simon & Garfunkel")]?.map(\.id) == ["1"])
      #expect(outcome.catalogArtists[ArtistKey("Florence + the Machine")]?.map(\.id) == ["2"])
      let terms = try await server.requestLog().compactMap { $0.query["term"] }
      #expect(Set(terms) == ["Simon & Garfunkel", "Florence + the Machine"])
    }
  }

  @Test func aDeadNetworkIsConnectivityNotAnEmptyNight() async throws {
    // A port nothing listens on: every request is refused.
    let pass = CatalogPass(
      provider: ITunesProvider(
        transport: LiveTransport(client: Self.client()),
        endpoint: ITunesEndpoint(baseURL: try #require(URL(string: "http://127.0.0.1:9")))),
      store: try Self.store(),
      options: CatalogPassOptions(),
      now: Self.now
    )
    let outcome = try await pass.run(Self.library(artists: 2))
    #expect(outcome.stats.connectivityFailures == 2)
    #expect(outcome.releases.isEmpty)
    #expect(outcome.problems.allSatisfy { $0.kind == .failed })
  }
}
