/// Why a message was not delivered: for now, so the next run (or the retry) may succeed, or until something is
/// changed. Messages name the server or command and say what to do; they never hold a password.
public enum DeliveryError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The connection was refused, reset or timed out, or the server answered 4xx.
  case temporary(String)
  /// The server answered 5xx or refused the login, TLS could not be had, or the mail command is missing or failed.
  case permanent(String)

  public var isTemporary: Bool {
    if case .temporary = self { true } else { false }
  }

  public var description: String {
    switch self {
    case .temporary(let message), .permanent(let message): message
    }
  }
}
