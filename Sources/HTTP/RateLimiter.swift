/// Spaces request starts at least `60 / requestsPerMinute` apart, so no more than `requestsPerMinute` start in
/// any rolling minute. Callers reserve a start instant and sleep until it; reservations are handed out in call
/// order, so waiting callers are served first come, first served.
struct RateLimiter: Sendable {
  /// A time on the client's clock.
  typealias Instant = Duration

  /// Gap between two starts; zero when unlimited.
  let interval: Duration
  /// Earliest instant the next reservation may start, or `nil` when nothing constrains it.
  private(set) var earliestStart: Instant?

  init(requestsPerMinute: Double) {
    if requestsPerMinute.isFinite, requestsPerMinute > 0 {
      interval = .seconds(60 / requestsPerMinute)
    } else {
      interval = .zero
    }
  }

  /// Reserves the next start instant at or after `now`.
  mutating func reserve(now: Instant) -> Instant {
    let start = earliestStart.map { max($0, now) } ?? now
    earliestStart = start + interval
    return start
  }

  /// Returns a reservation that will not be used, if no later one was handed out since.
  mutating func release(_ start: Instant) {
    if earliestStart == start + interval {
      earliestStart = start
    }
  }

  /// Holds every reservation made from now on until at least `instant` (the server asked us to back off).
  mutating func pause(until instant: Instant) {
    earliestStart = earliestStart.map { max($0, instant) } ?? instant
  }
}
