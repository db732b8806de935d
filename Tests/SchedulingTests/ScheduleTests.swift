import Foundation
import TestSupport
import Testing

@testable import Scheduling

struct ScheduleTests {
  @Test func aTimeOfDayIsReadAsHoursAndMinutes() throws {
    #expect(try NightlyJob.time(parsing: "06:30") == (6, 30))
    #expect(try NightlyJob.time(parsing: "6:05") == (6, 5))
    #expect(try NightlyJob.time(parsing: "00:00") == (0, 0))
    #expect(try NightlyJob.time(parsing: "23:59") == (23, 59))
  }

  @Test(arguments: [
    "24:00", "12:60", "6:5", "0630", "06:30:00", "", ":30", "06:", "-1:30", "٠٦:٣٠", "+6:30", "6h30", "06:30 ",
  ])
  func anythingButATimeOfDayIsRefusedSayingWhatIsWanted(_ text: String) {
    #expect {
      try NightlyJob.time(parsing: text)
    } throws: { error in
      guard let error = error as? SchedulingError, case .timeOfDay(let message) = error else { return false }
      return message.contains("HH:MM") && message.contains("'\(text)'")
    }
  }

  @Test func theNightlyCommandNamesAConfigurationOnlyWhenGiven() {
    let plain = NightlyJob.nightly(program: "/usr/bin/deepcut")
    #expect(plain == NightlyJob(program: "/usr/bin/deepcut", arguments: ["nightly"], hour: 6, minute: 30))
    let configured = NightlyJob.nightly(program: "/usr/bin/deepcut", config: "/etc/deepcut.json", at: (22, 5))
    #expect(configured.arguments == ["nightly", "--config", "/etc/deepcut.json"])
    #expect(configured.timeOfDay == "22:05")
  }

  @Test func aJobNoScheduleCanCarryIsRefused() {
    for job in [
      NightlyJob.nightly(program: "deepcut"), NightlyJob.nightly(program: "/usr/bin/deepcut", config: "/tmp/a\nb"),
    ] {
      #expect(throws: SchedulingError.self) { try job.checked() }
    }
  }

  @Test func theDefaultIsLaunchdOnMacOSThenASystemdUserManagerThenCron() throws {
    let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("deepcut-runtime-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: runtime) }
    try FileManager.default.createDirectory(atPath: runtime + "/systemd", withIntermediateDirectories: true)
    let environment = ["XDG_RUNTIME_DIR": runtime]
    #expect(ScheduleKind.systemDefault(environment: environment, startsWithLaunchd: true) == .launchd)
    #expect(ScheduleKind.systemDefault(environment: environment, startsWithLaunchd: false) == .cron)
    #expect(ScheduleKind.systemDefault(environment: [:], startsWithLaunchd: false) == .cron)
    // The user manager's private socket; a file stands in for it.
    #expect(FileManager.default.createFile(atPath: runtime + "/systemd/private", contents: nil))
    #expect(ScheduleKind.systemDefault(environment: environment, startsWithLaunchd: false) == .systemd)
  }

  @Test func theNextRunIsTheNextTimeOfDayOnTheLocalClockAcrossAChangeOfTheClocks() throws {
    let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
    let schedule = InstalledSchedule(
      kind: .cron, hour: 6, minute: 30, program: "/usr/bin/deepcut", arguments: ["nightly"], location: "crontab")
    // Saturday 2026-03-28 07:00 CET; the clocks go forward at 02:00 that night.
    let saturday = Date(timeIntervalSince1970: 1_774_677_600)
    let sunday = schedule.nextRun(after: saturday, timeZone: berlin)
    // Sunday 06:30 CEST: 22.5 hours later, not 23.5; Monday's is a whole day after it.
    #expect(sunday == Date(timeIntervalSince1970: 1_774_758_600))
    #expect(schedule.nextRun(after: sunday, timeZone: berlin) == Date(timeIntervalSince1970: 1_774_845_000))
    // Saturday 2026-10-24 07:00 CEST: the night the clocks go back is an hour longer, to Sunday 06:30 CET.
    let october24 = Date(timeIntervalSince1970: 1_792_818_000)
    #expect(schedule.nextRun(after: october24, timeZone: berlin) == Date(timeIntervalSince1970: 1_792_906_200))
    // Before 06:30 it is the same morning's.
    let early = Date(timeIntervalSince1970: 1_792_807_200)
    #expect(schedule.nextRun(after: early, timeZone: berlin) == Date(timeIntervalSince1970: 1_792_816_200))
  }

  @Test func aRunSetInTheHourTheClocksSkipComesRightAfterIt() throws {
    let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
    let schedule = InstalledSchedule(
      kind: .systemd, hour: 2, minute: 30, program: "/usr/bin/deepcut", arguments: ["nightly"], location: "x")
    let saturday = Date(timeIntervalSince1970: 1_774_677_600)
    // 2026-03-29 03:00 CEST (01:00Z): 02:30 does not happen that night.
    #expect(schedule.nextRun(after: saturday, timeZone: berlin) == Date(timeIntervalSince1970: 1_774_746_000))
  }
}
