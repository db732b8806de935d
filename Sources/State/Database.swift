internal import CSQLite
import Foundation

/// A value bound to a statement parameter.
enum SQLValue: Equatable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob(Data)

  init(_ value: Int) { self = .integer(Int64(value)) }
  init(_ value: Int64) { self = .integer(value) }
  init(_ value: Double) { self = .real(value) }
  init(_ value: String) { self = .text(value) }
  init(_ value: Data) { self = .blob(value) }
  /// Dates are stored as unix seconds (REAL); sub-microsecond precision is not preserved.
  init(_ value: Date) { self = .real(value.timeIntervalSince1970) }
  init(_ value: String?) { self = value.map(SQLValue.text) ?? .null }
  init(_ value: Date?) { self = value.map(SQLValue.init(_:)) ?? .null }
  init(_ value: Int?) { self = value.map(SQLValue.init(_:)) ?? .null }
}

extension SQLValue: ExpressibleByNilLiteral {
  init(nilLiteral: ()) { self = .null }
}

/// `SQLITE_TRANSIENT` is a C macro Swift cannot import: it tells SQLite to copy the bound bytes before
/// the bind call returns, so the Swift buffer only has to live for the duration of that call.
private var transientDestructor: sqlite3_destructor_type {
  // Safety: SQLite defines SQLITE_TRANSIENT as ((sqlite3_destructor_type)-1). It is a sentinel that SQLite
  // compares by value and never calls; the bit pattern has the size of a C function pointer on every platform.
  unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

/// Reads SQLite's current error message for a connection.
private func errorMessage(_ connection: OpaquePointer?) -> String {
  // Safety: sqlite3_errmsg returns a NUL-terminated UTF-8 string owned by SQLite that stays valid until the
  // next call on this connection; String(cString:) copies it immediately. It is never NULL for a non-NULL
  // connection, and the optional map covers the NULL case anyway.
  sqlite3_errmsg(connection).map { String(cString: $0) } ?? "unknown error"
}

/// The system's `errno` of the connection's last failed file operation, or 0.
private func systemErrno(_ connection: OpaquePointer?) -> Int32 {
  // Safety: sqlite3_system_errno only reads a field of the connection, which is valid or NULL (then 0).
  connection.map(sqlite3_system_errno) ?? 0
}

extension StateError {
  /// Maps an SQLite result code to the error the user sees. A disk I/O error says why through the system's
  /// `errno`: a write that found the disk, the quota or the file size limit full is a full disk, whichever step
  /// (a migration, the journal, a commit) met it.
  static func fromSQLite(code: Int32, message: String, path: String, systemErrno: Int32 = 0) -> StateError {
    switch code & 0xff {
    case SQLITE_BUSY, SQLITE_LOCKED: .locked(path: path)
    case SQLITE_CORRUPT: .corrupt(path: path)
    case SQLITE_NOTADB: .notADatabase(path: path)
    case SQLITE_FULL: .diskFull(path: path)
    case SQLITE_READONLY: .readOnly(path: path)
    case SQLITE_CANTOPEN, SQLITE_PERM: .cannotOpen(path: path, message: message)
    case SQLITE_IOERR:
      switch POSIXErrorCode(rawValue: systemErrno) {
      case .ENOSPC, .EDQUOT, .EFBIG: .diskFull(path: path)
      case .EROFS: .readOnly(path: path)
      default: .sqlite(path: path, code: code, message: message)
      }
    default: .sqlite(path: path, code: code, message: message)
    }
  }
}

/// A prepared statement. Bind, step, read columns; `execute`/`Database.query` reset it afterwards so it
/// never holds a read snapshot open.
final class Statement {
  private let handle: OpaquePointer
  private let connection: OpaquePointer
  let path: String

  fileprivate init(handle: OpaquePointer, connection: OpaquePointer, path: String) {
    self.handle = handle
    self.connection = connection
    self.path = path
  }

  deinit {
    sqlite3_finalize(handle)
  }

  private func failure(_ code: Int32) -> StateError {
    .fromSQLite(code: code, message: errorMessage(connection), path: path, systemErrno: systemErrno(connection))
  }

  /// Resets the statement and clears its bindings so it can be reused.
  func reset() {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
  }

  /// Binds `values` to parameters 1…n.
  func bind(_ values: [SQLValue]) throws(StateError) {
    for (offset, value) in values.enumerated() {
      try bind(value, at: Int32(offset + 1))
    }
  }

  /// Binds one value to the 1-based parameter `index`.
  func bind(_ value: SQLValue, at index: Int32) throws(StateError) {
    let code: Int32
    switch value {
    case .null:
      code = sqlite3_bind_null(handle, index)
    case .integer(let number):
      code = sqlite3_bind_int64(handle, index, number)
    case .real(let number):
      code = sqlite3_bind_double(handle, index, number)
    case .text(let string):
      let length = UInt64(string.utf8.count)
      code = string.withCString { pointer in
        // Safety: `pointer` addresses `length` UTF-8 bytes (plus a NUL) that are valid for this closure only;
        // SQLITE_TRANSIENT makes SQLite copy them before sqlite3_bind_text64 returns. Passing the explicit
        // length keeps embedded NUL characters.
        sqlite3_bind_text64(handle, index, pointer, length, transientDestructor, UInt8(SQLITE_UTF8))
      }
    case .blob(let data):
      if data.isEmpty {
        // A NULL pointer would bind SQL NULL; an empty blob must stay an empty blob.
        code = sqlite3_bind_zeroblob(handle, index, 0)
      } else {
        code = data.withUnsafeBytes { bytes in
          // Safety: `bytes` is non-empty here, so baseAddress is non-nil and covers `bytes.count` bytes valid
          // for this closure; SQLITE_TRANSIENT makes SQLite copy them before sqlite3_bind_blob64 returns.
          sqlite3_bind_blob64(handle, index, bytes.baseAddress, UInt64(bytes.count), transientDestructor)
        }
      }
    }
    guard code == SQLITE_OK else { throw failure(code) }
  }

  /// Advances to the next row. Returns `true` if a row is available, `false` when done.
  func step() throws(StateError) -> Bool {
    let code = sqlite3_step(handle)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default: throw failure(code)
    }
  }

  /// Resets, binds `values`, runs to completion and resets again.
  func execute(_ values: [SQLValue] = []) throws(StateError) {
    reset()
    defer { reset() }
    try bind(values)
    while try step() {}
  }

  // MARK: Column reads (0-based column index, valid only while positioned on a row)

  func isNull(at column: Int32) -> Bool {
    sqlite3_column_type(handle, column) == SQLITE_NULL
  }

  func int64(at column: Int32) -> Int64 {
    sqlite3_column_int64(handle, column)
  }

  func int(at column: Int32) -> Int {
    Int(truncatingIfNeeded: sqlite3_column_int64(handle, column))
  }

  /// The column as a whole number, or nil if it is NULL.
  func optionalInt(at column: Int32) -> Int? {
    isNull(at: column) ? nil : int(at: column)
  }

  func double(at column: Int32) -> Double {
    sqlite3_column_double(handle, column)
  }

  /// The column as text, or nil if it is NULL.
  func string(at column: Int32) -> String? {
    guard !isNull(at: column), let text = sqlite3_column_text(handle, column) else { return nil }
    let count = Int(sqlite3_column_bytes(handle, column))
    // Safety: sqlite3_column_text returned a buffer of sqlite3_column_bytes bytes (called after it, as the
    // docs require) that stays valid until the next step/reset of this statement; String(decoding:) copies it
    // right away and repairs any invalid UTF-8.
    return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
  }

  /// The column as a blob, or nil if it is NULL. A zero-length blob reads as empty `Data`.
  func data(at column: Int32) -> Data? {
    guard !isNull(at: column) else { return nil }
    guard let bytes = sqlite3_column_blob(handle, column) else { return Data() }
    let count = Int(sqlite3_column_bytes(handle, column))
    // Safety: sqlite3_column_blob returned a buffer of sqlite3_column_bytes bytes (called after it, as the
    // docs require) that stays valid until the next step/reset of this statement; Data(bytes:count:) copies it.
    return Data(bytes: bytes, count: count)
  }

  /// The column as unix seconds, or nil if it is NULL.
  func date(at column: Int32) -> Date? {
    isNull(at: column) ? nil : Date(timeIntervalSince1970: double(at: column))
  }

  /// The column as text; a NULL is reported as unexpected data naming `name`.
  func requiredString(at column: Int32, _ name: String) throws(StateError) -> String {
    guard let value = string(at: column) else {
      throw .unexpectedValue(path: path, detail: "unexpected NULL in column \(name)")
    }
    return value
  }

  /// The column as a date; a NULL is reported as unexpected data naming `name`.
  func requiredDate(at column: Int32, _ name: String) throws(StateError) -> Date {
    guard let value = date(at: column) else {
      throw .unexpectedValue(path: path, detail: "unexpected NULL in column \(name)")
    }
    return value
  }
}

/// One SQLite connection. Not thread-safe by design (`SQLITE_OPEN_NOMUTEX`): exactly one owner (the
/// `StateStore` actor) uses it.
final class Database {
  let path: String
  private let handle: OpaquePointer
  private var statementCache: [String: Statement] = [:]

  /// Opens (creating if needed) the database at `path` (":memory:" for a private in-memory database).
  /// Nothing is read from the file yet, so a file that is not a database only fails on first use.
  init(path: String, busyTimeout: Duration = .seconds(5)) throws(StateError) {
    var connection: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    // Safety: `connection` is a local the inout-to-pointer conversion keeps alive for the call; SQLite stores
    // a handle (or NULL) there. The path is bridged to a temporary NUL-terminated C string for the call.
    let code = sqlite3_open_v2(path, &connection, flags, nil)
    guard code == SQLITE_OK, let connection else {
      // Both read before the handle is released.
      let message = connection.map(errorMessage) ?? "unable to open database file"
      let reason = systemErrno(connection)
      // Even a failed open may allocate a handle that must be released; NULL is a harmless no-op.
      sqlite3_close_v2(connection)
      throw .fromSQLite(code: code, message: message, path: path, systemErrno: reason)
    }
    self.path = path
    self.handle = connection
    let (seconds, attoseconds) = busyTimeout.components
    let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
    sqlite3_busy_timeout(connection, Int32(clamping: max(0, milliseconds)))
  }

  deinit {
    // Finalize cached statements first; sqlite3_close_v2 also copes with statements still alive elsewhere
    // (it defers the close until the last one is finalized), so this can never leak or crash.
    statementCache.removeAll()
    sqlite3_close_v2(handle)
  }

  private func failure(_ code: Int32) -> StateError {
    .fromSQLite(code: code, message: errorMessage(handle), path: path, systemErrno: systemErrno(handle))
  }

  /// Runs one or more SQL statements without results (schema scripts, pragmas, BEGIN/COMMIT).
  func execute(_ sql: String) throws(StateError) {
    let code = sqlite3_exec(handle, sql, nil, nil, nil)
    guard code == SQLITE_OK else { throw failure(code) }
  }

  /// Returns a prepared statement for `sql`. Cached statements are prepared once per connection and reused;
  /// use `cached: false` for one-off SQL (for example, IN lists of varying length).
  func prepare(_ sql: String, cached: Bool = true) throws(StateError) -> Statement {
    if cached, let statement = statementCache[sql] { return statement }
    var raw: OpaquePointer?
    let flags = cached ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
    // Safety: `raw` is a local kept alive by the inout-to-pointer conversion; the SQL is bridged to a
    // NUL-terminated C string that lives for the call (-1 = read up to the NUL). SQLite copies what it needs.
    let code = sqlite3_prepare_v3(handle, sql, -1, flags, &raw, nil)
    guard code == SQLITE_OK else { throw failure(code) }
    guard let raw else {
      throw .sqlite(path: path, code: SQLITE_MISUSE, message: "empty SQL statement")
    }
    let statement = Statement(handle: raw, connection: handle, path: path)
    if cached { statementCache[sql] = statement }
    return statement
  }

  /// Number of statements in the cache (for tests).
  var cachedStatementCount: Int { statementCache.count }

  /// Runs a single statement with `values` to completion.
  func run(_ sql: String, _ values: [SQLValue] = [], cached: Bool = true) throws(StateError) {
    try prepare(sql, cached: cached).execute(values)
  }

  /// Runs a query and maps every row with `row`.
  func query<T>(
    _ sql: String, _ values: [SQLValue] = [], cached: Bool = true, row: (Statement) throws(StateError) -> T
  ) throws(StateError) -> [T] {
    let statement = try prepare(sql, cached: cached)
    statement.reset()
    defer { statement.reset() }
    try statement.bind(values)
    var rows: [T] = []
    while try statement.step() {
      rows.append(try row(statement))
    }
    return rows
  }

  /// Rows changed by the most recent INSERT/UPDATE/DELETE.
  var changes: Int { Int(sqlite3_changes64(handle)) }

  /// Row id of the most recent successful INSERT.
  var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// True between BEGIN and COMMIT/ROLLBACK.
  var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

  /// The largest number of `?` parameters one statement may have.
  var maximumVariableCount: Int { Int(sqlite3_limit(handle, SQLITE_LIMIT_VARIABLE_NUMBER, -1)) }

  /// Runs `body` in a write transaction (`BEGIN IMMEDIATE`, so the write lock is taken up front and waits
  /// for the busy timeout rather than failing half-way). Commits if `body` returns, rolls back if anything
  /// throws, including COMMIT itself. Called inside another transaction, it joins that one.
  func transaction<T>(_ body: () throws(StateError) -> T) throws(StateError) -> T {
    try transaction(begin: "BEGIN IMMEDIATE", body)
  }

  /// Runs `body` in a read transaction (`BEGIN DEFERRED`): several queries see one consistent snapshot,
  /// and in WAL mode it never waits for writers.
  func readTransaction<T>(_ body: () throws(StateError) -> T) throws(StateError) -> T {
    try transaction(begin: "BEGIN DEFERRED", body)
  }

  private func transaction<T>(begin: String, _ body: () throws(StateError) -> T) throws(StateError) -> T {
    if isInTransaction { return try body() }
    try run(begin)
    do {
      let result = try body()
      try run("COMMIT")
      return result
    } catch {
      rollback()
      throw error
    }
  }

  private func rollback() {
    guard isInTransaction else { return }
    // A failed ROLLBACK leaves nothing to do: SQLite rolls back the transaction when the connection closes,
    // and the original error is what the caller needs to see.
    _ = sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
  }

  /// `PRAGMA user_version`: the schema version this file was migrated to.
  func userVersion() throws(StateError) -> Int {
    try query("PRAGMA user_version", cached: false) { $0.int(at: 0) }.first ?? 0
  }

  /// `PRAGMA journal_mode` as SQLite reports it ("wal", "delete", "memory", …).
  func journalMode() throws(StateError) -> String {
    try query("PRAGMA journal_mode", cached: false) { $0.string(at: 0) }.first.flatMap { $0 } ?? ""
  }
}
