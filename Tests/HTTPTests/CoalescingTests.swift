import Basics
import Fixtures
import Foundation
import TestSupport
import Testing

@testable import HTTP

/// Sharing of in-flight requests, and what cancelling callers does to them.
@Suite struct CoalescingTests {
  @Test func concurrentIdenticalGetsShareOneRequest() async throws {
    try await FakeCatalogServer.with(world: sampleWorld()) { server in
      let client = makeClient()
      let gate = Gate()
      await client.installTestHooks(HTTPClient.TestHooks(flightWillFinish: { _, _ in await gate.wait() }))
      let url = server.url("/lookup", ["id": "909253", "entity": "album"])
      let bodies = try await withThrowingTaskGroup(of: Data.self) { group in
        for _ in 0..<10 {
          group.addTask { try await client.get(url) }
        }
        // The answer is held back until every caller has joined the one request.
        try await waitUntil { await client.metrics.coalesced == 9 }
        gate.open()
        return try await group.reduce(into: [Data]()) { $0.append($1) }
      }
      #expect(bodies.count == 10)
      #expect(Set(bodies).count == 1)
      try #expect(await server.requestCount == 1)
      let metrics = await client.metrics
      #expect(metrics == HTTPClientMetrics(requests: 1, coalesced: 9))
    }
  }

  @Test func differentURLsAreNotShared() async throws {
    try await FakeCatalogServer.with { server in
      let client = makeClient()
      let gate = Gate()
      await client.installTestHooks(HTTPClient.TestHooks(flightWillFinish: { _, _ in await gate.wait() }))
      try await withThrowingTaskGroup(of: Data.self) { group in
        for term in ["a", "b", "c"] {
          group.addTask { try await client.get(server.url("/search", ["term": term])) }
        }
        // All three in flight at once, and each sent its own request.
        try await waitUntil { try await server.requestCount == 3 }
        gate.open()
        for try await _ in group {}
      }
      try #expect(await server.requestCount == 3)
      #expect(await client.metrics.coalesced == 0)
    }
  }

  @Test func sharedFailureReachesEveryCallerAndIsNotKept() async throws {
    try await FakeCatalogServer.with(arguments: ["--fail-next", "2", "--fail-status", "503"]) { server in
      let client = makeClient { $0.maxAttempts = 2 }
      let gate = Gate()
      let first = FirstCall()
      await client.installTestHooks(
        HTTPClient.TestHooks(flightWillFinish: { _, _ in if first.claim() { await gate.wait() } }))
      let url = server.url("/search", ["term": "flaky"])
      let errors = await withTaskGroup(of: HTTPClientError?.self) { group in
        for _ in 0..<5 {
          group.addTask {
            do throws(HTTPClientError) {
              _ = try await client.get(url)
              return nil
            } catch {
              return error
            }
          }
        }
        try? await waitUntil { await client.metrics.coalesced == 4 }
        gate.open()
        return await group.reduce(into: [HTTPClientError?]()) { $0.append($1) }
      }
      #expect(errors == Array(repeating: .server(status: 503), count: 5))
      try #expect(await server.requestCount == 2)  // one shared request, two attempts
      var metrics = await client.metrics
      #expect(metrics == HTTPClientMetrics(requests: 2, retries: 1, coalesced: 4, failures: 1))

      // The failure was not remembered: the next call asks the server again, and now succeeds.
      let body = try await client.get(url)
      #expect(!body.isEmpty)
      try #expect(await server.requestCount == 3)
      metrics = await client.metrics
      #expect(metrics.requests == 3 && metrics.coalesced == 4)
    }
  }

  /// A flight that finishes after its entry was replaced by a newer flight for the same URL must leave the newer
  /// entry alone. Flight 1 gets a 503 and is held (test hook) before it hands over its result; its only caller
  /// is cancelled, which clears the entry; flight 2 starts; flight 1 is released and finishes. A caller arriving
  /// then must join flight 2, not send a third request.
  @Test func finishingFlightClearsOnlyItsOwnEntry() async throws {
    try await FakeCatalogServer.with(arguments: ["--fail-next", "1"]) { server in
      let client = makeClient { $0.maxAttempts = 1 }
      let url = server.url("/search", ["term": "contested"])
      let (started, startedSink) = AsyncStream.makeStream(of: UInt64.self)
      let (held, heldSink) = AsyncStream.makeStream(of: UInt64.self)
      let (finished, finishedSink) = AsyncStream.makeStream(of: UInt64.self)
      let gate = Gate()
      let newerGate = Gate()
      let first = FirstCall()
      await client.installTestHooks(
        HTTPClient.TestHooks(
          flightStarted: { _, token in startedSink.yield(token) },
          flightWillFinish: { _, token in
            if first.claim() {
              heldSink.yield(token)
              await gate.wait()
            } else {
              await newerGate.wait()
            }
          },
          flightFinished: { _, token in finishedSink.yield(token) }))
      var startedTokens = started.makeAsyncIterator()
      var heldTokens = held.makeAsyncIterator()
      var finishedTokens = finished.makeAsyncIterator()

      let abandoned = Task { try await client.get(url) }
      let oldToken = try #require(await startedTokens.next())
      #expect(await heldTokens.next() == oldToken)  // flight 1 has its 503 and waits at the gate
      abandoned.cancel()
      await #expect(throws: HTTPClientError.cancelled) { try await abandoned.value }
      #expect(await client.inFlightToken(for: url) == nil)

      let newer = Task { try await client.get(url) }
      let newToken = try #require(await startedTokens.next())
      #expect(newToken != oldToken)

      gate.open()
      #expect(await finishedTokens.next() == oldToken)
      #expect(await client.inFlightToken(for: url) == newToken)

      let joiner = Task { try await client.get(url) }
      try await waitUntil { await client.metrics.coalesced == 1 }
      newerGate.open()
      let bodies = try await [newer.value, joiner.value]
      #expect(bodies[0] == bodies[1] && !bodies[0].isEmpty)
      try #expect(await server.requestCount == 2)
      let metrics = await client.metrics
      #expect(metrics == HTTPClientMetrics(requests: 2, coalesced: 1, failures: 1))
      #expect(await finishedTokens.next() == newToken)
      #expect(await client.inFlightToken(for: url) == nil)
    }
  }

  @Test func cancellingOneCallerLeavesTheRequestToTheOthers() async throws {
    try await FakeCatalogServer.with { server in
      let client = makeClient()
      let gate = Gate()
      await client.installTestHooks(HTTPClient.TestHooks(flightWillFinish: { _, _ in await gate.wait() }))
      let url = server.url("/search", ["term": "shared"])
      let leaving = Task { try await client.get(url) }
      let staying = Task { try await client.get(url) }
      try await waitUntil { await client.metrics.coalesced == 1 }
      // The request is held back, so the one who leaves cannot have waited for it.
      leaving.cancel()
      await #expect(throws: HTTPClientError.cancelled) { try await leaving.value }
      gate.open()
      let body = try await staying.value
      #expect(!body.isEmpty)
      let statuses = try await server.requestLog().compactMap { $0.status }
      #expect(statuses == [200])
      #expect(await client.metrics == HTTPClientMetrics(requests: 1, coalesced: 1))
    }
  }

  @Test func cancellingTheLastCallerCancelsTheRequest() async throws {
    try await FakeCatalogServer.with(arguments: ["--hang-next", "1"]) { server in
      // Only the cancel may end the hung request: its time limit is beyond any wait a loaded machine makes here, and
      // it is tried once, so a limit reached after all would fail as a timeout, never answer through a retry.
      let client = makeClient {
        $0.requestTimeout = .seconds(900)
        $0.maxAttempts = 1
      }
      let (finished, finishedSink) = AsyncStream.makeStream(of: UInt64.self)
      await client.installTestHooks(HTTPClient.TestHooks(flightFinished: { _, token in finishedSink.yield(token) }))
      var finishedTokens = finished.makeAsyncIterator()
      let url = server.url("/search", ["term": "abandoned"])
      let caller = Task { try await client.get(url) }
      // Cancel only once the request is really in flight; on a busy machine the task may start late.
      try await waitUntil { await client.inFlightToken(for: url) != nil }
      try await waitUntil { try await server.requestCount == 1 }
      caller.cancel()
      await #expect(throws: HTTPClientError.cancelled) { try await caller.value }
      #expect(await client.inFlightToken(for: url) == nil)
      // The hung transfer itself was cancelled: had it run into its timeout, it would count a retry.
      #expect(await finishedTokens.next() != nil)
      // A new call starts a new request rather than joining the abandoned one.
      let body = try await client.get(url)
      #expect(!body.isEmpty)
      try #expect(await server.requestCount == 2)
      #expect(await client.metrics == HTTPClientMetrics(requests: 2))
    }
  }

  @Test func cancellationWhileWaitingInTheRateLimiter() async throws {
    try await FakeCatalogServer.with { server in
      let clock = VirtualClock()
      let client = makeClient(clock: clock) { $0.requestsPerMinute = 6 }  // the second start is 10 s away
      _ = try await client.get(server.url("/search", ["term": "first"]))
      let waiting = Task { try await client.get(server.url("/search", ["term": "second"])) }
      try await waitUntil { clock.sleeping == [.seconds(10)] }
      waiting.cancel()
      await #expect(throws: HTTPClientError.cancelled) { try await waiting.value }
      #expect(clock.sleeping.isEmpty && clock.now == .zero)
      try #expect(await server.requestCount == 1)
      #expect(await client.metrics == HTTPClientMetrics(requests: 1))
    }
  }

  @Test func cancellationDuringBackoff() async throws {
    // With this seed the first retry delay is long; the test checks that first.
    var generator = SplitMix64(seed: 42)
    let delay = backoffDelay(afterFailures: 1, base: .seconds(30), cap: .seconds(30), using: &generator)
    try #require(delay > .seconds(3))
    try await FakeCatalogServer.with(arguments: ["--fail-next", "1"]) { server in
      let clock = VirtualClock()
      let client = makeClient(clock: clock) {
        $0.baseBackoff = .seconds(30)
        $0.maxBackoff = .seconds(30)
        $0.randomSeed = 42
      }
      let url = server.url("/search", ["term": "x"])
      let caller = Task { try await client.get(url) }
      // The 503 has come back and the client backs off.
      try await waitUntil { clock.sleeping == [delay] }
      caller.cancel()
      await #expect(throws: HTTPClientError.cancelled) { try await caller.value }
      #expect(clock.sleeping.isEmpty)
      #expect(await client.inFlightToken(for: url) == nil)
      try #expect(await server.requestCount == 1)
      #expect(await client.metrics == HTTPClientMetrics(requests: 1, retries: 1))
    }
  }

  @Test func alreadyCancelledCallerSendsNothing() async throws {
    try await FakeCatalogServer.with { server in
      let client = makeClient()
      let url = server.url("/search", ["term": "x"])
      let gate = Gate()
      let caller = Task {
        await gate.wait()
        return try await client.get(url)
      }
      caller.cancel()
      gate.open()
      await #expect(throws: HTTPClientError.cancelled) { try await caller.value }
      try #expect(await server.requestCount == 0)
      #expect(await client.metrics.requests == 0)
    }
  }
}
