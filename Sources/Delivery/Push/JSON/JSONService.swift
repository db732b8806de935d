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
    var message: [String: Any] = [
      "version": "1.0", "title": digest.title, "message": text, "attachments": [[String: Any]](),
      "type": digest.notice?.isWarning == true ? "warning" : "info",
      "releases": digest.items.map(Self.release),
    ]
    if let fullReport = digest.fullReport { message["fullReport"] = fullReport }
    let body = (try? JSONSerialization.data(withJSONObject: message, options: [.sortedKeys])) ?? Data()
    let reply = try await PushAnswer.post(
      body, to: url, headers: headers, channel: name, transport: transport, reason: PushAnswer.jsonReason)
    return PushReceipt(shown: digest.items.count, reply: reply, size: "\(body.count) bytes")
  }

  static func release(_ item: PushItem) -> [String: Any] {
    var release: [String: Any] = ["id": item.id, "artist": item.artist, "title": item.title, "kind": item.kind.label]
    if let upcoming = item.upcoming { release["upcoming"] = upcoming }
    if let url = item.url { release["url"] = url }
    if let opens = item.opens { release["opens"] = opens }
    if let cover = item.cover { release["cover"] = cover }
    return release
  }
}
