import Fixtures
import Foundation
import TestSupport
import Testing

@testable import HTTP

/// The client against the real fake server (`fake_itunes.py`); each test has a server of its own, so exact
/// request counts hold even though tests run in parallel.
@Suite struct HTTPClientTests {
  @Test func plainGetReturnsTheRecordedWireFormat() async throws {
    try await FakeCatalogServer.with(world: sampleWorld()) { server in
      let client = makeClient()
      let body = try await client.get(
        server.url("/search", ["term": "jack johnson", "entity": "musicArtist", "limit": "5"]))
      let text = String(decoding: body, as: UTF8.self)
      #expect(text.hasPrefix("\n\n\n{\n \"resultCount\":1,\n \"results\": [\n{\"wrapperType\":\"artist\""))
      let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
      let results = try #require(object["results"] as? [[String: Any]])
      #expect(results.first?["artistName"] as? String == "Jack Johnson")
      let log = try await server.requestLog()
      #expect(log.count == 1)
      #expect(log.first?.path == "/search")
      #expect(log.first?.query["term"] == "jack johnson")
      let metrics = await client.metrics
      #expect(metrics == HTTPClientMetrics(requests: 1))
    }
  }

  @Test func rateLimiterSpacesRequestStarts() async throws {
    try await FakeCatalogServer.with { server in
      let clock = VirtualClock()
      let client = makeClient(clock: clock) { $0.requestsPerMinute = 120 }  // one start every 0.5 s
      try await withThrowingTaskGroup(of: Data.self) { group in
        for index in 0..<5 {
          group.addTask { try await client.get(server.url("/search", ["term": "artist \(index)"])) }
        }
        // The first goes at once; the others wait for their turns, half a second apart.
        try await waitUntil { clock.sleeping.count == 4 }
        #expect(clock.sleeping == [0.5, 1.0, 1.5, 2.0].map { Duration.seconds($0) })
        for sent in 1...5 {
          try await waitUntil { try await server.requestCount == sent }
          #expect(clock.sleeping.count == 5 - sent)  // nobody went before their turn
          clock.advance(by: .milliseconds(500))
        }
        for try await _ in group {}
      }
      try #expect(await server.requestCount == 5)
    }
  }

  @Test func limiterServesCallersInArrivalOrder() async throws {
    try await FakeCatalogServer.with { server in
      let clock = VirtualClock()
      let client = makeClient(clock: clock) { $0.requestsPerMinute = 240 }  // one start every 0.25 s
      let (started, startedSink) = AsyncStream.makeStream(of: URL.self)
      await client.installTestHooks(HTTPClient.TestHooks(flightStarted: { url, _ in startedSink.yield(url) }))
      var startedURLs = started.makeAsyncIterator()
      var callers: [Task<Data, any Error>] = []
      for term in ["w", "x", "y", "z"] {
        let url = server.url("/search", ["term": term])
        callers.append(Task { try await client.get(url) })
        #expect(await startedURLs.next() == url)  // registered before the next caller starts
      }
      try await waitUntil { clock.sleeping.count == 3 }
      for sent in 1...4 {
        try await waitUntil { try await server.requestCount == sent }
        clock.advance(by: .milliseconds(250))
      }
      for caller in callers {
        _ = try await caller.value
      }
      let terms = try await server.requestLog().map { $0.query["term"] }
      #expect(terms == ["w", "x", "y", "z"])
    }
  }

  @Test func retriesWaitForTheRateLimiterToo() async throws {
    try await FakeCatalogServer.with(arguments: ["--fail-next", "1"]) { server in
      let clock = VirtualClock(advancesWhenSlept: true)
      let client = makeClient(clock: clock) { $0.requestsPerMinute = 120 }  // backoff is ~10 ms, the limiter 500 ms
      _ = try await client.get(server.url("/search", ["term": "x"]))
      try #expect(await server.requestCount == 2)
      let waits = clock.deadlines
      #expect(waits.count == 2 && waits[0] < .milliseconds(50))
      #expect(waits.last == .milliseconds(500))
    }
  }

  @Test func forbiddenWithEmptyBodyWaitsAndRecovers() async throws {
    // Two throttling answers; the client waits 0.4 s after each.
    try await FakeCatalogServer.with(arguments: ["--throttle-next", "2"]) { server in
      let clock = VirtualClock(advancesWhenSlept: true)
      let client = makeClient(clock: clock) {
        $0.throttleBackoff = .milliseconds(400)
        $0.maxThrottleWaits = 5
        $0.throttleSignals.insert(.blankForbidden)
      }
      let body = try await client.get(server.url("/search", ["term": "second"]))
      #expect(!body.isEmpty)
      #expect(clock.deadlines == [.milliseconds(400), .milliseconds(800)])
      #expect(await client.metrics.throttleWaits == 2)
      let statuses = try await server.requestLog().compactMap { $0.status }
      #expect(statuses == [403, 403, 200])
    }
  }

  @Test func stillThrottledAfterTheAllowedWaits() async throws {
    try await FakeCatalogServer.with(arguments: ["--throttle-next", "10"]) { server in
      let client = makeClient {
        $0.throttleBackoff = .milliseconds(100)
        $0.maxThrottleWaits = 2
        $0.throttleSignals.insert(.blankForbidden)
      }
      await #expect(throws: HTTPClientError.throttled(retryAfter: nil)) {
        try await client.get(server.url("/search", ["term": "second"]))
      }
      try #expect(await server.requestCount == 3)  // the first try and 2 waits' retries
      let metrics = await client.metrics
      #expect(metrics.throttleWaits == 2)
      #expect(metrics.failures == 1)
    }
  }

  @Test func tooManyRequestsHonoursRetryAfter() async throws {
    try await FakeCatalogServer.with(arguments: ["--throttle-next", "1", "--retry-after", "1"]) { server in
      let clock = VirtualClock(advancesWhenSlept: true)
      // The server's Retry-After: 1 wins over the client's own 30 s.
      let client = makeClient(clock: clock) { $0.throttleBackoff = .seconds(30) }
      _ = try await client.get(server.url("/search", ["term": "second"]))
      #expect(clock.deadlines == [.seconds(1)])
      let statuses = try await server.requestLog().compactMap { $0.status }
      #expect(statuses == [429, 200])
      #expect(await client.metrics.throttleWaits == 1)
    }
  }

  @Test func retryAfterBeyondTheLimitFailsAtOnce() async throws {
    try await FakeCatalogServer.with(arguments: ["--throttle-next", "1", "--retry-after", "600"]) { server in
      let clock = VirtualClock(advancesWhenSlept: true)
      let client = makeClient(clock: clock)
      await #expect(throws: HTTPClientError.throttled(retryAfter: .seconds(600))) {
        try await client.get(server.url("/search", ["term": "second"]))
      }
      #expect(clock.deadlines.isEmpty)
      try #expect(await server.requestCount == 1)
    }
  }

  @Test func forbiddenWithBodyIsNotThrottling() async throws {
    try await FakeCatalogServer.with(arguments: ["--fail-next", "1", "--fail-status", "403"]) { server in
      let client = makeClient()
      await #expect(throws: HTTPClientError.server(status: 403)) {
        try await client.get(server.url("/search", ["term": "x"]))
      }
      try #expect(await server.requestCount == 1)
      #expect(await client.metrics.throttleWaits == 0)
    }
  }

  @Test func serverErrorsAreRetriedUntilSuccess() async throws {
    try await FakeCatalogServer.with(arguments: ["--fail-next", "2"]) { server in
      let client = makeClient()
      let body = try await client.get(server.url("/search", ["term": "x"]))
      #expect(String(decoding: body, as: UTF8.self).contains("\"resultCount\":0"))
      let statuses = try await server.requestLog().compactMap { $0.status }
      #expect(statuses == [503, 503, 200])
      let metrics = await client.metrics
      #expect(metrics == HTTPClientMetrics(requests: 3, retries: 2))
    }
  }

  @Test func serverErrorsExhaustTheAttempts() async throws {
    try await FakeCatalogServer.with(arguments: ["--fail-next", "10", "--fail-status", "500"]) { server in
      let client = makeClient { $0.maxAttempts = 3 }
      await #expect(throws: HTTPClientError.server(status: 500)) {
        try await client.get(server.url("/search", ["term": "x"]))
      }
      try #expect(await server.requestCount == 3)
      let metrics = await client.metrics
      #expect(metrics == HTTPClientMetrics(requests: 3, retries: 2, failures: 1))
    }
  }

  @Test func truncatedBodyIsRetried() async throws {
    try await FakeCatalogServer.with(world: sampleWorld()) { server in
      let client = makeClient()
      let url = server.url("/lookup", ["id": "909253", "entity": "album"])
      let full = try await client.get(url)
      try await server.setKnobs(FakeKnobs { $0.truncateNext = 1 })
      let again = try await client.get(url)
      #expect(again == full)
      let faults = try await server.requestLog().map { $0.fault }
      #expect(faults == [nil, "truncate", nil])
      #expect(await client.metrics.retries == 1)
    }
  }

  @Test func truncatedBodyExhaustsTheAttempts() async throws {
    try await FakeCatalogServer.with(world: sampleWorld()) { server in
      let client = makeClient { $0.maxAttempts = 2 }
      let url = server.url("/lookup", ["id": "909253", "entity": "album"])
      let full = try await client.get(url)
      try await server.setKnobs(FakeKnobs { $0.truncateNext = 5 })
      await #expect(throws: HTTPClientError.truncated(expected: full.count, received: full.count / 2)) {
        try await client.get(url)
      }
      try #expect(await server.requestCount == 3)
    }
  }

  @Test func hangingServerTimesOutAndOthersStillWork() async throws {
    try await FakeCatalogServer.with(arguments: ["--hang-next", "2"]) { server in
      let client = makeClient {
        $0.requestTimeout = .seconds(3)
        $0.maxAttempts = 2
      }
      await #expect(throws: HTTPClientError.timedOut) {
        try await client.get(server.url("/search", ["term": "hung"]))
      }
      #expect(await client.metrics == HTTPClientMetrics(requests: 2, retries: 1, failures: 1))
      let body = try await client.get(server.url("/search", ["term": "fine"]))
      #expect(!body.isEmpty)
      let faults = try await server.requestLog().map { $0.fault }
      #expect(faults == ["hang", "hang", nil])
    }
  }

  @Test func oneHangIsRetried() async throws {
    try await FakeCatalogServer.with(arguments: ["--hang-next", "1"]) { server in
      let client = makeClient { $0.requestTimeout = .seconds(3) }
      let body = try await client.get(server.url("/search", ["term": "x"]))
      #expect(!body.isEmpty)
      try #expect(await server.requestCount == 2)
      #expect(await client.metrics.retries == 1)
    }
  }

  @Test func badRequestSurfacesTheAPIErrorMessage() async throws {
    try await FakeCatalogServer.with { server in
      let client = makeClient()
      await #expect(throws: HTTPClientError.badRequest(message: "Invalid value(s) for key(s): [limit]")) {
        try await client.get(server.url("/search", ["term": "x", "limit": "lots"]))
      }
      try #expect(await server.requestCount == 1)
    }
  }

  @Test func otherClientErrorsAreNotRetried() async throws {
    try await FakeCatalogServer.with { server in
      let client = makeClient()
      await #expect(throws: HTTPClientError.server(status: 404)) {
        try await client.get(server.url("/nowhere"))
      }
      try #expect(await server.requestCount == 1)
    }
  }

  @Test func refusedConnectionIsUnreachable() async throws {
    // Held refusing, not a stopped server's port: the system may hand that to the next server any test starts.
    try await RefusingPort.with { port in
      let url = try #require(URL(string: "http://127.0.0.1:\(port)/search?term=x"))
      let client = makeClient { $0.maxAttempts = 2 }
      await #expect(throws: HTTPClientError.unreachable("127.0.0.1: connection refused")) {
        try await client.get(url)
      }
      let metrics = await client.metrics
      #expect(metrics == HTTPClientMetrics(requests: 2, retries: 1, failures: 1))
    }
  }

  /// Neither the transport (libcurl has no cache) nor the client (no memory of finished requests) may answer a
  /// repeated GET without asking the server, even when the server allows caching.
  @Test func nothingIsCachedEvenWhenTheServerAllowsIt() async throws {
    try await FakeCatalogServer.with(arguments: ["--cache-max-age", "3600"]) { server in
      let client = makeClient()
      let url = server.url("/search", ["term": "cacheable"])
      let first = try await client.get(url)
      let second = try await client.get(url)
      #expect(first == second)
      try #expect(await server.requestCount == 2)
      #expect(await client.metrics.coalesced == 0)
    }
  }
}
