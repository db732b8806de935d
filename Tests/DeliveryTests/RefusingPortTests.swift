import Foundation
import TestSupport
import Testing

/// The port the "server is down" tests send to: refused at once, not timed out, and taken by no other socket
/// while a test holds it.
struct RefusingPortTests {
  @Test func aConnectionIsRefusedAtOnce() async throws {
    try await RefusingPort.with { port in
      // Refused, not timed out (ETIMEDOUT): the answer is the kernel's, whatever the machine's speed.
      #expect(throws: POSIXError(.ECONNREFUSED)) { _ = try LoopbackSocket.connected(to: port) }
    }
  }

  @Test func noOtherSocketCanListenThereWhileItIsHeld() async throws {
    try await RefusingPort.with { port in
      #expect(throws: POSIXError(.EADDRINUSE)) { _ = try LoopbackSocket.listening(at: port) }
    }
  }
}
