/// Why the catalog could not answer.
public enum CatalogError: Error, Sendable, Equatable, CustomStringConvertible {
  /// No connection could be made: DNS, refused, no route.
  case unreachable(String)
  /// The catalog kept saying "too many requests" after waiting.
  case throttled
  /// The catalog rejected the request; carries its `errorMessage`.
  case badRequest(String)
  /// A server error that retries did not cure.
  case server(status: Int)
  case timedOut
  /// The body was not what the API sends.
  case undecodable(String)
  /// `--offline` and nothing cached.
  case notCached(String)
  /// The state database failed.
  case state(String)
  /// The person's app at a service has no credentials, or the service refused them: what to do, in words.
  case credentials(String)

  public var description: String {
    switch self {
    case .unreachable(let detail): "the catalog cannot be reached (\(detail)); check the network or run with --offline"
    case .throttled: "the catalog keeps refusing requests as too many; wait an hour or lower the request rate"
    case .badRequest(let message): "the catalog rejected a request: \(message)"
    case .server(let status): "the catalog answered with HTTP \(status) after several tries; try again later"
    case .timedOut: "the catalog did not answer in time after several tries; try again later"
    case .undecodable(let detail): detail
    case .notCached(let what): "\(what) is not in the cache; run once without --offline"
    case .state(let detail): detail
    case .credentials(let detail): detail
    }
  }

  /// Failures that mean "the network is gone", as opposed to "this one request failed".
  public var isConnectivity: Bool {
    switch self {
    case .unreachable, .timedOut: true
    default: false
    }
  }
}
