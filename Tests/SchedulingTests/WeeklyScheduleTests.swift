import Basics
import Foundation
import TestSupport
import Testing

@testable import Scheduling

/// A job once a week, on Saturday at 07:15: each scheduler writes the day its own way and reads it back, and the
/// next and last runs fall on that day.
struct WeeklyScheduleTests {
  static let job = NightlyJob.nightly(program: "/home/u/.local/bin/deepcut", at: (7, 15), cadence: .weekly(.saturday))

  @Test func cronsLineHasTheDayOfTheWeekInItsFifthFieldAndReadsBack() throws {
    let line = Crontab.line(for: Self.job, setUpOn: "2026-12-02")
    #expect(line == "15 7 * * 6 '/home/u/.local/bin/deepcut' nightly # deepcut nightly, set up 2026-12-02")
    let found = try #require(Crontab.schedule(in: line))
    #expect(found.hour == 7 && found.minute == 15 && found.weekday == .saturday && found.words == Self.job.words)
    // By hand: cron's three letters, and 7 for Sunday as 0.
    #expect(Crontab.schedule(in: "15 7 * * sat /usr/bin/deepcut nightly # deepcut nightly")?.weekday == .saturday)
    #expect(Crontab.schedule(in: "15 7 * * 7 /usr/bin/deepcut nightly # deepcut nightly")?.weekday == .sunday)
    #expect(Crontab.schedule(in: "15 7 * * * /usr/bin/deepcut nightly # deepcut nightly")?.weekday == nil)
    // Not one day a week: no schedule it can tell.
    for field in ["8", "1-5", "mon,fri", "xyz"] {
      #expect(Crontab.schedule(in: "15 7 * * \(field) /usr/bin/deepcut nightly # deepcut nightly") == nil, "\(field)")
    }
  }

  @Test func systemdsTimerNamesTheDayAndReadsBack() throws {
    let timer = SystemdTimer.timerText(for: Self.job)
    #expect(timer.contains("Description=Run deepcut nightly every Saturday at 07:15\n"))
    #expect(timer.contains("\nOnCalendar=Sat *-*-* 07:15:00\n"))
    let service = SystemdTimer.serviceText(for: Self.job)
    let found = try #require(SystemdTimer.schedule(service: service, timer: timer))
    #expect(found.hour == 7 && found.minute == 15 && found.weekday == .saturday)
    let byHand = timer.replacingOccurrences(of: "Sat *-*-* 07:15:00", with: "Saturday 07:15")
    #expect(SystemdTimer.schedule(service: service, timer: byHand)?.weekday == .saturday)
    let twoDays = timer.replacingOccurrences(of: "Sat *-*-*", with: "Mon,Fri *-*-*")
    #expect(SystemdTimer.schedule(service: service, timer: twoDays) == nil)
  }

  @Test(.enabled("needs systemd-analyze") { FileManager.default.isExecutableFile(atPath: analyze) })
  func systemdItselfFiresTheTimerWhenTheScheduleSaysItRunsNext() async throws {
    let timer = SystemdTimer.timerText(for: Self.job)
    let calendar = try #require(timer.split(separator: "\n").first { $0.hasPrefix("OnCalendar=") }?.dropFirst(11))
    let installed = InstalledSchedule(
      kind: .systemd, hour: 7, minute: 15, weekday: .saturday, program: "/usr/bin/deepcut", arguments: ["nightly"],
      location: "x")
    let utc = try #require(TimeZone(identifier: "UTC"))
    // Wednesday 2026-12-02 12:00, and Saturday 2026-12-05 08:00, after that day's run.
    for base in [Date(timeIntervalSince1970: 1_796_212_800), Date(timeIntervalSince1970: 1_796_457_600)] {
      let stamp = ISO8601DateFormatter.string(from: base, timeZone: utc, formatOptions: [.withInternetDateTime])
      let baseTime = stamp.replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: " UTC")
      let run = await SetupTools(environment: ["TZ": "UTC", "PATH": "/usr/bin:/bin"]).run(
        Self.analyze, ["calendar", String(calendar), "--base-time=" + baseTime])
      #expect(run.succeeded, "\(run.errors)")
      let next = String(decoding: run.output, as: UTF8.self).split(separator: "\n")
        .first { $0.contains("Next elapse:") }
      let expected = DateFormatter.utcDayAndTime(installed.nextRun(after: base, timeZone: utc))
      #expect(next?.hasSuffix(expected + " UTC") == true, "\(next ?? "") for \(baseTime)")
    }
  }

  static let analyze = "/usr/bin/systemd-analyze"

  @Test func launchdsIntervalHasTheWeekdayAndReadsBack() throws {
    let plist = LaunchAgent.plist(for: Self.job, log: "/Users/u/Library/Logs/deepcut/nightly.log")
    #expect(
      plist.contains(
        "\t<dict>\n\t\t<key>Weekday</key>\n\t\t<integer>6</integer>\n\t\t<key>Hour</key>\n\t\t<integer>7</integer>\n"))
    let found = try #require(LaunchAgent.schedule(in: Data(plist.utf8)))
    #expect(found.hour == 7 && found.minute == 15 && found.weekday == .saturday && found.words == Self.job.words)
    let sunday = plist.replacingOccurrences(of: "<integer>6</integer>", with: "<integer>7</integer>")
    #expect(LaunchAgent.schedule(in: Data(sunday.utf8))?.weekday == .sunday)
    let nightly = LaunchAgent.plist(for: NightlyJob.nightly(program: "/usr/bin/deepcut"), log: "/l")
    #expect(!nightly.contains("Weekday"))
    #expect(LaunchAgent.schedule(in: Data(nightly.utf8))?.weekday == nil)
  }

  @Test(.enabled("needs /usr/bin/python3") { FileManager.default.isExecutableFile(atPath: python) })
  func pythonsPlistlibReadsTheWeekday() async throws {
    let plist = LaunchAgent.plist(for: Self.job, log: "/Users/u/Library/Logs/deepcut/nightly.log")
    let script = """
      import json, plistlib, sys
      i = plistlib.loads(sys.stdin.buffer.read())["StartCalendarInterval"]
      print(json.dumps([i["Weekday"], i["Hour"], i["Minute"]]))
      """
    let run = await SetupTools(environment: [:]).run(Self.python, ["-c", script], input: Data(plist.utf8))
    #expect(run.succeeded, "\(run.errors)")
    #expect(try JSONSerialization.jsonObject(with: run.output) as? [Int] == [6, 7, 15])
  }

  static let python = "/usr/bin/python3"

  @Test(arguments: [ScheduleKind.cron, .systemd, .launchd])
  func eachSchedulerInstallsTheWeeklyJobAndSaysItsDay(_ kind: ScheduleKind) async throws {
    let sandbox = try SetupSandbox()
    defer { sandbox.remove() }
    let said = try await sandbox.installer.install(Self.job, kind: kind)
    #expect(said.contains { $0.contains("every Saturday at 07:15") || $0.contains(" * * 6 ") }, "\(said)")
    let installed = try #require(await sandbox.installer.installed())
    #expect(installed.kind == kind && installed.weekday == .saturday && installed.cadence == .weekly(.saturday))
    #expect(installed.hour == 7 && installed.minute == 15 && installed.arguments == ["nightly"])
    // Moved to every night: the same place holds the new schedule, and no day.
    let nightly = NightlyJob.nightly(program: Self.job.program, at: (7, 15))
    _ = try await sandbox.installer.install(nightly, kind: kind)
    #expect(await sandbox.installer.installed()?.weekday == nil)
  }

  @Test func theNextAndLastRunsFallOnTheDayAtTheTime() throws {
    let utc = try #require(TimeZone(identifier: "UTC"))
    let schedule = InstalledSchedule(
      kind: .cron, hour: 7, minute: 15, weekday: .saturday, program: "/usr/bin/deepcut", arguments: ["nightly"],
      location: "crontab")
    let wednesday = Date(timeIntervalSince1970: 1_796_212_800)  // 2026-12-02 12:00 UTC
    let saturday = Date(timeIntervalSince1970: 1_796_454_900)  // 2026-12-05 07:15 UTC
    #expect(schedule.nextRun(after: wednesday, timeZone: utc) == saturday)
    #expect(schedule.nextRun(after: saturday, timeZone: utc) == saturday.addingTimeInterval(7 * 86_400))
    #expect(schedule.lastRun(atOrBefore: wednesday, timeZone: utc) == saturday.addingTimeInterval(-7 * 86_400))
    #expect(schedule.lastRun(atOrBefore: saturday, timeZone: utc) == saturday)
  }
}

extension DateFormatter {
  /// "2026-12-05 07:15:00", as systemd-analyze shows a time.
  fileprivate static func utcDayAndTime(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
    return formatter.string(from: date)
  }
}
