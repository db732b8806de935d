internal import Synchronization

/// A barrier that suspends waiters until it is opened, once, for good.
public final class Gate: Sendable {
  private let state = Mutex<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

  public init() {}

  public func wait() async {
    await withCheckedContinuation { continuation in
      let isOpen = state.withLock { state in
        if !state.isOpen {
          state.waiters.append(continuation)
        }
        return state.isOpen
      }
      if isOpen {
        continuation.resume()
      }
    }
  }

  public func open() {
    let waiters = state.withLock { state in
      state.isOpen = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters {
      waiter.resume()
    }
  }
}
