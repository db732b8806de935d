public import Foundation
internal import Synchronization

/// A child started with posix_spawn, not Foundation's `Process`: on Linux `Process.run()` can crash when the
/// parent has many descriptors open (it over-reads its list of them; swift-corelibs-foundation#5472), and its child
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
      pid = try Platform.spawn(
        path, arguments, environment: environment, directory: directory, stdio: (inRead, outWrite, errWrite))
    } catch {
      ours.forEach(Platform.close)
      throw Self.posixError(error)
    }
    // The child's ends are the child's now.
    ours.subtracting([inWrite, outRead, errRead]).forEach(Platform.close)
    processIdentifier = pid
    input = FileHandle(fileDescriptor: inWrite, closeOnDealloc: true)
    output = outRead < 0 ? nil : FileHandle(fileDescriptor: outRead, closeOnDealloc: true)
    errors = merged ? nil : FileHandle(fileDescriptor: errRead, closeOnDealloc: true)
    let ending = ending
    Thread {
      let status = Platform.waitForExit(pid)
      ending.status.withLock { $0 = status }
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

  private static func pipe() throws -> (Int32, Int32) {
    do {
      return try Platform.closeOnExecPair()
    } catch {
      throw posixError(error)
    }
  }

  /// What callers have always been given, and show as the reason a program did not start.
  private static func posixError(_ error: SystemError) -> POSIXError {
    POSIXError(POSIXErrorCode(rawValue: error.code) ?? .EIO)
  }
}

extension SpawnedProcess {
  /// Ends the child at once (SIGKILL), for one that did not end when asked to with ``terminate()``.
  public func forceKill() {
    if isRunning { kill(processIdentifier, SIGKILL) }
  }

  /// Waits for the child to end, at most `limit`: one still running then is ended at once (``forceKill()``) and its
  /// end waited for. Returns whether it ended on its own, within the limit.
  public func waitUntilExit(within limit: Duration) async -> Bool {
    await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        await self.waitUntilExit()
        return true
      }
      group.addTask {
        try? await Task.sleep(for: limit)
        return false
      }
      let onItsOwn = await group.next() ?? false
      // The other task ends either way: the sleep is cancelled, and a killed child's end comes at once.
      if !onItsOwn { forceKill() }
      group.cancelAll()
      return onItsOwn
    }
  }
}
