public import Foundation
public import Testing

/// Runs the built `deepcut` binary the way a user or cron does, and captures what it says.
public struct DeepcutProcess {
  public struct Result {
    public var status: Int32
    public var stdout: String
    public var stderr: String
  }

  /// The binary sits beside the test bundle in the build folder.
  public static var executable: URL { built("deepcut") }

  public static func built(_ product: String) -> URL {
    let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    return testBinary.deletingLastPathComponent().appendingPathComponent(product)
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

  @discardableResult
  public static func run(
    _ arguments: [String],
    executable: URL = Self.executable,
    stdin: Data? = nil,
    environment: [String: String] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = packageRoot
    var env = ProcessInfo.processInfo.environment
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let input = Pipe()
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(stdin) }
    try input.fileHandleForWriting.close()
    // Read both pipes to the end before waiting, so a chatty child never blocks on a full pipe.
    let errorData = LockedData()
    let errorReader = Thread { errorData.set(err.fileHandleForReading.readDataToEndOfFile()) }
    errorReader.start()
    let outputData = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while !errorData.isSet { Thread.sleep(forTimeInterval: 0.001) }
    return Result(
      status: process.terminationStatus,
      stdout: String(decoding: outputData, as: UTF8.self),
      stderr: String(decoding: errorData.value, as: UTF8.self)
    )
  }
}

extension DeepcutProcess {
  /// Starts `deepcut arguments` in the background and returns once it holds the run lock of `stateDirectory`
  /// (the lock file names its pid), so a second command is sure to meet the lock.
  public static func startHoldingTheLock(_ arguments: [String], stateDirectory: String) async throws -> Process {
    let holder = Process()
    holder.executableURL = executable
    holder.arguments = arguments
    holder.standardOutput = FileHandle.nullDevice
    try holder.run()
    let lockFile = stateDirectory + "/deepcut.lock"
    let deadline = ContinuousClock.now + .seconds(10)
    while (try? String(contentsOfFile: lockFile, encoding: .utf8)) != "\(holder.processIdentifier)\n",
      ContinuousClock.now < deadline
    {
      try await Task.sleep(for: .milliseconds(10))
    }
    return holder
  }
}

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
  /// A `deepcut` run in the background, its output captured.
  public final class Running: Sendable {
    public let process: Process
    private let output = LockedData()
    private let errors = LockedData()
    private let exited = Gate()

    init(_ arguments: [String]) throws {
      process = Process()
      process.executableURL = DeepcutProcess.executable
      process.arguments = arguments
      process.currentDirectoryURL = DeepcutProcess.packageRoot
      let (out, err) = (Pipe(), Pipe())
      process.standardOutput = out
      process.standardError = err
      process.standardInput = FileHandle.nullDevice
      let (output, errors, exited) = (output, errors, exited)
      process.terminationHandler = { _ in exited.open() }
      try process.run()
      Thread { output.set(out.fileHandleForReading.readDataToEndOfFile()) }.start()
      Thread { errors.set(err.fileHandleForReading.readDataToEndOfFile()) }.start()
    }

    /// Waits for the run to end, without holding a thread meanwhile.
    public func finish() async throws -> Result {
      await exited.wait()
      try await waitUntil { output.isSet && errors.isSet }
      return Result(
        status: process.terminationStatus, stdout: String(decoding: output.value, as: UTF8.self),
        stderr: String(decoding: errors.value, as: UTF8.self))
    }

    /// Waits until the run is blocked on another run's lock: the kernel lists it as a waiter in /proc/locks.
    public func waitUntilWaitingForTheLock() async throws {
      let pid = process.processIdentifier
      try await waitUntil {
        let locks = (try? String(contentsOfFile: "/proc/locks", encoding: .utf8)) ?? ""
        return locks.split(separator: "\n").contains { $0.contains("-> FLOCK") && $0.contains(" \(pid) ") }
      }
    }
  }

  /// Starts `deepcut arguments` in the background.
  public static func start(_ arguments: [String]) throws -> Running {
    try Running(arguments)
  }
}
