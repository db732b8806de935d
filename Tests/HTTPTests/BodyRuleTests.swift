import Foundation
import HTTP
import Synchronization
import TestSupport
import Testing

/// A service that answers its errors inside a `200`: the provider's rule says which mean "slow down" or "busy", and
/// the client treats them as it treats a `429` or a `503`, never handing them on as an answer. Header fields a
/// provider asks for go with every request.
struct BodyRuleTests {
  static let rule = BodyRule(name: "test") { body in
    let text = String(decoding: body, as: UTF8.self)
    return text.contains("\"code\":4") ? .slowDown : text.contains("\"code\":700") ? .busy("service busy") : nil
  }

  /// A server answering `replies` in turn, then `{"data":[]}`.
  static func scripted(_ replies: [String]) -> @Sendable (String) -> ScriptedHTTPServer.Reply {
    let next = Mutex(0)
    return { _ in
      let index = next.withLock { value in
        defer { value += 1 }
        return value
      }
      let body = index < replies.count ? replies[index] : #"{"data":[]}"#
      return ScriptedHTTPServer.Reply(status: 200, body: Data(body.utf8))
    }
  }

  @Test func aQuotaInsideA200IsWaitedOutAndABusyOneRetried() async throws {
    let replies = [#"{"error":{"code":4}}"#, #"{"error":{"code":700}}"#]
    try await ScriptedHTTPServer.with(respond: Self.scripted(replies)) { server in
      let clock = VirtualClock(advancesWhenSlept: true)
      let client = makeClient(clock: clock) {
        $0.bodyRule = Self.rule
        $0.throttleBackoff = .seconds(5)
        $0.baseBackoff = .milliseconds(100)
        $0.headers = ["Accept-Language: en"]
      }
      let body = try await client.get(server.url("/artist/1/albums"))
      #expect(String(decoding: body, as: UTF8.self) == #"{"data":[]}"#)
      #expect(await client.metrics.throttleWaits == 1)
      #expect(await client.metrics.retries == 1)
      #expect(clock.deadlines.first == .seconds(5))
      #expect(server.requests.count == 3)
      #expect(server.requests.allSatisfy { $0.value("accept-language") == "en" })
    }
  }

  @Test func anErrorTheRuleDoesNotNameIsTheProvidersToRead() async throws {
    try await ScriptedHTTPServer.with(respond: Self.scripted([#"{"error":{"code":800}}"#])) { server in
      let client = makeClient { $0.bodyRule = Self.rule }
      let body = try await client.get(server.url("/artist/9/albums"))
      #expect(body == Data(#"{"error":{"code":800}}"#.utf8))
    }
  }
}
