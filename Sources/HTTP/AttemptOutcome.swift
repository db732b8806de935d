internal import Foundation

/// The parts of an HTTP response head the client acts on.
struct ResponseHead: Sendable, Equatable {
  var status: Int
  /// `Content-Length`, when the server sent a valid one.
  var contentLength: Int?
  /// `Content-Encoding`, lowercased; a decoded body is not comparable with `Content-Length`.
  var contentEncoding: String?
  /// The raw `Retry-After` value.
  var retryAfter: String?
  /// `Content-Type`, lowercased.
  var contentType: String? = nil
}

/// What one attempt produced, before any decision about retrying.
enum AttemptOutcome: Sendable, Equatable {
  case response(ResponseHead, Data)
  case timedOut
  case cancelled
  /// The connection broke off after `received` of `expected` body bytes.
  case truncated(expected: Int, received: Int)
  /// The request never got an answer; `detail` says why in a few lowercase words.
  case connectionFailed(detail: String, retryable: Bool)
  /// The answer passed the most a body may hold, and was dropped.
  case tooLarge(limit: Int)

  /// curl could not set a transfer up at all (out of memory).
  static let cannotStart = AttemptOutcome.connectionFailed(detail: "cannot start a transfer", retryable: true)
}

/// What the client does about an attempt's outcome.
enum AttemptVerdict: Sendable, Equatable {
  case success(Data)
  /// Give up now with this error.
  case failure(HTTPClientError)
  /// Try again after a backoff; if no attempts are left, fail with this error.
  case retry(HTTPClientError)
  /// The server is throttling: wait `retryAfter` (or the configured default) and try again.
  case throttled(retryAfter: Duration?)

  init(
    _ outcome: AttemptOutcome, throttleSignals: Set<ThrottleSignal> = [.unavailableWithRetryAfter],
    bodyRule: BodyRule? = nil, now: Date = Date()
  ) {
    switch outcome {
    case .response(let head, let body):
      self = Self.judge(head, body: body, throttleSignals: throttleSignals, now: now)
      if case .success(let body) = self, let signal = bodyRule?.signal(body) {
        switch signal {
        case .slowDown: self = .throttled(retryAfter: nil)
        case .busy(let message): self = .retry(.busy(message))
        }
      }
    case .timedOut:
      self = .retry(.timedOut)
    case .cancelled:
      self = .failure(.cancelled)
    case .truncated(let expected, let received):
      self = .retry(.truncated(expected: expected, received: received))
    case .tooLarge(let limit):
      // What sends a thousand times the largest real answer sends it again: asked once.
      self = .failure(.tooLarge(limit: limit))
    case .connectionFailed(let detail, let retryable):
      self = retryable ? .retry(.unreachable(detail)) : .failure(.unreachable(detail))
    }
  }

  private static func judge(
    _ head: ResponseHead, body: Data, throttleSignals: Set<ThrottleSignal>, now: Date
  ) -> Self {
    switch head.status {
    case 200..<300:
      // What a captive portal or a proxy sends with a 200 is refused, retried like a server error and never
      // cached. Services' content types vary (some send JSON as text/javascript) and portals' types lie, so a
      // page is told by its type or by its first byte: the catalogs answer JSON, which never starts with '<'.
      if let type = head.contentType, type.hasPrefix("text/html") || type.hasPrefix("application/xhtml") {
        return .retry(.webPage)
      }
      if body.first(where: { !isWhitespace($0) }) == UInt8(ascii: "<") {
        return .retry(.webPage)
      }
      let identity = head.contentEncoding.map { $0.isEmpty || $0 == "identity" } ?? true
      if identity, let expected = head.contentLength, expected > body.count {
        return .retry(.truncated(expected: expected, received: body.count))
      }
      return .success(body)
    case 400:
      return .failure(.badRequest(message: apiErrorMessage(in: body)))
    case 403 where isBlank(body) && throttleSignals.contains(.blankForbidden), 429:
      return .throttled(retryAfter: parseRetryAfter(head.retryAfter, now: now))
    case 408:
      return .retry(.timedOut)
    case 503 where head.retryAfter != nil && throttleSignals.contains(.unavailableWithRetryAfter):
      // A service that says when to come back is throttling, not failing.
      return .throttled(retryAfter: parseRetryAfter(head.retryAfter, now: now))
    case 500..<600:
      return .retry(.server(status: head.status))
    default:
      return .failure(.server(status: head.status))
    }
  }
}

private func isBlank(_ body: Data) -> Bool {
  body.allSatisfy(isWhitespace)
}

private func isWhitespace(_ byte: UInt8) -> Bool {
  byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
}

/// The API's message from a `400` body (an `errorMessage` or an `error` member: the catalogs' two ways) or a short
/// excerpt of whatever else the server sent.
func apiErrorMessage(in body: Data) -> String {
  struct ErrorBody: Decodable {
    var errorMessage: String?
    var error: String?
  }
  if let decoded = try? JSONDecoder().decode(ErrorBody.self, from: body),
    let message = decoded.errorMessage ?? decoded.error
  {
    return message
  }
  let text = String(decoding: body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  if text.isEmpty {
    return "no reason given"
  }
  return text.count > 200 ? String(text.prefix(200)) + "…" : text
}

/// A `Retry-After` value as a wait: delay-seconds, or an HTTP-date relative to `now` (a past date means no
/// wait). `nil` when absent or unreadable.
func parseRetryAfter(_ value: String?, now: Date) -> Duration? {
  guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
  if value.allSatisfy(\.isASCII), value.allSatisfy(\.isNumber) {
    return Int(value).map { .seconds($0) } ?? .seconds(Int.max / 2)
  }
  for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = format
    if let date = formatter.date(from: value) {
      let seconds = date.timeIntervalSince(now)
      return seconds > 0 ? .seconds(seconds.rounded(.up)) : .zero
    }
  }
  return nil
}
