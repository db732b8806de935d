internal import Basics
internal import Foundation

/// Runs `work` on a thread of its own and waits for it without holding a thread of the shared pool.
///
/// The pool has a thread per core (two here), and every test's tasks share it: a test that generated a 1,610-artist
/// library there held one thread for half a minute, two such tests held both, and a test waiting for a transfer could
/// not even start it. Long synchronous set-up (generating, reading or rendering big inputs) goes through here.
public func onAThreadOfItsOwn<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    let started = Platform.startThread(named: "deepcut-test") {
      continuation.resume(with: Result { try work() })
    }
    if !started { continuation.resume(throwing: POSIXError(.EAGAIN)) }
  }
}
