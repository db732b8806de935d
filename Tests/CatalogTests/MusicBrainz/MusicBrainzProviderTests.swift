import Catalog
import Fixtures
import Foundation
import HTTP
import Identity
import MusicLibrary
import State
import Synchronization
import TestSupport
import Testing

/// The MusicBrainz provider against the fake service on 127.0.0.1 (Tests/Fakes/fake_musicbrainz.py): the wire
/// format of the recordings, the Lucene subset deepcut sends, its 503 rate limiter and its User-Agent rule.
struct MusicBrainzProviderTests {
  typealias World = MusicBrainzWorld
  static let today = CalendarDay(iso8601: "2026-11-29") ?? CalendarDay(daysSinceEpoch: 0)

  static func client(userAgent: String = "deepcut/test ( tests@example.org )") -> HTTPClient {
    HTTPClient(
      configuration: HTTPClientConfiguration(
        requestsPerMinute: 0, maxAttempts: 3, baseBackoff: .milliseconds(5), maxBackoff: .milliseconds(20),
        throttleBackoff: .milliseconds(200), maxThrottleWaits: 4, requestTimeout: .seconds(60),
        userAgent: userAgent, randomSeed: 7))
  }

  static func provider(_ server: FakeCatalogServer, client: HTTPClient = client()) -> MusicBrainzProvider {
    MusicBrainzProvider(
      transport: LiveTransport(client: client),
      endpoint: MusicBrainzEndpoint(baseURL: server.baseURL, coverArtURL: server.baseURL),
      since: today.adding(days: -30), horizon: today.adding(days: MusicBrainzProvider.horizonDays))
  }

  static func artist(_ name: String, albums: Int = 1, plays: Int = 10, others: [String] = []) -> LibraryArtist {
    LibraryArtist(
      key: ArtistKey(name), name: name, albumCount: albums, trackCount: 10, playCount: plays,
      otherSpellings: others)
  }

  static func queries(_ server: FakeCatalogServer) async throws -> [String] {
    try await server.requestLog().compactMap { $0.query["query"] }
  }

  @Test func aWholeBatchIsResolvedInOneRequest() async throws {
    let world: [String: Any] = ["artists": (0..<30).map { World.artist($0, "Quiet Harbour \($0)") }]
    try await FakeCatalogServer.with(.musicbrainz, world: FakeWorld(building: world)) { server in
      let batch = (0..<25).map { Self.artist("Quiet Harbour \($0)") }
      let answers = try await Self.provider(server).search(batch)
      #expect(answers.map { $0.exact.map(\.id.rawValue) } == (0..<25).map { [World.id($0)] })
      #expect(try await server.requestCount == 1)
      let log = try await server.requestLog()
      #expect(log.first?.userAgent == "deepcut/test ( tests@example.org )")
      #expect(log.first?.status == 200)
    }
  }

  @Test func namesFoundByAliasOrSortNameOrCrowdedOutAreAskedAgainInSmallBatches() async throws {
    // 110 artists named "Metal" fill a page before "Quiet Owls" comes; "Blue Harbours" is an alias only.
    var artists = (0..<110).map { World.artist($0, "Metal", disambiguation: "metal band number \($0)") }
    artists.append(World.artist(200, "Quiet Owls"))
    artists.append(World.artist(201, "Blå Hamnar", aliases: ["Blue Harbours"]))
    artists.append(World.artist(202, "Beatles, The Real", sortName: "Fab Four"))
    try await FakeCatalogServer.with(.musicbrainz, world: FakeWorld(building: ["artists": artists])) { server in
      let batch = [
        Self.artist("Metal"), Self.artist("Quiet Owls"), Self.artist("Blue Harbours"), Self.artist("Fab Four"),
      ]
      let answers = try await Self.provider(server).search(batch)
      #expect(answers[0].exact.count == 100)  // what one page holds: the albums will decide
      #expect(answers[1].exact.map(\.id.rawValue) == [World.id(200)])
      #expect(answers[2].exact.map(\.id.rawValue) == [World.id(201)])
      #expect(answers[3].exact.map(\.id.rawValue) == [World.id(202)])
      let queries = try await Self.queries(server)
      #expect(
        queries.first == #"(artist:"Metal" OR artist:"Quiet Owls" OR artist:"Blue Harbours" OR artist:"Fab Four")"#)
      // Then once more for the three not matched, with aliases and sort names: "Metal" is not asked again.
      #expect(queries.count == 2)
      #expect(
        queries.last
          == #"(artist:"Quiet Owls" OR alias:"Quiet Owls" OR sortname:"Quiet Owls" OR artist:"Blue Harbours" OR alias:"Blue Harbours" OR sortname:"Blue Harbours" OR artist:"Fab Four" OR alias:"Fab Four" OR sortname:"Fab Four")"#
      )
    }
  }

  @Test func bandsOfOneNameAreToldApartByOwnedTitlesInOneRequest() async throws {
    let world: [String: Any] = [
      "artists": [
        World.artist(
          1, "Nirvana", disambiguation: "UK psychedelic band", groups: [World.group(10, "Local Anaesthetic", "1971")]),
        World.artist(
          2, "Nirvana", disambiguation: "US grunge band",
          groups: [World.group(20, "Nevermind", "1991-09-24"), World.group(21, "In Utero", "1993-09-21")]),
        World.artist(3, "Nirvana", disambiguation: "Electronic", groups: [World.group(30, "Lights", "2026-11-10")]),
        World.artist(4, "Slayer", groups: [World.group(40, "Reign in Blood", "1986-10-07")]),
        World.artist(5, "Slayer", disambiguation: "DJ", groups: [World.group(50, "Bass Drops", "2026-11-10")]),
      ]
    ]
    try await FakeCatalogServer.with(.musicbrainz, world: FakeWorld(building: world)) { server in
      let nirvana = ArtistKey("Nirvana")
      let slayer = ArtistKey("Slayer")
      let library = OwnedLibrary(
        artists: [Self.artist("Nirvana", albums: 2, plays: 30), Self.artist("Slayer", plays: 20)],
        albums: [
          OwnedAlbum(
            artistKey: nirvana, artistName: "Nirvana", title: "Nevermind (Remastered)",
            key: AlbumKey("Nevermind (Remastered)")),
          OwnedAlbum(
            artistKey: nirvana, artistName: "Nirvana", title: "Local Anaesthetic", key: AlbumKey("Local Anaesthetic")),
          OwnedAlbum(artistKey: slayer, artistName: "Slayer", title: "Reign in Blood", key: AlbumKey("Reign in Blood")),
        ])
      let store = try StateStore(directory: NSTemporaryDirectory() + "deepcut-mb-" + UUID().uuidString)
      let pass = CatalogPass(
        provider: Self.provider(server), store: store, options: CatalogPassOptions(),
        now: Date(timeIntervalSince1970: 1_795_953_600))
      let outcome = try await pass.run(library)
      #expect(Set(outcome.catalogArtists[nirvana]?.map(\.id.rawValue) ?? []) == [World.id(1), World.id(2)])
      #expect(outcome.catalogArtists[slayer]?.map(\.id.rawValue) == [World.id(4)])
      // One search for both names, one question for both sets of namesakes, one release search.
      let queries = try await Self.queries(server)
      #expect(queries.count == 3)
      #expect(queries[1].contains(#"releasegroup:"Nevermind""#))
      #expect(!queries[1].contains("Remastered"))
      #expect(outcome.coverage.complete)
    }
  }

  @Test func releasesArePagedFilteredAndCreditedToEveryArtistAsked() async throws {
    var groups = (0..<130).map {
      World.group(1_000 + $0, "Session \($0)", "2026-11-\(String(format: "%02d", 1 + $0 % 28))")
    }
    groups.append(World.group(2_000, "Together", "2026-11", type: "EP", credit: [1, 2]))
    groups.append(World.group(2_001, "Live at Home", "2026-11-20", secondary: ["Live"]))
    groups.append(World.group(2_002, "Old Times", "2019-05-01"))
    let world: [String: Any] = [
      "artists": [World.artist(1, "Ada North", groups: groups), World.artist(2, "Bo South")]
    ]
    try await FakeCatalogServer.with(.musicbrainz, world: FakeWorld(building: world)) { server in
      let lists = try await Self.provider(server).releases(of: [
        CatalogArtistID(World.id(1)), CatalogArtistID(World.id(2)),
      ])
      let ada = try #require(lists[CatalogArtistID(World.id(1))]?.releases)
      #expect(ada.count == 132)  // 130 sessions, the EP and the live album (the finder leaves it out); not the old one
      #expect(ada.first { $0.title == "Live at Home" }?.secondaryTypes == ["live"])
      #expect(lists[CatalogArtistID(World.id(2))]?.releases.map(\.title) == ["Together"])
      #expect(lists[CatalogArtistID(World.id(2))]?.releases.first?.artistName == "Ada North & Bo South")
      let offsets = try await server.requestLog().compactMap { $0.query["offset"] }
      #expect(offsets == ["0", "100"])

      // The cached form reads back the same.
      let body = try #require(lists[CatalogArtistID(World.id(1))]?.body)
      #expect(Self.provider(server).cachedReleases(body) == ada)
    }
  }

  @Test func aStoppedRunKeepsItsAnswersAndTheNextAsksOnlyTheRest() async throws {
    let world: [String: Any] = [
      "artists": (0..<120).map {
        World.artist($0, "Quiet Harbour \($0)", groups: [World.group($0, "Fresh \($0)", "2026-11-20")])
      }
    ]
    try await FakeCatalogServer.with(.musicbrainz, world: FakeWorld(building: world)) { server in
      let library = OwnedLibrary(
        artists: (0..<120).map { Self.artist("Quiet Harbour \($0)", plays: 1_000 - $0) }, albums: [])
      let store = try StateStore(directory: NSTemporaryDirectory() + "deepcut-mb-stop-" + UUID().uuidString)
      let now = Date(timeIntervalSince1970: 1_795_953_600)
      // One request at a time, stopped as the fourth goes out: three searches of 25 artists are answered.
      var options = CatalogPassOptions()
      options.maxConcurrentRequests = 1
      let handle = Mutex<Task<CatalogOutcome, any Error>?>(nil)
      let stopping = CatalogPass(provider: Self.provider(server), store: store, options: options, now: now) {
        if $0.requests >= 4 { handle.withLock { $0?.cancel() } }
      }
      let task = handle.withLock { handle in
        let task = Task { try await stopping.run(library) }
        handle = task
        return task
      }
      let stopped = try await task.value
      #expect(stopped.stop == .cancelled)
      #expect(try await store.resolutions(provider: "musicbrainz").count == 75)
      let first = try await Self.queries(server)

      try await server.clearLog()
      let resumed = try await CatalogPass(provider: Self.provider(server), store: store, options: options, now: now)
        .run(library)
      let second = try await Self.queries(server)
      #expect(resumed.coverage.complete)
      #expect(resumed.followed.count == 120)
      #expect(second.filter { first.contains($0) }.count <= 1)  // only the one in flight at the stop
      #expect(second.filter { $0.hasPrefix("(artist:") }.count == 2)  // the 45 artists not yet searched
    }
  }

  @Test func aClientThatDoesNotSayWhoItIsIsRefused() async throws {
    try await FakeCatalogServer.with(
      .musicbrainz, world: FakeWorld(building: ["artists": [World.artist(1, "Ada North")]])
    ) { server in
      let anonymous = Self.provider(server, client: Self.client(userAgent: "deepcut/test"))
      await #expect(throws: CatalogError.server(status: 403)) {
        try await anonymous.search([Self.artist("Ada North")])
      }
    }
  }

  @Test func a503WithRetryAfterIsWaitedOutNotHammered() async throws {
    try await FakeCatalogServer.with(
      .musicbrainz, arguments: ["--rate-limit", "1", "--rate-window", "1", "--retry-after", "1"],
      world: FakeWorld(building: ["artists": (0..<3).map { World.artist($0, "Band \($0)") }])
    ) { server in
      let provider = Self.provider(server)
      // Three searches at once against one a second: the 503s are waited out and every search is answered.
      async let first = provider.search([Self.artist("Band 0")])
      async let second = provider.search([Self.artist("Band 1")])
      async let third = provider.search([Self.artist("Band 2")])
      let answers = try await [first, second, third]
      #expect(answers.map { $0.first?.exact.count } == [1, 1, 1])
      let statuses = try await server.requestLog().compactMap { $0.status }
      #expect(statuses.contains(503))
      #expect(statuses.count { $0 == 200 } == 3)
      #expect(statuses.count <= 8)
    }
  }

  @Test func aQueryTheServiceCannotParseSaysWhy() async throws {
    try await FakeCatalogServer.with(.musicbrainz, world: ["artists": []]) { server in
      let url = try #require(
        URL(string: server.baseURL.absoluteString + "/ws/2/artist?query=artist%3A%22open&fmt=json"))
      await #expect(throws: CatalogError.badRequest("Invalid query: a phrase without its closing quote")) {
        try await LiveTransport(client: Self.client()).get(url)
      }
      let unknown = try #require(
        URL(string: server.baseURL.absoluteString + "/ws/2/artist?query=colour%3Ablue&fmt=json"))
      await #expect(throws: CatalogError.badRequest("Invalid query: unknown field 'colour'")) {
        try await LiveTransport(client: Self.client()).get(unknown)
      }
    }
  }
}
