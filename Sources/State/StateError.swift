public import Foundation

/// Every failure of the state store. Each message is lowercase, names the file and tells the user what to do.
public enum StateError: Error, Equatable, CustomStringConvertible {
  /// The state directory could not be created.
  case cannotCreateDirectory(path: String, reason: String)
  /// SQLite could not open the file (missing directory, permissions, …).
  case cannotOpen(path: String, message: String)
  /// Another connection holds the write lock and did not release it within the busy timeout.
  case locked(path: String)
  /// SQLITE_CORRUPT: the file is damaged.
  case corrupt(path: String)
  /// SQLITE_NOTADB: the file exists but is not an SQLite database.
  case notADatabase(path: String)
  /// The file or its directory is not writable.
  case readOnly(path: String)
  /// The disk (or quota) is full.
  case diskFull(path: String)
  /// The file's schema version is newer than this build knows; the file was not touched.
  case newerSchema(path: String, found: Int, supported: Int)
  /// A schema migration step failed; it was rolled back and the file stays at the previous version.
  case migrationFailed(path: String, version: Int, message: String)
  /// A row holds a value this build cannot interpret.
  case unexpectedValue(path: String, detail: String)
  /// `finishRun` was given an id that `beginRun` never returned.
  case unknownRun(path: String, id: Int64)
  /// Any other SQLite failure, with SQLite's own message.
  case sqlite(path: String, code: Int32, message: String)
  /// The state folder of a run cannot be made.
  case cannotCreateFolder(path: String, reason: String)
  /// The run's lock cannot be taken at all.
  case cannotLock(path: String, reason: String)
  /// Another run holds the lock of the state folder.
  case heldByAnotherRun(directory: String, lock: String)

  public var description: String {
    switch self {
    case .cannotCreateFolder(let path, let reason): "\(path): cannot create the state folder (\(reason))"
    case .cannotLock(let path, let reason):
      "cannot lock \(path) (\(reason)); make the state folder writable, or name another with --state-dir"
    case .heldByAnotherRun(let directory, let lock):
      "another deepcut run is using \(directory) (lock \(lock)); wait for it to finish, or pass --wait"
    case .cannotCreateDirectory(let path, let reason):
      "cannot create the state directory \(path): \(reason); check the permissions of its parent or set XDG_STATE_HOME"
    case .cannotOpen(let path, let message):
      "cannot open \(path): \(message); check that its directory exists and is writable"
    case .locked(let path):
      "\(path) is locked by another process (probably another deepcut run); wait for it to finish or stop it, "
        + "then run again (the lock goes away when that process exits)"
    case .corrupt(let path):
      "\(path): database disk image is malformed; move it aside and run again (the catalog cache will be rebuilt)"
    case .notADatabase(let path):
      "\(path): file is not a database; move it aside and run again (the catalog cache will be rebuilt)"
    case .readOnly(let path):
      "\(path) is read-only; check the permissions of the file and its directory"
    case .diskFull(let path):
      "cannot write \(path): the disk is full; free some space and run again (nothing was lost)"
    case .newerSchema(let path, let found, let supported):
      "\(path) was written by a newer deepcut (schema version \(found), this build knows up to \(supported)); "
        + "upgrade deepcut, or point it at another state directory (the file was not changed)"
    case .migrationFailed(let path, let version, let message):
      "cannot upgrade \(path) to schema version \(version): \(message); the file was left unchanged at the "
        + "previous version; please report this"
    case .unexpectedValue(let path, let detail):
      "\(path): \(detail); move the file aside and run again (the catalog cache will be rebuilt)"
    case .unknownRun(let path, let id):
      "\(path): no run with id \(id); this is a bug in deepcut, please report it"
    case .sqlite(let path, let code, let message):
      "\(path): \(message) (sqlite error \(code)); run again, and report it if it keeps happening"
    }
  }
}

extension StateError: LocalizedError {
  public var errorDescription: String? { description }
}
