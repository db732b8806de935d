internal import Basics
public import Foundation
internal import Identity

/// A Slack incoming webhook: `slack://TOKEN_A/TOKEN_B/TOKEN_C` (the three parts of its
/// `hooks.slack.com/services/…` address), as Apprise writes it. A push is the title as the notification's text and
/// header, and the releases as `mrkdwn` sections of at most 3,000 characters, within Slack's 50 blocks.
public enum SlackService: PushService {
  public static let name = "slack"
  public static let schemes = ["slack"]
  static let publicHooks = URL(string: "https://hooks.slack.com")

  public static func channel(
    _ address: PushAddress, serviceURL: URL?, transport: any PushTransport
  ) throws(DeliveryError) -> any PushChannel {
    // Apprise also takes a bot name as the user and a channel after the tokens; a webhook posts where it was made.
    let tokens = [address.host] + address.path.filter { !$0.hasPrefix("#") }
    guard tokens.count == 3, tokens.allSatisfy({ !$0.isEmpty }), let base = serviceURL ?? publicHooks else {
      throw .unusable("\(address.place): write a Slack webhook as slack://TOKEN_A/TOKEN_B/TOKEN_C")
    }
    let url = base.appendingPathComponent("services/" + tokens.joined(separator: "/"))
    // The first two parts name the workspace and the webhook; the third is its secret.
    let id = PushChannelID(service: name, naming: "slack " + tokens.prefix(2).joined(separator: "/"))
    return SlackChannel(
      url: url, id: id, name: PushAddress.channelName("Slack webhook \(tokens[0].prefix(4))…", id: id),
      transport: transport)
  }
}

/// One Slack webhook.
struct SlackChannel: PushChannel {
  static let sectionLimit = 3_000
  static let blockLimit = 50
  static let headerLimit = 150

  let url: URL
  let id: PushChannelID
  let name: String
  let transport: any PushTransport

  func attempt(_ digest: PushDigest) async throws(DeliveryError) -> PushReceipt {
    let shown = Fitting.most(of: digest.showable) { blocks(digest, shown: $0).count <= Self.blockLimit }
    let sent = blocks(digest, shown: shown)
    let body = PushAnswer.body(Message(text: digest.title, blocks: sent))
    let reply = try await PushAnswer.post(body, to: url, channel: name, transport: transport) { body in
      // Slack says what went wrong in a word of plain text: `invalid_blocks`, `channel_not_found`.
      let text = String(decoding: body.prefix(100), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      return text.isEmpty ? nil : text
    }
    return PushReceipt(shown: shown, reply: reply, size: sizeText(sent.count, of: Self.blockLimit, "blocks"))
  }

  /// An incoming webhook's body: the text a notification shows, and the blocks the message shows.
  struct Message: Encodable {
    var text: String
    var blocks: [Block]
  }

  /// A header or a section, and its text.
  struct Block: Encodable {
    var type: String
    var text: Text

    struct Text: Encodable {
      var type: String
      var text: String
    }
  }

  /// A header, then the lines in sections that each stay under Slack's limit, then the line about the rest.
  func blocks(_ digest: PushDigest, shown: Int) -> [Block] {
    var blocks = [
      Block(type: "header", text: Block.Text(type: "plain_text", text: String(digest.title.prefix(Self.headerLimit))))
    ]
    let lines =
      [digest.notice?.message].compactMap { $0 } + digest.items.prefix(shown).map(Self.line)
      + [digest.moreLine(shown: shown, markdown: false).map { Self.escaped($0) }].compactMap { $0 }
    var section = ""
    for line in lines.map({ String($0.prefix(Self.sectionLimit)) }) {
      if !section.isEmpty, section.count + 1 + line.count > Self.sectionLimit {
        blocks.append(Self.section(section))
        section = ""
      }
      section += (section.isEmpty ? "" : "\n") + line
    }
    if !section.isEmpty { blocks.append(Self.section(section)) }
    return blocks
  }

  static func section(_ text: String) -> Block {
    Block(type: "section", text: Block.Text(type: "mrkdwn", text: text))
  }

  /// `*Artist* — <url|Title> · album`, in Slack's own markup.
  static func line(_ item: PushItem) -> String {
    let title = item.url.map { "<\($0)|\(escaped(item.title))>" } ?? escaped(item.title)
    return "*\(escaped(item.artist))* — \(title) · \(escaped(item.detail))"
  }

  /// Slack's three control characters in text, on one line, and no mention of everyone.
  static func escaped(_ text: String) -> String {
    var escaped = ShownText.oneLine(text, limit: .max).replacingOccurrences(of: "&", with: "&amp;")
      .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    // A word joiner after the at sign: "@here" shows as it is and pings no one, whatever a client makes of it.
    for word in ["here", "channel", "everyone"] {
      escaped = escaped.replacingOccurrences(of: "@" + word, with: "@\u{2060}" + word, options: .caseInsensitive)
    }
    return escaped
  }
}
