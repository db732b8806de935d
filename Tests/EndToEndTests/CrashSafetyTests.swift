import Fixtures
import Foundation
import Report
import TestSupport
import Testing

/// SIGKILL at any moment of a run leaves yesterday's report and state intact, and the next run works.
struct CrashSafetyTests {
  @Test func killingARunAnywhereLosesNothing() async throws {
    let directory = NSTemporaryDirectory() + "deepcut-kill-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try Data(ReportCommandTests.library.utf8).write(to: URL(fileURLWithPath: directory + "/Library.xml"))
    let output = directory + "/report.json"
    // Every request is slow, so kills land while searching, looking up, writing state and writing the report.
    try await FakeCatalogServer.with(arguments: ["--latency-ms", "120"], world: ReportCommandTests.world) { server in
      func arguments(_ now: String) -> [String] {
        [
          "report", "--library", directory + "/Library.xml", "--format", "json", "--output", output, "--now", now,
          "--state-dir", directory + "/state", "--provider", "itunes", "--base-url", server.baseURL.absoluteString,
          "--rate-limit", "0",
          "--max-age", "0", "--since-last-run", "--quiet",
        ]
      }
      let first = try await DeepcutProcess.run(arguments("2026-11-29"))
      try #require(first.status == 0, "\(first.stderr)")
      let yesterday = try Data(contentsOf: URL(fileURLWithPath: output))

      for delay in [20, 90, 170, 260, 350, 430, 520, 650] {
        let run = try DeepcutProcess.start(arguments("2026-11-30"))
        try await Task.sleep(for: .milliseconds(delay))
        kill(run.process.processIdentifier, SIGKILL)
        _ = try await run.finish()

        // The report is yesterday's, or a whole new one: never a torn file.
        let now = try Data(contentsOf: URL(fileURLWithPath: output))
        if now != yesterday {
          let report = try ReportModel(json: String(decoding: now, as: UTF8.self))
          #expect(report.date == "2026-11-30", "killed after \(delay) ms: a torn report")
        }
        // The state opens and answers.
        let artists = try await DeepcutProcess.run(["artists", "--state-dir", directory + "/state"])
        #expect(artists.status == 0, "killed after \(delay) ms: \(artists.stderr)")
      }

      // The next run completes, and its report is whole.
      let next = try await DeepcutProcess.run(arguments("2026-12-01"))
      #expect(next.status == 0, "\(next.stderr)")
      #expect(try ReportModel(jsonFile: output).date == "2026-12-01")
      let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".tmp") }
      #expect(leftovers.isEmpty)
    }
  }

  @Test func aSecondRunExits75AtOnceOrWaitsWhenAsked() async throws {
    let directory = NSTemporaryDirectory() + "deepcut-lock-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try Data(ReportCommandTests.library.utf8).write(to: URL(fileURLWithPath: directory + "/Library.xml"))
    // The catalog answers nothing until the test says so: the first run holds the lock until then.
    try await FakeCatalogServer.with(arguments: ["--hold-from", "1"], world: ReportCommandTests.world) { server in
      let arguments = [
        "report", "--library", directory + "/Library.xml", "--state-dir", directory + "/state", "--provider", "itunes",
        "--base-url",
        server.baseURL.absoluteString, "--rate-limit", "0", "--timeout", "600", "--quiet", "--now", "2026-11-29",
      ]
      let holder = try await DeepcutProcess.startHoldingTheLock(arguments, stateDirectory: directory + "/state")
      let second = try await DeepcutProcess.run(arguments)
      #expect(second.status == 75)
      #expect(second.stderr.contains("another deepcut run"))
      let waiting = try DeepcutProcess.start(arguments + ["--wait"])
      try await waiting.waitUntilWaitingForTheLock()
      try await server.setKnobs(FakeKnobs { $0.holdFrom = .null })
      let waited = try await waiting.finish()
      #expect(waited.status == 0, "\(waited.stderr)")
      let held = try await holder.finish()
      #expect(held.status == 0, "\(held.stderr)")
    }
  }
}
