public import HTTP
internal import Synchronization

/// A clock that moves only when told: a test advances it, or (with `advancesWhenSlept`) each sleep jumps it to
/// its deadline. It records every deadline asked for, so a test checks what a client waited, exactly, in no time.
public final class VirtualClock: Sendable {
  private struct Sleeper {
    var deadline: Duration
    var continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now: Duration = .zero
    var sleepers: [UInt64: Sleeper] = [:]
    var lastID: UInt64 = 0
    var deadlines: [Duration] = []
  }

  private let state = Mutex(State())
  private let advancesWhenSlept: Bool

  public init(advancesWhenSlept: Bool = false) {
    self.advancesWhenSlept = advancesWhenSlept
  }

  public var clientClock: ClientClock {
    ClientClock(now: { [self] in now }, sleep: { [self] deadline in try await sleep(until: deadline) })
  }

  public var now: Duration { state.withLock { $0.now } }

  /// Every deadline a sleeper asked for, in the order asked.
  public var deadlines: [Duration] { state.withLock { $0.deadlines } }

  /// The deadlines of those asleep now, earliest first.
  public var sleeping: [Duration] { state.withLock { $0.sleepers.values.map(\.deadline).sorted() } }

  /// Moves the clock on and wakes every sleeper whose deadline has come.
  public func advance(by step: Duration) {
    let woken = state.withLock { state in
      state.now += step
      let due = state.sleepers.filter { $0.value.deadline <= state.now }
      for id in due.keys {
        state.sleepers[id] = nil
      }
      return due.values.map(\.continuation)
    }
    for continuation in woken {
      continuation.resume()
    }
  }

  private func sleep(until deadline: Duration) async throws {
    let id = state.withLock { state in
      state.lastID += 1
      state.deadlines.append(deadline)
      return state.lastID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        enqueue(continuation, id: id, deadline: deadline)
      }
    } onCancel: {
      state.withLock { $0.sleepers.removeValue(forKey: id) }?.continuation.resume(throwing: CancellationError())
    }
  }

  private func enqueue(_ continuation: CheckedContinuation<Void, any Error>, id: UInt64, deadline: Duration) {
    enum Outcome { case asleep, due, cancelled }
    let outcome = state.withLock { state -> Outcome in
      if Task.isCancelled { return .cancelled }
      if advancesWhenSlept { state.now = max(state.now, deadline) }
      if deadline <= state.now { return .due }
      state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
      return .asleep
    }
    switch outcome {
    case .asleep: break
    case .due: continuation.resume()
    case .cancelled: continuation.resume(throwing: CancellationError())
    }
  }
}
