/// Exit statuses from sysexits.h, so cron wrappers and scripts can tell failures apart.
public enum ExitStatus: Int32, Sendable {
  case success = 0
  /// `status`: the last night failed, or one was due and none ran.
  case failure = 1
  /// The command line is wrong.
  case usage = 64
  /// The library export is malformed.
  case dataError = 65
  /// The library export is missing or unreadable.
  case noInput = 66
  /// The catalog cannot be reached, or the mail server refused the e-mail for good.
  case unavailable = 69
  /// The report cannot be written.
  case cannotCreate = 73
  /// Another run holds the lock, or the e-mail could not be delivered now.
  case tempFail = 75
  /// The configuration is wrong.
  case config = 78
  /// Stopped by SIGINT (128 + 2); every answer kept, no report written.
  case interrupted = 130
  /// Stopped by SIGTERM (128 + 15); every answer kept, no report written.
  case terminated = 143
}
