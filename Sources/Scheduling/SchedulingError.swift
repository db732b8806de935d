/// Why a schedule cannot be set up, in words that say what to do.
public enum SchedulingError: Error, Sendable, Equatable, CustomStringConvertible {
  /// `--at` was given something other than a time of day.
  case timeOfDay(String)
  /// The job is one no scheduler can carry: its program is not an absolute path, or a word holds what no unit or
  /// crontab line can say.
  case unschedulable(String)
  /// A folder of the schedule, or the copy of the program it runs, cannot be made.
  case cannotCreate(String)
  /// A file cannot be written: the path, and why.
  case output(path: String, reason: String)

  public var description: String {
    switch self {
    case .timeOfDay(let message), .unschedulable(let message), .cannotCreate(let message): message
    case .output(let path, let reason): "\(path): \(reason)"
    }
  }
}
