import Basics
import Delivery
import Foundation
import HTTP
import Testing

@testable import DeepcutCLI
@testable import Options

/// What setup decides about push channels without a terminal or a service: how the person is told, a typed URL made
/// into its channel or refused without being shown, and what writing the channels file changes.
struct SetupPushTests {
  /// A transport no test here reaches: making a channel sends nothing.
  struct Unreached: PushTransport {
    func exchange(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPAnswer {
      HTTPAnswer(status: 500, body: Data())
    }
  }

  static let maker = PushChannelMaker(serviceURLs: [:], transport: Unreached())

  static func address(_ line: String) throws -> PushAddress {
    try #require(PushAddress(line, place: "push-channels, line 2"))
  }

  @Test func tellingIsAnsweredInAnyCaseAndGivenByWhatIsThere() {
    #expect(Telling(answer: "E-Mail") == .email)
    #expect(Telling(answer: "email") == .email)
    #expect(Telling(answer: "mail") == .email)
    #expect(Telling(answer: "Push") == .push)
    #expect(Telling(answer: "BOTH") == .both)
    #expect(Telling(answer: "pigeon") == nil)
    #expect(Telling.given(mails: true, pushes: true) == .both)
    #expect(Telling.given(mails: false, pushes: true) == .push)
    #expect(Telling.given(mails: true, pushes: false) == .email)
    #expect(Telling.given(mails: false, pushes: false) == nil)
    #expect(Telling.push.mails == false && Telling.push.pushes)
    #expect(Telling.email.mails && Telling.email.pushes == false)
    #expect(Telling.both.mails && Telling.both.pushes)
  }

  /// A refusal says what is wrong in words of its own, never the URL, which carries the token.
  @Test(arguments: [
    ("not a url tk_Secret", "is not a channel's URL"), ("discord://4242", "discord://WEBHOOK_ID/WEBHOOK_TOKEN"),
    ("ntfy://tk_Secret@127.0.0.1/bad topic", "an ntfy topic is 1 to 64 letters"),
    ("ntfy://tk_Secret@127.0.0.1/a/b", "name one ntfy topic a line"),
    ("ntfy://tk_Secret@127.0.0.1/news?priority=loud", "ntfy's priority is one of"),
  ])
  func aWrongURLIsRefusedWithoutBeingShown(typed: String, said: String) {
    let error = #expect(throws: CLIError.self) { _ = try Self.maker.made(typed: typed, among: []) }
    let message = error?.description ?? ""
    #expect(message.contains(said), "\(message)")
    #expect(message.hasPrefix(PushChannelMaker.typedPlace), "\(message)")
    #expect(!message.contains("tk_Secret") && !message.contains(typed))
  }

  @Test func aChannelIsMadeAsANightMakesItAndOneGivenTwiceIsRefused() throws {
    let (ntfy, channel) = try Self.maker.made(typed: "ntfy://tk_Secret@127.0.0.1:8080/news", among: [])
    #expect(channel.name.hasPrefix("ntfy topic ne… on 127.0.0.1 #"))
    #expect(ntfy.text.revealed == "ntfy://tk_Secret@127.0.0.1:8080/news")
    let (_, discord) = try Self.maker.made(typed: "discord://4242/Tok3n", among: [ntfy])
    #expect(discord.name.hasPrefix("Discord webhook 4242… #"))
    let again = #expect(throws: CLIError.self) {
      _ = try Self.maker.made(typed: "ntfy://tk_Secret@127.0.0.1:8080/news", among: [ntfy])
    }
    #expect(again?.description.contains("in the list already") == true)
    #expect(again?.description.contains("tk_Secret") == false)
    // The same topic with another token is the same channel.
    let retokened = #expect(throws: CLIError.self) {
      _ = try Self.maker.made(typed: "ntfy://tk_Other@127.0.0.1:8080/news", among: [ntfy])
    }
    #expect(retokened?.description.contains("in the list already") == true)
    // Any other scheme is the Apprise command's.
    let (_, apprise) = try Self.maker.made(typed: "gotify://127.0.0.1:9/ASecretToken", among: [])
    #expect(!apprise.name.contains("ASecretToken"))
  }

  /// A file that held channels shows which go and which come, by their names; a new file, or the same channels,
  /// shows nothing to agree to.
  @Test func writingTheFileSaysWhichChannelsGoAndCome() throws {
    let old = try Self.maker.named(Self.address("ntfy://tk_Old@127.0.0.1/oldtopic"))
    let kept = try Self.maker.named(Self.address("discord://4242/Tok3n"))
    let new = try Self.maker.named(Self.address("ntfys://tk_New@ntfy.example.org/newtopic"))
    let path = "/home/ana/.config/deepcut/push-channels"
    let replaced = PushChannelsDraft(path: path, before: [old, kept], given: [kept, new])
    #expect(
      replaced.changesDescribed
        == "\(path) changes:\n  - \(old.name)\n  + \(new.name)")
    #expect(
      old.name.hasPrefix("ntfy topic ol… on 127.0.0.1 #") && new.name.hasPrefix("ntfy topic ne… on ntfy.example.org"))
    #expect(PushChannelsDraft(path: path, before: [], given: [new]).changesDescribed == nil)
    #expect(PushChannelsDraft(path: path, before: [old, kept], given: [old, kept]).changesDescribed == nil)
    #expect(PushChannelsDraft(path: path, before: [old], given: nil).changesDescribed == nil)
  }

  /// The file setup writes reads back as the same addresses, in their order, a night reading it as written.
  @Test func theWrittenFileReadsBackAsTheURLsGiven() throws {
    let lines = ["ntfy://tk_Secret@127.0.0.1:8080/news", "discord://4242/Tok3n", "json://127.0.0.1:9/hook?+X-Key=k"]
    let text = PushChannelsFile.fileText(lines.map(Secret.init))
    let read = try PushChannelsFile.parse(text, path: "push-channels")
    #expect(read.map(\.text.revealed) == lines)
    #expect(text.hasPrefix("# "))
  }

  @Test func theTestMessageSaysWhatTheChannelWillGet() {
    let digest = PushDigest(items: [], notice: Setup.testNotice(.nightly))
    #expect(
      digest.text(shown: 0, markdown: true) == "deepcut is set up: this channel will get the nightly new releases")
    #expect(digest.title == "deepcut's test message")
    #expect(Setup.testNotice(.nightly).isWarning == false)
    #expect(
      Setup.testNotice(.weekly(.friday)).message
        == "deepcut is set up: this channel will get the week's new releases each Friday")
    #expect(Setup.channelHowTo.count == 2)
  }
}
