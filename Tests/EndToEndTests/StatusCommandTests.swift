import Fixtures
import Foundation
import TestSupport
import Testing

/// `deepcut status` after real nights of the real binary: a good one, one whose e-mail was not delivered, one that
/// wrote no report, and runs by hand; `--json` as a monitor reads it, and the exit status that says whether all is well.
struct StatusCommandTests {
  /// A scratch home: its state folder, the samples' library and deezer snapshot, and a mail command that keeps what
  /// it is handed.
  struct Home {
    let root = NSTemporaryDirectory() + "deepcut-status-" + UUID().uuidString
    var state: String { root + "/state" }
    var sendmail: String { root + "/sendmail" }

    init() throws {
      try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
      try DeepcutProcess.writeProgram("#!/bin/sh\ncat > \"$0.mail\"\n", to: sendmail)
    }

    func night(_ day: String, _ extra: [String] = []) async throws -> DeepcutProcess.Result {
      let samples = DeepcutProcess.packageRoot.appendingPathComponent("samples").path
      return try await DeepcutProcess.run(
        [
          "nightly", "--library", samples + "/Library.xml", "--snapshot", samples + "/catalogs/deezer", "--provider",
          "deezer", "--now", day, "--state-dir", state, "--to", "ana@example.org", "--sendmail", sendmail,
        ] + extra, environment: ["XDG_CONFIG_HOME": root + "/config"])
    }

    func status(_ extra: [String] = []) async throws -> DeepcutProcess.Result {
      try await DeepcutProcess.run(
        ["status", "--state-dir", state] + extra, environment: ["XDG_CONFIG_HOME": root + "/config"])
    }

    func json(_ extra: [String] = []) async throws -> (status: Int32, object: JSONValue) {
      let result = try await status(["--json"] + extra)
      let object = try? JSONValue(json: result.stdout)
      try #require(object?.object != nil, "\(result.stdout)")
      return (result.status, object ?? .null)
    }
  }

  @Test func aGoodNightIsFineAndSaysWhatItTold() async throws {
    let home = try Home()
    let night = try await home.night("2026-11-29")
    #expect(night.status == 0, "\(night.stderr)")
    // cron mails whatever a job prints: a good night prints nothing; the log has it.
    #expect(night.stderr.isEmpty && night.stdout.isEmpty)
    let log = try String(contentsOfFile: home.state + "/reports/deepcut.log", encoding: .utf8)
    #expect(log.contains("and e-mailed it"))
    #expect(FileManager.default.fileExists(atPath: home.state + "/reports/report-2026-11-29.eml"))

    let (status, object) = try await home.json()
    #expect(status == 0)
    let nights = try #require(object["nights"].array)
    #expect(nights.count == 1)
    let last = try #require(nights.first)
    #expect(last["kind"].string == "night")
    #expect(last["status"].string == "ok")
    #expect(last["delivered"].bool == true)
    #expect((last["requests"].int ?? 0) > 0)
    #expect(last["artistsChecked"].int == last["libraryArtists"].int)
    #expect((last["new"].int ?? 0) > 0)
    #expect((last["told"].int ?? 0) >= (last["new"].int ?? 0))
    #expect(object.object?["problem"] == .some(.null))
    #expect(object.object?["schedule"] == .some(.null))
    let state = object["state"]
    try #require(state.object != nil)
    #expect((state["bytes"].int ?? 0) > 0)
    #expect(state["answers"].array?.first?["catalog"].string == "deezer")

    let text = try await home.status()
    #expect(text.status == 0)
    #expect(text.stdout.contains("2026-11-29"))
    #expect(text.stdout.contains("delivered"))
    #expect(text.stdout.hasSuffix("fine\n"))
  }

  @Test func anUndeliveredNightFailsUntilANightIsDelivered() async throws {
    let home = try Home()
    #expect(try await home.night("2026-11-29").status == 0)
    let failing = try await home.night("2026-11-30", ["--sendmail", "/bin/false"])
    #expect(failing.status == 69)
    // A failed night says so on standard error, so cron mails it.
    #expect(failing.stderr.contains("the e-mail was not delivered"))

    let (status, object) = try await home.json()
    #expect(status == 1)
    let nights = try #require(object["nights"].array)
    #expect(nights.map { $0["status"].string } == ["undelivered", "ok"])
    #expect(nights.first?["delivered"].bool == false)
    #expect((nights.first?["reply"].string)?.contains("/bin/false") == true)
    #expect(nights.first?["told"].int == 0)
    #expect((object["problem"].string)?.contains("its e-mail was not delivered") == true)
    let kept = try #require(object["undelivered"].array)
    #expect(kept.count == 1)

    let text = try await home.status()
    #expect(text.status == 1)
    #expect(text.stdout.contains("NOT delivered"))
    #expect(text.stdout.contains("undelivered: 1 message kept"))

    // The next night is delivered: all is well again, and nothing waits.
    #expect(try await home.night("2026-12-01").status == 0)
    let (again, after) = try await home.json()
    #expect(again == 0)
    #expect(after["undelivered"].array?.isEmpty == true)
  }

  @Test func aNightThatWroteNoReportFailsAndRunsByHandAreNotNights() async throws {
    let home = try Home()
    // The report cannot be written where --output points (a folder), after the catalog was asked.
    let folder = home.root + "/a-folder"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let failed = try await home.night("2026-11-29", ["--output", folder])
    #expect(failed.status == 73, "\(failed.stderr)")
    #expect(failed.stderr.contains("failed with status 73"))

    let (status, object) = try await home.json()
    #expect(status == 1)
    let night = try #require(object["nights"].array?.first)
    #expect(night["status"].string == "failed")
    #expect(night.object?["delivered"] == .some(.null))
    #expect((night["note"].string)?.contains(folder) == true)
    #expect((object["problem"].string)?.contains("it wrote no report") == true)

    // Runs by hand show as such, and do not decide: the last night still failed.
    let samples = DeepcutProcess.packageRoot.appendingPathComponent("samples").path
    for extra in [[], ["--dry-run"]] {
      let byHand = try await DeepcutProcess.run(
        [
          "report", "--library", samples + "/Library.xml", "--snapshot", samples + "/catalogs/deezer", "--provider",
          "deezer", "--now", "2026-11-30", "--state-dir", home.state, "--output", home.root + "/hand.md",
        ] + extra, environment: ["XDG_CONFIG_HOME": home.root + "/config"])
      #expect(byHand.status == 0, "\(byHand.stderr)")
    }
    let (still, runs) = try await home.json()
    #expect(still == 1)
    let kinds = runs["nights"].array?.map { $0["kind"].string }
    #expect(kinds == ["dry-run", "by-hand", "night"])
    let text = try await home.status()
    #expect(text.stdout.contains("ok, dry-run"))
    #expect(text.stdout.contains("ok, by-hand"))
  }

  @Test func aLockedNightIsNotAFailureAndNotANight() async throws {
    let home = try Home()
    let samples = DeepcutProcess.packageRoot.appendingPathComponent("samples").path
    // A report that waits on its own standard input holds the lock for as long as the test needs.
    let holder = try await DeepcutProcess.startHoldingTheLock(
      [
        "report", "--library", "-", "--snapshot", samples + "/catalogs/deezer", "--provider", "deezer",
        "--state-dir", home.state, "--output", home.root + "/held.md",
      ], stateDirectory: home.state, holdingInput: true, environment: ["XDG_CONFIG_HOME": home.root + "/config"])
    let night = try await home.night("2026-11-29")
    holder.closeInput()
    _ = try await holder.finish()
    #expect(night.status == 0)
    let log = try String(contentsOfFile: home.state + "/reports/deepcut.log", encoding: .utf8)
    #expect(log.contains("another run holds the lock; nothing done"))
    let (status, object) = try await home.json()
    #expect(status == 0)
    #expect(object["nights"].array?.contains { $0["kind"].string == "night" } == false)
  }
}
