public import Basics
public import Foundation

/// What starts `deepcut nightly` every night, or once a week.
public enum ScheduleKind: String, CaseIterable, Sendable {
  case cron, systemd, launchd, none

  /// launchd on macOS; elsewhere a systemd user timer when the user's service manager runs, else cron.
  public static func systemDefault(environment: [String: String]) -> ScheduleKind {
    systemDefault(environment: environment, startsWithLaunchd: Platform.startsUserJobsWithLaunchd)
  }

  /// The same, told whether the system starts a user's jobs with launchd.
  static func systemDefault(environment: [String: String], startsWithLaunchd: Bool) -> ScheduleKind {
    if startsWithLaunchd { return .launchd }
    return SystemdTimer.userManagerRuns(environment: environment) ? .systemd : .cron
  }
}

/// The one command line run every night (or once a week), and when.
public struct NightlyJob: Equatable, Sendable {
  var program: String
  public var arguments: [String]
  var hour: Int
  var minute: Int
  /// The day of a weekly job; nil for one run every night.
  var weekday: Weekday?

  @usableFromInline static let defaultTime = (hour: 6, minute: 30)

  /// `program nightly`, with `--config PATH` when the configuration is not the default one.
  public static func nightly(
    program: String, config: String? = nil, at time: (hour: Int, minute: Int) = defaultTime,
    cadence: Cadence = .nightly
  ) -> NightlyJob {
    NightlyJob(
      program: program, arguments: ["nightly"] + (config.map { ["--config", $0] } ?? []), hour: time.hour,
      minute: time.minute, weekday: cadence.weekday)
  }

  /// The time of `--at HH:MM`, 00:00 to 23:59; the hour may have one digit.
  static func time(parsing text: String) throws(SchedulingError) -> (hour: Int, minute: Int) {
    guard let time = TimeOfDay(text) else {
      throw .timeOfDay("--at takes a time of day as HH:MM, from 00:00 to 23:59 (e.g. --at 06:30), not '\(text)'")
    }
    return (time.hour, time.minute)
  }

  /// The program and its arguments, in order.
  var words: [String] { [program] + arguments }

  var timeOfDay: String { String(format: "%02d:%02d", hour, minute) }

  /// "every night at 06:30", "every Saturday at 06:30".
  var when: String { cadence.when(at: timeOfDay) }

  var cadence: Cadence { weekday.map(Cadence.weekly) ?? .nightly }

  /// What every scheduler can carry: an absolute program (cron's and launchd's PATH find nothing of the user's) and
  /// no control characters (a newline would end a crontab line or a unit's setting).
  func checked() throws(SchedulingError) -> NightlyJob {
    guard program.hasPrefix("/") else {
      throw .unschedulable("the nightly program must be an absolute path, not '\(program)'")
    }
    if let word = words.first(where: { $0.unicodeScalars.contains { $0.properties.generalCategory == .control } }) {
      throw .unschedulable(
        "\(word.debugDescription) holds a control character (a newline?), which no schedule can carry; "
          + "move deepcut or its configuration to a plainer path")
    }
    return self
  }
}

/// A schedule found installed: what it runs and when, read back from the crontab, the units or the LaunchAgent.
public struct InstalledSchedule: Equatable, Sendable {
  public var kind: ScheduleKind
  public var hour: Int
  public var minute: Int
  /// The day a weekly schedule runs on; nil for one that runs every night.
  public var weekday: Weekday? = nil
  public var program: String
  public var arguments: [String]
  /// Where it is: "crontab", or the file that holds it.
  var location: String
  /// When it was set up, where that is known: the crontab line's date, the unit file's or the property list's time.
  public var since: Date?

  public var cadence: Cadence { weekday.map(Cadence.weekly) ?? .nightly }

  /// The latest run due at or before `date`, on the wall clock of `timeZone`.
  public func lastRun(atOrBefore date: Date, timeZone: TimeZone = .current) -> Date {
    calendar(timeZone).nextDate(
      after: date.addingTimeInterval(1), matching: wanted, matchingPolicy: .nextTime, repeatedTimePolicy: .first,
      direction: .backward) ?? date.addingTimeInterval(-period)
  }

  /// The first run after `date`: the next `hour:minute` (on its weekday, for a weekly one) on the wall clock of
  /// `timeZone`. On the night the clocks skip that time, the first moment after the gap; on the night they repeat
  /// it, its first occurrence.
  public func nextRun(after date: Date, timeZone: TimeZone = .current) -> Date {
    calendar(timeZone).nextDate(
      after: date, matching: wanted, matchingPolicy: .nextTime, repeatedTimePolicy: .first)
      ?? date.addingTimeInterval(period)
  }

  /// Foundation numbers weekdays from Sunday as 1.
  private var wanted: DateComponents {
    DateComponents(hour: hour, minute: minute, second: 0, weekday: weekday.map { $0.rawValue + 1 })
  }

  private var period: TimeInterval { (weekday == nil ? 1 : 7) * 24 * 3600 }

  private func calendar(_ timeZone: TimeZone) -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    return calendar
  }
}
