import Fixtures
import Foundation
import TestSupport
import Testing

@testable import HTTP

/// Each fault a bad network or a bad middlebox produces, against the real client: once, it is retried and the
/// answer arrives; every time, it ends as the error that names it. The fake server injects them
/// (Tests/Fakes/fake_itunes.py knobs).
@Suite struct NetworkFaultTests {
  struct Fault: Sendable, CustomTestStringConvertible {
    var knobs: [String: any Sendable]
    var error: HTTPClientError
    var testDescription: String { knobs.keys.sorted().joined(separator: ", ") }
  }

  static let faults: [Fault] = [
    Fault(knobs: ["reset_next": 1], error: .unreachable("127.0.0.1: connection lost")),
    Fault(knobs: ["reset_body_next": 1], error: .unreachable("127.0.0.1: connection lost")),
    Fault(knobs: ["truncate_next": 1], error: .truncated(expected: 0, received: 0)),
    Fault(knobs: ["slow_next": 1, "slow_ms": 6_000], error: .timedOut),
    Fault(knobs: ["fail_next": 1, "fail_status": 500], error: .server(status: 500)),
    Fault(knobs: ["fail_next": 1, "fail_status": 502], error: .server(status: 502)),
    Fault(knobs: ["fail_next": 1, "fail_status": 503], error: .server(status: 503)),
    Fault(
      knobs: ["fail_next": 1, "fail_status": 503, "fail_retry_after": 1], error: .throttled(retryAfter: .seconds(1))),
    Fault(knobs: ["html_next": 1], error: .webPage),
    // A portal whose page does not say it is one.
    Fault(knobs: ["html_next": 1, "html_type": "text/plain"], error: .webPage),
  ]

  static func client(attempts: Int) -> HTTPClient {
    makeClient {
      $0.maxAttempts = attempts
      $0.requestTimeout = .seconds(3)
      $0.throttleBackoff = .milliseconds(100)
      $0.maxThrottleWaits = attempts - 1
    }
  }

  @Test(arguments: faults)
  func aFaultOnceIsRetriedAndTheAnswerArrives(_ fault: Fault) async throws {
    try await FakeCatalogServer.with(world: sampleWorld()) { server in
      try await server.setKnobs(fault.knobs.mapValues { $0 as Any })
      let body = try await Self.client(attempts: 3).get(
        server.url("/search", ["term": "jack johnson", "entity": "musicArtist"]))
      #expect(String(decoding: body, as: UTF8.self).contains("Jack Johnson"))
      #expect(try await server.requestCount == 2)
    }
  }

  @Test(arguments: faults)
  func aFaultEveryTimeEndsAsTheErrorThatNamesIt(_ fault: Fault) async throws {
    try await FakeCatalogServer.with(world: sampleWorld()) { server in
      // Every attempt meets the fault.
      var knobs = fault.knobs.mapValues { $0 as Any }
      for (name, value) in fault.knobs where name.hasSuffix("_next") { knobs[name] = (value as? Int ?? 1) * 5 }
      try await server.setKnobs(knobs)
      do throws(HTTPClientError) {
        _ = try await Self.client(attempts: 2).get(
          server.url("/search", ["term": "jack johnson", "entity": "musicArtist"]))
        Issue.record("a fault on every attempt was answered")
      } catch {
        // Truncation and lost connections carry byte counts and curl's words; their kind is what matters.
        switch (error, fault.error) {
        case (.truncated, .truncated), (.unreachable, .unreachable): break
        default: #expect(error == fault.error)
        }
      }
    }
  }

  @Test func aServerGoneMidRunIsUnreachableAtOnce() async throws {
    let server = try await FakeCatalogServer.start(world: sampleWorld())
    let client = Self.client(attempts: 2)
    _ = try await client.get(server.url("/search", ["term": "jack johnson", "entity": "musicArtist"]))
    let url = server.url("/search", ["term": "jack johnson", "limit": "2"])
    try await server.goAway()
    await #expect(throws: HTTPClientError.unreachable("127.0.0.1: connection refused")) {
      try await client.get(url)
    }
    await server.stop()
  }
}
