import Fixtures
import Foundation
import TestSupport
import Testing

/// What a full disk, a folder that cannot be written, or a state file that is not deepcut's does to a run: a
/// message naming the path and what to do, the status that says so, and nothing lost or left behind.
struct DiskFaultTests {
  func directory() throws -> String {
    let path = NSTemporaryDirectory() + "deepcut-disk-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  static func sample(_ extra: [String]) -> [String] {
    [
      "report", "--library", "samples/Library.xml", "--snapshot", "samples/catalogs/itunes", "--now", "2026-11-29",
      "--quiet",
    ]
      + extra
  }

  /// A path that cannot be made: its parent is a file. (Permissions do not stop root; this stops everyone.)
  func blockedPath(in directory: String) throws -> String {
    try Data("a file".utf8).write(to: URL(fileURLWithPath: directory + "/blocker"))
    return directory + "/blocker/inside"
  }

  @Test func aStateFolderThatCannotBeMadeExits73NamingIt() async throws {
    let blocked = try blockedPath(in: try directory())
    for arguments in [
      Self.sample(["--state-dir", blocked]), ["artists", "--state-dir", blocked],
      ["cache", "stats", "--state-dir", blocked],
    ] {
      let result = try await DeepcutProcess.run(arguments)
      #expect(result.status == 73, "\(arguments[0]): \(result.stderr)")
      #expect(result.stderr.contains(blocked), "\(arguments[0]): \(result.stderr)")
    }
  }

  @Test func anOutputThatCannotBeWrittenExits73NamingIt() async throws {
    let directory = try directory()
    let blocked = try blockedPath(in: directory) + "/report.md"
    let result = try await DeepcutProcess.run(Self.sample(["--state-dir", directory + "/state", "--output", blocked]))
    #expect(result.status == 73)
    #expect(result.stderr.contains(blocked))
  }

  @Test func aStateFileThatIsNotADatabaseIsLeftAloneAndNamed() async throws {
    let directory = try directory()
    try FileManager.default.createDirectory(atPath: directory + "/state", withIntermediateDirectories: true)
    let file = directory + "/state/state.sqlite"
    let garbage = Data("these are somebody's notes, not a database\n".utf8)
    try garbage.write(to: URL(fileURLWithPath: file))
    let result = try await DeepcutProcess.run(Self.sample(["--state-dir", directory + "/state"]))
    #expect(result.status == 73)
    #expect(result.stderr.contains(file), "\(result.stderr)")
    #expect(result.stderr.contains("file is not a database; move it aside and run again"), "\(result.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == garbage)
    let artists = try await DeepcutProcess.run(["artists", "--state-dir", directory + "/state"])
    #expect(artists.status == 73)
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == garbage)
  }

  @Test func aStateFileFromANewerDeepcutIsLeftAloneAndNamed() async throws {
    let directory = try directory()
    try FileManager.default.createDirectory(atPath: directory + "/state", withIntermediateDirectories: true)
    let file = directory + "/state/state.sqlite"
    let made = try await Shell.run(
      "/usr/bin/env",
      [
        "python3", "-c",
        "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('PRAGMA user_version=99'); c.execute('CREATE TABLE t(x)'); c.commit()",
        file,
      ])
    #expect(made.status == 0, "\(made.output)")
    let before = try Data(contentsOf: URL(fileURLWithPath: file))
    let result = try await DeepcutProcess.run(Self.sample(["--state-dir", directory + "/state"]))
    #expect(result.status == 73)
    #expect(result.stderr.contains("\(file) was written by a newer deepcut"), "\(result.stderr)")
    #expect(result.stderr.contains("upgrade deepcut"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
  }

  /// The disk fills while the report is written (a file-size limit stands in for it): 73, yesterday's report as
  /// it was, and no temporary file left beside it.
  @Test func aDiskThatFillsWhileTheReportIsWrittenKeepsThePreviousReport() async throws {
    let directory = try directory()
    let output = directory + "/report.md"
    let first = try await DeepcutProcess.run(Self.sample(["--state-dir", directory + "/state", "--output", output]))
    #expect(first.status == 0, "\(first.stderr)")
    let yesterday = try Data(contentsOf: URL(fileURLWithPath: output))

    // A template that makes a report of about 700 KB, against a limit of 512 KB: the state (under 100 KB) is
    // written, the report is not.
    let template = directory + "/big.md.mustache"
    try Data(("# {{headline}}\n" + String(repeating: String(repeating: "x", count: 99) + "\n", count: 7_000)).utf8)
      .write(to: URL(fileURLWithPath: template))
    let command =
      ([DeepcutProcess.executable.path]
      + Self.sample([
        "--state-dir", directory + "/state", "--output", output, "--template", template, "--now", "2026-11-30",
      ])).map { "'\($0)'" }.joined(separator: " ")
    let full = try await Shell.run(
      "/bin/sh", ["-c", "ulimit -f 512 && cd '\(DeepcutProcess.packageRoot.path)' && exec \(command)"])
    #expect(full.status == 73, "\(full.output)")
    #expect(full.output.contains(output), "\(full.output)")
    #expect(full.output.contains("File too large") || full.output.contains("too large"), "\(full.output)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == yesterday)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".tmp") }
    #expect(leftovers.isEmpty)
    // The state is whole: the next run, with room, works.
    let next = try await DeepcutProcess.run(Self.sample(["--state-dir", directory + "/state", "--output", output]))
    #expect(next.status == 0, "\(next.stderr)")
  }

  /// `artists pin` while a report runs: it says so (75) or, with --wait, waits for the report and pins; the pin is
  /// never lost to the report's own saves.
  @Test func aPinDuringAReportWaitsOrSaysSo() async throws {
    let directory = try directory()
    try Data(ReportCommandTests.library.utf8).write(to: URL(fileURLWithPath: directory + "/Library.xml"))
    try await FakeCatalogServer.with(arguments: ["--hold-from", "1"], world: ReportCommandTests.world) { server in
      // The catalog answers nothing until the test says so: the report holds the lock until then.
      let holder = try await DeepcutProcess.startHoldingTheLock(
        [
          "report", "--library", directory + "/Library.xml", "--state-dir", directory + "/state", "--provider",
          "itunes", "--base-url",
          server.baseURL.absoluteString, "--rate-limit", "0", "--timeout", "600", "--quiet", "--now", "2026-11-29",
        ], stateDirectory: directory + "/state")
      let refused = try await DeepcutProcess.run([
        "artists", "pin", "Slayer", "907800827", "--provider", "itunes", "--state-dir", directory + "/state",
      ])
      #expect(refused.status == 75)
      #expect(refused.stderr.contains("another deepcut run"))
      let waiting = try DeepcutProcess.start(
        [
          "artists", "pin", "Slayer", "907800827", "--provider", "itunes", "--wait", "--state-dir",
          directory + "/state",
        ])
      try await waiting.waitUntilWaitingForTheLock()
      try await server.setKnobs(FakeKnobs { $0.holdFrom = .null })
      let waited = try await waiting.finish()
      #expect(waited.status == 0, "\(waited.stderr)")
      let held = try await holder.finish()
      #expect(held.status == 0, "\(held.stderr)")
      // The report's catalog is the one earlier nights asked: `artists` takes it without being told.
      let listed = try await DeepcutProcess.run(["artists", "--state-dir", directory + "/state"])
      #expect(listed.stdout.contains("Slayer\tpinned\t907800827"), "\(listed.stdout)")
    }
  }
}
