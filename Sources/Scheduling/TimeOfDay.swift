internal import Foundation

/// A time on the wall clock, to the minute: when the nightly job runs.
public struct TimeOfDay: Sendable, Equatable {
  public var hour: Int
  public var minute: Int

  /// 06:30: the night's catalogs have had their updates, and the e-mail is there with breakfast.
  public static let nightly = TimeOfDay(hour: 6, minute: 30)

  public init(hour: Int, minute: Int) {
    self.hour = hour
    self.minute = minute
  }

  /// `HH:MM`, 00:00 to 23:59; the hour may have one digit.
  public init?(_ text: String) {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0].count <= 2, parts[1].count == 2,
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute)
    else { return nil }
    self.init(hour: hour, minute: minute)
  }

  public var text: String { String(format: "%02d:%02d", hour, minute) }
}
