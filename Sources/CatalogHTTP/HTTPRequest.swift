public import Foundation

/// One request as the client sends it: a GET by default, or a POST of a form (a token endpoint's). Two equal requests
/// in flight at once are sent once.
public struct HTTPRequest: Sendable, Hashable {
  public var url: URL
  /// Header fields besides the client's own (`User-Agent`, the configured ones): "Authorization: Bearer …".
  public var headers: [String]
  /// An `application/x-www-form-urlencoded` body, which makes the request a POST.
  public var form: String?

  public init(_ url: URL, headers: [String] = [], form: String? = nil) {
    self.url = url
    self.headers = headers
    self.form = form
  }
}
