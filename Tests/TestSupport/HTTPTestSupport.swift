public import Basics
public import Fixtures
internal import Foundation
public import HTTP
internal import Synchronization
public import Testing

/// A client tuned for fast tests: no rate limit, tiny backoffs, deterministic jitter, and a clock that jumps to
/// each deadline it is asked to sleep until, unless the test brings a clock of its own.
public func makeClient(
  clock: VirtualClock = VirtualClock(advancesWhenSlept: true),
  _ adjust: (inout HTTPClientConfiguration) -> Void = { _ in }
) -> HTTPClient {
  var configuration = HTTPClientConfiguration(
    requestsPerMinute: 0, maxAttempts: 4, baseBackoff: .milliseconds(10), maxBackoff: .milliseconds(50),
    throttleBackoff: .milliseconds(200), maxThrottleWaits: 2, requestTimeout: .seconds(60), randomSeed: 42)
  adjust(&configuration)
  return HTTPClient(configuration: configuration, clock: clock.clientClock)
}

/// One artist with one album, enough for real search and lookup answers.
public func sampleWorld() -> FakeWorld {
  [
    "artists": [
      [
        "artistId": 909_253, "artistName": "Jack Johnson", "primaryGenreName": "Rock",
        "albums": [
          [
            "collectionId": 1_469_577_723, "collectionName": "Brushfire Fairytales", "releaseDate": "2001-02-01",
            "trackCount": 13,
          ]
        ],
      ]
    ]
  ]
}

/// A barrier that suspends waiters until the test opens it.
public typealias Gate = Basics.Gate

/// `true` for the first caller of `claim()` only.
public final class FirstCall: Sendable {
  private let claimed = Mutex(false)

  public init() {}

  public func claim() -> Bool {
    claimed.withLock { claimed in
      defer { claimed = true }
      return !claimed
    }
  }
}

/// Polls `condition` until it holds; fails the test after `timeout` of looking instead of hanging the suite. The
/// timeout is a guard against a hang, not a measure, and it counts only the time this wait could look: side by side
/// on two cores, other tests' synchronous work can hold every thread of the shared pool for minutes, and then
/// neither this poll nor what it waits for runs. The condition's own time counts whole; a pause between two polls,
/// at most one second.
public func waitUntil(
  timeout: Duration = .seconds(120),
  _ condition: () async throws -> Bool,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  var looked = Duration.zero
  while true {
    let asked = ContinuousClock.now
    if try await condition() { return }
    looked += ContinuousClock.now - asked
    guard looked < timeout else {
      Issue.record("condition not met within \(timeout) of looking", sourceLocation: sourceLocation)
      throw CancellationError()
    }
    let slept = ContinuousClock.now
    try await Task.sleep(for: .milliseconds(10))
    looked += min(ContinuousClock.now - slept, .seconds(1))
  }
}
