import Foundation
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
  @Test("a new file is migrated to the latest version with every table")
  func freshFile() async throws {
    try await withTemporaryDirectory { directory in
      let store = try StateStore(directory: directory)
      #expect(Schema.migrations.count == 4)
      #expect(try Database(path: store.databasePath).userVersion() == 4)
      #expect(
        try tableNames(store.databasePath) == [
          "artist_resolution", "artwork", "release_seen", "response_cache", "run", "sqlite_sequence",
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
              .text(row.provider), .text(row.artistKey), .text(row.artistName), SQLValue(row.catalogID),
              SQLValue(row.catalogName), .text(row.status.rawValue), SQLValue(row.checkedAt),
            ])
        }
        try await v1.store(
          provider: "p", kind: "albums", responses: [(key: "k", body: Data("b".utf8))], fetchedAt: date(9))
        let id = try await v1.beginRun(at: date(1))
        try await v1.finishRun(id: id, at: date(2), status: "ok", artists: 2, requests: 1, cacheHits: 0, note: nil)
      }
      #expect(try Database(path: path).userVersion() == 1)

      // Today's build upgrades the v1 file to v4 (release_seen, several catalog ids, covers) and keeps every row.
      let v2 = try StateStore(directory: directory)
      #expect(try Database(path: path).userVersion() == 4)
      #expect(try tableNames(path).contains("release_seen"))
      #expect(
        try await v2.resolutions(provider: "spotify") == ["a": resolution("a"), "b": resolution("b", status: .pinned)])
      #expect(try await v2.cachedResponses(provider: "p", kind: "albums", keys: ["k"])["k"]?.fetchedAt == date(9))
      #expect(try await v2.recentRuns(limit: 5).map(\.status) == ["ok"])
      try await v2.recordSeen(
        provider: "p", [SeenRelease(key: "r1", artistKey: "a", title: "T", releaseDate: nil, firstSeen: date(3))])

      // A later step extends it again; reopening is a no-op; this build then refuses the newer file.
      _ = try StateStore(databasePath: path, migrations: Schema.migrations + [futureStep], busyTimeout: .seconds(1))
      _ = try StateStore(databasePath: path, migrations: Schema.migrations + [futureStep], busyTimeout: .seconds(1))
      #expect(try Database(path: path).userVersion() == 5)
      #expect(try rowCount("release_seen", path: path) == 1)
      #expect(throws: StateError.newerSchema(path: path, found: 5, supported: 4)) {
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
      #expect(error == .migrationFailed(path: path, version: 6, message: "no such table: no_such_table"))
      // Step 5 ran in its own transaction and stays; step 6 left nothing behind.
      #expect(try Database(path: path).userVersion() == 5)
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
      #expect(error == .newerSchema(path: path, found: 99, supported: 4))
      #expect(error?.description.contains("newer deepcut (schema version 99, this build knows up to 4)") == true)
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
      #expect(try Database(path: path).journalMode() == "delete")
    }
  }
}
