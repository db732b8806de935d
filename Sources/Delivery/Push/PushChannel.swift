public import Foundation
public import HTTP
public import Identity

/// A place a night's news is pushed to beside the e-mail (an ntfy topic, a Discord or Slack webhook, a JSON
/// endpoint, any service of the Apprise command). A channel makes one attempt and says how it went; retrying and
/// what a delivery means are the ``Courier``'s and the night's.
public protocol PushChannel: Sendable {
  /// What its URL names, as the state keys what it told and what waits for it.
  var id: PushChannelID { get }
  /// How logs, errors and `status` name it: the service and where, never its token. Only words, never a key.
  var name: String { get }
  /// One attempt at telling `digest`: how many of its items the message showed (it shows as many as its limits
  /// let it), what the service said, and how big the message was.
  func attempt(_ digest: PushDigest) async throws(DeliveryError) -> PushReceipt
}

/// What a channel said on accepting a push.
public struct PushReceipt: Sendable, Equatable {
  /// How many of the digest's items the message showed, first ones first.
  public var shown: Int
  /// What the service said: "200 (message id 8cnXXGQ3sHSX)".
  public var reply: String
  /// How big the message was, in the service's own measure: "3,912 of 4,096 bytes".
  public var size: String
  /// Attempts it took, as the courier counts them.
  public var attempts = 1

  public init(shown: Int, reply: String, size: String) {
    self.shown = shown
    self.reply = reply
    self.size = size
  }
}

/// How a channel sends an HTTP request: the client, or a test's fake.
public protocol PushTransport: Sendable {
  func exchange(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPAnswer
}

extension HTTPClient: PushTransport {}

/// A push service deepcut speaks itself: the schemes of its addresses, its public address, and how an address makes
/// a channel. A service is one folder and one line in ``PushServices/standard``.
public protocol PushService: Sendable {
  /// What `--push-url` calls it: "ntfy".
  static var name: String { get }
  /// The schemes its addresses start with, as Apprise writes them: "ntfy", "ntfys".
  static var schemes: [String] { get }
  /// The channel `address` names, sending through `transport`; `serviceURL` stands in for the service's public
  /// address (`--push-url`: a test's fake, a proxy). Refuses an address it cannot use, naming its place.
  static func channel(
    _ address: PushAddress, serviceURL: URL?, transport: any PushTransport
  ) throws(DeliveryError) -> any PushChannel
}

/// The push services deepcut speaks itself; any other scheme goes to the Apprise command.
public struct PushServices: Sendable {
  public var services: [any PushService.Type]

  public init(_ services: [any PushService.Type]) {
    self.services = services
  }

  public static let standard = PushServices([
    NtfyService.self, DiscordService.self, SlackService.self, JSONService.self,
  ])

  /// The names `--push-url` takes.
  public var names: [String] { services.map { service in service.name } }

  /// The service of `address`'s scheme, if deepcut speaks it.
  public func service(for address: PushAddress) -> (any PushService.Type)? {
    services.first { service in service.schemes.contains(address.scheme) }
  }

  /// The channel each address names: a service's own, else through the Apprise command (`apprise`).
  public func channels(
    _ addresses: [PushAddress], serviceURLs: [String: URL], transport: any PushTransport, apprise: String
  ) throws(DeliveryError) -> [any PushChannel] {
    var channels: [any PushChannel] = []
    var places: [PushChannelID: String] = [:]
    for address in addresses {
      let channel: any PushChannel
      if let service = service(for: address) {
        channel = try service.channel(address, serviceURL: serviceURLs[service.name], transport: transport)
      } else {
        channel = AppriseChannel(address: address, command: apprise)
      }
      // Each channel keeps its own ledger under its identity: one channel twice would tell each release once between
      // them.
      if let first = places[channel.id] {
        throw .unusable("\(address.place) names the same channel as \(first): keep one line for it")
      }
      places[channel.id] = address.place
      channels.append(channel)
    }
    return channels
  }
}

/// What a push service's HTTP answer means: accepted, or refused for now or until something is changed.
enum PushAnswer {
  /// The reply for an accepted message; throws why one was not, in `service`'s words where it gave them.
  static func judge(
    _ answer: HTTPAnswer, channel: String, reason: (Data) -> String?
  ) throws(DeliveryError) -> String {
    let said = reason(answer.body).map { " (\($0))" } ?? ""
    switch answer.status {
    case 200..<300:
      return "\(answer.status)"
    case 429:
      let wait = answer.retryAfterDuration()
      throw .slowDown(
        "\(channel) asks to wait\(wait.map { " \($0.components.seconds) s" } ?? "")\(said)", wait: wait)
    case 300..<400:
      throw .permanent(
        "\(channel) sent the message elsewhere (http \(answer.status)), which deepcut does not follow with a message: "
          + "write the service's address as it answers, https (ntfys://, jsons://) where the server asks for it")
    case 401, 403:
      throw .permanent(
        "\(channel) refused the token (http \(answer.status))\(said): check the token in the channel's URL")
    case 404, 410:
      throw .permanent(
        "\(channel) no longer exists (http \(answer.status))\(said): make a new one and use its URL")
    case 500...:
      throw .temporary("\(channel) answered http \(answer.status)\(said)")
    default:
      throw .permanent(
        "\(channel) refused the message (http \(answer.status))\(said); report this as a deepcut bug")
    }
  }

  /// A request that got no answer.
  static func unanswered(_ error: HTTPClientError, channel: String) -> DeliveryError {
    switch error {
    case .timedOut: .temporary("\(channel) did not answer in time")
    case .unreachable(let detail):
      .temporary("cannot reach \(channel) (\(detail))")
    default: .temporary("\(channel): \(error)")
    }
  }

  /// A message's JSON, as every service deepcut speaks itself is sent one: keys in one order, so the same message is
  /// the same bytes.
  static func body(_ message: some Encodable) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    // Strings, numbers and arrays of them, which always encode.
    return (try? encoder.encode(message)) ?? Data()
  }

  /// `address`'s channel at `url`, sent once, judged.
  static func post(
    _ body: Data, to url: URL, contentType: String = "application/json", headers: [String] = [],
    channel: String, transport: any PushTransport, reason: (Data) -> String?
  ) async throws(DeliveryError) -> String {
    let answer: HTTPAnswer
    do {
      answer = try await transport.exchange(
        HTTPRequest(post: body, to: url, contentType: contentType, headers: headers))
    } catch {
      throw unanswered(error, channel: channel)
    }
    return try judge(answer, channel: channel, reason: reason)
  }

  /// `"error"`'s or `"message"`'s text in a JSON body, as ntfy and Discord say what went wrong.
  static func jsonReason(_ body: Data) -> String? {
    guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
      let text = String(decoding: body.prefix(200), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      return text.isEmpty ? nil : text
    }
    let text = (object["error"] ?? object["message"]) as? String
    let code = object["code"].map { "\($0)" }
    let said = [text, code.map { "code \($0)" }].compactMap { $0 }.joined(separator: ", ")
    return said.isEmpty ? nil : said
  }
}

/// How a size reads in a receipt: "3912 of 4096 bytes".
func sizeText(_ used: Int, of limit: Int, _ unit: String) -> String {
  "\(used) of \(limit) \(unit)"
}
