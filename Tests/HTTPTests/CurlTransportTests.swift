import CCurl
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import HTTP

/// The libcurl transport: what goes on the wire, connection reuse, redirects, and how curl's results map to
/// outcomes.
@Suite struct CurlTransportTests {
  @Test func requestIsAPlainGetWithoutCookiesOrCaching() async throws {
    let reply = ScriptedHTTPServer.Reply(
      status: 200, headers: [("Set-Cookie", "session=abc; Path=/"), ("Cache-Control", "public, max-age=3600")],
      body: Data("hello".utf8))
    try await ScriptedHTTPServer.with(respond: { _ in reply }) { server in
      let client = makeClient { $0.userAgent = "deepcut-test/1.0" }
      let url = server.url("/search?term=a%20b")
      let first = try await client.get(url)
      let second = try await client.get(url)
      #expect(first == Data("hello".utf8) && second == first)
      let requests = server.requests
      #expect(requests.count == 2)  // nothing cached
      for request in requests {
        #expect(request.requestLine == "GET /search?term=a%20b HTTP/1.1")
        #expect(request.value("User-Agent") == "deepcut-test/1.0")
        #expect(request.value("Accept") == "*/*")
        #expect(request.value("Cookie") == nil)
        #expect(request.value("Accept-Encoding") == nil)
      }
    }
  }

  @Test func keepAliveConnectionsAreReused() async throws {
    try await ScriptedHTTPServer.with(respond: { _ in .init(status: 200, body: Data("ok".utf8)) }) { server in
      let client = makeClient()
      for index in 0..<3 {
        _ = try await client.get(server.url("/search?term=\(index)"))
      }
      #expect(server.requests.map(\.connection) == [0, 0, 0])
    }
  }

  /// A broken proxy or a sign-in page that never ends: the transfer stops at the limit, keeps nothing, and is not
  /// asked again; an answer that says it is too big is refused before its body; one within the limit is whole.
  @Test func anAnswerWithoutEndStopsAtTheLimitAndIsNotAskedAgain() async throws {
    let chunk = Data(repeating: 0x61, count: 65_536)
    try await ScriptedHTTPServer.with(respond: { path in
      switch path {
      case "/endless": .init(status: 200, body: chunk, endless: true)
      case "/said": .init(status: 200, body: Data(repeating: 0x62, count: 3 * 1_048_576))
      default: .init(status: 200, body: Data(repeating: 0x63, count: 1_048_576))
      }
    }) { server in
      let client = makeClient { $0.maximumResponseBytes = 2 * 1_048_576 }
      for path in ["/endless", "/said"] {
        await #expect(throws: HTTPClientError.tooLarge(limit: 2 * 1_048_576)) {
          _ = try await client.get(server.url(path))
        }
      }
      let fits = try await client.get(server.url("/fits"))
      #expect(fits.count == 1_048_576)
      #expect(server.requests.map(\.requestLine).map { $0.split(separator: " ")[1] } == ["/endless", "/said", "/fits"])
      #expect(HTTPClientError.tooLarge(limit: 2 * 1_048_576).description.hasPrefix("the answer went past 2 MB"))
    }
  }

  @Test func closedConnectionsAreReplaced() async throws {
    try await ScriptedHTTPServer.with(respond: { _ in .init(status: 200, body: Data("ok".utf8), close: true) }) {
      server in
      let client = makeClient()
      for index in 0..<3 {
        _ = try await client.get(server.url("/search?term=\(index)"))
      }
      #expect(server.requests.map(\.connection) == [0, 1, 2])
      #expect(await client.metrics == HTTPClientMetrics(requests: 3))
    }
  }

  @Test func redirectsAreFollowed() async throws {
    let respond: @Sendable (String) -> ScriptedHTTPServer.Reply = { path in
      path == "/old"
        ? .init(status: 301, headers: [("Location", "/new")], body: Data("moved".utf8))
        : .init(status: 200, body: Data("fresh".utf8))
    }
    try await ScriptedHTTPServer.with(respond: respond) { server in
      let client = makeClient()
      let body = try await client.get(server.url("/old"))
      #expect(body == Data("fresh".utf8))
      #expect(server.requests.map(\.requestLine) == ["GET /old HTTP/1.1", "GET /new HTTP/1.1"])
    }
  }

  /// The redirect's own `Retry-After` (600 s, beyond the limit) must not leak into the final answer's head.
  @Test func onlyTheLastAnswersHeadersCount() async throws {
    let respond: @Sendable (String) -> ScriptedHTTPServer.Reply = { path in
      path == "/old"
        ? .init(status: 302, headers: [("Location", "/limited"), ("Retry-After", "600")])
        : .init(status: 429)
    }
    try await ScriptedHTTPServer.with(respond: respond) { server in
      let client = makeClient { $0.maxThrottleWaits = 0 }
      await #expect(throws: HTTPClientError.throttled(retryAfter: nil)) { try await client.get(server.url("/old")) }
    }
  }

  @Test func redirectLoopsGiveUp() async throws {
    try await ScriptedHTTPServer.with(respond: { _ in .init(status: 302, headers: [("Location", "/loop")]) }) {
      server in
      let client = makeClient()
      await #expect(throws: HTTPClientError.unreachable("127.0.0.1: too many redirects")) {
        try await client.get(server.url("/loop"))
      }
      #expect(server.requests.count == 4)  // the request and 3 redirects, one attempt
    }
  }

  @Test func redirectsToOtherSchemesAreRefused() async throws {
    let respond: @Sendable (String) -> ScriptedHTTPServer.Reply = { _ in
      .init(status: 301, headers: [("Location", "file:///etc/passwd")])
    }
    try await ScriptedHTTPServer.with(respond: respond) { server in
      let client = makeClient()
      await #expect(throws: HTTPClientError.unreachable("127.0.0.1: unsupported url")) {
        try await client.get(server.url("/old"))
      }
      #expect(server.requests.count == 1)
    }
  }

  @Test func otherSchemesAreRefused() async throws {
    let client = makeClient()
    await #expect(throws: HTTPClientError.unreachable("unsupported url")) {
      try await client.get(URL(fileURLWithPath: "/etc/passwd"))
    }
    #expect(await client.metrics == HTTPClientMetrics(requests: 1, failures: 1))
  }

  @Test func recordKeepsTheLastResponseOnly() {
    let record = TransferRecord()
    let lines = [
      "HTTP/1.1 301 Moved Permanently\r\n", "Location: /new\r\n", "Retry-After: 600\r\n", "\r\n",
      "HTTP/1.1 200 OK\r\n", "content-length:  42 \r\n", "Content-Encoding: GZIP\r\n", "X-Folded: a\r\n",
      " continued\r\n", "\r\n",
    ]
    // Safety: the record copies the bytes it is handed; the buffers live for the duration of each call.
    for line in lines {
      Array(line.utf8).withUnsafeBytes { record.receiveHeaderLine($0) }
      if line.hasPrefix("Location") {
        #expect(Array("moved".utf8).withUnsafeBytes { record.receiveBody($0) })
      }
    }
    let head = ResponseHead(status: 200, record: record)
    #expect(head == ResponseHead(status: 200, contentLength: 42, contentEncoding: "gzip", retryAfter: nil))
    #expect(record.headerValue("x-folded") == "a")
    #expect(record.body.isEmpty)
  }

  @Test func headerFieldsAreParsedLeniently() {
    let record = TransferRecord()
    let lines = [
      "HTTP/1.1 200 OK\r\n", "Retry-After: 120\r\n", "X-Empty:\r\n", "Date: Tue, 01 Jan 2030 00:00:00 GMT\r\n",
      "\tfolded: line\r\n", "no colon here\r\n", "\r\n",
    ]
    // Safety: the record copies the bytes it is handed; the buffers live for the duration of each call.
    for line in lines {
      Array(line.utf8).withUnsafeBytes { record.receiveHeaderLine($0) }
    }
    #expect(record.headerValue("retry-after") == "120")  // names compare case-insensitively
    #expect(record.headerValue("RETRY-AFTER") == "120")
    #expect(record.headerValue("X-Empty") == "")
    #expect(record.headerValue("Date") == "Tue, 01 Jan 2030 00:00:00 GMT")
    #expect(record.headerValue("") == nil)  // the blank line is not a field
    #expect(record.headerValue("folded") == nil)  // nor is a continuation line
    #expect(record.headerValue("no colon here") == nil)
    #expect(record.headerValue("HTTP/1.1 200 OK") == nil)
  }

  @Test func timeoutsAreWholeMillisecondsRoundedUp() {
    #expect(milliseconds(.milliseconds(300)) == 300)
    #expect(milliseconds(.seconds(20)) == 20_000)
    #expect(milliseconds(.microseconds(1_500)) == 2)
    #expect(milliseconds(.zero) == 1)  // curl reads 0 as "no limit"
    #expect(milliseconds(.seconds(-3)) == 1)
    #expect(milliseconds(.seconds(Int64.max)) == Int.max)
  }

  @Test func curlErrorsMapToOutcomes() {
    let host = "itunes.apple.com"
    #expect(Transport.failure(CURLE_OPERATION_TIMEDOUT, osErrno: 0, host: host) == .timedOut)
    #expect(Transport.failure(CURLE_ABORTED_BY_CALLBACK, osErrno: 0, host: host) == .cancelled)
    #expect(
      Transport.failure(CURLE_COULDNT_RESOLVE_HOST, osErrno: 0, host: host)
        == .connectionFailed(detail: "itunes.apple.com: host not found", retryable: true))
    #expect(
      Transport.failure(CURLE_COULDNT_CONNECT, osErrno: Int(ECONNREFUSED), host: host)
        == .connectionFailed(detail: "itunes.apple.com: connection refused", retryable: true))
    #expect(
      Transport.failure(CURLE_COULDNT_CONNECT, osErrno: Int(ENETUNREACH), host: host)
        == .connectionFailed(detail: "itunes.apple.com: no network connection", retryable: true))
    #expect(
      Transport.failure(CURLE_PEER_FAILED_VERIFICATION, osErrno: 0, host: host)
        == .connectionFailed(detail: "itunes.apple.com: secure connection failed", retryable: true))
    #expect(
      Transport.failure(CURLE_GOT_NOTHING, osErrno: 0, host: nil)
        == .connectionFailed(detail: "connection lost", retryable: true))
    #expect(
      Transport.failure(CURLE_URL_MALFORMAT, osErrno: 0, host: nil)
        == .connectionFailed(detail: "unsupported url", retryable: false))
    #expect(
      Transport.failure(CURLE_OUT_OF_MEMORY, osErrno: 0, host: nil)
        == .connectionFailed(detail: "network error 27", retryable: true))
  }

  @Test func curlErrorsBeforeTheTransferAreReported() async throws {
    let driver = try #require(TransferDriver(linger: .milliseconds(50)))
    let request = TransferRequest(
      url: try #require(URL(string: "gopher://127.0.0.1/x")), userAgent: "t", timeout: .seconds(5))
    #expect(await driver.exchange(request) == .connectionFailed(detail: "127.0.0.1: unsupported url", retryable: false))
  }

  /// One thread serves every transfer at once, and leaves when there has been nothing to do for a while.
  @Test func driverThreadRunsTransfersTogetherAndStopsWhenIdle() async throws {
    // No answer goes out before all six requests are in: run one after another, the first would time out.
    let arrived = Mutex(0)
    let respond: @Sendable (String) -> ScriptedHTTPServer.Reply = { _ in
      arrived.withLock { $0 += 1 }
      let deadline = ContinuousClock.now + .seconds(100)
      while arrived.withLock({ $0 }) < 6, ContinuousClock.now < deadline {
        Thread.sleep(forTimeInterval: 0.005)
      }
      return ScriptedHTTPServer.Reply(status: 200, body: Data("ok".utf8))
    }
    try await ScriptedHTTPServer.with(respond: respond) { server in
      let driver = try #require(TransferDriver(linger: .milliseconds(200)))
      #expect(!driver.isRunning)
      let outcomes = await withTaskGroup(of: AttemptOutcome.self) { group in
        for index in 0..<6 {
          // A hang guard, not a measure: on a busy machine the six may take a while to all arrive.
          let request = TransferRequest(url: server.url("/x\(index)"), userAgent: "t", timeout: .seconds(120))
          group.addTask { await driver.exchange(request) }
        }
        return await group.reduce(into: []) { $0.append($1) }
      }
      #expect(outcomes.count == 6)
      #expect(
        outcomes.allSatisfy {
          if case .response(let head, let body) = $0 { head.status == 200 && body == Data("ok".utf8) } else { false }
        })
      try await waitUntil { !driver.isRunning }
      // A new thread takes over, and the connections the first one opened are still there.
      let again = TransferRequest(url: server.url("/again"), userAgent: "t", timeout: .seconds(60))
      guard case .response(let head, _) = await driver.exchange(again) else {
        Issue.record("no answer after the driver thread stopped")
        return
      }
      #expect(head.status == 200)
      #expect(Set(server.requests.map(\.connection)).count == 6)
    }
  }

  @Test func cancellingATransferInFlightEndsItAtOnce() async throws {
    // The server answers only when the test lets it, long after the request would time out.
    let answer = Mutex(false)
    let respond: @Sendable (String) -> ScriptedHTTPServer.Reply = { _ in
      while !answer.withLock({ $0 }) {
        Thread.sleep(forTimeInterval: 0.005)
      }
      return ScriptedHTTPServer.Reply(status: 200, body: Data("late".utf8))
    }
    try await ScriptedHTTPServer.with(respond: respond) { server in
      defer { answer.withLock { $0 = true } }
      let driver = try #require(TransferDriver())
      // Far beyond the wait below: the test ends the transfer itself.
      let request = TransferRequest(url: server.url("/slow"), userAgent: "t", timeout: .seconds(3_600))
      let ended = Mutex<AttemptOutcome?>(nil)
      // Run on the driver's thread, not the shared pool: other tests' long synchronous work can hold every thread
      // of the pool for minutes on a busy two-core machine, and the transfer would not even have begun.
      let task = Task(executorPreference: driver) {
        #expect(TransferExecutorTests.onThread(of: driver))  // nothing here waits for the shared pool
        let outcome = await driver.exchange(request)
        ended.withLock { $0 = outcome }
        return outcome
      }
      // Its own request, by its path: a connection another test meant for a port now this server's may come too.
      try await waitUntil {
        server.requests.contains { $0.requestLine.hasPrefix("GET /slow ") } || ended.withLock { $0 != nil }
      }
      let early = ended.withLock { $0 }
      try #require(early == nil, "the transfer ended before the server had it: \(String(describing: early))")
      task.cancel()
      #expect(await task.value == .cancelled)
    }
  }

  /// A thread that cannot be made (pthread_create fails) leaves no transfer and no job waiting for it, and the
  /// next delivery tries again.
  /// Before the fix the first exchange never returned (no time limit here: a busy pool can hold any test for minutes).
  @Test func aDriverThreadThatCannotStartStrandsNothing() async throws {
    let refusals = Mutex(2)
    let driver = try #require(
      TransferDriver(linger: .milliseconds(50)) { body in
        let refuse = refusals.withLock { refusals in
          defer { refusals -= 1 }
          return refusals > 0
        }
        return refuse ? false : TransferDriver.startSystemThread(body)
      })
    let request = TransferRequest(
      url: try #require(URL(string: "gopher://127.0.0.1/x")), userAgent: "t", timeout: .seconds(5))
    #expect(await driver.exchange(request) == .cannotStart)
    #expect(!driver.isRunning)
    // A job for the driver runs all the same, in the shared pool.
    #expect(await Task(executorPreference: driver) { 42 }.value == 42)
    #expect(!driver.isRunning)
    // The third start succeeds: the driver is not wedged.
    #expect(await driver.exchange(request) == .connectionFailed(detail: "127.0.0.1: unsupported url", retryable: false))
  }

  @Test func cancelledBeforeStartSendsNothing() async throws {
    try await ScriptedHTTPServer.with(respond: { _ in .init(status: 200) }) { server in
      let request = TransferRequest(url: server.url("/x"), userAgent: "test", timeout: .seconds(5))
      let task = Task {
        withUnsafeCurrentTask { $0?.cancel() }
        return await TransferDriver()?.exchange(request)
      }
      #expect(await task.value == .cancelled)
      #expect(server.requests.isEmpty)
    }
  }
}

/// The transfer thread as an executor: work that prefers it runs there, answers included.
@Suite struct TransferExecutorTests {
  /// Whether the caller runs on `driver`'s thread; a plain function, so an async caller may ask.
  static func onThread(of driver: TransferDriver) -> Bool {
    driver.isCurrentThread
  }

  @Test func aCallerThatPrefersTheClientsExecutorIsAnsweredOnTheTransferThread() async throws {
    try await ScriptedHTTPServer.with(respond: { _ in .init(status: 200, body: Data("ok".utf8)) }) { server in
      let client = makeClient()
      let driver = try #require(client.taskExecutor as? TransferDriver)
      let (body, placesRun) = try await withTaskExecutorPreference(driver) {
        let before = Self.onThread(of: driver)
        let body = try await client.get(server.url("/on-the-loop"))
        return (body, [before, Self.onThread(of: driver)])
      }
      #expect(body == Data("ok".utf8))
      #expect(placesRun == [true, true])
      // A caller without the preference is answered all the same.
      #expect(try await client.get(server.url("/elsewhere")) == Data("ok".utf8))
    }
  }

  @Test func jobsAloneStartTheThreadAndItStopsWhenIdle() async throws {
    let driver = try #require(TransferDriver(linger: .milliseconds(100)))
    #expect(!driver.isRunning)
    #expect(!Self.onThread(of: driver))
    let ranThere = await Task(executorPreference: driver) { Self.onThread(of: driver) }.value
    #expect(ranThere)
    try await waitUntil { !driver.isRunning }
    // Many jobs at once, from many tasks, all run.
    let sum = await withTaskGroup(of: Int.self) { group in
      for index in 1...200 {
        group.addTask(executorPreference: driver) { Self.onThread(of: driver) ? index : 0 }
      }
      return await group.reduce(0, +)
    }
    #expect(sum == 200 * 201 / 2)
  }
}
