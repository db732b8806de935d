public import Basics
public import Foundation
internal import HTTP

/// The token of the person's app at a service, by the client-credentials grant: asked for once, kept until shortly
/// before it expires, asked for again when the service says it has (a `401`). The credentials are read from their
/// file at the first request, so a night that asks nothing never reads them.
public actor AppToken {
  /// How the service wants the app named in the token request.
  public enum Presentation: Sendable {
    /// `Authorization: Basic` of id and secret, the form only naming the grant (Spotify).
    case basic
    /// Id and secret in the form itself (TIDAL's own SDK).
    case form
  }

  let url: URL
  let presentation: Presentation
  let credentials: @Sendable () throws(CatalogError) -> AppCredentials?
  let transport: any CatalogTransport
  /// Who it is for, in what is said: "spotify".
  let service: String
  private var kept: (token: Secret, until: Date)?
  /// The token request in flight, which every lookup that needs a token meanwhile waits for: one request, one
  /// refusal, however many lookups run side by side.
  private var asking: Task<Result<Secret, CatalogError>, Never>?
  /// The service's refusal of the app: the credentials do not change within a run, so it is not asked again.
  private var refusal: CatalogError?
  /// Requests for a token sent, for counts.
  public private(set) var requests = 0

  public init(
    service: String, url: URL, presentation: Presentation, transport: any CatalogTransport,
    credentials: @escaping @Sendable () throws(CatalogError) -> AppCredentials?
  ) {
    self.service = service
    self.url = url
    self.presentation = presentation
    self.transport = transport
    self.credentials = credentials
  }

  /// A token that still holds: the kept one, else a new one.
  public func current() async throws(CatalogError) -> Secret {
    if let kept, kept.until > Date() { return kept.token }
    if let refusal { throw refusal }
    if let asking { return try await asking.value.get() }
    let task = Task { () -> Result<Secret, CatalogError> in
      do throws(CatalogError) {
        return .success(try await renewed())
      } catch {
        return .failure(error)
      }
    }
    asking = task
    let result = await task.value
    asking = nil
    if case .failure(let error) = result, case .credentials = error { refusal = error }
    return try result.get()
  }

  /// Forgets `token`, which the service refused as expired; a newer one already kept stays.
  public func expire(_ token: Secret) {
    if kept?.token == token { kept = nil }
  }

  private func renewed() async throws(CatalogError) -> Secret {
    guard let app = try credentials() else {
      throw .credentials("\(service) needs your app's client id and secret: run deepcut setup")
    }
    requests += 1
    let body: Data
    do {
      body = try await transport.send(request(for: app))
    } catch .badRequest(let reason) {
      throw .credentials("\(service) refused the app's credentials (\(reason)): check client_id and client_secret")
    } catch .server(let status) where status == 401 || status == 403 {
      throw .credentials("\(service) refused the app's credentials (HTTP \(status)): check them")
    }
    guard let answer = try? JSONDecoder().decode(TokenAnswer.self, from: body), !answer.accessToken.isEmpty else {
      throw .undecodable("\(service)'s token answer is not one")
    }
    // A minute early, so a token never expires between being taken and being used.
    let lifetime = max(0, Double(answer.expiresIn ?? 3_600) - 60)
    let token = Secret(answer.accessToken)
    kept = (token, Date().addingTimeInterval(lifetime))
    return token
  }

  private func request(for app: AppCredentials) -> HTTPRequest {
    switch presentation {
    case .basic:
      let pair = Data((app.clientID + ":" + app.secret.revealed).utf8).base64EncodedString()
      return HTTPRequest(url, headers: ["Authorization: Basic " + pair], form: "grant_type=client_credentials")
    case .form:
      let form =
        "grant_type=client_credentials&client_id=\(Self.formEncoded(app.clientID))"
        + "&client_secret=\(Self.formEncoded(app.secret.revealed))"
      return HTTPRequest(url, form: form)
    }
  }

  /// A value in a form: every byte but the unreserved ones percent-encoded.
  static func formEncoded(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~")))
      ?? text
  }

  struct TokenAnswer: Decodable {
    var accessToken: String
    var expiresIn: Int?

    enum CodingKeys: String, CodingKey {
      case accessToken = "access_token"
      case expiresIn = "expires_in"
    }
  }
}

/// GETs with the app's token: a `401` (the token expired) gets one new token and one more try.
public struct AuthorizedTransport: Sendable {
  public let transport: any CatalogTransport
  public let token: AppToken

  public init(transport: any CatalogTransport, token: AppToken) {
    self.transport = transport
    self.token = token
  }

  public func get(_ url: URL) async throws(CatalogError) -> Data {
    let first = try await token.current()
    do {
      return try await attempt(url, bearer: first)
    } catch .server(status: 401) {
      await token.expire(first)
    }
    do {
      return try await attempt(url, bearer: try await token.current())
    } catch .server(status: 401) {
      throw .credentials("\(token.service) refused a new token of the app: check its client id and secret")
    }
  }

  private func attempt(_ url: URL, bearer: Secret) async throws(CatalogError) -> Data {
    do {
      return try await transport.send(HTTPRequest(url, headers: ["Authorization: Bearer " + bearer.revealed]))
    } catch .server(status: 403) {
      throw .credentials(
        "\(token.service) refused the app (HTTP 403): a development app needs its owner's Premium subscription")
    }
  }
}
