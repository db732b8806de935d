import Foundation
import Synchronization
import TestSupport
import Testing

/// Every wait for a child has a bound: one that hangs fails its own test, saying which command it was, and is
/// killed, instead of holding the whole suite until CI's limit.
@Suite struct BoundedWaitTests {
  @Test func aChildThatDoesNotEndIsKilledAndItsTestSaysWhichItWas() async throws {
    let child = try DeepcutProcess.Running(executable: URL(fileURLWithPath: "/bin/sleep"), ["86400"])
    let named = NamedIssue()
    try await withKnownIssue {
      _ = try await child.finish(within: .milliseconds(300))
    } matching: { issue in
      if issue.comments.contains(where: { $0.rawValue.hasPrefix("sleep 86400 did not end within") }) { named.seen() }
      return true
    }
    #expect(named.wasSeen, "the failure names the command")
    #expect(!child.process.isRunning)
  }

  @Test func aChildThatEndsInTimeIsItsResult() async throws {
    let child = try DeepcutProcess.Running(executable: URL(fileURLWithPath: "/bin/echo"), ["ended"])
    let result = try await child.finish(within: .seconds(60))
    #expect(result.status == 0)
    #expect(result.stdout == "ended\n")
  }
}

/// Whether the failure that names the command was recorded.
final class NamedIssue: Sendable {
  private let flag = Mutex(false)
  func seen() { flag.withLock { $0 = true } }
  var wasSeen: Bool { flag.withLock { $0 } }
}
