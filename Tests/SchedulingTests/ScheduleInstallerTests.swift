import Foundation
import TestSupport
import Testing

@testable import Scheduling

struct ScheduleInstallerTests {
  @Test func noScheduleSaysHowToRunItByHandAndRemovesTheOneBefore() async throws {
    let sandbox = try SetupSandbox()
    defer { sandbox.remove() }
    sandbox.table = CrontabTests.others
    _ = try await sandbox.installer.install(CrontabTests.job, kind: .cron)
    let said = try await sandbox.installer.install(CrontabTests.job, kind: .none)
    #expect(said.first == "no schedule installed; run it by hand when you like: '/home/u/.local/bin/deepcut' nightly")
    #expect(said.dropFirst().first?.hasPrefix("removed from your crontab: ") == true)
    #expect(sandbox.table == CrontabTests.others + "\n")
    #expect(await sandbox.installer.installed() == nil)
  }

  @Test func uninstallingRemovesEveryKindFound() async throws {
    let sandbox = try SetupSandbox()
    defer { sandbox.remove() }
    // Only a failed switch leaves two; a crontab line and a LaunchAgent written by an older setup stand in for it.
    _ = try await sandbox.installer.install(CrontabTests.job, kind: .cron)
    let log = sandbox.home + "/Library/Logs/deepcut/nightly.log"
    _ = try SetupFiles.write(
      LaunchAgent.plist(for: LaunchAgentTests.job, log: log), to: LaunchAgent.path(home: sandbox.home))
    #expect(await sandbox.installer.installedSchedules().map(\.kind) == [.launchd, .cron])
    let said = await sandbox.installer.uninstall()
    #expect(said.count == 3 && said[0].hasPrefix("removed from your crontab: ") && said[2].hasPrefix("removed "))
    #expect(await sandbox.installer.installedSchedules().isEmpty)
  }

  @Test func aJobNoScheduleCanRunIsRefusedBeforeAnythingIsWritten() async throws {
    let sandbox = try SetupSandbox()
    defer { sandbox.remove() }
    await #expect(throws: SchedulingError.self) {
      try await sandbox.installer.install(NightlyJob.nightly(program: "deepcut"), kind: .systemd)
    }
    #expect(sandbox.calls.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: sandbox.home + "/.config"))
  }
}
