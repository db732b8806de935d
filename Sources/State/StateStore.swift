public import Catalog
public import Foundation
public import Identity
public import Night

/// deepcut's persistent state: artist resolutions, the provider response cache and the run log, in one
/// SQLite file (`<directory>/state.sqlite`, WAL mode).
///
/// The one place state is shared: call it from any task. Every write is a single transaction, so a crash
/// or kill at any point leaves the previous committed state intact.
///
/// The store only stores what it is given. In particular the response cache does not know whether a body
/// is a success: callers must only pass successful responses to `store(provider:kind:responses:fetchedAt:)`,
/// or the failure will be served from the cache on the next run.
public actor StateStore {
  /// File name inside the state directory.
  public static let fileName = "state.sqlite"

  /// Path of the database file (":memory:" for an in-memory store).
  public nonisolated let databasePath: String

  let database: Database

  /// Opens `<directory>/state.sqlite`, creating the directory (mode 0700) and the file if needed, and
  /// migrates an older file to the current schema. A write that finds the file locked by another process
  /// waits up to `busyTimeout`, then fails with `StateError.locked`.
  public init(directory: String, busyTimeout: Duration = .seconds(5)) throws(StateError) {
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw .cannotCreateDirectory(path: directory, reason: error.localizedDescription)
    }
    let path = URL(fileURLWithPath: directory, isDirectory: true).appendingPathComponent(Self.fileName).path
    try self.init(databasePath: path, migrations: Schema.migrations, busyTimeout: busyTimeout)
  }

  /// A private, empty in-memory store (for tests).
  public init(inMemory: ()) throws(StateError) {
    try self.init(databasePath: ":memory:", migrations: Schema.migrations, busyTimeout: .zero)
  }

  /// Opens `databasePath` with an explicit migration list (tests use it to simulate a future schema).
  init(databasePath: String, migrations: [Migration], busyTimeout: Duration) throws(StateError) {
    let database = try Database(path: databasePath, busyTimeout: busyTimeout)
    try Schema.prepare(database, migrations: migrations)
    self.database = database
    self.databasePath = databasePath
  }

  /// `$XDG_STATE_HOME/deepcut` if XDG_STATE_HOME is set to an absolute path (the XDG spec says to ignore
  /// relative ones), else `$HOME/.local/state/deepcut`.
  public static func defaultDirectory(environment: [String: String]) -> String {
    if let stateHome = environment["XDG_STATE_HOME"], stateHome.hasPrefix("/") {
      return (stateHome as NSString).appendingPathComponent("deepcut")
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return (home as NSString).appendingPathComponent(".local/state/deepcut")
  }

  // MARK: - Artist resolutions

  /// All resolutions for `provider`, by artist key.
  public func resolutions(provider: CatalogName) throws(StateError) -> [ArtistKey: ArtistResolution] {
    let path = database.path
    let rows = try database.query(
      """
      SELECT artist_key, artist_name, catalog_id, catalog_name, status, candidates, checked_at, matches
      FROM artist_resolution WHERE provider = ?
      """, [.text(provider.rawValue)]
    ) { row throws(StateError) in
      let key = ArtistKey(rawValue: try row.requiredString(at: 0, "artist_key"))
      let rawStatus = try row.requiredString(at: 4, "status")
      guard let status = ArtistResolution.Status(rawValue: rawStatus) else {
        throw StateError.unexpectedValue(
          path: path, detail: "unknown artist status '\(rawStatus)' for \(provider) artist '\(key)'")
      }
      var matches =
        row.string(at: 2).map { [ArtistResolution.Match(id: CatalogArtistID($0), name: row.string(at: 3))] } ?? []
      if let text = row.string(at: 7) {
        guard let decoded = try? JSONDecoder().decode([ArtistResolution.Match].self, from: Data(text.utf8)) else {
          throw StateError.unexpectedValue(
            path: path, detail: "unreadable catalog ids '\(text)' for \(provider) artist '\(key)'")
        }
        matches = decoded
      }
      return ArtistResolution(
        provider: provider, artistKey: key, artistName: try row.requiredString(at: 1, "artist_name"),
        matches: matches, status: status, candidates: row.string(at: 5),
        checkedAt: try row.requiredDate(at: 6, "checked_at"))
    }
    return Dictionary(rows.map { ($0.artistKey, $0) }, uniquingKeysWith: { _, last in last })
  }

  /// Inserts or replaces `resolutions` in one transaction. A stored `.pinned` row is only replaced by a
  /// new `.pinned` row; other statuses leave it untouched.
  public func save(_ resolutions: [ArtistResolution]) throws(StateError) {
    guard !resolutions.isEmpty else { return }
    let statement = try database.prepare(
      """
      INSERT INTO artist_resolution
        (provider, artist_key, artist_name, catalog_id, catalog_name, status, candidates, checked_at, matches)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (provider, artist_key) DO UPDATE SET
        artist_name = excluded.artist_name, catalog_id = excluded.catalog_id,
        catalog_name = excluded.catalog_name, status = excluded.status, candidates = excluded.candidates,
        checked_at = excluded.checked_at, matches = excluded.matches
      WHERE artist_resolution.status <> 'pinned' OR excluded.status = 'pinned'
      """)
    try database.transaction { () throws(StateError) in
      for resolution in resolutions {
        try statement.execute([
          .text(resolution.provider.rawValue), .text(resolution.artistKey.rawValue), .text(resolution.artistName),
          SQLValue(resolution.catalogID?.rawValue), SQLValue(resolution.catalogName), .text(resolution.status.rawValue),
          SQLValue(resolution.candidates), SQLValue(resolution.checkedAt),
          SQLValue(Self.encodeMatches(resolution.matches)),
        ])
      }
    }
  }

  /// Pins an artist to the catalog entries chosen by the user (usually one; several when one library name
  /// covers several catalog artists), replacing any automatic resolution. Keeps the stored candidates, if any.
  public func pin(
    provider: CatalogName, artistKey: ArtistKey, artistName: String, catalogIDs: [CatalogArtistID],
    catalogName: String? = nil, at: Date
  ) throws(StateError) {
    let matches = catalogIDs.enumerated().map { ArtistResolution.Match(id: $1, name: $0 == 0 ? catalogName : nil) }
    try database.transaction { () throws(StateError) in
      try database.run(
        """
        INSERT INTO artist_resolution
          (provider, artist_key, artist_name, catalog_id, catalog_name, status, candidates, checked_at, matches)
        VALUES (?, ?, ?, ?, ?, 'pinned', NULL, ?, ?)
        ON CONFLICT (provider, artist_key) DO UPDATE SET
          artist_name = excluded.artist_name, catalog_id = excluded.catalog_id,
          catalog_name = excluded.catalog_name, status = 'pinned', checked_at = excluded.checked_at,
          matches = excluded.matches
        """,
        [
          .text(provider.rawValue), .text(artistKey.rawValue), .text(artistName), SQLValue(matches.first?.id.rawValue),
          SQLValue(matches.first?.name), SQLValue(at), SQLValue(Self.encodeMatches(matches)),
        ])
    }
  }

  /// Pins an artist to one catalog entry.
  public func pin(
    provider: CatalogName, artistKey: ArtistKey, artistName: String, catalogID: CatalogArtistID,
    catalogName: String? = nil, at: Date
  ) throws(StateError) {
    try pin(
      provider: provider, artistKey: artistKey, artistName: artistName, catalogIDs: [catalogID],
      catalogName: catalogName, at: at)
  }

  /// The `matches` column: only written when there is more than one, so a single match reads the same in every
  /// schema version.
  private static func encodeMatches(_ matches: [ArtistResolution.Match]) -> String? {
    guard matches.count > 1, let data = try? JSONEncoder().encode(matches) else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  /// Removes a pin, so the next run resolves the artist afresh. Returns false (and changes nothing) if the
  /// artist was not pinned.
  @discardableResult
  public func unpin(provider: CatalogName, artistKey: ArtistKey) throws(StateError) -> Bool {
    try database.transaction { () throws(StateError) in
      try database.run(
        "DELETE FROM artist_resolution WHERE provider = ? AND artist_key = ? AND status = 'pinned'",
        [.text(provider.rawValue), .text(artistKey.rawValue)])
      return database.changes > 0
    }
  }

  // MARK: - Response cache

  /// Keys per lookup statement; also bounded by SQLite's variable limit.
  private static let lookupChunkSize = 500

  /// The cached responses among `keys` (duplicates allowed), by key. Missing keys are simply absent.
  public func cachedResponses(
    provider: CatalogName, kind: String, keys: [String]
  ) throws(StateError) -> [String: CachedResponse] {
    var seen = Set<String>()
    let unique = keys.filter { seen.insert($0).inserted }
    guard !unique.isEmpty else { return [:] }
    let chunkSize = max(1, min(Self.lookupChunkSize, database.maximumVariableCount - 2))
    var result: [String: CachedResponse] = [:]
    result.reserveCapacity(unique.count)
    try database.readTransaction { () throws(StateError) in
      var start = 0
      while start < unique.count {
        let chunk = unique[start..<min(start + chunkSize, unique.count)]
        start += chunkSize
        let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
        let sql = """
          SELECT key, body, fetched_at FROM response_cache
          WHERE provider = ? AND kind = ? AND key IN (\(placeholders))
          """
        // Only the full-size chunk statement is worth keeping; a short last chunk differs from call to call.
        let values = [SQLValue.text(provider.rawValue), .text(kind)] + chunk.map(SQLValue.text)
        let rows = try database.query(sql, values, cached: chunk.count == chunkSize) { row throws(StateError) in
          CachedResponse(
            key: try row.requiredString(at: 0, "key"), body: row.data(at: 1) ?? Data(),
            fetchedAt: try row.requiredDate(at: 2, "fetched_at"))
        }
        for response in rows { result[response.key] = response }
      }
    }
    return result
  }

  /// Inserts or replaces `responses` in one transaction. Callers must only pass successful bodies: the
  /// store caches whatever it is given.
  public func store(
    provider: CatalogName, kind: String, responses: [(key: String, body: Data)], fetchedAt: Date
  ) throws(StateError) {
    guard !responses.isEmpty else { return }
    let statement = try database.prepare(
      """
      INSERT INTO response_cache (provider, kind, key, body, fetched_at) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (provider, kind, key) DO UPDATE SET body = excluded.body, fetched_at = excluded.fetched_at
      """)
    let fetched = SQLValue(fetchedAt)
    try database.transaction { () throws(StateError) in
      for response in responses {
        try statement.execute([
          .text(provider.rawValue), .text(kind), .text(response.key), .blob(response.body), fetched,
        ])
      }
    }
  }

  /// Deletes the cached responses of `provider`, or of every provider if nil. Returns the rows removed.
  @discardableResult
  public func clearCache(provider: CatalogName?) throws(StateError) -> Int {
    try database.transaction { () throws(StateError) in
      if let provider {
        try database.run("DELETE FROM response_cache WHERE provider = ?", [.text(provider.rawValue)])
      } else {
        try database.run("DELETE FROM response_cache")
      }
      return database.changes
    }
  }

  /// How old each catalog's kept answers are: count and the oldest and newest fetch, by catalog.
  public func answerAges() throws(StateError) -> [AnswerAge] {
    try database.query(
      """
      SELECT provider, COUNT(*), MIN(fetched_at), MAX(fetched_at)
      FROM response_cache GROUP BY provider ORDER BY provider
      """
    ) { row throws(StateError) in
      AnswerAge(
        catalog: CatalogName(try row.requiredString(at: 0, "provider")), answers: row.int(at: 1),
        oldest: try row.requiredDate(at: 2, "fetched_at"), newest: try row.requiredDate(at: 3, "fetched_at"))
    }
  }

  /// Entry count, total body size, age range and per-kind counts of the response cache.
  public func cacheStats() throws(StateError) -> CacheStats {
    var stats = CacheStats(entries: 0, bytes: 0, oldest: nil, newest: nil, byKind: [:])
    let rows = try database.query(
      """
      SELECT kind, COUNT(*), TOTAL(LENGTH(body)), MIN(fetched_at), MAX(fetched_at)
      FROM response_cache GROUP BY kind
      """
    ) { row throws(StateError) in
      (
        kind: try row.requiredString(at: 0, "kind"), count: row.int(at: 1), bytes: Int(row.double(at: 2)),
        oldest: row.date(at: 3), newest: row.date(at: 4)
      )
    }
    for row in rows {
      stats.entries += row.count
      stats.bytes += row.bytes
      stats.byKind[row.kind, default: 0] += row.count
      if let oldest = row.oldest { stats.oldest = min(stats.oldest ?? oldest, oldest) }
      if let newest = row.newest { stats.newest = max(stats.newest ?? newest, newest) }
    }
    return stats
  }

  // MARK: - Runs

  /// Records the start of a run (status `.running`) and returns its id.
  public func beginRun(at: Date, kind: RunRecord.Kind? = nil) throws(StateError) -> Int64 {
    try database.transaction { () throws(StateError) in
      try database.run(
        "INSERT INTO run (started_at, status, artists, requests, cache_hits, kind) VALUES (?, ?, 0, 0, 0, ?)",
        [SQLValue(at), .text(RunStatus.running.rawValue), SQLValue(kind?.rawValue)])
      return database.lastInsertRowID
    }
  }

  /// Records the end of run `id`; with `ifOpen`, only when nothing recorded its end before (and no error if so).
  public func finishRun(id: Int64, _ end: RunEnd, ifOpen: Bool = false) throws(StateError) {
    let outcome = end.outcome
    try database.transaction { () throws(StateError) in
      try database.run(
        """
        UPDATE run SET finished_at = ?, status = ?, artists = ?, requests = ?, cache_hits = ?, note = ?,
          library_artists = ?, new_releases = ?, told = ?, delivered = ?, delivery_reply = ?
        WHERE id = ?\(ifOpen ? " AND finished_at IS NULL" : "")
        """,
        [
          SQLValue(end.at), .text(end.status.rawValue), SQLValue(end.artists), SQLValue(end.requests),
          SQLValue(end.cacheHits), SQLValue(end.note), SQLValue(outcome?.libraryArtists),
          SQLValue(outcome?.newReleases), SQLValue(outcome?.told), SQLValue(outcome?.delivered.map { $0 ? 1 : 0 }),
          SQLValue(outcome?.deliveryReply), .integer(id),
        ]
      )
      guard database.changes == 1 || ifOpen else { throw StateError.unknownRun(path: database.path, id: id) }
    }
  }

  /// The latest `limit` runs (of `kind`, when given), newest first.
  public func recentRuns(limit: Int, kind: RunRecord.Kind? = nil) throws(StateError) -> [RunRecord] {
    guard limit > 0 else { return [] }
    let path = database.path
    return try database.query(
      """
      SELECT id, started_at, finished_at, status, artists, requests, cache_hits, note, kind,
        library_artists, new_releases, told, delivered, delivery_reply
      FROM run \(kind == nil ? "" : "WHERE kind = ? ")ORDER BY id DESC LIMIT ?
      """, (kind.map { [SQLValue($0.rawValue)] } ?? []) + [SQLValue(limit)]
    ) { row throws(StateError) in
      let outcome = row.optionalInt(at: 9).map { libraryArtists in
        RunOutcome(
          libraryArtists: libraryArtists, newReleases: row.int(at: 10), told: row.int(at: 11),
          delivered: row.optionalInt(at: 12).map { $0 != 0 }, deliveryReply: row.string(at: 13))
      }
      let text = try row.requiredString(at: 3, "status")
      guard let status = RunStatus(rawValue: text) else {
        throw StateError.unexpectedValue(path: path, detail: "unknown run status '\(text)' of run \(row.int64(at: 0))")
      }
      return RunRecord(
        id: row.int64(at: 0), startedAt: try row.requiredDate(at: 1, "started_at"), finishedAt: row.date(at: 2),
        status: status, artists: row.int(at: 4), requests: row.int(at: 5),
        cacheHits: row.int(at: 6), note: row.string(at: 7), kind: row.string(at: 8).flatMap(RunRecord.Kind.init),
        outcome: outcome)
    }
  }

  /// The size of the state on disk: the database and its write-ahead log, in bytes.
  public nonisolated var bytesOnDisk: Int {
    [databasePath, databasePath + "-wal"].reduce(0) { total, path in
      total + ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
    }
  }

  // MARK: - Releases seen

  /// Every release recorded for `provider`, by key.
  public func seenReleases(provider: CatalogName) throws(StateError) -> [LedgerKey: SeenRelease] {
    let path = database.path
    let rows = try database.query(
      """
      SELECT artist_key, album_key, title, release_date, first_seen, reported_at, reported_as, kind
      FROM release_seen WHERE provider = ?
      """, [.text(provider.rawValue)]
    ) { row throws(StateError) in
      let text = try row.requiredString(at: 1, "album_key")
      guard let album = AlbumKey(description: text) else {
        throw StateError.unexpectedValue(path: path, detail: "unreadable album key '\(text)' of a \(provider) release")
      }
      return SeenRelease(
        key: LedgerKey(artist: ArtistKey(rawValue: try row.requiredString(at: 0, "artist_key")), album: album),
        title: try row.requiredString(at: 2, "title"), releaseDate: row.string(at: 3),
        firstSeen: try row.requiredDate(at: 4, "first_seen"), reportedAt: row.date(at: 5),
        reportedAs: row.string(at: 6), kind: row.string(at: 7))
    }
    var result: [LedgerKey: SeenRelease] = [:]
    result.reserveCapacity(rows.count)
    for release in rows { result[release.key] = release }
    return result
  }

  /// The catalogs the state in `directory` keeps resolutions or told releases of; none when there is no state yet.
  public static func catalogsKept(directory: String) async throws(StateError) -> [CatalogName] {
    guard FileManager.default.fileExists(atPath: directory + "/" + fileName) else { return [] }
    return try await StateStore(directory: directory).catalogsKept()
  }

  /// The catalogs this state keeps resolutions or told releases of.
  public func catalogsKept() throws(StateError) -> [CatalogName] {
    try database.query(
      """
      SELECT provider FROM artist_resolution UNION SELECT provider FROM release_seen WHERE reported_at IS NOT NULL
      """, []
    ) { row throws(StateError) in CatalogName(try row.requiredString(at: 0, "provider")) }
  }

  /// Every release recorded for any catalog, by catalog and then by key: what one catalog told is told.
  public func seenReleasesOfEveryCatalog() throws(StateError) -> [CatalogName: [LedgerKey: SeenRelease]] {
    let providers = try database.query("SELECT DISTINCT provider FROM release_seen", []) { row throws(StateError) in
      CatalogName(try row.requiredString(at: 0, "provider"))
    }
    var result: [CatalogName: [LedgerKey: SeenRelease]] = [:]
    for provider in providers { result[provider] = try seenReleases(provider: provider) }
    return result
  }

  /// Records releases not seen before, in one transaction; a release already recorded keeps its first sighting.
  /// A record without a kind (written before kinds were kept) that a sighting with one meets under its key was
  /// another release of that key (the single of the album's name): the sighting takes its place, told of nothing.
  public func recordSeen(provider: CatalogName, _ releases: [SeenRelease]) throws(StateError) {
    guard !releases.isEmpty else { return }
    let statement = try database.prepare(
      """
      INSERT INTO release_seen (provider, artist_key, album_key, title, release_date, first_seen, kind)
      VALUES (?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (provider, artist_key, album_key) DO UPDATE SET
        title = excluded.title, release_date = excluded.release_date, first_seen = excluded.first_seen,
        kind = excluded.kind, reported_at = NULL, reported_as = NULL
      WHERE release_seen.kind IS NULL AND excluded.kind IS NOT NULL
      """)
    try database.transaction { () throws(StateError) in
      for release in releases {
        try statement.execute([
          .text(provider.rawValue), .text(release.key.artist.rawValue), .text(release.key.album.description),
          .text(release.title), release.releaseDate.map(SQLValue.text) ?? .null, SQLValue(release.firstSeen),
          SQLValue(release.kind),
        ])
      }
    }
  }

  /// Marks releases as told of, in one transaction: called only once the report that lists them is written.
  public func markReported(
    provider: CatalogName, _ reported: [(key: LedgerKey, section: String)], at: Date
  ) throws(StateError) {
    guard !reported.isEmpty else { return }
    let statement = try database.prepare(
      """
      UPDATE release_seen SET reported_at = ?, reported_as = ?
      WHERE provider = ? AND artist_key = ? AND album_key = ?
      """)
    try database.transaction { () throws(StateError) in
      for item in reported {
        try statement.execute([
          SQLValue(at), .text(item.section), .text(provider.rawValue), .text(item.key.artist.rawValue),
          .text(item.key.album.description),
        ])
      }
    }
  }

  // MARK: - Covers

  /// The cover answers kept for `releaseIDs` of `provider`, by release id; ids never asked about are absent.
  public func artwork(
    provider: CatalogName, releaseIDs: [CatalogReleaseID]
  ) throws(StateError) -> [CatalogReleaseID: ArtworkRecord] {
    var result: [CatalogReleaseID: ArtworkRecord] = [:]
    let chunkSize = max(1, min(Self.lookupChunkSize, database.maximumVariableCount - 1))
    let unique = Array(Set(releaseIDs))
    try database.readTransaction { () throws(StateError) in
      for start in stride(from: 0, to: unique.count, by: chunkSize) {
        let chunk = unique[start..<min(start + chunkSize, unique.count)]
        let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
        let rows = try database.query(
          "SELECT release_id, url, checked_at FROM artwork WHERE provider = ? AND release_id IN (\(placeholders))",
          [.text(provider.rawValue)] + chunk.map { .text($0.rawValue) }, cached: false
        ) { row throws(StateError) in
          ArtworkRecord(
            releaseID: CatalogReleaseID(try row.requiredString(at: 0, "release_id")), url: row.string(at: 1),
            checkedAt: try row.requiredDate(at: 2, "checked_at"))
        }
        for record in rows { result[record.releaseID] = record }
      }
    }
    return result
  }

  /// Keeps cover answers, replacing older ones, in one transaction.
  public func saveArtwork(provider: CatalogName, _ records: [ArtworkRecord]) throws(StateError) {
    guard !records.isEmpty else { return }
    let statement = try database.prepare(
      """
      INSERT INTO artwork (provider, release_id, url, checked_at) VALUES (?, ?, ?, ?)
      ON CONFLICT (provider, release_id) DO UPDATE SET url = excluded.url, checked_at = excluded.checked_at
      """)
    try database.transaction { () throws(StateError) in
      for record in records {
        try statement.execute([
          .text(provider.rawValue), .text(record.releaseID.rawValue), SQLValue(record.url), SQLValue(record.checkedAt),
        ])
      }
    }
  }
}
