public import Foundation
internal import Synchronization

/// A child started with posix_spawn, not Foundation's `Process`: on Linux `Process.run()` can crash when the
/// parent has many descriptors open (an over-read of /proc/self/fd; swift-corelibs-foundation#5472), and its child
/// inherits the signal mask of the pool thread that started it, SIGTERM blocked, and deepcut's ignored SIGINT and
/// SIGTERM. Here the child gets an empty mask and default dispositions, and only the descriptors given to it.
public final class SpawnedProcess: Sendable {
  public let processIdentifier: pid_t
  /// The parent's ends: the child's standard input, output and error (nil when merged into output, or when both go
  /// to a file).
  public let input: FileHandle
  public let output: FileHandle?
  public let errors: FileHandle?
  private let ending = Ending()

  /// The exit status, once the child has ended, and the gate waiters wait at.
  private final class Ending: Sendable {
    let status = Mutex<Int32?>(nil)
    let gate = Gate()
  }

  /// Starts `path` with `arguments` in `directory`, with exactly `environment`. Its output and errors come back
  /// through pipes (one, `mergingErrors`), or both go to the file open at `outputFile`.
  public init(
    _ path: String, _ arguments: [String], environment: [String: String], directory: String, mergingErrors: Bool,
    outputFile: Int32? = nil
  ) throws {
    let (inRead, inWrite) = try Self.pipe()
    let (outRead, outWrite) = try outputFile.map { (-1, $0) } ?? Self.pipe()
    let merged = mergingErrors || outputFile != nil
    let (errRead, errWrite) = merged ? (outRead, outWrite) : try Self.pipe()
    let ours = Set([inRead, inWrite, outRead, outWrite, errRead, errWrite]).subtracting([-1, outputFile ?? -1])
    let pid: pid_t
    do {
      pid = try Self.spawn(path, arguments, environment, directory, stdio: (inRead, outWrite, errWrite))
    } catch {
      ours.forEach { close($0) }
      throw error
    }
    // The child's ends are the child's now.
    ours.subtracting([inWrite, outRead, errRead]).forEach { close($0) }
    processIdentifier = pid
    input = FileHandle(fileDescriptor: inWrite, closeOnDealloc: true)
    output = outRead < 0 ? nil : FileHandle(fileDescriptor: outRead, closeOnDealloc: true)
    errors = merged ? nil : FileHandle(fileDescriptor: errRead, closeOnDealloc: true)
    let ending = ending
    Thread {
      var raw: Int32 = 0
      while waitpid(pid, &raw, 0) < 0, errno == EINTR {}
      // Exited: its status; killed: the signal's number, as `Process.terminationStatus` says it.
      ending.status.withLock { $0 = raw & 0x7f == 0 ? (raw >> 8) & 0xff : raw & 0x7f }
      ending.gate.open()
    }.start()
  }

  public var isRunning: Bool { ending.status.withLock { $0 == nil } }
  public var terminationStatus: Int32 { ending.status.withLock { $0 ?? -1 } }

  public func terminate() {
    if isRunning { kill(processIdentifier, SIGTERM) }
  }

  /// Returns once the child has ended, without holding a thread.
  public func waitUntilExit() async {
    await ending.gate.wait()
  }

  /// A connected pair, closed on exec so no other child started meanwhile inherits it (Glibc's Swift module has no
  /// `pipe2`; a socket pair reads and writes as a pipe does).
  private static func pipe() throws -> (Int32, Int32) {
    var ends: [Int32] = [-1, -1]
    let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    guard socketpair(AF_UNIX, type, 0, &ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    return (ends[0], ends[1])
  }

  private static func spawn(
    _ path: String, _ arguments: [String], _ environment: [String: String], _ directory: String,
    stdio: (Int32, Int32, Int32)
  ) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, stdio.0, 0)
    posix_spawn_file_actions_adddup2(&actions, stdio.1, 1)
    posix_spawn_file_actions_adddup2(&actions, stdio.2, 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGINT, SIGTERM] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    // Safety: the C strings are strdup'ed here, stay alive through posix_spawn (which copies what it needs into
    // the child), and are freed right after.
    // Glibc's Swift module has no posix_spawn_file_actions_addchdir_np: another folder is entered by a shell.
    let here = FileManager.default.currentDirectoryPath == directory
    let words = here ? [path] + arguments : ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", directory, path] + arguments
    let argv = words.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    var result = posix_spawn(&pid, here ? path : "/bin/sh", &actions, &attributes, argv, envp)
    // A program written a moment ago can still be open for writing in a child another thread is starting: the
    // kernel says ETXTBSY until that child has exec'd. It passes in milliseconds.
    for _ in 0..<50 where result == ETXTBSY {
      usleep(10_000)
      result = posix_spawn(&pid, here ? path : "/bin/sh", &actions, &attributes, argv, envp)
    }
    guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO) }
    return pid
  }
}

extension SpawnedProcess {
  /// Ends the child at once (SIGKILL), for one that did not end when asked to with ``terminate()``.
  public func forceKill() {
    if isRunning { kill(processIdentifier, SIGKILL) }
  }
}
