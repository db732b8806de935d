import Catalog
import Foundation
import Night
import Testing

@testable import State

/// Writes half a transaction into the state file, makes sure uncommitted pages reached the -wal file, then
/// dies without committing (as a crash or `kill -9` would).
private let crashingWriter = """
  import os, sqlite3, sys
  path = sys.argv[1]
  con = sqlite3.connect(path, isolation_level=None)
  con.execute("PRAGMA cache_size = 5")  # tiny page cache: dirty pages spill into the WAL mid-transaction
  con.execute("BEGIN IMMEDIATE")
  for i in range(3000):
      con.execute("INSERT INTO response_cache VALUES ('crash', 'albums', ?, ?, 1.0)", ("k%d" % i, b"x" * 2000))
  con.execute("DELETE FROM artist_resolution")
  con.execute("UPDATE run SET status = 'clobbered'")
  print(os.path.getsize(path + "-wal"), flush=True)
  os._exit(1)
  """

@Suite("Crash safety")
struct CrashSafetyTests {
  @Test(
    "(b) a process that dies mid-transaction leaves the previous rows intact and the file writable",
    .enabled("needs python3 with the sqlite3 module") { await pythonHasSQLite() })
  func crashMidTransaction() async throws {
    try await withTemporaryDirectory { directory in
      let path = databasePath(in: directory)
      let saved = [resolution("a"), resolution("b", status: .pinned)]
      let responses = (0..<10).map { (key: "k\($0)", body: Data("body \($0)".utf8)) }
      do {
        let store = try StateStore(directory: directory)
        try await store.save(saved)
        try await store.store(provider: "p", kind: "albums", responses: responses, fetchedAt: date(7))
        let id = try await store.beginRun(at: date(1))
        try await store.finishRun(
          id: id, RunEnd(at: date(2), status: .ok, artists: 2, requests: 10, cacheHits: 0, note: nil))
      }

      let result = try await runPython(crashingWriter, [path])
      #expect(result.status == 1)
      let walBytes = Int(result.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
      #expect(walBytes > 1_000_000, "uncommitted pages should have reached the WAL before the crash")

      let store = try StateStore(directory: directory)
      #expect(
        try await store.resolutions(provider: "spotify")
          == Dictionary(uniqueKeysWithValues: saved.map { ($0.artistKey, $0) }))
      let stats = try await store.cacheStats()
      #expect(stats.entries == 10)
      #expect(stats.byKind == ["albums": 10])
      #expect(try await store.cachedResponses(provider: "p", kind: "albums", keys: responses.map(\.key)).count == 10)
      #expect(try await store.recentRuns(limit: 5).map(\.status) == [.ok])
      // And the file is writable again.
      try await store.save([resolution("c")])
      #expect(try await store.resolutions(provider: "spotify").count == 3)
    }
  }

  @Test("(c) a write while another connection holds BEGIN IMMEDIATE waits for busy_timeout, then fails clearly")
  func lockedByAnotherConnection() async throws {
    try await withTemporaryDirectory { directory in
      let path = databasePath(in: directory)
      _ = try StateStore(directory: directory)
      let holder = try Database(path: path)
      try holder.execute("BEGIN IMMEDIATE")
      try holder.run("INSERT INTO run (started_at, status) VALUES (0, 'holder')")

      let store = try StateStore(directory: directory, busyTimeout: .milliseconds(300))
      #expect(try await store.recentRuns(limit: 5).isEmpty, "readers are not blocked by the writer in WAL mode")
      let clock = ContinuousClock()
      let start = clock.now
      let error = await #expect(throws: StateError.self) { _ = try await store.beginRun(at: date(1)) }
      let waited = clock.now - start
      #expect(error == .locked(path: path))
      #expect(error?.description.hasPrefix("\(path) is locked by another process") == true)
      #expect(waited >= .milliseconds(250), "it waits for busy_timeout before giving up")

      try holder.execute("ROLLBACK")
      let id = try await store.beginRun(at: date(2))
      #expect(try await store.recentRuns(limit: 5).map(\.id) == [id])
    }
  }

  @Test("(d) a file that is not a database gives a clear error and is left alone")
  func garbageFile() async throws {
    try await withTemporaryDirectory { directory in
      let path = databasePath(in: directory)
      let garbage = Data(String(repeating: "this is definitely not an sqlite database\n", count: 200).utf8)
      try garbage.write(to: URL(fileURLWithPath: path))
      let error = #expect(throws: StateError.self) { _ = try StateStore(directory: directory) }
      #expect(error == .notADatabase(path: path))
      #expect(
        error?.description
          == "\(path): file is not a database; move it aside and run again (the catalog cache will be rebuilt)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    }
  }

  @Test("a damaged page is reported as a malformed database, not a crash")
  func corruptPage() async throws {
    try await withTemporaryDirectory { directory in
      let path = databasePath(in: directory)
      do {
        let store = try StateStore(directory: directory)
        try await store.save((0..<200).map { resolution("artist \($0)") })
      }
      // The last connection closed, so everything is checkpointed into the main file. Smash every page
      // after the first (which holds the schema).
      let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
      let size = try handle.seekToEnd()
      let pageSize: UInt64 = 4096
      #expect(size > pageSize)
      try handle.seek(toOffset: pageSize)
      try handle.write(contentsOf: Data(repeating: 0xA5, count: Int(size - pageSize)))
      try handle.close()

      let error = await #expect(throws: StateError.self) {
        let store = try StateStore(directory: directory)
        _ = try await store.resolutions(provider: "spotify")
      }
      #expect(error == .corrupt(path: path))
      #expect(
        error?.description
          == "\(path): database disk image is malformed; move it aside and run again (the catalog cache will be rebuilt)"
      )
    }
  }

  @Test("(e) the file is in WAL mode, persistently")
  func walMode() async throws {
    try await withTemporaryDirectory { directory in
      let store = try StateStore(directory: directory)
      #expect(try Database(path: store.databasePath).journalMode() == "wal")
    }
  }
}
