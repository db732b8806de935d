internal import Catalog
public import Foundation

/// The time forms feeds and calendars want, always in UTC so the bytes do not depend on the machine's zone.
public enum Timestamp {
  /// "2026-11-29T12:00:00Z" (RFC 3339, as Atom wants it).
  public static func rfc3339(_ date: Date) -> String {
    let (day, seconds) = split(date)
    return "\(day.description)T\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))Z"
  }

  /// A release date as given by the catalog ("2026-11-20", "2026-11", "2026") as the day it starts on:
  /// "2026-11-01" for a month. Nil for text that is no date.
  public static func firstDay(of text: String) -> String? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count), parts[0].count == 4,
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      parts.dropFirst().allSatisfy({ $0.count == 2 })
    else { return nil }
    return parts[0] + "-" + (parts.count > 1 ? parts[1] : "01") + "-" + (parts.count > 2 ? parts[2] : "01")
  }

  /// "2026-11-20" as "20261120".
  public static func compact(_ day: String) -> String {
    day.filter { $0 != "-" }
  }

  private static func split(_ date: Date) -> (day: String, seconds: Int) {
    let total = Int(date.timeIntervalSince1970.rounded(.down))
    let days = Int((Double(total) / 86_400).rounded(.down))
    let day = CalendarDay(daysSinceEpoch: days)
    return (day.description, total - days * 86_400)
  }

  private static func two(_ value: Int) -> String {
    value < 10 ? "0\(value)" : String(value)
  }
}
