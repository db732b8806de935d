public import Foundation

/// Settings of one catalog pass.
public struct CatalogPassOptions: Sendable, Equatable {
  /// Catalog artists per release request, at most what the provider takes.
  public var batchSize = 100
  /// How long a cached album list counts as fresh. Under a day, so a nightly run always refreshes
  /// while runs by hand during the day are answered from the cache.
  public var maxAge: TimeInterval = 20 * 3600
  /// How often a resolved artist is searched again, in case the catalog changed its id; each artist on its
  /// own day of the window (``RecheckSchedule``).
  public var recheckResolvedAfterDays = 30
  /// How often an unresolved or ambiguous artist is searched again.
  public var recheckUnresolvedAfterDays = 7
  /// Answer from the cache only, whatever its age; never touch the network.
  public var offline = false
  /// With `offline`: decide from what is kept and write nothing back (`deepcut why` only reads the state).
  public var readOnly = false
  /// Requests in flight at once; the transport's rate limiter still spaces them.
  public var maxConcurrentRequests = 4
  /// Stop asking new questions once this much of the run's time is spent (``PassClock``), keeping time for
  /// the requests that finish what was started; nil runs to the end.
  public var budget: Duration?

  public init() {}
}

/// How long the run has taken so far: the real clock, or a test's virtual one that moves only when a request
/// is answered.
public struct PassClock: Sendable {
  public let elapsed: @Sendable () -> Duration

  public init(elapsed: @escaping @Sendable () -> Duration) {
    self.elapsed = elapsed
  }

  /// The continuous clock, from now.
  public static func startingNow() -> PassClock {
    let start = ContinuousClock.now
    return PassClock { ContinuousClock.now - start }
  }
}

/// Where a pass is, told after every answer it keeps.
public struct PassProgress: Sendable, Equatable {
  /// Artists looked at so far: searched, or known from an earlier run.
  public var done: Int
  /// Artists whose check is complete: their albums known, or settled as not in the catalog.
  public var checked: Int
  /// The length of the longest most-played-first run of artists whose check has ended, however it ended.
  public var settledPrefix: Int
  public var total: Int
  /// Catalog answers kept in the state database so far in this run.
  public var answers: Int
  /// Requests sent so far in this run.
  public var requests: Int
  /// About how long the rest takes at the catalog's limit; nil when there is nothing to go on.
  public var remaining: Duration?

  public init(
    done: Int, checked: Int, settledPrefix: Int, total: Int, answers: Int, requests: Int, remaining: Duration?
  ) {
    self.done = done
    self.checked = checked
    self.settledPrefix = settledPrefix
    self.total = total
    self.answers = answers
    self.requests = requests
    self.remaining = remaining
  }
}
