import Basics
import Fixtures
import Foundation
import TestSupport
import Testing

@testable import HTTP

/// How single attempt outcomes are judged, without a server.
@Suite struct VerdictTests {
  private func response(
    _ status: Int, _ body: String = "", contentLength: Int? = nil, encoding: String? = nil, retryAfter: String? = nil
  ) -> AttemptOutcome {
    let data = Data(body.utf8)
    let head = ResponseHead(
      status: status, contentLength: contentLength ?? data.count, contentEncoding: encoding, retryAfter: retryAfter)
    return .response(head, data)
  }

  @Test func successKeepsTheBodyWhateverItsLayout() {
    let body = "\n\n\n{\n \"resultCount\":0,\n \"results\": []\n}\n\n\n"
    #expect(AttemptVerdict(response(200, body)) == .success(Data(body.utf8)))
  }

  @Test func shortBodyIsRetriedAsTruncated() {
    #expect(AttemptVerdict(response(200, "abc", contentLength: 10)) == .retry(.truncated(expected: 10, received: 3)))
  }

  @Test func decodedBodyIsNotComparedWithContentLength() {
    #expect(AttemptVerdict(response(200, "abc", contentLength: 10, encoding: "gzip")) == .success(Data("abc".utf8)))
  }

  @Test func forbiddenWithEmptyOrBlankBodyIsThrottlingWhereTheServiceSaysSo() {
    let signals: Set<ThrottleSignal> = [.blankForbidden]
    #expect(AttemptVerdict(response(403), throttleSignals: signals) == .throttled(retryAfter: nil))
    #expect(AttemptVerdict(response(403, "\n"), throttleSignals: signals) == .throttled(retryAfter: nil))
    #expect(
      AttemptVerdict(response(403, retryAfter: "5"), throttleSignals: signals) == .throttled(retryAfter: .seconds(5)))
    // From a service that does not say "slow down" that way, a 403 is a refusal.
    #expect(AttemptVerdict(response(403), throttleSignals: []) == .failure(.server(status: 403)))
  }

  @Test func unavailableWithRetryAfterIsThrottlingUnlessTheServiceMeansOtherwise() {
    #expect(AttemptVerdict(response(503, retryAfter: "3")) == .throttled(retryAfter: .seconds(3)))
    #expect(AttemptVerdict(response(503, retryAfter: "3"), throttleSignals: []) == .retry(.server(status: 503)))
  }

  @Test func forbiddenWithBodyIsAPlainError() {
    #expect(AttemptVerdict(response(403, "<html>denied</html>")) == .failure(.server(status: 403)))
  }

  @Test func tooManyRequestsIsThrottling() {
    #expect(AttemptVerdict(response(429, retryAfter: "7")) == .throttled(retryAfter: .seconds(7)))
    #expect(AttemptVerdict(response(429, "slow down")) == .throttled(retryAfter: nil))
  }

  @Test func badRequestCarriesTheAPIErrorMessage() {
    let body = "\n\n\n{\n \"errorMessage\":\"Invalid value(s) for key(s): [limit]\",\n \"queryParameters\":{}\n}\n\n\n"
    #expect(
      AttemptVerdict(response(400, body)) == .failure(.badRequest(message: "Invalid value(s) for key(s): [limit]")))
    #expect(AttemptVerdict(response(400, "  nope \n")) == .failure(.badRequest(message: "nope")))
    #expect(AttemptVerdict(response(400)) == .failure(.badRequest(message: "no reason given")))
  }

  @Test(arguments: [500, 502, 503, 504])
  func serverErrorsAreRetried(status: Int) {
    #expect(AttemptVerdict(response(status, "<html></html>")) == .retry(.server(status: status)))
  }

  @Test func a503ThatSaysWhenToComeBackIsThrottling() {
    // MusicBrainz's rate limiter: wait as long as it says, the whole client with it.
    #expect(AttemptVerdict(response(503, "{}", retryAfter: "3")) == .throttled(retryAfter: .seconds(3)))
    #expect(AttemptVerdict(response(503, "{}")) == .retry(.server(status: 503)))
  }

  @Test func musicBrainzErrorBodiesAreRead() {
    let body =
      #"{"error":"foobar is not a valid inc parameter for the artist resource.","help":"For usage, please see: https://musicbrainz.org/development/mmd"}"#
    #expect(
      AttemptVerdict(response(400, body))
        == .failure(.badRequest(message: "foobar is not a valid inc parameter for the artist resource.")))
  }

  @Test(arguments: [301, 304, 401, 404, 405, 418])
  func otherStatusesFailAtOnce(status: Int) {
    #expect(AttemptVerdict(response(status, "x")) == .failure(.server(status: status)))
  }

  @Test func transportOutcomes() {
    #expect(AttemptVerdict(.timedOut) == .retry(.timedOut))
    #expect(AttemptVerdict(.cancelled) == .failure(.cancelled))
    #expect(AttemptVerdict(.truncated(expected: 42, received: 21)) == .retry(.truncated(expected: 42, received: 21)))
    #expect(
      AttemptVerdict(.connectionFailed(detail: "x: connection refused", retryable: true))
        == .retry(.unreachable("x: connection refused")))
    #expect(
      AttemptVerdict(.connectionFailed(detail: "unsupported url", retryable: false))
        == .failure(.unreachable("unsupported url")))
  }
}

@Suite struct RetryAfterTests {
  private let now = Date(timeIntervalSince1970: 1_700_000_000)  // Tue, 14 Nov 2023 22:13:20 GMT

  @Test func delaySeconds() {
    #expect(parseRetryAfter("120", now: now) == .seconds(120))
    #expect(parseRetryAfter(" 0 ", now: now) == .zero)
  }

  @Test func httpDates() {
    #expect(parseRetryAfter("Tue, 14 Nov 2023 22:13:50 GMT", now: now) == .seconds(30))
    #expect(parseRetryAfter("Tuesday, 14-Nov-23 22:14:20 GMT", now: now) == .seconds(60))
    #expect(parseRetryAfter("Tue Nov 14 22:13:25 2023", now: now) == .seconds(5))
    #expect(parseRetryAfter("Tue, 14 Nov 2023 22:00:00 GMT", now: now) == .zero)
  }

  @Test func absentOrUnreadable() {
    #expect(parseRetryAfter(nil, now: now) == nil)
    #expect(parseRetryAfter("", now: now) == nil)
    #expect(parseRetryAfter("soon", now: now) == nil)
    #expect(parseRetryAfter("-5", now: now) == nil)
  }
}

@Suite struct RateLimiterTests {
  @Test func twentyPerMinuteSpacesStartsThreeSecondsApart() {
    var limiter = RateLimiter(requestsPerMinute: 20)
    let now = Duration.seconds(1_000)
    let starts = (0..<5).map { _ in limiter.reserve(now: now) }
    #expect(starts == (0..<5).map { now + .seconds(3 * $0) })
  }

  @Test func noRollingMinuteHoldsMoreThanTheLimit() {
    var limiter = RateLimiter(requestsPerMinute: 20)
    let origin = Duration.seconds(1_000)
    // Bursts and pauses of callers arriving at different times.
    let arrivals = (0..<100).map { origin + .milliseconds(($0 / 7) * 11_000) }
    let starts = arrivals.map { limiter.reserve(now: $0) }
    for (index, start) in starts.enumerated() {
      let inWindow = starts[index...].prefix { $0 < start + .seconds(60) }
      #expect(inWindow.count <= 20)
    }
    #expect(zip(arrivals, starts).allSatisfy { $1 >= $0 })
  }

  @Test func unlimitedNeverWaits() {
    for rpm in [0, -1, Double.infinity, .nan] {
      var limiter = RateLimiter(requestsPerMinute: rpm)
      let now = Duration.seconds(1_000)
      #expect((0..<10).allSatisfy { _ in limiter.reserve(now: now) == now })
    }
  }

  @Test func unusedLastReservationIsGivenBack() {
    var limiter = RateLimiter(requestsPerMinute: 60)
    let now = Duration.seconds(1_000)
    _ = limiter.reserve(now: now)
    let second = limiter.reserve(now: now)
    limiter.release(second)
    #expect(limiter.reserve(now: now) == second)
    // An earlier reservation cannot be given back once a later one exists.
    let fourth = limiter.reserve(now: now)
    limiter.release(second)
    #expect(limiter.reserve(now: now) == fourth + .seconds(1))
  }

  @Test func pauseHoldsLaterReservations() {
    var limiter = RateLimiter(requestsPerMinute: 0)
    let now = Duration.seconds(1_000)
    limiter.pause(until: now + .seconds(5))
    #expect(limiter.reserve(now: now) == now + .seconds(5))
    #expect(limiter.reserve(now: now + .seconds(9)) == now + .seconds(9))
  }
}

@Suite struct BackoffTests {
  @Test func fullJitterStaysUnderTheGrowingCeiling() {
    var generator = SplitMix64(seed: 7)
    for failures in 1...8 {
      let ceiling = min(0.5 * Double(1 << (failures - 1)), 4)
      for _ in 0..<200 {
        let delay = backoffDelay(afterFailures: failures, base: .milliseconds(500), cap: .seconds(4), using: &generator)
        #expect(delay >= .zero && delay <= .seconds(ceiling))
      }
    }
  }

  @Test func jitterSpreadsAndIsDeterministicPerSeed() {
    var first = SplitMix64(seed: 1)
    var second = SplitMix64(seed: 1)
    let a = (0..<50).map { _ in backoffDelay(afterFailures: 3, base: .seconds(1), cap: .seconds(30), using: &first) }
    let b = (0..<50).map { _ in backoffDelay(afterFailures: 3, base: .seconds(1), cap: .seconds(30), using: &second) }
    #expect(a == b)
    #expect(Set(a).count > 40)
    #expect(a.contains { $0 < .seconds(2) } && a.contains { $0 > .seconds(2) })
  }

  @Test func hugeFailureCountsDoNotOverflow() {
    var generator = SplitMix64(seed: 3)
    let delay = backoffDelay(afterFailures: 10_000, base: .seconds(1), cap: .seconds(30), using: &generator)
    #expect(delay <= .seconds(30))
    #expect(backoffDelay(afterFailures: 1, base: .zero, cap: .seconds(30), using: &generator) == .zero)
  }
}

@Suite struct ConfigurationAndMessageTests {
  @Test func defaultsMatchTheCatalogsLimits() {
    let configuration = HTTPClientConfiguration()
    #expect(configuration.requestsPerMinute == 20)
    #expect(configuration.maxAttempts == 4)
    #expect(configuration.baseBackoff == .milliseconds(500))
    #expect(configuration.maxBackoff == .seconds(30))
    #expect(configuration.throttleBackoff == .seconds(60))
    #expect(configuration.maxThrottleWaits == 2)
    #expect(configuration.requestTimeout == .seconds(20))
    #expect(configuration.userAgent == "deepcut/0.1.0")
    #expect(configuration.randomSeed == nil)
  }

  @Test func messagesAreLowercaseAndSayWhatToDo() {
    let errors: [HTTPClientError] = [
      .badRequest(message: "Invalid value(s) for key(s): [limit]"), .throttled(retryAfter: nil),
      .throttled(retryAfter: .seconds(90)), .server(status: 503), .timedOut, .truncated(expected: 42, received: 21),
      .unreachable("itunes.apple.com: host not found"), .cancelled,
    ]
    for error in errors {
      #expect(error.description.first?.isLowercase == true, "\(error)")
    }
    for error in errors where error != .cancelled {
      #expect(error.description.contains("; "), "\(error) should say what to do")
    }
    #expect(HTTPClientError.throttled(retryAfter: .seconds(90)).description.contains("90 seconds"))
    #expect(HTTPClientError.badRequest(message: "Invalid value(s) for key(s): [limit]").description.contains("[limit]"))
  }
}
