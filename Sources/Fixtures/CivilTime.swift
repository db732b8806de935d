internal import Basics

/// Calendar arithmetic on the proleptic Gregorian calendar in UTC, without Foundation's
/// calendars (which are slow and locale-sensitive). Days are counted from 1970-01-01.
struct CivilTime: Equatable {
  var year: Int
  var month: Int
  var day: Int
  var hour = 0
  var minute = 0
  var second = 0

  init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
    self.year = year
    self.month = month
    self.day = day
    self.hour = hour
    self.minute = minute
    self.second = second
  }

  init(unixSeconds: Int64) {
    let seconds = Int(unixSeconds)
    var days = seconds / 86_400
    var secondOfDay = seconds % 86_400
    if secondOfDay < 0 {
      secondOfDay += 86_400
      days -= 1
    }
    (year, month, day) = CivilDate.date(daysSinceEpoch: days)
    hour = secondOfDay / 3_600
    minute = (secondOfDay % 3_600) / 60
    second = secondOfDay % 60
  }

  /// Days since 1970-01-01 of the date part.
  var daysSinceEpoch: Int { CivilDate.daysSinceEpoch(year: year, month: month, day: day) }

  var unixSeconds: Int64 {
    Int64(daysSinceEpoch) * 86_400 + Int64(hour * 3_600 + minute * 60 + second)
  }

  /// Parses `YYYY-MM-DD`.
  static func parseDay(_ text: String) -> CivilTime? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      (1...12).contains(month), (1...31).contains(day), (1900...9999).contains(year)
    else { return nil }
    let parsed = CivilTime(year: year, month: month, day: day)
    // Reject days that roll over into the next month (2026-02-30).
    guard CivilTime(unixSeconds: parsed.unixSeconds) == parsed else { return nil }
    return parsed
  }

  /// Seconds between 1904-01-01 (the classic Mac epoch used by `Play Date`) and 1970-01-01.
  static let macEpochOffset: Int64 = 2_082_844_800
}
