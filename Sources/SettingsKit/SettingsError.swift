/// What is wrong with a configuration file or a command line, in words that say what to do.
public enum SettingsError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The command line is wrong.
  case usage(String)
  /// Not an error: `--help` was asked for; the text goes to standard output.
  case helpRequested(String)
  /// The configuration file cannot be read or changed as asked.
  case config(String)
  /// What is wrong with the configuration file, a line for each key that is (read on past the first, so one check
  /// tells them all).
  case configProblems([String])

  public var description: String {
    switch self {
    case .usage(let message): message
    case .helpRequested(let text): text
    case .config(let message): message
    case .configProblems(let problems): problems.joined(separator: "\n")
    }
  }
}
