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
    /// The knobs it is made by.
    var testDescription: String
    /// The knobs that make the next `times` requests meet it.
    var knobs: @Sendable (_ times: Int) -> FakeKnobs
    var error: HTTPClientError
  }

  static let faults: [Fault] = [
    Fault(
      testDescription: "reset_next", knobs: { n in FakeKnobs { $0.resetNext = n } },
      error: .unreachable("127.0.0.1: connection lost")),
    Fault(
      testDescription: "reset_body_next", knobs: { n in FakeKnobs { $0.resetBodyNext = n } },
      error: .unreachable("127.0.0.1: connection lost")),
    Fault(
      testDescription: "truncate_next", knobs: { n in FakeKnobs { $0.truncateNext = n } },
      error: .truncated(expected: 0, received: 0)),
    Fault(
      testDescription: "slow_ms, slow_next",
      knobs: { n in
        FakeKnobs {
          $0.slowNext = n; $0.slowMs = 6_000
        }
      }, error: .timedOut),
    Fault(
      testDescription: "fail_next, fail_status",
      knobs: { n in
        FakeKnobs {
          $0.failNext = n; $0.failStatus = 500
        }
      }, error: .server(status: 500)),
    Fault(
      testDescription: "fail_next, fail_status",
      knobs: { n in
        FakeKnobs {
          $0.failNext = n; $0.failStatus = 502
        }
      }, error: .server(status: 502)),
    Fault(
      testDescription: "fail_next, fail_status",
      knobs: { n in
        FakeKnobs {
          $0.failNext = n; $0.failStatus = 503
        }
      }, error: .server(status: 503)),
    Fault(
      testDescription: "fail_next, fail_retry_after, fail_status",
      knobs: { n in
        FakeKnobs {
          $0.failNext = n; $0.failStatus = 503; $0.failRetryAfter = .value(1)
        }
      },
      error: .throttled(retryAfter: .seconds(1))),
    Fault(testDescription: "html_next", knobs: { n in FakeKnobs { $0.htmlNext = n } }, error: .webPage),
    // A portal whose page does not say it is one.
    Fault(
      testDescription: "html_next, html_type",
      knobs: { n in
        FakeKnobs {
          $0.htmlNext = n; $0.htmlType = "text/plain"
        }
      }, error: .webPage),
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
      try await server.setKnobs(fault.knobs(1))
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
      try await server.setKnobs(fault.knobs(5))
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
