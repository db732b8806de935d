internal import Basics
internal import Foundation

/// The one line of the user's crontab that runs deepcut, marked at its end, so that a rerun replaces it and
/// `--uninstall` removes exactly it; every other line of the table is kept byte for byte.
enum Crontab {
  /// A shell comment to sh, which cron hands the line to.
  static let marker = "# deepcut nightly"

  /// `30 6 * * * '/home/u/.local/bin/deepcut' nightly # deepcut nightly, set up 2026-12-02`; a weekly job has its
  /// day of the week in the fifth field (`30 6 * * 6`, Saturday). The program is absolute, since cron's PATH is only
  /// /usr/bin:/bin.
  static func line(for job: NightlyJob, setUpOn day: String) -> String {
    // cron turns an unescaped % into a newline before sh sees the line.
    let command = job.words.map { ShellWords.quoted($0).replacingOccurrences(of: "%", with: #"\%"#) }
    let weekday = job.weekday.map { String($0.rawValue) } ?? "*"
    return "\(job.minute) \(job.hour) * * \(weekday) \(command.joined(separator: " ")) \(marker), set up \(day)"
  }

  /// Whether `line` is deepcut's: it ends with the marker, and the day it was set up, if any.
  static func isMarked(_ line: String) -> Bool {
    let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
    guard let found = trimmed.range(of: marker, options: .backwards) else { return false }
    let rest = trimmed[found.upperBound...]
    return rest.isEmpty || rest.wholeMatch(of: /, set up \d{4}-\d{2}-\d{2}/) != nil
  }

  /// `line` without the day it was set up: two lines alike but for it run the same.
  static func undated(_ line: String) -> String {
    line.replacing(/, set up \d{4}-\d{2}-\d{2}\s*$/, with: "")
  }

  /// The table's lines, as bytes, without their newlines: a crontab need not be UTF-8, and is kept as it is.
  static func lines(of table: Data) -> [Data] {
    var lines = table.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Data($0) }
    // The newline ending the last line starts no line of its own.
    if lines.last?.isEmpty == true { lines.removeLast() }
    return lines
  }

  static func markedLines(in table: Data) -> [String] {
    lines(of: table).map { String(decoding: $0, as: UTF8.self) }.filter(isMarked)
  }

  /// `table` without deepcut's lines and with `line` at its end, if given; each line ends with a newline, as cron
  /// wants, and is otherwise untouched.
  static func replacing(in table: Data, with line: String?) -> Data {
    var kept = lines(of: table).filter { !isMarked(String(decoding: $0, as: UTF8.self)) }
    if let line { kept.append(Data(line.utf8)) }
    return kept.reduce(into: Data()) { table, line in
      table += line
      table.append(UInt8(ascii: "\n"))
    }
  }

  /// What a marked line runs and when, for a line of the shape `line(for:setUpOn:)` writes (also after a hand edit
  /// of its time, its day of the week — a number or cron's three letters — or its words); nil for any other, such
  /// as one run every five minutes.
  static func schedule(in line: String) -> (hour: Int, minute: Int, weekday: Weekday?, words: [String], day: String?)? {
    let shape =
      #/
      \s* (\d{1,2}) \s+ (\d{1,2}) \s+ \* \s+ \* \s+ (\* | \d | [A-Za-z]{3}) \s+ (.*?) \s+
      \# \ deepcut\ nightly (?: ,\ set\ up\ (\d{4}-\d{2}-\d{2}) )? \s*
      /#
    guard let match = line.wholeMatch(of: shape), let minute = Int(match.1), let hour = Int(match.2),
      hour < 24, minute < 60, let cadence = Self.cadence(String(match.3)),
      let words = ShellWords.split(Substring(match.4.replacingOccurrences(of: #"\%"#, with: "%"))), !words.isEmpty
    else { return nil }
    return (hour, minute, cadence.weekday, words, match.5.map(String.init))
  }

  /// cron's day-of-week field: `*` every day, 0–7 (0 and 7 are Sunday) or three letters one day a week.
  private static func cadence(_ field: String) -> Cadence? {
    if field == "*" { return .nightly }
    if let number = Int(field) { return number <= 7 ? Weekday(rawValue: number % 7).map(Cadence.weekly) : nil }
    return field.count == 3 ? Weekday(name: field).map(Cadence.weekly) : nil
  }
}

extension ScheduleInstaller {
  func installCron(_ job: NightlyJob) async -> Outcome {
    let line = Crontab.line(for: job, setUpOn: day(of: now))
    let byHand = ["add this line to your crontab with `crontab -e`:", "  " + line]
    guard let crontab = tools.locate("crontab") else {
      return Outcome(
        said: ["crontab is not installed (not on PATH); install cron, then " + byHand[0], byHand[1]], done: false)
    }
    let table: Data
    switch await readCrontab(crontab) {
    case .success(let read): table = read
    case .failure(let failure):
      return Outcome(said: ["cannot read your crontab (\(failure.message)); " + byHand[0], byHand[1]], done: false)
    }
    let marked = Crontab.markedLines(in: table)
    if marked.count == 1, Crontab.undated(marked[0]) == Crontab.undated(line) {
      return Outcome(said: ["your crontab runs it already: \(marked[0])"], done: true)
    }
    let written = await tools.run(crontab, ["-"], input: Crontab.replacing(in: table, with: line))
    guard written.succeeded else {
      return Outcome(
        said: ["crontab could not replace your table (\(written.message)); " + byHand[0], byHand[1]], done: false)
    }
    let what = marked.isEmpty ? "added to your crontab" : "replaced deepcut's line in your crontab with"
    return Outcome(said: ["\(what): \(line)"], done: true)
  }

  func removeCron() async -> [String] {
    guard let crontab = tools.locate("crontab"), case .success(let table) = await readCrontab(crontab) else {
      return []
    }
    let marked = Crontab.markedLines(in: table)
    guard !marked.isEmpty else { return [] }
    let written = await tools.run(crontab, ["-"], input: Crontab.replacing(in: table, with: nil))
    guard written.succeeded else {
      return [
        "crontab could not replace your table (\(written.message)); remove this line with `crontab -e`: \(marked[0])"
      ]
    }
    return marked.map { "removed from your crontab: \($0)" }
  }

  func installedCron() async -> InstalledSchedule? {
    guard let crontab = tools.locate("crontab") else { return nil }
    let table: Data
    switch await readCrontab(crontab) {
    case .success(let read): table = read
    case .failure(let failure):
      // Not a schedule missing: one that could not be read, and the user should know which.
      warn("deepcut: warning: cannot read your crontab (\(failure.message)); a schedule in it is not shown")
      return nil
    }
    for line in Crontab.markedLines(in: table) {
      guard let found = Crontab.schedule(in: line), let program = found.words.first else { continue }
      return InstalledSchedule(
        kind: .cron, hour: found.hour, minute: found.minute, weekday: found.weekday, program: program,
        arguments: Array(found.words.dropFirst()), location: "crontab",
        // The line knows the day alone: counted from its end, a night it was due that day is never taken as missed.
        since: found.day.flatMap(date(ofDay:)).map { $0.addingTimeInterval(24 * 3600) })
    }
    return nil
  }

  /// The user's crontab as `crontab -l` prints it; none yet is an empty one.
  private func readCrontab(_ crontab: String) async -> Result<Data, ToolFailure> {
    let listed = await tools.run(crontab, ["-l"])
    if listed.succeeded { return .success(listed.output) }
    if listed.errors.contains("no crontab for") { return .success(Data()) }
    return .failure(ToolFailure(message: "crontab -l: \(listed.message)"))
  }

  /// `now`'s day in `timeZone`, as YYYY-MM-DD.
  func day(of date: Date) -> String {
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
  }

  /// The start of YYYY-MM-DD in `timeZone`.
  func date(ofDay day: String) -> Date? {
    let parts = day.split(separator: "-").compactMap { Int($0) }
    guard parts.count == 3 else { return nil }
    return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
  }

  private var calendar: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    return calendar
  }
}

/// A scheduler's program failed, in its own words.
struct ToolFailure: Error {
  var message: String
}
