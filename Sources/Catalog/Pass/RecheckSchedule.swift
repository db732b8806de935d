internal import Basics
public import Foundation

/// When a remembered resolution is searched again.
///
/// Every artist has its own day in each window, taken from a stable hash of its key, so the re-checks of a
/// library that was resolved in one night spread evenly over the window's nights instead of all coming back
/// on the night the window ends. An artist is re-checked on the first of its days after the day it was last
/// checked: never later than one window after, sometimes sooner.
public struct RecheckSchedule: Sendable, Equatable {
  public var windowDays: Int

  public init(windowDays: Int) {
    self.windowDays = max(1, windowDays)
  }

  /// The artist's day within every window: 0 ..< windowDays.
  public func phase(of key: String) -> Int {
    Int(FNV1a.hash(key) % UInt64(windowDays))
  }

  /// The day (days since 1970-01-01, UTC) the artist is due again after being checked on `checkedDay`.
  public func dueDay(of key: String, checkedDay: Int) -> Int {
    let offset = (phase(of: key) - checkedDay - 1).modulo(windowDays) + 1
    return checkedDay + offset
  }

  public func isDue(_ key: String, checkedAt: Date, now: Date) -> Bool {
    Self.day(of: now) >= dueDay(of: key, checkedDay: Self.day(of: checkedAt))
  }

  static func day(of date: Date) -> Int {
    Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
  }

}

extension Int {
  /// The remainder that is never negative.
  fileprivate func modulo(_ divisor: Int) -> Int {
    let remainder = self % divisor
    return remainder < 0 ? remainder + divisor : remainder
  }
}
