public import Basics
public import Foundation

/// A mail server deepcut submits to, and how: `smtps://` speaks TLS from the start, `smtp://` must upgrade with
/// STARTTLS unless `allowInsecure` (meant for a relay on 127.0.0.1) lets it go on in the clear when the server
/// offers no TLS. Certificates are always verified; `caFile` trusts one more authority, for a private server.
public struct SMTPServer: Sendable {
  public var url: URL
  public var user: String?
  public var password: Secret?
  public var caFile: String?
  public var allowInsecure: Bool
  /// The most one delivery may take, connecting included.
  public var timeout: Duration

  public init(
    url: URL, user: String? = nil, password: Secret? = nil, caFile: String? = nil, allowInsecure: Bool = false,
    timeout: Duration = .seconds(60)
  ) {
    self.url = url
    self.user = user
    self.password = password
    self.caFile = caFile
    self.allowInsecure = allowInsecure
    self.timeout = timeout
  }

  /// The schemes a server's address may have.
  public static let schemes = ["smtps", "smtp"]

  public var implicitTLS: Bool { url.scheme?.lowercased() == "smtps" }

  public var host: String { url.host ?? "" }

  /// `smtps://` servers listen on 465, `smtp://` ones (submission with STARTTLS) on 587, when the URL names none.
  public var port: Int { url.port ?? (implicitTLS ? 465 : 587) }

  /// How messages name the server: its scheme, host and port, never a user or password.
  public var name: String {
    let host = host.contains(":") ? "[\(host)]" : host
    return "\(implicitTLS ? "smtps" : "smtp")://\(host):\(port)"
  }
}
