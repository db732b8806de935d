public import Basics
public import Foundation
public import Testing

/// Runs the built `deepcut` binary the way a user or cron does, and captures what it says.
public struct DeepcutProcess {
  public struct Result {
    public var status: Int32
    public var stdout: String
    public var stderr: String
  }

  /// The binary sits beside the test bundle in the build folder, unless DEEPCUT_BINARY names another: `.ci/run` runs
  /// the end-to-end tests a second time against the stripped release binary the Debian package holds.
  public static var executable: URL {
    ProcessInfo.processInfo.environment["DEEPCUT_BINARY"].map { URL(fileURLWithPath: $0) } ?? built("deepcut")
  }

  public static func built(_ product: String) -> URL {
    #if os(Linux)
      // The test process is the bundle itself, a program in the build folder.
      let testBundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    #else
      // The test process is a runner from the toolchain that loaded the bundle, which lies in the build folder.
      let testBundle = Bundle(for: BuildFolderMarker.self).bundleURL
    #endif
    return testBundle.deletingLastPathComponent().appendingPathComponent(product)
  }

  public static var packageRoot: URL {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
      url.deleteLastPathComponent()
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
    }
    return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  }

  public static var sharedFixtures: URL? {
    if let path = ProcessInfo.processInfo.environment["DEEPCUT_SHARED"] {
      return URL(fileURLWithPath: path).appendingPathComponent("fixtures")
    }
    let shared = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures")
    return FileManager.default.fileExists(atPath: shared.path) ? shared : nil
  }

  /// Runs `deepcut arguments` to its end. It waits without holding a thread: tests run side by side, and one that
  /// blocked a thread of the shared pool while a child ran would hold up every other.
  @discardableResult
  public static func run(
    _ arguments: [String],
    executable: URL = Self.executable,
    stdin: Data? = nil,
    environment: [String: String] = [:]
  ) async throws -> Result {
    try await Running(executable: executable, arguments, stdin: stdin, environment: environment).finish()
  }
}

extension DeepcutProcess {
  /// Starts `deepcut arguments` in the background and returns once it holds the run lock of `stateDirectory`
  /// (the lock file names its pid), so a second command is sure to meet the lock.
  /// With `holdingInput`, its standard input stays open until ``Running/closeInput()``: a report reading its
  /// library from `-` holds the lock until then.
  public static func startHoldingTheLock(
    _ arguments: [String], stateDirectory: String, holdingInput: Bool = false, environment: [String: String] = [:]
  ) async throws -> Running {
    let holder = try Running(executable: executable, arguments, environment: environment, holdingInput: holdingInput)
    let lockFile = stateDirectory + "/deepcut.lock"
    let pid = holder.process.processIdentifier
    try await waitUntil {
      (try? String(contentsOfFile: lockFile, encoding: .utf8)) == "\(pid)\n" || !holder.process.isRunning
    }
    return holder
  }
}

#if !os(Linux)
  /// A class of this module, whose bundle `Bundle(for:)` finds.
  private final class BuildFolderMarker {}
#endif

/// A value handed from the pipe-reading thread to the test.
public final class LockedData: @unchecked Sendable {
  private let lock = NSLock()
  private var data: Data?

  public init() {}

  public func set(_ value: Data) { lock.withLock { data = value } }
  public var isSet: Bool { lock.withLock { data != nil } }
  public var value: Data { lock.withLock { data ?? Data() } }
}

extension DeepcutProcess {
  /// A child process in the background (`deepcut`, or any program), its output captured.
  public final class Running: Sendable {
    public let process: SpawnedProcess
    private let output = LockedData()
    private let errors = LockedData()
    /// The child's own empty home, removed once it has ended; nil when the test gave it a HOME.
    private let home: String?
    /// The command line, for the failure of a child that does not end.
    private let command: String

    /// Starts `executable` with `arguments` in the package's folder, its environment this one's plus `environment`;
    /// `stdin` is written to it and closed (none: an empty standard input), or, with `holdingInput`, held open until
    /// ``closeInput()`` or the end of this test process. With `mergingErrors`, standard error goes where standard
    /// output does.
    ///
    /// Unless `environment` names a HOME, the child gets an empty one of its own, with the XDG folders under it: a
    /// test never reads the config or the state of the person running the tests (after the README's first command,
    /// their state folder holds a night's catalogs), nor writes to them.
    public init(
      executable: URL = DeepcutProcess.executable, _ arguments: [String], stdin: Data? = nil,
      environment: [String: String] = [:], mergingErrors: Bool = false, holdingInput: Bool = false
    ) throws {
      var inherited = ProcessInfo.processInfo.environment
      command = ([executable.lastPathComponent] + arguments).joined(separator: " ")
      home = environment["HOME"] == nil ? try Self.makeHome() : nil
      if let home {
        inherited["HOME"] = home
        for name in ["XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME"] {
          inherited[name] = nil
        }
      }
      process = try SpawnedProcess(
        executable.path, arguments, environment: inherited.merging(environment) { $1 },
        directory: DeepcutProcess.packageRoot.path, mergingErrors: mergingErrors)
      // Both pipes are read to their end on threads of their own, so a chatty child never blocks on a full pipe,
      // and closed when read: a suite that runs hundreds of children must not keep their pipes open.
      if let outputHandle = process.output { Self.drain(outputHandle, into: output) } else { output.set(Data()) }
      if let errorsHandle = process.errors { Self.drain(errorsHandle, into: errors) } else { errors.set(Data()) }
      if let stdin { try? process.input.write(contentsOf: stdin) }
      if !holdingInput { try? process.input.close() }
    }

    private static func makeHome() throws -> String {
      let home = NSTemporaryDirectory() + "deepcut-home-" + UUID().uuidString
      try FileManager.default.createDirectory(
        atPath: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      return home
    }

    private static func drain(_ handle: FileHandle, into sink: LockedData) {
      Thread {
        sink.set(handle.readDataToEndOfFile())
        try? handle.close()
      }.start()
    }

    /// Whether the child ended within `limit`; one that did not is killed (and has ended, its pipes read, on return).
    private func ended(within limit: Duration) async -> Bool {
      let endedInTime = await process.waitUntilExit(within: limit)
      if !endedInTime { try? await waitUntil(timeout: .seconds(30)) { output.isSet && errors.isSet } }
      return endedInTime
    }

    /// Ends the standard input held open.
    public func closeInput() {
      try? process.input.close()
    }

    /// How long a child may take before its test gives up on it: far beyond the longest night a test runs, even on a
    /// loaded machine, and far within the suite's time.
    public static let endLimit = Duration.seconds(600)

    /// Waits for the run to end, without holding a thread meanwhile. A child that has not ended within `limit` is
    /// killed, and the test fails naming it and what it said: one hung child fails its test, not the suite.
    public func finish(
      within limit: Duration = Running.endLimit, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Result {
      guard await ended(within: limit) else {
        let said = String(decoding: errors.value.suffix(2_000), as: UTF8.self)
        Issue.record(
          "\(command) did not end within \(limit); killed. It said: \(said)", sourceLocation: sourceLocation)
        throw CancellationError()
      }
      if let home { try? FileManager.default.removeItem(atPath: home) }
      try await waitUntil { output.isSet && errors.isSet }
      return Result(
        status: process.terminationStatus, stdout: String(decoding: output.value, as: UTF8.self),
        stderr: String(decoding: errors.value, as: UTF8.self))
    }

    /// Waits until the run is blocked on another run's lock (Linux lists it as a waiter in /proc/locks), or has
    /// ended, which the test then finds in its result.
    ///
    /// Darwin lists no lock waiters: there it only gives the run a second to reach the lock. A run that got there
    /// later still meets the lock held, or finds it free and goes on, so the tests that call this pass either way;
    /// on a Mac they show less, not something else.
    public func waitUntilWaitingForTheLock() async throws {
      #if os(Linux)
        let pid = process.processIdentifier
        try await waitUntil {
          let locks = (try? String(contentsOfFile: "/proc/locks", encoding: .utf8)) ?? ""
          let waiting = locks.split(separator: "\n").contains { $0.contains("-> FLOCK") && $0.contains(" \(pid) ") }
          return waiting || !process.isRunning
        }
      #else
        let deadline = ContinuousClock.now + .seconds(1)
        try await waitUntil { ContinuousClock.now >= deadline || !process.isRunning }
      #endif
    }
  }

  /// Starts `deepcut arguments` in the background.
  public static func start(_ arguments: [String]) throws -> Running {
    try Running(arguments)
  }

  /// Runs any program to its end, its standard error merged into its output.
  public static func shell(
    _ program: String, _ arguments: [String] = [], environment: [String: String] = [:]
  ) async throws -> (status: Int32, output: String) {
    let result = try await Running(
      executable: URL(fileURLWithPath: program), arguments, environment: environment, mergingErrors: true
    ).finish()
    return (result.status, result.stdout)
  }
}

extension DeepcutProcess {
  /// Writes `text` to `path` as a program (a shell script standing in for a mail command). Not with `Data.write`:
  /// Foundation opens the file without O_CLOEXEC, so a child that another test starts meanwhile keeps the file open
  /// for writing as long as it lives, and running the program fails with ETXTBSY ("Text file busy") until then.
  public static func writeProgram(_ text: String, to path: String) throws {
    try writeFile(text, to: path, mode: 0o755)
  }

  /// Writes `text` to `path` with `mode`, as ``writeProgram(_:to:)`` does: a file that may be run must never be
  /// open for writing in a child another test starts.
  public static func writeFile(_ text: String, to path: String, mode: mode_t) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      // Safety: write reads at most the bytes after `offset`, inside the array, while the closure runs.
      let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      guard written > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
      offset += written
    }
    guard fchmod(descriptor, mode) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
  }
}
