/// What is wrong with a configuration file or a command line, in words that say what to do.
public enum SettingsError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The configuration file cannot be read or changed as asked.
  case config(String)

  public var description: String {
    switch self {
    case .config(let message): message
    }
  }
}
