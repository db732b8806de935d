import Foundation
import TestSupport

@testable import Scheduling

extension SetupSandbox {
  /// The installer a setup in this sandbox uses, on 2026-12-02 at noon UTC, as user 501.
  var installer: ScheduleInstaller {
    ScheduleInstaller(
      environment: environment, now: Self.december2, timeZone: TimeZone(identifier: "UTC") ?? .current, userID: 501,
      warn: { _ in })
  }
}
