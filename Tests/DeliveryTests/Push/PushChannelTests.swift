import Basics
import Foundation
import HTTP
import Identity
import Synchronization
import Testing

@testable import Delivery

/// Each service's message, as its wire format and its limits want it, through a transport that keeps what it is
/// sent and answers as it is told.
@Suite struct PushChannelTests {
  final class Transport: PushTransport {
    let sent = Mutex<[HTTPRequest]>([])
    let answer: HTTPAnswer

    init(_ answer: HTTPAnswer = HTTPAnswer(status: 200, body: Data("{\"id\":\"x\"}\n".utf8))) { self.answer = answer }

    func exchange(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPAnswer {
      sent.withLock { $0.append(request) }
      return answer
    }

    var last: HTTPRequest? { sent.withLock(\.last) }
    var json: [String: Any] {
      (last?.body).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] } ?? [:]
    }
  }

  /// `count` releases with long names, covers and links, most played first.
  static func digest(_ count: Int, fullReport: String? = nil) -> PushDigest {
    PushDigest(
      items: (0..<count).map { index in
        PushItem(
          id: "deezer:\(index)", artist: "Artist Number \(index) & The Long-Named Orchestra",
          title: "An Album Whose Title Goes On For Quite A While, Part \(index)", kind: .album,
          upcoming: index % 7 == 6 ? "18 Dec 2026" : nil, url: "https://music.apple.com/us/album/\(1_000_000 + index)",
          opens: "Apple Music", cover: "https://is1-ssl.mzstatic.com/image/\(index)/600x600bb.jpg")
      }, fullReport: fullReport)
  }

  static func channel(_ line: String, _ transport: Transport, urls: [String: URL] = [:]) throws -> any PushChannel {
    let address = try #require(PushAddress(line, place: "push-channels, line 1"))
    return try #require(
      try PushServices.standard.channels([address], serviceURLs: urls, transport: transport, apprise: "apprise").first)
  }

  @Test func ntfyGetsAsManyLinesAsFitItsFourKilobytesAndTheRestAreCounted() async throws {
    let transport = Transport()
    let channel = try Self.channel("ntfys://tk_secret@ntfy.example.org/new-music?priority=high", transport)
    let receipt = try await channel.attempt(Self.digest(120, fullReport: "https://example.org/full.html"))
    let request = try #require(transport.last)
    #expect(request.url.absoluteString == "https://ntfy.example.org")
    #expect(request.headers.contains("Authorization: Bearer tk_secret"))
    #expect(request.headers.contains("Content-Type: application/json"))
    let json = transport.json
    let message = try #require(json["message"] as? String)
    #expect(json["topic"] as? String == "new-music")
    #expect(json["title"] as? String == "103 new releases and 17 announced from artists you own")
    #expect(json["priority"] as? Int == 4)
    #expect(json["markdown"] as? Bool == true)
    #expect(json["click"] as? String == "https://example.org/full.html")
    #expect(message.utf8.count <= 4_096)
    #expect(receipt.shown > 10 && receipt.shown < 120)
    #expect(message.split(separator: "\n").count == receipt.shown + 1)
    #expect(
      message.hasSuffix(
        "and \(120 - receipt.shown) more [in the full report](https://example.org/full.html); "
          + "they come in the next push"))
    // One more line would not have fitted.
    #expect(
      Self.digest(120, fullReport: "https://example.org/full.html").text(shown: receipt.shown + 1, markdown: true)
        .utf8.count > 4_096)
    #expect(!channel.name.contains("tk_secret") && !channel.name.contains("new-music"))
  }

  @Test func ntfyWithATopicAloneIsNtfyShAndAUserAndPasswordAreBasic() async throws {
    let transport = Transport()
    _ = try await Self.channel("ntfy://deepcut-news", transport).attempt(Self.digest(1))
    #expect(transport.last?.url.absoluteString == "https://ntfy.sh")
    _ = try await Self.channel("ntfy://me:pa%20ss@127.0.0.1:8080/news", transport).attempt(Self.digest(1))
    #expect(transport.last?.url.absoluteString == "http://127.0.0.1:8080")
    #expect(
      transport.last?.headers.contains("Authorization: Basic " + Data("me:pa ss".utf8).base64EncodedString()) == true)
  }

  @Test func discordShowsTenReleasesAsEmbedsWithCoversAndTheRestAsLinesWithinItsLimits() async throws {
    let transport = Transport()
    let channel = try Self.channel("discord://1234567890/webhook-token", transport)
    let receipt = try await channel.attempt(Self.digest(40))
    #expect(
      transport.last?.url.absoluteString == "https://discord.com/api/v10/webhooks/1234567890/webhook-token?wait=true")
    let json = transport.json
    let content = try #require(json["content"] as? String)
    let embeds = try #require(json["embeds"] as? [[String: Any]])
    #expect(embeds.count == 10)
    #expect(content.utf16.count <= 2_000)
    let characters = embeds.reduce(0) {
      $0 + (($1["title"] as? String)?.utf16.count ?? 0) + (($1["description"] as? String)?.utf16.count ?? 0)
    }
    #expect(characters <= 6_000)
    #expect(
      (embeds[0]["thumbnail"] as? [String: Any])?["url"] as? String
        == "https://is1-ssl.mzstatic.com/image/0/600x600bb.jpg")
    #expect(embeds[0]["url"] as? String == "https://music.apple.com/us/album/1000000")
    #expect(receipt.shown > 10 && receipt.shown < 40)
    #expect(content.contains("and \(40 - receipt.shown) more"))
    #expect((json["allowed_mentions"] as? [String: Any])?["parse"] as? [String] == [])
  }

  @Test func slackKeepsEachSectionUnderThreeThousandCharactersAndFiftyBlocksAndADigestToThirtyLines() async throws {
    let transport = Transport(HTTPAnswer(status: 200, body: Data("ok".utf8), contentType: "text/plain"))
    let receipt = try await Self.channel("slack://T000/B000/XXXX", transport).attempt(Self.digest(600))
    #expect(transport.last?.url.absoluteString == "https://hooks.slack.com/services/T000/B000/XXXX")
    let blocks = try #require(transport.json["blocks"] as? [[String: Any]])
    #expect(blocks.count <= 50)
    for block in blocks.dropFirst() {
      let text = try #require((block["text"] as? [String: Any])?["text"] as? String)
      #expect(text.count <= 3_000)
    }
    #expect(receipt.shown == PushDigest.mostLines)
    #expect(transport.json["text"] as? String == "515 new releases and 85 announced from artists you own")
  }

  @Test func jsonCarriesAppriseFieldsAndEveryRelease() async throws {
    let transport = Transport()
    let receipt = try await Self.channel("json://me:pw@127.0.0.1:9000/hook?+X-Token=abc", transport)
      .attempt(Self.digest(300))
    let json = transport.json
    #expect(json["version"] as? String == "1.0")
    #expect(json["type"] as? String == "info")
    #expect((json["releases"] as? [[String: Any]])?.count == 300)
    #expect(receipt.shown == 300)
    #expect(transport.last?.headers.contains("X-Token: abc") == true)
    #expect(transport.last?.url.absoluteString == "http://127.0.0.1:9000/hook")
  }

  /// What the report lists under Also out is counted after the main list, never listed: with the full report's
  /// address where there is one, and after the line about releases that did not fit.
  @Test func whatIsAlsoOutIsCountedAfterTheMainList() async throws {
    var digest = Self.digest(2, fullReport: "https://example.org/full.html")
    digest.alsoOut = 4
    #expect(
      digest.text(shown: 2, markdown: true).hasSuffix(
        "\n\nand 4 more also out (live, remixes, best-ofs, reissues) [in the full report](https://example.org/full.html)"
      ))
    #expect(
      digest.moreLine(shown: 1, markdown: false)
        == "and 1 more in the full report: https://example.org/full.html; they come in the next push; "
        + "and 4 more also out (live, remixes, best-ofs, reissues)")
    #expect(digest.title == "2 new releases from artists you own")
    let transport = Transport()
    _ = try await Self.channel("ntfy://tok@ntfy.example.org/music", transport).attempt(digest)
    #expect((transport.json["message"] as? String)?.contains("and 4 more also out") == true)
    digest.alsoOut = 0
    #expect(digest.moreLine(shown: 2, markdown: true) == nil)
  }

  /// Trouble is a warning where a service has kinds of message; setup's test message is not.
  @Test func aNoticeIsAWarningOnlyWhenItIsTrouble() async throws {
    for (isWarning, tags, type) in [(true, ["warning"], "warning"), (false, ["cd"], "info")] {
      let notice = PushDigest.Notice(title: "T", message: "M", isWarning: isWarning)
      let digest = PushDigest(items: [], notice: notice)
      let ntfy = Transport()
      _ = try await Self.channel("ntfy://127.0.0.1:1/topic", ntfy).attempt(digest)
      #expect(ntfy.json["tags"] as? [String] == tags)
      #expect(ntfy.json["title"] as? String == "T")
      #expect(ntfy.json["message"] as? String == "M")
      let json = Transport()
      _ = try await Self.channel("json://127.0.0.1:1/hook", json).attempt(digest)
      #expect(json.json["type"] as? String == type)
    }
  }

  @Test(arguments: [
    (429, DeliveryError.slowDown("", wait: .seconds(7)), true),
    (401, .permanent(""), false), (403, .permanent(""), false), (404, .permanent(""), false),
    (410, .permanent(""), false), (500, .temporary(""), true), (503, .temporary(""), true),
    (400, .permanent(""), false), (413, .permanent(""), false), (301, .permanent(""), false),
    (308, .permanent(""), false),
  ])
  func anAnswerIsJudgedByItsStatus(status: Int, kind: DeliveryError, temporary: Bool) async throws {
    let body = Data(#"{"code":40101,"http":401,"error":"unauthorized"}"#.utf8)
    let transport = Transport(HTTPAnswer(status: status, body: body, retryAfter: "7"))
    let error = await #expect(throws: DeliveryError.self) {
      try await Self.channel("ntfy://127.0.0.1:1/topic", transport).attempt(Self.digest(3))
    }
    #expect(error?.isTemporary == temporary)
    if case .slowDown(_, let wait) = kind, case .slowDown(_, let got)? = error { #expect(got == wait) }
    if status >= 400 { #expect(error?.description.contains("unauthorized") == true) }
  }

  @Test func theCourierWaitsAsLongAsTheServiceAsksWhenThatIsShort() async throws {
    let waits = NotedWaits()
    let transport = Transport(HTTPAnswer(status: 429, body: Data(), retryAfter: "5"))
    let channel = try Self.channel("ntfy://127.0.0.1:1/topic", transport)
    _ = await #expect(throws: DeliveryError.self) {
      try await Courier.push(Self.digest(1), through: channel, retryAfter: .seconds(30)) { waits.note($0) }
    }
    #expect(waits.all == [.seconds(5)])
    #expect(transport.sent.withLock(\.count) == 2)
    let long = Transport(HTTPAnswer(status: 429, body: Data(), retryAfter: "3600"))
    _ = await #expect(throws: DeliveryError.self) {
      try await Courier.push(Self.digest(1), through: try Self.channel("ntfy://127.0.0.1:1/t", long)) { waits.note($0) }
    }
    #expect(long.sent.withLock(\.count) == 1)
  }

  @Test func aWrongAddressNamesItsLineAndNeverItsToken() throws {
    let transport = Transport()
    for line in ["ntfy://host/bad topic!", "ntfy://host/a/b", "discord://only-id", "slack://A/B", "json:///path"] {
      let address = PushAddress(line, place: "push-channels, line 3")
      let error = #expect(throws: DeliveryError.self) {
        _ = try PushServices.standard.channels(
          [try #require(address)], serviceURLs: [:], transport: transport, apprise: "apprise")
      }
      #expect(error?.description.hasPrefix("push-channels, line 3: ") == true, "\(line)")
    }
  }

  /// Apprise's ways of giving ntfy a token: `?token=`, `?auth=token` with the token as the password or the user, a
  /// `tk_` token alone as either; `?auth=basic` and a user with a password are Basic.
  @Test(arguments: [
    ("ntfy://127.0.0.1/t?token=tk_q", "Bearer tk_q"), ("ntfy://tk_u@127.0.0.1/t", "Bearer tk_u"),
    ("ntfy://:tk_p@127.0.0.1/t", "Bearer tk_p"), ("ntfy://me:tk_p@127.0.0.1/t?auth=token", "Bearer tk_p"),
    ("ntfy://secret@127.0.0.1/t?auth=token", "Bearer secret"),
    ("ntfy://me:pw@127.0.0.1/t?auth=basic", "Basic " + Data("me:pw".utf8).base64EncodedString()),
    ("ntfy://me:tk_p@127.0.0.1/t", "Basic " + Data("me:tk_p".utf8).base64EncodedString()),
  ])
  func ntfyTakesATokenAsAppriseDoes(line: String, authorization: String) async throws {
    let transport = Transport()
    _ = try await Self.channel(line, transport).attempt(Self.digest(1))
    let sent = transport.last?.headers.filter { $0.hasPrefix("Authorization: ") }
    #expect(sent == ["Authorization: " + authorization], "\(line)")
  }

  /// A channel is named by what it is, never by its token: two that read alike are two, the same one with another
  /// token is the same, and one channel twice in the file is refused.
  @Test func channelsThatReadAlikeAreToldApartAndOneChannelTwiceIsRefused() throws {
    let transport = Transport()
    let names = try [
      "ntfy://music-alice", "ntfy://music-bob", "ntfy://tk_new@music-alice", "slack://T024/B1/s3cret",
      "slack://T024/B2/s3cret", "discord://118000111/a", "discord://118000222/a", "tgram://123456:ABC-bot/987",
      "tgram://123456:ABC-bot/988",
    ].map { line in try Self.channel(line, transport).name }
    #expect(Set(names).count == names.count - 1, "\(names)")
    #expect(names[0] != names[1] && names[0].hasPrefix("ntfy topic mu… on ntfy.sh #"))
    #expect(names[2] == names[0] && names[3] != names[4], "the same topic with a token is the same channel")
    #expect(names[7].hasPrefix("tgram:// channel #") && names[7].hasSuffix(" (through apprise)"))
    for name in names { #expect(!name.contains("s3cret") && !name.contains("ABC") && !name.contains("1234")) }
    let twice = ["ntfy://tk_old@127.0.0.1/news", "ntfy://tk_new@127.0.0.1/news"].enumerated().compactMap {
      index, line in
      PushAddress(line, place: "push-channels, line \(index + 2)")
    }
    let error = #expect(throws: DeliveryError.self) {
      _ = try PushServices.standard.channels(twice, serviceURLs: [:], transport: transport, apprise: "apprise")
    }
    #expect(
      error?.description
        == "push-channels, line 3 names the same channel as push-channels, line 2: keep one line for it")
  }

  /// A channel's identity is its service and a hash of what its URL names, never the URL's text: a token or a port
  /// changes nothing, ntfys:// is ntfy, and the name ends with the identity's mark, the 6 hex digits of the same
  /// FNV-1a that names made before identities were kept ended with, so a state keyed by those finds its channels.
  @Test func aChannelsIdentityIsItsServiceAndAHashAndNeverItsSecrets() throws {
    let transport = Transport()
    let lines = [
      "ntfys://tk_secret@ntfy.example.org:8443/deepcut-news", "ntfy://me:pw@ntfy.example.org/deepcut-news",
      "discord://4242/WebhookSecret", "slack://T024/B1/s3cret", "json://host.example/hook?+X-Key=s3cret",
      "tgram://123456:ABC-bot/987",
    ]
    let channels = try lines.map { try Self.channel($0, transport) }
    let ids = channels.map(\.id)
    #expect(ids[0] == ids[1])
    #expect(ids.map(\.service) == ["ntfy", "ntfy", "discord", "slack", "json", "tgram"])
    let topic = "ntfy ntfy.example.org deepcut-news"
    #expect(ids[0] == PushChannelID(service: "ntfy", naming: topic) && ids[0].hash == FNV1a.hash(topic))
    #expect(ids[0].mark == String(FNV1a.hex(topic).prefix(6)))
    for (channel, id) in zip(channels, ids) {
      #expect(channel.name.hasSuffix(" #\(id.mark)") || channel.name.hasSuffix(" #\(id.mark) (through apprise)"))
      #expect(id.rawValue.range(of: #"^[a-z]+:[0-9a-f]{16}$"#, options: .regularExpression) != nil, "\(id)")
      #expect(PushChannelID(rawValue: id.rawValue) == id)
      for secret in ["secret", "Secret", "s3cret", "pw", "news", "ABC", "hook", "example"] {
        #expect(!id.rawValue.contains(secret))
      }
    }
  }

  /// A release's kind is typed, and shows and is kept as the word it always was: "EP", never "ep".
  @Test func aReleasesKindShowsAndIsKeptAsItsWord() throws {
    for (word, kind) in [("album", ReleaseKind.album), ("EP", .ep), ("single", .single), ("ep", .ep)] {
      let json = #"{"artist":"A","id":"x","kind":"\#(word)","title":"T"}"#
      let item = try JSONDecoder().decode(PushItem.self, from: Data(json.utf8))
      #expect(item.kind == kind && item.upcoming == nil && item.url == nil, "\(word)")
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let ep = PushItem(id: "x", artist: "A", title: "T", kind: .ep, upcoming: "18 Dec 2026")
    #expect(
      String(decoding: try encoder.encode(ep), as: UTF8.self)
        == #"{"artist":"A","id":"x","kind":"EP","title":"T","upcoming":"18 Dec 2026"}"#)
    #expect(ep.detail == "EP, out 18 Dec 2026")
    #expect(PushDigest.line(ep, markdown: false) == "A — T (EP, out 18 Dec 2026)")
    #expect(JSONChannel.Release(ep).kind == "EP")
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(PushItem.self, from: Data(#"{"artist":"A","id":"x","kind":"LP","title":"T"}"#.utf8))
    }
  }

  /// Discord counts an embed's title in UTF-16 units: a cut keeps whole characters within them.
  @Test func aDiscordTitleIsCutInUTF16UnitsBetweenCharacters() {
    let title = String(repeating: "é", count: 201) + String(repeating: "🎸", count: 40)
    let cut = DiscordChannel.cut(title, to: 256)
    #expect(cut.utf16.count == 255 && cut.count == 228 && cut.hasSuffix("🎸") && title.hasPrefix(cut))
    #expect(DiscordChannel.cut("short", to: 256) == "short")
  }

  @Test func theChannelsFileIsReadableByItsOwnerAloneAndItsMistakesNameTheLine() throws {
    let path = NSTemporaryDirectory() + "push-channels-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let text = "# mine\n\nntfys://tk_abc@ntfy.sh/music\nnot a url with tk_abc\n"
    #expect(
      FileManager.default.createFile(atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o644]))
    let open = #expect(throws: DeliveryError.self) { try PushChannelsFile.read(path) }
    #expect(open?.description == "\(path) can be read by others (mode 644): chmod 600 \(path)")
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    let wrong = #expect(throws: DeliveryError.self) { try PushChannelsFile.read(path) }
    #expect(wrong?.description.hasPrefix("\(path), line 4: write a channel's URL") == true)
    #expect(wrong?.description.contains("tk_abc") == false)
    try Data(text.utf8.dropLast(22)).write(to: URL(fileURLWithPath: path))
    #expect(try PushChannelsFile.read(path).map(\.scheme) == ["ntfys"])
    // A comment after an address, and a Telegram bot's token with its colon, which no URL parser takes.
    let commented = "ntfy://deepcut-ana-7f3c   # a topic on ntfy.sh\ntgram://123456:ABC-bot-token/987654\t# mine\n"
    try Data(commented.utf8).write(to: URL(fileURLWithPath: path))
    let read = try PushChannelsFile.read(path)
    #expect(read.map(\.scheme) == ["ntfy", "tgram"])
    #expect(read.map(\.text.revealed) == ["ntfy://deepcut-ana-7f3c", "tgram://123456:ABC-bot-token/987654"])
    #expect(try PushChannelsFile.read(path + "-missing").isEmpty)
  }
}
