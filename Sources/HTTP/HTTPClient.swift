internal import Basics
public import Foundation

/// Fetches catalog URLs politely: paced by a rate limiter, retried with backoff, patient when throttled, and
/// shared between concurrent callers that ask for the same URL. Nothing is cached: once a request finishes, the
/// next call for its URL goes to the network again (deepcut caches answers elsewhere).
///
/// Cancellation: a caller that is cancelled stops waiting at once with ``HTTPClientError/cancelled``. A request
/// shared by several callers keeps going for the others; when its last caller leaves, the request itself (rate
/// limiter wait, backoff or transfer) is cancelled and forgotten, so a later call starts afresh.
public actor HTTPClient {
  private typealias Waiter = CheckedContinuation<Result<Data, HTTPClientError>, Never>

  /// One request in flight and the callers waiting for it. `token` tells this flight from a later one for the
  /// same URL, so that a finishing flight only ever removes its own entry.
  private struct Flight {
    let token: UInt64
    let task: Task<Void, Never>
    var waiters: [UInt64: Waiter] = [:]
  }

  /// Observation points for tests; all optional.
  struct TestHooks: Sendable {
    /// A new flight was registered (called on the actor, before anyone can join it).
    var flightStarted: (@Sendable (URL, UInt64) -> Void)?
    /// A flight has its result and is about to hand it over; may suspend to delay the hand-over.
    var flightWillFinish: (@Sendable (URL, UInt64) async -> Void)?
    /// A flight handed over its result (or found its entry gone or replaced).
    var flightFinished: (@Sendable (URL, UInt64) -> Void)?
  }

  public nonisolated let configuration: HTTPClientConfiguration
  /// Runs the transfers, all on one thread, and keeps the connections to the catalog open between them; `nil`
  /// only when curl cannot start (out of memory), in which case every attempt fails as unreachable.
  private let driver = TransferDriver()

  /// The thread that sees the answers arrive, as an executor. The client's own work runs there; a caller that
  /// prefers it too (`withTaskExecutorPreference`, `addTask(executorPreference:)`) gets its answers with no
  /// hand-over between threads. Its jobs must not block.
  public nonisolated var taskExecutor: (any TaskExecutor)? { driver }
  private let clock: ClientClock
  private var limiter: RateLimiter
  private var generator: SplitMix64
  private var flights: [HTTPRequest: Flight] = [:]
  private var lastID: UInt64 = 0
  private var counters = HTTPClientMetrics()
  private var hooks = TestHooks()

  /// Requests go out through libcurl: HTTP/1.1 GETs (and the POSTs of forms) with the configured `User-Agent`, no cookies, no cache, at
  /// most 3 redirects followed (http and https only), TLS certificates verified. Pacing, backoff and throttling
  /// waits go by `clock`.
  public init(configuration: HTTPClientConfiguration = .init(), clock: ClientClock = .continuous()) {
    self.configuration = configuration
    self.clock = clock
    limiter = RateLimiter(requestsPerMinute: configuration.requestsPerMinute)
    generator = SplitMix64(seed: configuration.randomSeed ?? UInt64.random(in: .min ... .max))
  }

  /// What the client has done so far.
  public var metrics: HTTPClientMetrics { counters }

  /// The body of a `2xx` answer for `url`, whatever its content type.
  ///
  /// Joins a request for the same URL that is already in flight instead of sending another.
  public func get(_ url: URL) async throws(HTTPClientError) -> Data {
    try await send(HTTPRequest(url))
  }

  /// The body of a `2xx` answer to `request`; an equal request already in flight is joined, not sent again.
  public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> Data {
    if Task.isCancelled {
      throw .cancelled
    }
    let token: UInt64
    if let flight = flights[request] {
      token = flight.token
      counters.coalesced += 1
    } else {
      token = startFlight(for: request)
    }
    let waiter = nextID()
    // Registration happens synchronously on the actor, so the flight cannot finish before we are listed.
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: Waiter) in
        register(continuation, as: waiter, request: request, token: token)
      }
    } onCancel: {
      Task { await self.leave(request: request, token: token, waiter: waiter) }
    }
    return try result.get()
  }

  /// One attempt at `request`, in its turn of the rate limit, and what the server answered whatever its status; an
  /// attempt that got no answer throws why (``HTTPClientError/timedOut``, ``HTTPClientError/unreachable(_:)``).
  /// Nothing is retried or joined: a caller that judges answers itself (a push, sent once) decides.
  public func exchange(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPAnswer {
    guard await waitForTurn(nil) else { throw .cancelled }
    counters.requests += 1
    let transfer = TransferRequest(
      url: request.url, userAgent: configuration.userAgent, timeout: configuration.requestTimeout,
      headers: configuration.headers + request.headers, body: request.body,
      maximumBodyBytes: configuration.maximumResponseBytes)
    switch await driver?.exchange(transfer) ?? .cannotStart {
    case .response(let head, let body):
      return HTTPAnswer(status: head.status, body: body, retryAfter: head.retryAfter, contentType: head.contentType)
    case .timedOut: throw .timedOut
    case .cancelled: throw .cancelled
    case .truncated(let expected, let received): throw .truncated(expected: expected, received: received)
    case .connectionFailed(let detail, _): throw .unreachable(detail)
    case .tooLarge(let limit): throw .tooLarge(limit: limit)
    }
  }

  // MARK: - Flights

  private func nextID() -> UInt64 {
    lastID += 1
    return lastID
  }

  private func startFlight(for request: HTTPRequest) -> UInt64 {
    let token = nextID()
    // The first turn is reserved here, synchronously, so requests are paced in the order callers arrived.
    let firstTurn = limiter.reserve(now: clock.now())
    let task = Task(executorPreference: driver) {
      await self.runFlight(request: request, token: token, firstTurn: firstTurn)
    }
    flights[request] = Flight(token: token, task: task)
    hooks.flightStarted?(request.url, token)
    return token
  }

  private func register(_ continuation: Waiter, as waiter: UInt64, request: HTTPRequest, token: UInt64) {
    guard !Task.isCancelled, var flight = flights[request], flight.token == token else {
      // Cancelled already: `leave` will follow and cancel the flight if nobody else waits for it.
      continuation.resume(returning: .failure(.cancelled))
      return
    }
    flight.waiters[waiter] = continuation
    flights[request] = flight
  }

  /// A cancelled caller stops waiting; the last one to leave cancels the flight and clears its entry.
  private func leave(request: HTTPRequest, token: UInt64, waiter: UInt64) {
    guard var flight = flights[request], flight.token == token else { return }
    flight.waiters.removeValue(forKey: waiter)?.resume(returning: .failure(.cancelled))
    if flight.waiters.isEmpty {
      flights[request] = nil
      flight.task.cancel()
    } else {
      flights[request] = flight
    }
  }

  private func runFlight(request: HTTPRequest, token: UInt64, firstTurn: Duration) async {
    let result = await fetch(request, firstTurn: firstTurn)
    if let hook = hooks.flightWillFinish {
      await hook(request.url, token)
    }
    finish(request: request, token: token, with: result)
  }

  private func finish(request: HTTPRequest, token: UInt64, with result: Result<Data, HTTPClientError>) {
    if case .failure(let error) = result, error != .cancelled {
      counters.failures += 1
    }
    // Only this flight's own entry is removed: if it was abandoned and a newer flight took its place, the newer
    // one stays. Nothing is kept after completion, success or failure.
    if let flight = flights[request], flight.token == token {
      flights[request] = nil
      for waiter in flight.waiters.values {
        waiter.resume(returning: result)
      }
    }
    hooks.flightFinished?(request.url, token)
  }

  // MARK: - One request, with retries

  private func fetch(_ request: HTTPRequest, firstTurn: Duration) async -> Result<Data, HTTPClientError> {
    let transfer = TransferRequest(
      url: request.url, userAgent: configuration.userAgent, timeout: configuration.requestTimeout,
      headers: configuration.headers + request.headers, body: request.body,
      maximumBodyBytes: configuration.maximumResponseBytes)

    let maxAttempts = max(configuration.maxAttempts, 1)
    var failedAttempts = 0
    var throttleWaits = 0
    var turn: Duration? = firstTurn
    while true {
      guard await waitForTurn(turn) else { return .failure(.cancelled) }
      turn = nil
      counters.requests += 1
      let outcome = await driver?.exchange(transfer) ?? .cannotStart
      switch AttemptVerdict(
        outcome, throttleSignals: configuration.throttleSignals, bodyRule: configuration.bodyRule)
      {
      case .success(let body):
        return .success(body)
      case .failure(let error):
        return .failure(error)
      case .throttled(let retryAfter):
        if let retryAfter, retryAfter > configuration.maxRetryAfter {
          return .failure(.throttled(retryAfter: retryAfter))
        }
        guard throttleWaits < configuration.maxThrottleWaits else {
          return .failure(.throttled(retryAfter: retryAfter))
        }
        throttleWaits += 1
        counters.throttleWaits += 1
        // The whole client pauses, not just this request: the server is throttling all of them.
        limiter.pause(until: clock.now() + (retryAfter ?? configuration.throttleBackoff))
      case .retry(let error):
        failedAttempts += 1
        guard failedAttempts < maxAttempts else { return .failure(error) }
        counters.retries += 1
        let delay = backoffDelay(
          afterFailures: failedAttempts, base: configuration.baseBackoff, cap: configuration.maxBackoff,
          using: &generator)
        do {
          try await clock.sleep(clock.now() + delay)
        } catch {
          return .failure(.cancelled)
        }
      }
    }
  }

  /// Waits for this request's turn in the rate limiter (`reserved`, or the next free one); `false` when cancelled
  /// meanwhile, in which case the turn is given back if nobody has reserved a later one.
  private func waitForTurn(_ reserved: Duration?) async -> Bool {
    let start = reserved ?? limiter.reserve(now: clock.now())
    do {
      // A turn that has come already needs no timer.
      if start > clock.now() {
        try await clock.sleep(start)
      } else {
        try Task.checkCancellation()
      }
      return true
    } catch {
      limiter.release(start)
      return false
    }
  }

  // MARK: - Test support

  func installTestHooks(_ hooks: TestHooks) {
    self.hooks = hooks
  }

  /// The token of the flight in progress for `url`, if any.
  func inFlightToken(for url: URL) -> UInt64? {
    flights[HTTPRequest(url)]?.token
  }
}
