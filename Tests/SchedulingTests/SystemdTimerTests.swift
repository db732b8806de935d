import Foundation
import TestSupport
import Testing

@testable import Scheduling

struct SystemdTimerTests {
  static let job = NightlyJob.nightly(program: "/home/u/.local/bin/deepcut")
  static let enabling = ["systemctl --user daemon-reload", "systemctl --user enable --now deepcut.timer"]

  @Test func theServiceRunsTheNightlyCommandOnceWithTheRepositorysLimits() {
    #expect(
      SystemdTimer.serviceText(for: Self.job) == """
        \(SystemdTimer.marker)
        [Unit]
        Description=deepcut: tonight's new releases from the artists you own

        [Service]
        Type=oneshot
        ExecStart="/home/u/.local/bin/deepcut" nightly
        Nice=10
        # The night's budget keeps a run well inside this; one stopped here keeps every answer for the next night.
        TimeoutStartSec=2h

        """)
  }

  @Test func theTimerFiresEveryDayAtTheTimeAndCatchesUpANightMissed() {
    let timer = SystemdTimer.timerText(for: NightlyJob.nightly(program: "/usr/bin/deepcut", at: (5, 7)))
    #expect(
      timer == """
        \(SystemdTimer.marker)
        [Unit]
        Description=Run deepcut nightly every night at 05:07

        [Timer]
        OnCalendar=*-*-* 05:07:00
        # A night the machine was off or asleep is caught up when it is next up.
        Persistent=true

        [Install]
        WantedBy=timers.target

        """)
  }

  @Test func execStartQuotesWhatSystemdWouldOtherwiseReadAsSpecifiersVariablesOrSeparators() throws {
    let words = ["/opt/my deepcut/deep%cut", "nightly", "--config", #"/c/"$HOME"\x.json"#]
    #expect(
      words.map(SystemdTimer.quoted) == [
        #""/opt/my deepcut/deep%%cut""#, "nightly", "--config", #""/c/\"$$HOME\"\\x.json""#,
      ])
    #expect(SystemdTimer.words(ofExecStart: words.map(SystemdTimer.quoted).joined(separator: " ")) == words)
  }

  @Test(.enabled("needs systemd-analyze") { FileManager.default.isExecutableFile(atPath: analyze) })
  func theUnitsPassSystemdsOwnCheck() async throws {
    let sandbox = try SetupSandbox(tools: [])
    defer { sandbox.remove() }
    // verify wants the program to exist; a space and a % in its path try the quoting.
    let program = sandbox.root + "/my bin/deep%cut"
    try FileManager.default.createDirectory(atPath: sandbox.root + "/my bin", withIntermediateDirectories: true)
    try SetupSandbox.write("#!/bin/sh\nexit 0\n", to: program, mode: 0o755)
    let job = NightlyJob.nightly(program: program, config: sandbox.root + "/a \"$x\" 50%.json", at: (23, 45))
    let units = sandbox.root + "/units"
    try FileManager.default.createDirectory(atPath: units, withIntermediateDirectories: true)
    try SetupSandbox.write(SystemdTimer.serviceText(for: job), to: units + "/deepcut.service", mode: 0o644)
    try SetupSandbox.write(SystemdTimer.timerText(for: job), to: units + "/deepcut.timer", mode: 0o644)
    try FileManager.default.createDirectory(atPath: sandbox.root + "/run", withIntermediateDirectories: true)
    // Its user mode wants a runtime folder, and reads the scratch HOME's units, not the real user's.
    let tools = SetupTools(environment: [
      "HOME": sandbox.home, "XDG_RUNTIME_DIR": sandbox.root + "/run", "PATH": "/usr/bin:/bin",
      "XDG_CONFIG_HOME": sandbox.home + "/.config",
    ])
    let run = await tools.run(Self.analyze, ["verify", "--user", units + "/deepcut.service", units + "/deepcut.timer"])
    #expect(run.succeeded, "\(run.errors)")
    #expect(run.errors.isEmpty && run.output.isEmpty, "\(run.errors)")
  }

  static let analyze = "/usr/bin/systemd-analyze"

  @Test func installingWritesTheUnitsEnablesTheTimerAndChecksLingering() async throws {
    let sandbox = try SetupSandbox()
    defer { sandbox.remove() }
    let said = try await sandbox.installer.install(Self.job, kind: .systemd)
    let folder = sandbox.home + "/.config/systemd/user"
    #expect(
      said == [
        "wrote \(folder)/deepcut.service and deepcut.timer", "enabled and started deepcut.timer",
        "deepcut.timer runs `'/home/u/.local/bin/deepcut' nightly` every night at 06:30",
      ])
    #expect(
      try String(contentsOfFile: folder + "/deepcut.service", encoding: .utf8)
        == SystemdTimer.serviceText(for: Self.job))
    #expect(
      try String(contentsOfFile: folder + "/deepcut.timer", encoding: .utf8) == SystemdTimer.timerText(for: Self.job))
    #expect(sandbox.calls == Self.enabling + ["loginctl show-user u --property=Linger", "crontab -l"])
  }

  @Test func aRerunLeavesUnchangedUnitsUntouched() async throws {
    let sandbox = try SetupSandbox()
    defer { sandbox.remove() }
    _ = try await sandbox.installer.install(Self.job, kind: .systemd)
    let timer = sandbox.home + "/.config/systemd/user/deepcut.timer"
    let long = Date(timeIntervalSince1970: 1_600_000_000)
    try FileManager.default.setAttributes([.modificationDate: long], ofItemAtPath: timer)
    let said = try await sandbox.installer.install(Self.job, kind: .systemd)
    #expect(said.first == "\(sandbox.home)/.config/systemd/user/deepcut.service and deepcut.timer are up to date")
    #expect(SetupFiles.modified(timer) == long)
    #expect(await sandbox.installer.installed()?.since == long)
  }

  @Test func withoutSystemctlTheCommandsToRunAreShownAndTheOldScheduleStays() async throws {
    let sandbox = try SetupSandbox(tools: ["crontab", "loginctl"])
    defer { sandbox.remove() }
    _ = try await sandbox.installer.install(CrontabTests.job, kind: .cron)
    let said = try await sandbox.installer.install(Self.job, kind: .systemd)
    #expect(
      Array(said.dropFirst().prefix(3)) == ["systemctl is not on PATH, so the timer is not started; run:"]
        + indented(Self.enabling))
    #expect(sandbox.table?.contains("# deepcut nightly") == true)
  }

  @Test func whenSystemctlFailsItSaysWhyAndTheCommands() async throws {
    var sandbox = try SetupSandbox()
    defer { sandbox.remove() }
    sandbox.extraEnvironment["FAKE_FAIL_SYSTEMCTL"] = "1"
    let said = try await sandbox.installer.install(Self.job, kind: .systemd)
    #expect(
      Array(said.dropFirst().prefix(3)) == [
        "systemctl --user daemon-reload failed (Failed to connect to bus: No medium found); once your user session "
          + "runs, run:"
      ] + indented(Self.enabling))
  }

  @Test func withoutLingeringItSaysHowToTurnItOn() async throws {
    var sandbox = try SetupSandbox()
    defer { sandbox.remove() }
    sandbox.extraEnvironment["FAKE_LINGER"] = "no"
    let said = try await sandbox.installer.install(Self.job, kind: .systemd)
    #expect(
      Array(said.suffix(2)) == [
        "the timer runs only while u is logged in; for it to run on time even so, run:",
        "  loginctl enable-linger u",
      ])
  }

  @Test func uninstallingStopsTheTimerAndRemovesOnlyTheUnitsItWrote() async throws {
    let sandbox = try SetupSandbox()
    defer { sandbox.remove() }
    let folder = sandbox.home + "/.config/systemd/user"
    _ = try await sandbox.installer.install(Self.job, kind: .systemd)
    try SetupSandbox.write("[Unit]\n", to: folder + "/other.service", mode: 0o644)
    let said = await sandbox.installer.uninstall()
    #expect(
      said == [
        "stopped and disabled deepcut.timer", "removed \(folder)/deepcut.service", "removed \(folder)/deepcut.timer",
      ])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["other.service"])
    #expect(
      Array(sandbox.calls.suffix(3)) == [
        "crontab -l", "systemctl --user disable --now deepcut.timer", "systemctl --user daemon-reload",
      ])
  }

  @Test func aUnitWrittenByHandIsLeftWhereItIs() async throws {
    let sandbox = try SetupSandbox()
    defer { sandbox.remove() }
    let folder = sandbox.home + "/.config/systemd/user"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let service = try String(
      contentsOf: Self.repository.appendingPathComponent("cron/deepcut.service"), encoding: .utf8)
    try SetupSandbox.write(service, to: folder + "/deepcut.service", mode: 0o644)
    #expect(
      await sandbox.installer.uninstall() == ["left \(folder)/deepcut.service, which deepcut setup did not write"])
    #expect(FileManager.default.fileExists(atPath: folder + "/deepcut.service"))
  }

  @Test func whatIsInstalledIsReadBackFromTheUnits() async throws {
    let sandbox = try SetupSandbox()
    defer { sandbox.remove() }
    let job = NightlyJob.nightly(program: "/home/u/.local/bin/deepcut", config: "/home/u/100% mine.json", at: (4, 0))
    _ = try await sandbox.installer.install(job, kind: .systemd)
    let installed = try #require(await sandbox.installer.installed())
    #expect(installed.kind == .systemd && installed.hour == 4 && installed.minute == 0)
    #expect(installed.program == job.program && installed.arguments == job.arguments)
    #expect(installed.location == sandbox.home + "/.config/systemd/user/deepcut.timer")
    #expect(installed.since != nil)
  }

  @Test func switchingFromCronRemovesTheCrontabLineOnly() async throws {
    let sandbox = try SetupSandbox()
    defer { sandbox.remove() }
    sandbox.table = CrontabTests.others
    _ = try await sandbox.installer.install(CrontabTests.job, kind: .cron)
    let said = try await sandbox.installer.install(Self.job, kind: .systemd)
    #expect(said.last?.hasPrefix("removed from your crontab: 30 6 * * *") == true)
    #expect(sandbox.table == CrontabTests.others + "\n")
    #expect(await sandbox.installer.installedSchedules().map(\.kind) == [.systemd])
  }

  static var repository: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  }
}
