public import Foundation

/// One request as the client sends it: a GET by default, or a POST of a form (a token endpoint's) or of another body
/// (a push service's JSON). Two equal requests in flight at once are sent once.
public struct HTTPRequest: Sendable, Hashable {
  public var url: URL
  /// Header fields besides the client's own (`User-Agent`, the configured ones): "Authorization: Bearer …".
  public var headers: [String]
  /// What a POST carries, which makes the request a POST; nil for a GET.
  public var body: Data?

  /// A GET, or with `form` a POST of that `application/x-www-form-urlencoded` form.
  public init(_ url: URL, headers: [String] = [], form: String? = nil) {
    self.url = url
    self.headers = headers
    self.body = form.map { Data($0.utf8) }
  }

  /// The body as text: a form's fields.
  public var form: String? { body.map { String(decoding: $0, as: UTF8.self) } }

  /// A POST of `body` as `contentType`.
  public init(post body: Data, to url: URL, contentType: String, headers: [String] = []) {
    self.url = url
    self.headers = ["Content-Type: \(contentType)"] + headers
    self.body = body
  }
}

/// What a server answered to one attempt, whatever its status, for a caller that judges answers itself (a push
/// service's refusals say what to do).
public struct HTTPAnswer: Sendable, Equatable {
  public var status: Int
  public var body: Data
  /// The raw `Retry-After` value.
  public var retryAfter: String?
  /// `Content-Type`, lowercased.
  public var contentType: String?

  public init(status: Int, body: Data, retryAfter: String? = nil, contentType: String? = nil) {
    self.status = status
    self.body = body
    self.retryAfter = retryAfter
    self.contentType = contentType
  }

  /// `Retry-After` as a wait: seconds, or an HTTP date from `now`.
  public func retryAfterDuration(now: Date = Date()) -> Duration? {
    parseRetryAfter(retryAfter, now: now)
  }
}
