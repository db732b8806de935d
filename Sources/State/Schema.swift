import Identity

/// One schema step. Its version is its 1-based position in the migration list.
struct Migration: Sendable {
  /// Short description, for error messages and reading the list.
  let name: String
  /// SQL script run inside the step's transaction.
  let sql: String
}

enum Schema {
  /// The shipping migration list. APPEND ONLY: never edit or reorder a step that has shipped; add a new one.
  /// Step n brings a file from `user_version` n-1 to n.
  static let migrations: [Migration] = [
    Migration(
      name: "artist resolutions, response cache, runs",
      sql: """
        CREATE TABLE artist_resolution (
          provider     TEXT NOT NULL,
          artist_key   TEXT NOT NULL,
          artist_name  TEXT NOT NULL,
          catalog_id   TEXT NULL,
          catalog_name TEXT NULL,
          status       TEXT NOT NULL, -- resolved | ambiguous | unresolved | pinned
          candidates   TEXT NULL,     -- opaque JSON supplied by the caller
          checked_at   REAL NOT NULL, -- unix seconds
          PRIMARY KEY (provider, artist_key)
        );
        CREATE TABLE response_cache (
          provider   TEXT NOT NULL,
          kind       TEXT NOT NULL, -- e.g. "albums", "search"
          key        TEXT NOT NULL,
          body       BLOB NOT NULL,
          fetched_at REAL NOT NULL, -- unix seconds
          PRIMARY KEY (provider, kind, key)
        );
        CREATE TABLE run (
          id          INTEGER PRIMARY KEY AUTOINCREMENT,
          started_at  REAL NOT NULL,
          finished_at REAL NULL,
          status      TEXT NOT NULL,
          artists     INTEGER NOT NULL DEFAULT 0,
          requests    INTEGER NOT NULL DEFAULT 0,
          cache_hits  INTEGER NOT NULL DEFAULT 0,
          note        TEXT NULL
        );
        """
    ),
    Migration(
      name: "releases seen and reported",
      sql: """
        CREATE TABLE release_seen (
          provider     TEXT NOT NULL,
          release_key  TEXT NOT NULL, -- artist key + album key: a clean twin or a re-listing is the same release
          artist_key   TEXT NOT NULL,
          title        TEXT NOT NULL,
          release_date TEXT NULL,     -- YYYY-MM-DD as the catalog gives it
          first_seen   REAL NOT NULL, -- unix seconds
          reported_at  REAL NULL,
          reported_as  TEXT NULL,     -- new | upcoming | edition | backfill
          PRIMARY KEY (provider, release_key)
        );
        CREATE INDEX release_seen_artist ON release_seen (provider, artist_key);
        """
    ),
    Migration(
      name: "several catalog artists per library artist; pending decisions",
      // Also marks files that may hold the status 'pending', which older builds cannot read: they refuse the
      // file as newer instead of failing on the row.
      sql: """
        ALTER TABLE artist_resolution ADD COLUMN matches TEXT NULL; -- JSON [{"id", "name"}] when more than one
        """
    ),
    Migration(
      name: "covers asked of a catalog that keeps them apart; the kind a release was seen as",
      sql: """
        ALTER TABLE release_seen ADD COLUMN kind TEXT NULL; -- album | ep | single; NULL in rows written before
        CREATE TABLE artwork (
          provider   TEXT NOT NULL,
          release_id TEXT NOT NULL,
          url        TEXT NULL,     -- NULL: the catalog has no cover for it (yet)
          checked_at REAL NOT NULL, -- unix seconds
          PRIMARY KEY (provider, release_id)
        );
        """
    ),
    Migration(
      name: "what each run was and told, for 'deepcut status'",
      sql: """
        ALTER TABLE run ADD COLUMN kind TEXT NULL;            -- night | dry-run | by-hand; NULL in rows written before
        ALTER TABLE run ADD COLUMN library_artists INTEGER NULL;
        ALTER TABLE run ADD COLUMN new_releases INTEGER NULL;
        ALTER TABLE run ADD COLUMN told INTEGER NULL;
        ALTER TABLE run ADD COLUMN delivered INTEGER NULL;    -- 1 accepted, 0 not, NULL not sent
        ALTER TABLE run ADD COLUMN delivery_reply TEXT NULL;  -- the server's reply, or why it was not delivered
        """
    ),
    Migration(
      name: "releases seen keyed by artist and album, not by the two glued together",
      // Keys written before were the artist key, U+001F, and the album key's text; the artist key is kept already.
      sql: """
        CREATE TABLE release_seen_by_key (
          provider     TEXT NOT NULL,
          artist_key   TEXT NOT NULL,
          album_key    TEXT NOT NULL, -- base [edition+edition] <kind>, as AlbumKey prints it
          title        TEXT NOT NULL,
          release_date TEXT NULL,
          first_seen   REAL NOT NULL,
          reported_at  REAL NULL,
          reported_as  TEXT NULL,
          kind         TEXT NULL,
          PRIMARY KEY (provider, artist_key, album_key)
        );
        INSERT INTO release_seen_by_key
          SELECT provider, artist_key, substr(release_key, instr(release_key, char(31)) + 1), title, release_date,
            first_seen, reported_at, reported_as, kind
          FROM release_seen WHERE instr(release_key, char(31)) > 0;
        DROP TABLE release_seen;
        ALTER TABLE release_seen_by_key RENAME TO release_seen;
        CREATE INDEX release_seen_artist ON release_seen (provider, artist_key);
        """
    ),
    Migration(
      name: "what each push channel told, what waits for it, and how its last push went",
      // A channel is named as logs name it (its service and where, never its token).
      sql: """
        CREATE TABLE push_told (
          channel    TEXT NOT NULL,
          release_id TEXT NOT NULL, -- the release's identity, as the feeds keep it
          told_at    REAL NOT NULL, -- unix seconds
          PRIMARY KEY (channel, release_id)
        );
        CREATE TABLE push_waiting (
          channel    TEXT NOT NULL,
          release_id TEXT NOT NULL,
          item       TEXT NOT NULL, -- JSON of the line the push shows
          queued_at  REAL NOT NULL, -- unix seconds: the night it first waited
          PRIMARY KEY (channel, release_id)
        );
        CREATE TABLE push_channel (
          channel        TEXT PRIMARY KEY,
          last_attempt   REAL NOT NULL,
          last_delivered REAL NULL,
          last_reply     TEXT NULL,
          failure        TEXT NULL,     -- why the last push was not accepted; NULL when it was
          permanent      INTEGER NOT NULL DEFAULT 0
        );
        """
    ),
    Migration(
      name: "push channels keyed by what their URL names, not by the words that show them",
      // The rows written before are keyed by a channel's name, which holds only the first 6 hex digits of its
      // identity's hash: the identity cannot be worked out here, with no channels file to make it from. They are
      // kept as they are under `*_by_name`, and each channel takes its own when it is first used (`claimEarlierPushes`).
      sql: """
        ALTER TABLE push_told RENAME TO push_told_by_name;
        ALTER TABLE push_waiting RENAME TO push_waiting_by_name;
        ALTER TABLE push_channel RENAME TO push_channel_by_name;
        CREATE TABLE push_told (
          channel_id TEXT NOT NULL, -- SERVICE:HASH, as PushChannelID writes it: never a secret, never the words
          release_id TEXT NOT NULL,
          told_at    REAL NOT NULL,
          PRIMARY KEY (channel_id, release_id)
        );
        CREATE TABLE push_waiting (
          channel_id TEXT NOT NULL,
          release_id TEXT NOT NULL,
          item       TEXT NOT NULL, -- JSON of the line the push shows
          queued_at  REAL NOT NULL,
          PRIMARY KEY (channel_id, release_id)
        );
        CREATE TABLE push_channel (
          channel_id     TEXT PRIMARY KEY,
          name           TEXT NOT NULL, -- how the channel read at its last push, for status; never a key
          last_attempt   REAL NOT NULL,
          last_delivered REAL NULL,
          last_reply     TEXT NULL,
          failure        TEXT NULL,
          permanent      INTEGER NOT NULL DEFAULT 0
        );
        """
    ),
  ]

  /// Prepares a freshly opened connection: refuses a file newer than `migrations` knows (without writing to
  /// it), switches to WAL, then applies every missing step, each in its own transaction.
  static func prepare(_ database: Database, migrations: [Migration]) throws(StateError) {
    // Reading the header first also turns a file that is not a database into a clear error before any write.
    let found = try database.userVersion()
    guard found <= migrations.count else {
      throw .newerSchema(path: database.path, found: found, supported: migrations.count)
    }
    // WAL: readers never block the writer, and a crash mid-transaction leaves only uncommitted frames in
    // the -wal file, which SQLite ignores on the next open. FULL syncs the log at every commit, so an answer
    // committed is kept even through a power loss; the catalog's limit leaves seconds between commits, and a
    // sync costs a fifth of a millisecond here.
    try database.execute("PRAGMA journal_mode = WAL")
    try database.execute("PRAGMA synchronous = FULL")
    try database.execute("PRAGMA foreign_keys = ON")

    for (index, migration) in migrations.enumerated() where index + 1 > found {
      let version = index + 1
      do {
        try database.transaction { () throws(StateError) in
          // Another process may have migrated between our check and taking the write lock.
          guard try database.userVersion() < version else { return }
          try database.execute(migration.sql)
          try database.execute("PRAGMA user_version = \(version)")
        }
      } catch {
        switch error {
        case .sqlite(let path, _, let message), .unexpectedValue(let path, let message):
          throw .migrationFailed(path: path, version: version, message: message)
        default:
          // Locked, full, corrupt, …: those messages already say what to do.
          throw error
        }
      }
    }
  }
}
