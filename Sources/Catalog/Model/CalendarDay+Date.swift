public import Foundation

extension CalendarDay {
  /// The calendar day at `date` in `timeZone` (the machine's): "today" as the user sees it.
  public static func today(at date: Date, timeZone: TimeZone = .current) -> CalendarDay {
    let seconds = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
    return CalendarDay(daysSinceEpoch: Int((seconds / 86_400).rounded(.down)))
  }
}
