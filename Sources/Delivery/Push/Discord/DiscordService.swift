internal import Basics
public import Foundation
internal import Identity

/// A Discord webhook: `discord://WEBHOOK_ID/WEBHOOK_TOKEN` (`discord://NAME@ID/TOKEN` posts as NAME), as Apprise
/// writes it. A push is one message: the title and, per release, an embed with its cover as the thumbnail (ten at
/// most), further releases as lines of the content; within Discord's 2,000 characters of content and 6,000 across
/// the embeds. Sent with `wait=true`, so an accepted message is one Discord kept.
public enum DiscordService: PushService {
  public static let name = "discord"
  public static let schemes = ["discord"]
  static let publicAPI = URL(string: "https://discord.com")

  public static func channel(
    _ address: PushAddress, serviceURL: URL?, transport: any PushTransport
  ) throws(DeliveryError) -> any PushChannel {
    guard !address.host.isEmpty, address.path.count == 1, let base = serviceURL ?? publicAPI else {
      throw .unusable("\(address.place): write a Discord webhook as discord://WEBHOOK_ID/WEBHOOK_TOKEN")
    }
    var components = URLComponents(url: base, resolvingAgainstBaseURL: false)
    components?.path = "/api/v10/webhooks/\(address.host)/\(address.path[0])"
    components?.queryItems = [URLQueryItem(name: "wait", value: "true")]
    guard let url = components?.url else {
      throw .unusable("\(address.place): write a Discord webhook as discord://WEBHOOK_ID/WEBHOOK_TOKEN")
    }
    let id = PushChannelID(service: name, naming: "discord " + address.host)
    return DiscordChannel(
      url: url, username: address.user, id: id,
      name: PushAddress.channelName("Discord webhook \(address.host.prefix(6))…", id: id), transport: transport)
  }
}

/// One Discord webhook.
struct DiscordChannel: PushChannel {
  static let contentLimit = 2_000
  static let embedsLimit = 6_000
  static let embedCount = 10
  static let embedTitleLimit = 256

  let url: URL
  let username: String?
  let id: PushChannelID
  let name: String
  let transport: any PushTransport

  func attempt(_ digest: PushDigest) async throws(DeliveryError) -> PushReceipt {
    let shown = Fitting.most(of: digest.showable) { Self.fits(message(digest, shown: $0)) }
    let sent = message(digest, shown: shown)
    let body = PushAnswer.body(sent)
    let reply = try await PushAnswer.post(
      body, to: url, channel: name, transport: transport, reason: PushAnswer.jsonReason)
    let size =
      sizeText(sent.content.utf16.count, of: Self.contentLimit, "characters of content") + ", "
      + sizeText(sent.embedCharacters, of: Self.embedsLimit, "across \(sent.embeds.count) embeds")
    return PushReceipt(shown: shown, reply: reply, size: size)
  }

  /// Discord's execute-webhook body.
  struct Message: Encodable {
    var content: String
    var embeds: [Embed]
    /// None: a release titled "@everyone" pings no one.
    var allowedMentions = AllowedMentions()
    var username: String?

    struct Embed: Encodable {
      var title: String
      var description: String
      var url: String?
      var thumbnail: Thumbnail?
    }

    struct Thumbnail: Encodable {
      var url: String
    }

    struct AllowedMentions: Encodable {
      var parse: [String] = []
    }

    enum CodingKeys: String, CodingKey {
      case content, embeds, username
      case allowedMentions = "allowed_mentions"
    }

    /// What Discord counts against its limit across the embeds.
    var embedCharacters: Int { embeds.reduce(0) { $0 + $1.title.utf16.count + $1.description.utf16.count } }
  }

  /// The longest start of `text` within `limit` UTF-16 units, as Discord counts: whole characters, so an accent or
  /// an emoji is never split.
  static func cut(_ text: String, to limit: Int) -> String {
    var kept = ""
    var units = 0
    for character in text {
      units += character.utf16.count
      guard units <= limit else { break }
      kept.append(character)
    }
    return kept
  }

  static func fits(_ message: Message) -> Bool {
    message.content.utf16.count <= contentLimit && message.embedCharacters <= embedsLimit
  }

  /// The first `shown` items: ten as embeds, the rest as lines under the title.
  func message(_ digest: PushDigest, shown: Int) -> Message {
    let items = digest.items.prefix(shown)
    let embedded = items.prefix(Self.embedCount)
    let lines = items.dropFirst(Self.embedCount).map { PushDigest.line($0, markdown: true) }
    let more = digest.moreLine(shown: shown, markdown: true)
    let body = digest.notice?.message
    let content = (["**\(digest.title)**", body].compactMap { $0 } + lines + [more].compactMap { $0 })
      .joined(separator: "\n")
    let embeds = embedded.map { item in
      Message.Embed(
        title: Self.cut(item.heading, to: Self.embedTitleLimit),
        description: [item.detail, item.opens].compactMap { $0 }.joined(separator: " · "), url: item.url,
        thumbnail: item.cover.map { Message.Thumbnail(url: $0) })
    }
    return Message(content: content, embeds: embeds, username: username)
  }
}
