/// The time a client paces and waits by: the continuous clock in a run. Tests hand in a virtual one, so the
/// waits they check are exact and take no time.
public struct ClientClock: Sendable {
  /// Time since the clock's origin.
  public let now: @Sendable () -> Duration
  /// Returns once the clock reads `deadline`, or throws `CancellationError` if the task is cancelled first.
  public let sleep: @Sendable (_ deadline: Duration) async throws -> Void

  public init(
    now: @escaping @Sendable () -> Duration, sleep: @escaping @Sendable (_ deadline: Duration) async throws -> Void
  ) {
    self.now = now
    self.sleep = sleep
  }

  /// The continuous clock, from now.
  public static func continuous() -> ClientClock {
    let origin = ContinuousClock.now
    return ClientClock(
      now: { ContinuousClock.now - origin },
      sleep: { deadline in try await Task.sleep(until: origin + deadline, clock: .continuous) })
  }
}
