internal import Basics

/// A date without a time or a time zone: what a release date is.
///
/// The catalog sends release dates as UTC midnight-in-California ("2026-11-20T08:00:00Z"); converting
/// that to a time zone west of UTC would move it to the day before, so the date part is taken as given.
public struct CalendarDay: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  public let year: Int
  public let month: Int
  public let day: Int

  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month), (1...CivilDate.days(in: month, of: year)).contains(day)
    else {
      return nil
    }
    self.year = year
    self.month = month
    self.day = day
  }

  /// Reads "2026-11-20", or the date part of "2026-11-20T08:00:00Z".
  public init?(iso8601 text: some StringProtocol) {
    let utf8 = Array(text.utf8.prefix(10))
    guard utf8.count == 10, utf8[4] == UInt8(ascii: "-"), utf8[7] == UInt8(ascii: "-") else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for byte in utf8[range] {
        guard (0x30...0x39).contains(byte) else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
    self.init(year: year, month: month, day: day)
  }

  /// Reads a date that may name only a year or a month, as MusicBrainz gives them: "2026", "2026-11", "2026-11-20".
  /// A partial date stands for its first day.
  public static func partial(_ text: some StringProtocol) -> (day: CalendarDay, precision: DatePrecision)? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count), parts[0].count == 4,
      parts.dropFirst().allSatisfy({ $0.count == 2 }),
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } })
    else { return nil }
    let numbers = parts.compactMap { Int($0) }
    guard
      let day = CalendarDay(
        year: numbers[0], month: numbers.count > 1 ? numbers[1] : 1, day: numbers.count > 2 ? numbers[2] : 1)
    else { return nil }
    return (day, [.year, .month, .day][numbers.count - 1])
  }

  /// The last day of this day's month.
  public var lastOfMonth: CalendarDay {
    CalendarDay(year: year, month: month, day: CivilDate.days(in: month, of: year)) ?? self
  }

  /// Days since 1970-01-01 (proleptic Gregorian), so windows are plain subtraction.
  public var daysSinceEpoch: Int { CivilDate.daysSinceEpoch(year: year, month: month, day: day) }

  public init(daysSinceEpoch days: Int) {
    (year, month, day) = CivilDate.date(daysSinceEpoch: days)
  }

  public func adding(days: Int) -> CalendarDay { CalendarDay(daysSinceEpoch: daysSinceEpoch + days) }

  public static func - (lhs: CalendarDay, rhs: CalendarDay) -> Int { lhs.daysSinceEpoch - rhs.daysSinceEpoch }

  public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  public var description: String {
    func padded(_ value: Int, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
  }

  /// "29 Nov 2026": the same in every locale, so reports are byte-stable.
  public var label: String { "\(day) \(Self.monthNames[month - 1]) \(year)" }

  /// "Nov 2026".
  public var monthLabel: String { "\(Self.monthNames[month - 1]) \(year)" }

  static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let day = CalendarDay(iso8601: text) else {
      throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a date: \(text)"))
    }
    self = day
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }

}
