/// Why a message was not delivered: for now, so the next run (or the retry) may succeed, or until something is
/// changed. Messages name the server, command or channel and say what to do; they never hold a password or token.
public enum DeliveryError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The connection was refused, reset or timed out, or the server answered 4xx (mail) or 5xx (a push service).
  case temporary(String)
  /// The service asked to wait (`429`), `wait` long when it said.
  case slowDown(String, wait: Duration?)
  /// The server answered 5xx or refused the login, TLS could not be had, or the mail command is missing or failed;
  /// a push service refused the token or no longer knows the channel.
  case permanent(String)
  /// The channel's address or its file cannot be used as written.
  case unusable(String)
  /// The server's certificate is signed by no authority the system, or `email.smtp.caFile`, trusts: a private
  /// server, until its certificate is given.
  case untrusted(String)

  public var isTemporary: Bool {
    switch self {
    case .temporary, .slowDown: true
    case .permanent, .unusable, .untrusted: false
    }
  }

  public var description: String {
    switch self {
    case .temporary(let message), .slowDown(let message, _), .permanent(let message), .unusable(let message),
      .untrusted(let message):
      message
    }
  }
}
