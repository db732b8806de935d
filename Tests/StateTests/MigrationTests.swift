import Catalog
import Delivery
import Foundation
import HTTP
import Identity
import Night
import Testing

@testable import State

/// A step a later version might add; used only to prove the migration list extends cleanly.
private let futureStep = Migration(
  name: "future",
  sql: """
    CREATE TABLE future_table (
      provider TEXT NOT NULL, thing TEXT NOT NULL, PRIMARY KEY (provider, thing)
    );
    """)

/// The schema as the first release shipped it: only step 1.
private let versionOne = Array(Schema.migrations.prefix(1))

private func tableNames(_ path: String) throws -> [String] {
  try Database(path: path).query("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name") {
    $0.string(at: 0) ?? ""
  }
}

@Suite("Schema migrations")
struct MigrationTests {
  /// The version this build migrates to.
  let latest = Schema.migrations.count

  @Test("a new file is migrated to the latest version with every table")
  func freshFile() async throws {
    try await withTemporaryDirectory { directory in
      let store = try StateStore(directory: directory)
      #expect(Schema.migrations.count == 8)
      #expect(try Database(path: store.databasePath).userVersion() == 8)
      #expect(
        try tableNames(store.databasePath) == [
          "artist_resolution", "artwork", "push_channel", "push_channel_by_name", "push_told", "push_told_by_name",
          "push_waiting", "push_waiting_by_name", "release_seen", "response_cache", "run", "sqlite_sequence",
        ])
    }
  }

  @Test("adding a step upgrades an existing v1 file without losing rows")
  func upgradeKeepsRows() async throws {
    try await withTemporaryDirectory { directory in
      let path = databasePath(in: directory)
      do {
        let v1 = try StateStore(databasePath: path, migrations: versionOne, busyTimeout: .seconds(1))
        // Rows as the first release wrote them: it knew no `matches` column.
        for row in [resolution("a"), resolution("b", status: .pinned)] {
          try Database(path: path).run(
            """
            INSERT INTO artist_resolution
              (provider, artist_key, artist_name, catalog_id, catalog_name, status, candidates, checked_at)
            VALUES (?, ?, ?, ?, ?, ?, NULL, ?)
            """,
            [
              .text(row.provider.rawValue), .text(row.artistKey.rawValue), .text(row.artistName),
              SQLValue(row.catalogID?.rawValue),
              SQLValue(row.catalogName), .text(row.status.rawValue), SQLValue(row.checkedAt),
            ])
        }
        try await v1.store(
          provider: "p", kind: "albums", responses: [(key: "k", body: Data("b".utf8))], fetchedAt: date(9))
        // A run as the first release logged it: it knew no kind nor outcome.
        try Database(path: path).run(
          "INSERT INTO run (started_at, finished_at, status, artists, requests, cache_hits) VALUES (1, 2, 'ok', 2, 1, 0)"
        )
      }
      #expect(try Database(path: path).userVersion() == 1)

      // Today's build upgrades the v1 file to v6 (release_seen, several catalog ids, covers, what runs told, releases
      // keyed by artist and album) and keeps every row.
      let v2 = try StateStore(directory: directory)
      #expect(try Database(path: path).userVersion() == latest)
      #expect(try tableNames(path).contains("release_seen"))
      #expect(
        try await v2.resolutions(provider: "spotify") == [
          ArtistKey(rawValue: "a"): resolution("a"), ArtistKey(rawValue: "b"): resolution("b", status: .pinned),
        ])
      #expect(try await v2.cachedResponses(provider: "p", kind: "albums", keys: ["k"])["k"]?.fetchedAt == date(9))
      let runs = try await v2.recentRuns(limit: 5)
      #expect(runs.map(\.status) == [.ok])
      #expect(runs.first?.kind == nil && runs.first?.outcome == nil)
      try await v2.recordSeen(
        provider: "p",
        [
          SeenRelease(
            key: LedgerKey(artist: ArtistKey(rawValue: "a"), album: AlbumKey(base: "r1")), title: "T", releaseDate: nil,
            firstSeen: date(3))
        ])

      // A later step extends it again; reopening is a no-op; this build then refuses the newer file.
      _ = try StateStore(databasePath: path, migrations: Schema.migrations + [futureStep], busyTimeout: .seconds(1))
      _ = try StateStore(databasePath: path, migrations: Schema.migrations + [futureStep], busyTimeout: .seconds(1))
      #expect(try Database(path: path).userVersion() == latest + 1)
      #expect(try rowCount("release_seen", path: path) == 1)
      #expect(throws: StateError.newerSchema(path: path, found: latest + 1, supported: latest)) {
        _ = try StateStore(directory: directory)
      }
    }
  }

  @Test("a failing step is rolled back and the file stays at the previous version")
  func failingStepRollsBack() async throws {
    try await withTemporaryDirectory { directory in
      let path = databasePath(in: directory)
      _ = try StateStore(directory: directory)
      let broken = Migration(
        name: "broken", sql: "CREATE TABLE half_done (x INTEGER); INSERT INTO no_such_table VALUES (1);")
      let error = #expect(throws: StateError.self) {
        _ = try StateStore(
          databasePath: path, migrations: Schema.migrations + [futureStep, broken], busyTimeout: .seconds(1))
      }
      #expect(error == .migrationFailed(path: path, version: latest + 2, message: "no such table: no_such_table"))
      // The future step ran in its own transaction and stays; the broken one after it left nothing behind.
      #expect(try Database(path: path).userVersion() == latest + 1)
      let tables = try tableNames(path)
      #expect(tables.contains("future_table"))
      #expect(!tables.contains("half_done"))
    }
  }

  @Test("(f) a file newer than the code knows is refused and left byte-for-byte untouched")
  func newerFileRefused() async throws {
    try await withTemporaryDirectory { directory in
      let path = databasePath(in: directory)
      do {
        let database = try Database(path: path)
        try database.execute(
          "CREATE TABLE future (x INTEGER); INSERT INTO future VALUES (1); PRAGMA user_version = 99;")
      }
      let before = try Data(contentsOf: URL(fileURLWithPath: path))
      let error = #expect(throws: StateError.self) { _ = try StateStore(directory: directory) }
      #expect(error == .newerSchema(path: path, found: 99, supported: Schema.migrations.count))
      #expect(
        error?.description.contains(
          "newer deepcut (schema version 99, this build knows up to \(Schema.migrations.count))") == true)
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
      #expect(try Database(path: path).journalMode() == "delete")
    }
  }

  @Test("a state written before releases were keyed by artist and album keeps what it told, under typed keys")
  func aStateOfSchemaFiveKeepsItsLedger() async throws {
    try await withTemporaryDirectory { directory in
      let path = databasePath(in: directory)
      let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/state-schema-5.sql")
      try Database(path: path).execute(try String(contentsOf: fixture, encoding: .utf8))
      #expect(try Database(path: path).userVersion() == 5)
      let told = try Database(path: path).query(
        "SELECT provider, release_key, reported_as FROM release_seen WHERE reported_at IS NOT NULL"
      ) { row in [row.string(at: 0) ?? "", row.string(at: 1) ?? "", row.string(at: 2) ?? ""] }
      #expect(told.count == 17)

      let store = try StateStore(directory: directory)
      #expect(try Database(path: path).userVersion() == latest)
      let seen = try await store.seenReleasesOfEveryCatalog()
      #expect(seen.keys.sorted() == ["deezer", "musicbrainz"])
      #expect(seen.values.map(\.count).reduce(0, +) == 43)
      // Every release told before is told under the artist and the album its glued key named, as the same section.
      for row in told {
        let parts = row[1].split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
        let album = try #require(AlbumKey(description: parts[1]))
        let record = try #require(
          seen[CatalogName(row[0])]?[LedgerKey(artist: ArtistKey(rawValue: parts[0]), album: album)])
        #expect(record.reportedAt != nil && record.reportedAs == row[2])
      }
      let edition = LedgerKey(
        artist: ArtistKey(rawValue: "jansenband"), album: AlbumKey(base: "jansenband", editions: [.deluxe]))
      #expect(seen["deezer"]?[edition]?.reportedAs == "edition")
      let ep = LedgerKey(artist: ArtistKey(rawValue: "djbluefield"), album: AlbumKey(base: "nightshift", kind: .ep))
      #expect(seen["musicbrainz"]?[ep]?.kind == "ep")
      #expect(
        try await store.resolutions(provider: "musicbrainz").count + store.resolutions(provider: "deezer").count == 50)
      #expect(try await store.recentRuns(limit: 5).first?.outcome?.told == 17)
    }
  }

  @Test(
    "a state written when push channels were keyed by their names keeps what each told, what waits and its last push")
  func aStateOfSchemaSevenKeepsEveryChannelsPushes() async throws {
    try await withTemporaryDirectory { directory in
      let path = databasePath(in: directory)
      let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/state-schema-7.sql")
      try Database(path: path).execute(try String(contentsOf: fixture, encoding: .utf8))
      #expect(try Database(path: path).userVersion() == 7)
      let before = try Database(path: path)
      let told = try before.query("SELECT channel, release_id FROM push_told") { row in
        (row.string(at: 0) ?? "", row.string(at: 1) ?? "")
      }
      let waiting = try before.query("SELECT channel, release_id FROM push_waiting ORDER BY queued_at, rowid") { row in
        (row.string(at: 0) ?? "", row.string(at: 1) ?? "")
      }
      let last = try before.query("SELECT channel, last_attempt, last_delivered, last_reply, failure FROM push_channel")
      {
        row in
        [
          row.string(at: 0), row.date(at: 1)?.description, row.date(at: 2)?.description, row.string(at: 3),
          row.string(at: 4),
        ]
      }
      #expect(told.count == 25 && waiting.count == 5 && last.count == 3)

      // The same channels, as the file names them now: a token and a port changed are the same channel.
      let lines = [
        "ntfy://tk_AnotherToken@127.0.0.1:8080/deepcut-news", "discord://4242/AnotherWebhookToken",
        "gotify://127.0.0.1:1/AFixtureGotifyToken",
      ]
      let channels = try PushServices.standard.channels(
        lines.compactMap { PushAddress($0, place: "push-channels") }, serviceURLs: [:], transport: Unreachable(),
        apprise: "apprise")
      #expect(channels.count == 3)
      let store = try StateStore(directory: directory)
      #expect(try Database(path: path).userVersion() == latest)
      for channel in channels {
        let backlog = try await store.pushBacklog(
          channel: channel.id, named: channel.name, among: told.map(\.1) + waiting.map(\.1))
        #expect(backlog.told == Set(told.filter { $0.0 == channel.name }.map(\.1)), "\(channel.name)")
        #expect(backlog.waiting.map(\.id) == waiting.filter { $0.0 == channel.name }.map(\.1), "\(channel.name)")
      }
      // Each channel's last push, under its identity and as it reads; nothing is left under a name.
      let states = try await store.pushChannels()
      #expect(Set(states.map(\.channel)) == Set(channels.map(\.id)))
      for state in states {
        let row = try #require(last.first { $0[0] == state.name })
        #expect(
          [state.name, state.lastAttempt.description, state.lastDelivered?.description, state.lastReply, state.failure]
            == row)
      }
      #expect(states.first { $0.name.hasPrefix("Discord") }?.waiting == 5)
      for table in ["push_told_by_name", "push_waiting_by_name", "push_channel_by_name"] {
        #expect(try rowCount(table, path: path) == 0)
      }
      // An item written when kinds were text reads as its kind, and shows as it did.
      let ep = try #require(
        try await store.pushBacklog(channel: channels[1].id, named: channels[1].name, among: []).waiting.first {
          $0.kind == .ep
        })
      #expect(ep.detail == "EP" && ep.title == "Night Shift - EP")
    }
  }
}

/// A transport for channels made only for their identities: nothing is sent.
private struct Unreachable: PushTransport {
  func exchange(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPAnswer {
    throw .unreachable("no request is sent in the state's tests")
  }
}
