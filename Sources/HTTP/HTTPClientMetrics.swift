/// Counters of what an ``HTTPClient`` did, for diagnostics and tests.
public struct HTTPClientMetrics: Sendable, Equatable {
  /// Attempts actually sent to the server, retries and throttled attempts included.
  public var requests: Int
  /// Attempts repeated after a retryable failure (server error, timeout, truncated body, connection error).
  public var retries: Int
  /// Pauses taken because the server said it was throttling.
  public var throttleWaits: Int
  /// Calls that joined a request already in flight for the same URL instead of sending their own.
  public var coalesced: Int
  /// Requests that ended in an error other than cancellation (each shared request counts once).
  public var failures: Int

  public init(requests: Int = 0, retries: Int = 0, throttleWaits: Int = 0, coalesced: Int = 0, failures: Int = 0) {
    self.requests = requests
    self.retries = retries
    self.throttleWaits = throttleWaits
    self.coalesced = coalesced
    self.failures = failures
  }
}
