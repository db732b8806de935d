internal import Basics
internal import Foundation

/// One run at a time: an exclusive `flock` on a file in the state directory, released by the kernel
/// when the process ends however it ends (even SIGKILL), so a crash never leaves a stale lock behind.
final class RunLock {
  private let descriptor: Int32

  /// Takes the lock, or fails at once (exit 75) unless `wait` is set, in which case it blocks until free.
  init(directory: String, wait: Bool) throws(CLIError) {
    let path = directory + "/deepcut.lock"
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw .state("\(directory): cannot create the state folder (\(error.localizedDescription))")
    }
    descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw .state("\(path): cannot open the lock file (\(SystemError.last))")
    }
    var result: Int32
    repeat {
      result = flock(descriptor, wait ? LOCK_EX : LOCK_EX | LOCK_NB)
    } while result != 0 && errno == EINTR
    guard result == 0 else {
      let code = errno
      close(descriptor)
      if code == EWOULDBLOCK {
        throw .locked(
          "another deepcut run is using \(directory) (lock \(path)); wait for it to finish, or pass --wait")
      }
      throw .state("\(path): cannot lock (\(SystemError(code: code)))")
    }
    // Who holds it, for people looking at the file; the lock itself is the flock, not this text.
    ftruncate(descriptor, 0)
    try? Platform.write(Data("\(getpid())\n".utf8), to: descriptor)
  }

  deinit {
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }
}
