import Basics
import Foundation
import Testing

/// A child started through the platform's spawn: where it runs, what it is given, and how its end is told.
struct SpawnedProcessTests {
  @Test func aChildRunsInItsFolderWithExactlyItsEnvironment() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let run = try await Self.shell(
      "pwd; echo \"$ONLY\"; echo \"${HOME-no home}\"", in: folder, environment: ["ONLY": "x"])
    #expect(run.status == 0)
    #expect(run.output == "\(folder)\nx\nno home\n")
  }

  @Test func theExitStatusOrTheEndingSignalIsTold() async throws {
    #expect(try await Self.shell("exit 3").status == 3)
    let sleeper = try SpawnedProcess(
      "/bin/sh", ["-c", "exec /bin/sleep 30"], environment: [:],
      directory: FileManager.default.currentDirectoryPath, mergingErrors: true)
    try? sleeper.input.close()
    #expect(sleeper.isRunning)
    sleeper.terminate()
    #expect(await sleeper.waitUntilExit(within: .seconds(60)), "the sleeper outlived SIGTERM")
    #expect(!sleeper.isRunning)
    #expect(sleeper.terminationStatus == SIGTERM)
  }

  /// The child sleeps a day, so it outlives the limit however late a loaded machine lets the wait look at it.
  @Test func aWaitWithALimitEndsAChildThatOutlivesIt() async throws {
    let sleeper = try SpawnedProcess(
      "/bin/sh", ["-c", "exec /bin/sleep 86400"], environment: [:],
      directory: FileManager.default.currentDirectoryPath, mergingErrors: true)
    try? sleeper.input.close()
    #expect(await !sleeper.waitUntilExit(within: .milliseconds(200)))
    #expect(!sleeper.isRunning)
    #expect(sleeper.terminationStatus == SIGKILL)
    let quick = try SpawnedProcess(
      "/bin/sh", ["-c", "exit 4"], environment: [:], directory: FileManager.default.currentDirectoryPath,
      mergingErrors: true)
    try? quick.input.close()
    #expect(await quick.waitUntilExit(within: .seconds(60)))
    #expect(quick.terminationStatus == 4)
  }

  @Test func aChildInheritsNoDescriptorOfAClosedOnExecPair() async throws {
    let (one, other) = try Platform.closeOnExecPair()
    defer { [one, other].forEach(Platform.close) }
    // Its own standard output is open, so the probe can see a descriptor it has.
    let probe = [one, other, 1].map { "if [ -e /dev/fd/\($0) ]; then echo open; else echo closed; fi" }
    let run = try await Self.shell(probe.joined(separator: "; "))
    #expect(run.output == "closed\nclosed\nopen\n")
  }

  @Test func aProgramThatIsNotThereIsAnErrorNotAChild() {
    #expect(throws: POSIXError.self) {
      try SpawnedProcess(
        "/nonexistent/program", [], environment: [:], directory: FileManager.default.currentDirectoryPath,
        mergingErrors: true)
    }
  }

  /// Runs `script` with /bin/sh to its end; what it said on standard output and errors.
  static func shell(
    _ script: String, in directory: String = FileManager.default.currentDirectoryPath,
    environment: [String: String] = [:]
  ) async throws -> (status: Int32, output: String) {
    let process = try SpawnedProcess(
      "/bin/sh", ["-c", script], environment: environment, directory: directory, mergingErrors: true)
    try? process.input.close()
    #expect(await process.waitUntilExit(within: .seconds(60)), "'\(script)' did not end within a minute; killed")
    // It has ended, so all it wrote is in the pipe and the pipe is at its end.
    let output = process.output?.readDataToEndOfFile() ?? Data()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
  }
}
