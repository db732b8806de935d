public import Foundation
internal import Identity

/// A plain JSON POST for the person's own automations: `json://HOST[:PORT]/PATH` (http) and `jsons://…` (https),
/// `user:password@` as Basic, `?+Header=value` fields as headers, as Apprise writes it. The body is Apprise's
/// (`version`, `title`, `message`, `attachments`, `type`) with every release of the digest as `releases`: a program
/// reads them all, so all are told.
public enum JSONService: PushService {
  public static let name = "json"
  public static let schemes = ["json", "jsons"]

  public static func channel(
    _ address: PushAddress, serviceURL: URL?, transport: any PushTransport
  ) throws(DeliveryError) -> any PushChannel {
    var components = URLComponents()
    components.scheme = address.scheme == "jsons" ? "https" : "http"
    components.host = address.host
    components.port = address.port
    components.path = "/" + address.path.joined(separator: "/")
    guard !address.host.isEmpty, let url = components.url else {
      throw .unusable("\(address.place): write a JSON endpoint as json://HOST/PATH or jsons://HOST/PATH")
    }
    let headers = address.query.filter { $0.key.hasPrefix("+") }.sorted { $0.key < $1.key }
      .map { "\($0.key.dropFirst()): \($0.value)" }
    let id = PushChannelID(service: name, naming: "json \(address.host) \(url.path)")
    return JSONChannel(
      url: url, headers: headers + [address.basicAuthorization].compactMap { $0 }, id: id,
      name: PushAddress.channelName("JSON endpoint on \(address.host)", id: id), transport: transport)
  }
}

/// One JSON endpoint.
struct JSONChannel: PushChannel {
  let url: URL
  let headers: [String]
  let id: PushChannelID
  let name: String
  let transport: any PushTransport

  func attempt(_ digest: PushDigest) async throws(DeliveryError) -> PushReceipt {
    let text = digest.text(shown: digest.items.count, markdown: false)
    let body = PushAnswer.body(
      Message(
        title: digest.title, message: text, type: digest.notice?.isWarning == true ? "warning" : "info",
        releases: digest.items.map(Release.init), fullReport: digest.fullReport))
    let reply = try await PushAnswer.post(
      body, to: url, headers: headers, channel: name, transport: transport, reason: PushAnswer.jsonReason)
    return PushReceipt(shown: digest.items.count, reply: reply, size: "\(body.count) bytes")
  }

  /// Apprise's JSON body, and the releases.
  struct Message: Encodable {
    var version = "1.0"
    var title: String
    var message: String
    /// Apprise's attachments: a push has none.
    var attachments: [String] = []
    /// "info", or "warning" when the night needs looking at.
    var type: String
    var releases: [Release]
    var fullReport: String?
  }

  /// A release as the endpoint reads it: the push's item, spelled here so the state's keys may change without it.
  struct Release: Encodable {
    var id: String
    var artist: String
    var title: String
    var kind: String
    var upcoming: String?
    var url: String?
    var opens: String?
    var cover: String?

    init(_ item: PushItem) {
      id = item.id
      artist = item.artist
      title = item.title
      kind = item.kind.label
      upcoming = item.upcoming
      url = item.url
      opens = item.opens
      cover = item.cover
    }
  }
}
