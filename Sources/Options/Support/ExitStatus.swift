/// Exit statuses from sysexits.h, so cron wrappers and scripts can tell failures apart.
public enum ExitStatus: Int32, Sendable, CaseIterable {
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

package extension ExitStatus {
  /// What the status tells a script, as the manual and the README say it; a new status cannot go without one.
  var meaning: String {
    switch self {
    case .success:
      "the report was written; some lookups may have failed, or the budget ended the asking: failures are listed "
        + "under Needs attention, the coverage line says how much was checked, and standard error says so"
    case .failure: "status: the last night failed, or one was due and none ran"
    case .usage: "the command line is wrong (see deepcut COMMAND --help)"
    case .dataError:
      "the library file is not a library export (not XML, truncated, a binary plist, the wrong root, entity "
        + "declarations); the message names the file and line"
    case .noInput: "the library file is missing or unreadable"
    case .unavailable: "the catalog cannot be reached at all, or the mail server refused the e-mail until fixed"
    case .cannotCreate: "the report or the state database cannot be written"
    case .tempFail: "another run holds the lock, or the e-mail could not be delivered for now"
    case .config: "a template or the configuration is wrong"
    case .interrupted: "stopped by SIGINT: every answer kept for the next run, no report written"
    case .terminated: "stopped by SIGTERM: every answer kept for the next run, no report written"
    }
  }
}
