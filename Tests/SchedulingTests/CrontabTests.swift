import Foundation
import TestSupport
import Testing

@testable import Scheduling

struct CrontabTests {
  static let job = NightlyJob.nightly(program: "/home/u/.local/bin/deepcut")

  /// Lines of someone else's, among them one without a final newline and one that is not UTF-8.
  static let others = "MAILTO=u@example.org\n# backups\n15 2 * * * /usr/bin/backup --all  \n\n*/5 * * * * echo 'hi'"

  @Test func theLineRunsTheAbsoluteProgramAtItsTimeAndCarriesTheMarker() {
    #expect(
      Crontab.line(for: Self.job, setUpOn: "2026-12-02")
        == "30 6 * * * '/home/u/.local/bin/deepcut' nightly # deepcut nightly, set up 2026-12-02")
    let odd = NightlyJob.nightly(program: "/opt/it's here/deepcut", config: "/cfg/100%.json", at: (0, 5))
    #expect(
      Crontab.line(for: odd, setUpOn: "2026-01-31")
        == #"5 0 * * * '/opt/it'\''s here/deepcut' nightly --config '/cfg/100\%.json'"#
        + " # deepcut nightly, set up 2026-01-31")
  }

  @Test func theLineReadsBackAsItsTimeAndWords() throws {
    let odd = NightlyJob.nightly(program: "/opt/it's here/deepcut", config: "/cfg/100%.json", at: (23, 59))
    let found = try #require(Crontab.schedule(in: Crontab.line(for: odd, setUpOn: "2026-01-31")))
    #expect(found.hour == 23 && found.minute == 59 && found.day == "2026-01-31")
    #expect(found.words == odd.words)
    #expect(Crontab.schedule(in: "*/5 * * * * '/usr/bin/deepcut' nightly # deepcut nightly") == nil)
  }

  @Test func onlyDeepcutsLinesAreMarked() {
    #expect(Crontab.isMarked("30 6 * * * '/usr/bin/deepcut' nightly # deepcut nightly, set up 2026-12-02"))
    #expect(Crontab.isMarked("30 6 * * * /usr/bin/deepcut nightly # deepcut nightly"))
    #expect(!Crontab.isMarked("30 6 * * * /usr/local/bin/deepcut-nightly"))
    #expect(!Crontab.isMarked("30 6 * * * /usr/bin/deepcut nightly # deepcut nightly, then mail me"))
  }

  @Test func replacingKeepsEveryOtherLineByteForByte() {
    var table = Data(Self.others.utf8) + Data([0x0A, 0xFF, 0xFE, 0x20, 0x23, 0x0D])
    table += Data("\n0 1 * * * /old # deepcut nightly, set up 2020-01-01\n".utf8)
    let replaced = Crontab.replacing(in: table, with: "30 6 * * * '/x' nightly # deepcut nightly")
    let expected = Data(Self.others.utf8) + Data([0x0A, 0xFF, 0xFE, 0x20, 0x23, 0x0D, 0x0A])
    #expect(replaced == expected + Data("30 6 * * * '/x' nightly # deepcut nightly\n".utf8))
    #expect(Crontab.replacing(in: table, with: nil) == expected)
    #expect(Crontab.replacing(in: Data(), with: nil).isEmpty)
  }

  @Test func installingAddsOneLineTwiceInstalledIsStillOneAndUninstallingLeavesTheOthers() async throws {
    let sandbox = try SetupSandbox()
    defer { sandbox.remove() }
    sandbox.table = Self.others
    let installer = sandbox.installer
    let said = try await installer.install(Self.job, kind: .cron)
    let line = "30 6 * * * '/home/u/.local/bin/deepcut' nightly # deepcut nightly, set up 2026-12-02"
    #expect(said == ["added to your crontab: \(line)"])
    #expect(sandbox.table == Self.others + "\n" + line + "\n")
    var later = installer
    later.now = SetupSandbox.december2.addingTimeInterval(30 * 86_400)
    #expect(try await later.install(Self.job, kind: .cron) == ["your crontab runs it already: \(line)"])
    let moved = NightlyJob.nightly(program: "/home/u/.local/bin/deepcut", at: (22, 0))
    _ = try await later.install(moved, kind: .cron)
    let movedLine = "0 22 * * * '/home/u/.local/bin/deepcut' nightly # deepcut nightly, set up 2027-01-01"
    #expect(sandbox.table == Self.others + "\n" + movedLine + "\n")
    #expect(await installer.uninstall() == ["removed from your crontab: \(movedLine)"])
    #expect(sandbox.table == Self.others + "\n")
    #expect(await installer.uninstall() == ["no nightly schedule of deepcut's was installed; nothing removed"])
  }

  @Test func noCrontabYetIsAnEmptyOne() async throws {
    let sandbox = try SetupSandbox()
    defer { sandbox.remove() }
    _ = try await sandbox.installer.install(Self.job, kind: .cron)
    #expect(sandbox.table == Crontab.line(for: Self.job, setUpOn: "2026-12-02") + "\n")
    #expect(sandbox.calls == ["crontab -l", "crontab -"])
  }

  @Test func whatIsInstalledIsReadBackWithTheEndOfTheDayItWasSetUp() async throws {
    let sandbox = try SetupSandbox()
    defer { sandbox.remove() }
    #expect(await sandbox.installer.installed() == nil)
    let job = NightlyJob.nightly(program: "/home/u/.local/bin/deepcut", config: "/home/u/my config.json", at: (5, 15))
    _ = try await sandbox.installer.install(job, kind: .cron)
    let installed = try #require(await sandbox.installer.installed())
    let day = try #require(sandbox.installer.date(ofDay: "2026-12-02"))
    #expect(
      installed
        == InstalledSchedule(
          kind: .cron, hour: 5, minute: 15, program: job.program, arguments: job.arguments, location: "crontab",
          since: day.addingTimeInterval(24 * 3600)))
  }

  @Test func whenCrontabCannotBeRunTheLineToAddIsShown() async throws {
    let line = Crontab.line(for: Self.job, setUpOn: "2026-12-02")
    let missing = try SetupSandbox(tools: [])
    defer { missing.remove() }
    let said = try await missing.installer.install(Self.job, kind: .cron)
    #expect(said.first?.hasPrefix("crontab is not installed") == true)
    #expect(said.last == "  " + line)
    var failing = try SetupSandbox()
    defer { failing.remove() }
    failing.extraEnvironment["FAKE_FAIL_CRONTAB"] = "1"
    failing.table = Self.others
    let refused = try await failing.installer.install(Self.job, kind: .cron)
    #expect(
      refused == [
        "crontab could not replace your table (crontab: cannot write); "
          + "add this line to your crontab with `crontab -e`:",
        "  " + line,
      ])
    #expect(failing.table == Self.others)
  }
}
