internal import Basics
public import Foundation
internal import Identity

/// ntfy (ntfy.sh or the person's own server): `ntfy://TOPIC` on ntfy.sh, `ntfy://HOST/TOPIC` over http and
/// `ntfys://HOST/TOPIC` over https on another; a token as the user (`ntfy://tk_…@HOST/TOPIC`) or `?token=`, or a user
/// and password; `?priority=` and `?tags=` as Apprise takes them. Published as JSON to the server's root, which
/// carries any text in the title; the message is Markdown, at most 4,096 bytes (the server's default limit: a
/// longer one becomes an attachment, which ntfy.sh and most servers refuse).
public enum NtfyService: PushService {
  public static let name = "ntfy"
  public static let schemes = ["ntfy", "ntfys"]
  static let publicServer = URL(string: "https://ntfy.sh")
  static let messageLimit = 4_096
  static let priorities = ["min", "low", "default", "high", "max", "urgent", "1", "2", "3", "4", "5"]

  public static func channel(
    _ address: PushAddress, serviceURL: URL?, transport: any PushTransport
  ) throws(DeliveryError) -> any PushChannel {
    // `ntfy://topic` names a topic on ntfy.sh; with a path, the host is the server.
    let (server, topic) = try place(address, serviceURL: serviceURL)
    guard topic.range(of: #"^[-_A-Za-z0-9]{1,64}$"#, options: .regularExpression) != nil else {
      throw .unusable("\(address.place): an ntfy topic is 1 to 64 letters, digits, '-' or '_'")
    }
    let priority = address["priority"]?.lowercased()
    if let priority, !priorities.contains(priority) {
      throw .unusable("\(address.place): ntfy's priority is one of min, low, default, high, max (or 1 to 5)")
    }
    // A topic on a public server is as good as a password: only the identity's hash and two letters of it are shown.
    let id = PushChannelID(service: name, naming: "ntfy \(server.host ?? "") \(topic)")
    return NtfyChannel(
      server: server, topic: topic, authorization: authorization(address), priority: priority,
      tags: address["tags"].map { $0.split(separator: ",").map(String.init) } ?? ["cd"], id: id,
      name: PushAddress.channelName("ntfy topic \(topic.prefix(2))… on \(server.host ?? "ntfy")", id: id),
      transport: transport)
  }

  private static func place(
    _ address: PushAddress, serviceURL: URL?
  ) throws(DeliveryError) -> (server: URL, topic: String) {
    if address.path.isEmpty {
      guard let server = serviceURL ?? publicServer else { throw .unusable("\(address.place): no ntfy server") }
      return (server, address.host)
    }
    guard address.path.count == 1 else {
      throw .unusable("\(address.place): name one ntfy topic a line; put another topic on a line of its own")
    }
    var components = URLComponents()
    components.scheme = address.scheme == "ntfys" ? "https" : "http"
    components.host = address.host
    components.port = address.port
    guard let server = serviceURL ?? components.url else { throw .unusable("\(address.place): no ntfy server") }
    return (server, address.path[0])
  }

  /// As Apprise reads it: `?token=` as a bearer; `?auth=token` takes the password, else the user, as the token and
  /// `?auth=basic` the user and password; with neither, a `tk_` token alone as the user or the password is a bearer
  /// and a user and password are Basic.
  private static func authorization(_ address: PushAddress) -> String? {
    let mode = address["auth"]?.lowercased()
    let password = address.password?.revealed
    let token =
      if let named = address["token"] {
        named
      } else if mode == "token" {
        password.flatMap { $0.isEmpty ? nil : $0 } ?? address.user
      } else if mode == "basic" {
        String?.none
      } else if password == nil, let user = address.user, user.hasPrefix("tk_") {
        user
      } else if address.user == nil, let password, password.hasPrefix("tk_") {
        password
      } else {
        String?.none
      }
    if let token { return "Authorization: Bearer \(token)" }
    return address.basicAuthorization
  }
}

/// One ntfy topic.
struct NtfyChannel: PushChannel {
  let server: URL
  let topic: String
  let authorization: String?
  let priority: String?
  let tags: [String]
  let id: PushChannelID
  let name: String
  let transport: any PushTransport

  func attempt(_ digest: PushDigest) async throws(DeliveryError) -> PushReceipt {
    let shown = Fitting.most(of: digest.showable) {
      digest.text(shown: $0, markdown: true).utf8.count <= NtfyService.messageLimit
    }
    let text = digest.text(shown: shown, markdown: true)
    let reply = try await PushAnswer.post(
      body(digest, text), to: server, headers: authorization.map { [$0] } ?? [], channel: name,
      transport: transport, reason: PushAnswer.jsonReason)
    return PushReceipt(
      shown: shown, reply: reply, size: sizeText(text.utf8.count, of: NtfyService.messageLimit, "bytes"))
  }

  /// ntfy's JSON publishing: the topic, the title and the Markdown message; a tap opens the whole report.
  struct Message: Encodable {
    var topic: String
    var title: String
    var message: String
    var markdown = true
    var tags: [String]
    var click: String?
    var priority: Int?
  }

  private func body(_ digest: PushDigest, _ text: String) -> Data {
    PushAnswer.body(
      Message(
        topic: topic, title: digest.title, message: text,
        tags: digest.notice?.isWarning == true ? ["warning"] : tags, click: digest.clickURL,
        priority: priority.map(Self.number)))
  }

  /// JSON publishing takes the priority as a number.
  static func number(_ priority: String) -> Int {
    ["min": 1, "low": 2, "default": 3, "high": 4, "max": 5, "urgent": 5][priority] ?? Int(priority) ?? 3
  }
}
