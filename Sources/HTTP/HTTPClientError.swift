/// Why a catalog request failed. Every case is final: the client has already retried what can be retried.
public enum HTTPClientError: Error, Sendable, Equatable, CustomStringConvertible {
  /// `400`: the API refused the query; `message` is its `errorMessage`.
  case badRequest(message: String)
  /// Still throttled after the allowed waits, or asked to wait longer than the client agrees to.
  case throttled(retryAfter: Duration?)
  /// `5xx` after all attempts, or another unexpected status at once.
  case server(status: Int)
  /// No answer within the per-attempt time limit, after all attempts.
  case timedOut
  /// The body was shorter than its `Content-Length`, after all attempts.
  case truncated(expected: Int, received: Int)
  /// The host could not be reached (name lookup, refused or lost connection), after all attempts.
  case unreachable(String)
  /// A `2xx` answer that is a web page, not the API's data (a captive portal, a proxy's notice), after all attempts.
  case webPage
  /// A `200` whose body says the service is busy (see ``BodyRule``), after all attempts.
  case busy(String)
  /// The answer passed `limit` bytes, far above any real one (a proxy or a sign-in page that never ends?): the
  /// transfer was stopped and nothing of it kept.
  case tooLarge(limit: Int)
  /// The caller stopped waiting.
  case cancelled

  public var description: String {
    switch self {
    case .badRequest(let message):
      "the catalog rejected the request (\(message)); check the search terms, or report this as a deepcut bug"
    case .throttled(let retryAfter):
      if let retryAfter {
        "the catalog is rate limiting requests and asks to wait \(Self.seconds(retryAfter)); "
          + "wait that long, then run deepcut again"
      } else {
        "the catalog is rate limiting requests; wait a few minutes, then run deepcut again"
      }
    case .server(let status):
      "the catalog answered with http status \(status); try again later"
    case .timedOut:
      "the catalog did not answer in time; check the network connection and try again"
    case .truncated(let expected, let received):
      "the catalog's answer broke off after \(received) of \(expected) bytes; check the network connection and try again"
    case .unreachable(let detail):
      "cannot reach the catalog (\(detail)); check the network connection and try again"
    case .webPage:
      "the catalog's address answered with a web page instead of data (a network sign-in page or a proxy?); "
        + "check the network connection and try again"
    case .busy(let message):
      "the catalog says it is busy (\(message)); try again later"
    case .tooLarge(let limit):
      "the answer went past \(limit / 1_048_576) MB, far more than any real one (a proxy or a network sign-in page "
        + "in the way?), and was stopped; check the network connection and try again"
    case .cancelled:
      "the request was cancelled"
    }
  }

  private static func seconds(_ duration: Duration) -> String {
    let whole = duration.components.seconds + (duration.components.attoseconds > 0 ? 1 : 0)
    return whole == 1 ? "1 second" : "\(whole) seconds"
  }
}
