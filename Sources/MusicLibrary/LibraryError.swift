/// Why a library export could not be read.
public enum LibraryError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file cannot be opened or read at all.
  case unreadable(path: String, reason: String)
  /// The file is not a library export, or it breaks off; `line` is where reading stopped.
  case malformed(path: String, line: Int, reason: String)

  public var description: String {
    switch self {
    case .unreadable(let path, let reason):
      "\(path): \(reason)"
    case .malformed(let path, let line, let reason):
      "\(path):\(line): \(reason)"
    }
  }
}
