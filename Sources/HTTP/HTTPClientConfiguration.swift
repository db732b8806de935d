public import Basics
public import Foundation

/// What, besides `429 Too Many Requests`, a service says when it wants a client to slow down.
public enum ThrottleSignal: Sendable, Hashable {
  /// `403 Forbidden` with an empty body.
  case blankForbidden
  /// `503 Service Unavailable` that says when to come back (`Retry-After`).
  case unavailableWithRetryAfter
}

/// What a service that answers its errors inside a `200` says in the body, read by the provider's rule.
public enum BodySignal: Sendable, Equatable {
  /// "Slow down" (a quota): waited out like a `429`, and never handed on as an answer.
  case slowDown
  /// The service is busy or failed for now: retried like a server error, never handed on.
  case busy(String)
}

/// A provider's way of reading ``BodySignal``s out of a `200`'s body; compared by name, since a rule is code.
public struct BodyRule: Sendable, Equatable {
  public let name: String
  public let signal: @Sendable (Data) -> BodySignal?

  public init(name: String, signal: @escaping @Sendable (Data) -> BodySignal?) {
    self.name = name
    self.signal = signal
  }

  public static func == (lhs: BodyRule, rhs: BodyRule) -> Bool { lhs.name == rhs.name }
}

/// How an ``HTTPClient`` paces, retries and times out its requests. A provider tunes it to its catalog's limits
/// and its way of saying "slow down".
public struct HTTPClientConfiguration: Sendable, Equatable {
  /// Most requests that may start in any rolling 60-second window; `0`, a negative number or `.infinity` means
  /// no limit. Retries and throttle waits count against it too.
  public var requestsPerMinute: Double
  /// Attempts per request (the first try plus retries) for server errors, timeouts, truncated bodies and
  /// connection errors. Values below 1 mean 1.
  public var maxAttempts: Int
  /// Ceiling of the first retry's delay; each further retry doubles it (full jitter: the real delay is random
  /// between zero and the ceiling), never above ``maxBackoff``.
  public var baseBackoff: Duration
  /// Largest ceiling a retry delay may have.
  public var maxBackoff: Duration
  /// Wait after a throttling answer (`429`, or one of ``throttleSignals``) that names no `Retry-After`.
  public var throttleBackoff: Duration
  /// Throttle waits per request before giving up with ``HTTPClientError/throttled(retryAfter:)``.
  public var maxThrottleWaits: Int
  /// Longest `Retry-After` the client agrees to sit out; a longer one fails at once with
  /// ``HTTPClientError/throttled(retryAfter:)`` so the user is told instead of left waiting.
  public var maxRetryAfter: Duration
  /// Time limit of one attempt, from sending the request to the last byte of the answer.
  public var requestTimeout: Duration
  /// Sent as the `User-Agent` header.
  public var userAgent: String
  /// The answers besides `429` that mean "slow down" from this service.
  public var throttleSignals: Set<ThrottleSignal> = [.unavailableWithRetryAfter]
  /// How this service says "slow down" or "busy" inside a `200`, if it does.
  public var bodyRule: BodyRule?
  /// Header fields sent with every request besides `User-Agent` ("Accept-Language: en").
  public var headers: [String] = []
  /// The most an answer may hold. The largest real answers are pages of a hundred albums or release groups, a few
  /// hundred kilobytes (the recorded ones are under 40 KB: iTunes' lookup of an artist's songs, 35 KB); past this the
  /// transfer stops and the request fails (``HTTPClientError/tooLarge(limit:)``), so a proxy or a sign-in page that
  /// never ends cannot fill memory.
  public var maximumResponseBytes = HTTPClientConfiguration.defaultMaximumResponseBytes
  public static let defaultMaximumResponseBytes = 16 * 1_048_576
  /// Seed for the retry jitter, so tests are deterministic; `nil` seeds from the system generator.
  public var randomSeed: UInt64?

  public init(
    requestsPerMinute: Double = 20,
    maxAttempts: Int = 4,
    baseBackoff: Duration = .milliseconds(500),
    maxBackoff: Duration = .seconds(30),
    throttleBackoff: Duration = .seconds(60),
    maxThrottleWaits: Int = 2,
    maxRetryAfter: Duration = .seconds(120),
    requestTimeout: Duration = .seconds(20),
    userAgent: String = Product.userAgent(),
    randomSeed: UInt64? = nil
  ) {
    self.requestsPerMinute = requestsPerMinute
    self.maxAttempts = maxAttempts
    self.baseBackoff = baseBackoff
    self.maxBackoff = maxBackoff
    self.throttleBackoff = throttleBackoff
    self.maxThrottleWaits = maxThrottleWaits
    self.maxRetryAfter = maxRetryAfter
    self.requestTimeout = requestTimeout
    self.userAgent = userAgent
    self.randomSeed = randomSeed
  }
}
