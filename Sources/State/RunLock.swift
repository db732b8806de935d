internal import Basics
internal import Foundation

/// One run at a time: an exclusive `flock` on a file in the state directory, released by the kernel
/// when the process ends however it ends (even SIGKILL), so a crash never leaves a stale lock behind.
public final class RunLock {
  private let descriptor: Int32

  /// Takes the lock, or fails at once (``StateError/heldByAnotherRun(directory:lock:)``) unless `wait` is set, in
  /// which case it blocks until free.
  public init(directory: String, wait: Bool) throws(StateError) {
    let path = directory + "/deepcut.lock"
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw .cannotCreateFolder(path: directory, reason: error.localizedDescription)
    }
    let taken: Int32?
    do {
      taken = try Platform.lockExclusively(path, wait: wait)
    } catch {
      throw .cannotLock(path: path, reason: "\(error)")
    }
    guard let taken else {
      throw .heldByAnotherRun(directory: directory, lock: path)
    }
    descriptor = taken
    // Who holds it, for people looking at the file; the lock itself is the flock, not this text.
    Platform.truncate(descriptor)
    try? Platform.write(Data("\(Platform.processID)\n".utf8), to: descriptor)
  }

  deinit {
    // A pid left behind could be reused by another process, which `status` would take for a run.
    Platform.truncate(descriptor)
    Platform.unlock(descriptor)
  }

  /// The process holding the lock of `directory`, by the pid its file names, if that process is alive; nil when no
  /// run holds it. Read without taking the lock, which a night starting meanwhile would find taken.
  public static func holder(directory: String) -> Int32? {
    guard let text = try? String(contentsOfFile: directory + "/deepcut.lock", encoding: .utf8),
      let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), Platform.isAlive(pid)
    else { return nil }
    return pid
  }
}
