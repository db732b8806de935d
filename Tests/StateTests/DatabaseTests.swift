import Foundation
import Testing

@testable import State

@Suite("Database")
struct DatabaseTests {
  @Test("typed binds and column reads round-trip every supported type")
  func bindAndReadRoundTrip() throws {
    let database = try Database(path: ":memory:")
    try database.execute("CREATE TABLE t (i INTEGER, big INTEGER, d REAL, s TEXT, b BLOB, at REAL, n TEXT)")
    let text = "Sigur Rós — Ágætis byrjun \u{0}after-nul 🎧"
    let blob = Data([0, 1, 2, 255, 0, 42])
    let when = date(1_750_000_123.25)
    try database.run(
      "INSERT INTO t VALUES (?, ?, ?, ?, ?, ?, ?)",
      [SQLValue(-42), SQLValue(Int64.max), SQLValue(3.5), SQLValue(text), SQLValue(blob), SQLValue(when), nil])
    let rows = try database.query("SELECT i, big, d, s, b, at, n FROM t") { row in
      (
        row.int(at: 0), row.int64(at: 1), row.double(at: 2), row.string(at: 3), row.data(at: 4), row.date(at: 5),
        row.string(at: 6), row.isNull(at: 6), row.date(at: 6)
      )
    }
    let row = try #require(rows.first)
    #expect(rows.count == 1)
    #expect(row.0 == -42)
    #expect(row.1 == Int64.max)
    #expect(row.2 == 3.5)
    #expect(row.3 == text)
    #expect(row.4 == blob)
    #expect(row.5 == when)
    #expect(row.6 == nil)
    #expect(row.7)
    #expect(row.8 == nil)
  }

  @Test("a disk I/O error says what the system said: full, or read-only")
  func diskErrorsAreToldByTheSystemsReason() {
    // SQLITE_IOERR_WRITE (10 | 3 << 8) and SQLITE_IOERR_FSYNC (10 | 4 << 8), as SQLite gives them.
    let write: Int32 = 10 | 3 << 8
    let sync: Int32 = 10 | 4 << 8
    for reason in [POSIXErrorCode.ENOSPC, .EDQUOT, .EFBIG] {
      #expect(
        StateError.fromSQLite(code: write, message: "disk I/O error", path: "/s", systemErrno: reason.rawValue)
          == .diskFull(path: "/s"))
    }
    #expect(
      StateError.fromSQLite(
        code: sync, message: "disk I/O error", path: "/s", systemErrno: POSIXErrorCode.EROFS.rawValue)
        == .readOnly(path: "/s"))
    #expect(
      StateError.fromSQLite(
        code: write, message: "disk I/O error", path: "/s", systemErrno: POSIXErrorCode.EIO.rawValue)
        == .sqlite(path: "/s", code: write, message: "disk I/O error"))
  }

  @Test("empty strings and empty blobs stay empty, not NULL")
  func emptyValuesAreNotNull() throws {
    let database = try Database(path: ":memory:")
    try database.execute("CREATE TABLE t (s TEXT, b BLOB)")
    try database.run("INSERT INTO t VALUES (?, ?)", [.text(""), .blob(Data())])
    let rows = try database.query("SELECT s, b, s IS NULL, b IS NULL, typeof(b) FROM t") { row in
      (row.string(at: 0), row.data(at: 1), row.int(at: 2), row.int(at: 3), row.string(at: 4))
    }
    let row = try #require(rows.first)
    #expect(row.0 == "")
    #expect(row.1 == Data())
    #expect(row.2 == 0)
    #expect(row.3 == 0)
    #expect(row.4 == "blob")
  }

  @Test("hot statements are prepared once and reused")
  func statementCache() throws {
    let database = try Database(path: ":memory:")
    try database.execute("CREATE TABLE t (x INTEGER)")
    let before = database.cachedStatementCount
    for value in 0..<10 {
      try database.run("INSERT INTO t VALUES (?)", [SQLValue(value)])
    }
    #expect(database.cachedStatementCount == before + 1)
    let first = try database.prepare("SELECT COUNT(*) FROM t")
    let second = try database.prepare("SELECT COUNT(*) FROM t")
    #expect(first === second)
    let uncached = try database.prepare("SELECT COUNT(*) FROM t", cached: false)
    #expect(uncached !== first)
    #expect(try database.query("SELECT SUM(x) FROM t") { $0.int(at: 0) } == [45])
  }

  @Test("a thrown error inside transaction {} rolls back every write")
  func transactionRollsBack() throws {
    let database = try Database(path: ":memory:")
    try database.execute("CREATE TABLE t (x INTEGER)")
    try database.run("INSERT INTO t VALUES (1)")
    #expect(throws: StateError.unknownRun(path: "test", id: 7)) {
      try database.transaction { () throws(StateError) in
        for value in 2...500 {
          try database.run("INSERT INTO t VALUES (?)", [SQLValue(value)])
        }
        try database.run("DELETE FROM t WHERE x = 1")
        throw StateError.unknownRun(path: "test", id: 7)
      }
    }
    #expect(!database.isInTransaction)
    #expect(try database.query("SELECT x FROM t") { $0.int(at: 0) } == [1])
  }

  @Test("a failing statement inside transaction {} rolls back the earlier ones")
  func transactionRollsBackOnSQLiteError() throws {
    let database = try Database(path: ":memory:")
    try database.execute("CREATE TABLE t (x INTEGER PRIMARY KEY)")
    #expect(throws: StateError.self) {
      try database.transaction { () throws(StateError) in
        try database.run("INSERT INTO t VALUES (1)")
        try database.run("INSERT INTO t VALUES (1)")  // constraint violation
      }
    }
    #expect(!database.isInTransaction)
    #expect(try database.query("SELECT COUNT(*) FROM t") { $0.int(at: 0) } == [0])
  }

  @Test("transaction {} commits and returns the body's value")
  func transactionCommits() throws {
    let database = try Database(path: ":memory:")
    try database.execute("CREATE TABLE t (x INTEGER)")
    let id = try database.transaction { () throws(StateError) in
      try database.run("INSERT INTO t VALUES (7)")
      return database.lastInsertRowID
    }
    #expect(id == 1)
    #expect(!database.isInTransaction)
    #expect(try database.query("SELECT x FROM t") { $0.int(at: 0) } == [7])
  }

  @Test("errors carry sqlite's message and the path")
  func errorsCarryMessageAndPath() throws {
    let database = try Database(path: ":memory:")
    #expect(throws: StateError.sqlite(path: ":memory:", code: 1, message: "no such table: nope")) {
      try database.run("SELECT * FROM nope")
    }
  }

  @Test("opening a file in a missing directory fails with cannotOpen")
  func cannotOpen() throws {
    let path = "/nonexistent-deepcut-dir/\(UUID().uuidString)/state.sqlite"
    #expect(throws: StateError.cannotOpen(path: path, message: "unable to open database file")) {
      _ = try Database(path: path)
    }
  }
}
