internal import Basics
internal import Delivery
internal import Foundation
internal import HTTP
internal import Options
internal import Scheduling
internal import SettingsKit

/// How the nightly news reaches the person: by e-mail, through push channels, or both.
enum Telling: String, CaseIterable, Sendable {
  case email = "e-mail"
  case push
  case both

  var mails: Bool { self != .push }
  var pushes: Bool { self != .email }

  /// An answer to setup's question, in any case; "email" and "mail" are the e-mail too.
  init?(answer: String) {
    switch answer.lowercased() {
    case "e-mail", "email", "mail": self = .email
    case "push", "pushes": self = .push
    case "both": self = .both
    default: return nil
    }
  }

  /// What the flags and the files already there say; nil when they say neither.
  static func given(mails: Bool, pushes: Bool) -> Telling? {
    switch (mails, pushes) {
    case (true, true): .both
    case (true, false): .email
    case (false, true): .push
    case (false, false): nil
    }
  }
}

/// The push channels setup will leave: their file, what it held, and the addresses given now (nil when the file is
/// kept as it is). Each address is paired with the channel's name, which is all a message ever shows of it.
struct PushChannelsDraft {
  struct Named {
    let address: PushAddress
    let name: String
  }

  let path: String
  let before: [Named]
  var given: [Named]?

  /// What writing changes in a file that held channels, a line a channel: `- ntfy topic de… on ntfy.sh`, `+ Discord
  /// webhook 4242…`; nil when it held none (the file is new) or the same ones.
  var changesDescribed: String? {
    guard let given, !before.isEmpty else { return nil }
    let removed = before.filter { old in !given.contains { $0.address.text == old.address.text } }
    let added = given.filter { new in !before.contains { $0.address.text == new.address.text } }
    guard !removed.isEmpty || !added.isEmpty else { return nil }
    let lines = removed.map { "  - \($0.name)" } + added.map { "  + \($0.name)" }
    return "\(path) changes:\n" + lines.joined(separator: "\n")
  }
}

/// Makes the channel an address names, as a night makes it (`--push-url` reaching a service elsewhere), and refuses
/// one that names none without ever showing the address: it carries the channel's token.
struct PushChannelMaker {
  let serviceURLs: [String: URL]
  let transport: any PushTransport

  init(serviceURLs: [String: URL], transport: any PushTransport) {
    self.serviceURLs = serviceURLs
    self.transport = transport
  }

  init(_ settings: Resolved) throws(CLIError) {
    self.init(
      serviceURLs: try settings[\.push.serviceURLs],
      transport: HTTPClient(configuration: PushOptions.client))
  }

  /// Where a typed URL is said to be in a refusal, in place of the URL itself.
  static let typedPlace = "that URL"

  /// The address a person typed and its channel: one a channel is made of, and not one of `given` again.
  func made(typed: String, among given: [PushAddress]) throws(CLIError) -> (PushAddress, any PushChannel) {
    guard let address = PushAddress(typed, place: Self.typedPlace) else {
      throw .usage(
        "\(Self.typedPlace) is not a channel's URL: write one such as ntfy://TOPIC, ntfys://HOST/TOPIC, "
          + "discord://ID/TOKEN or slack://A/B/C")
    }
    let made = try channel(address)
    // The same channel with another token is the same channel too: a night would refuse the file.
    guard !given.contains(where: { $0.text == address.text || (try? channel($0).id) == made.id }) else {
      throw .usage("that channel is in the list already: give another, or Enter to end the list")
    }
    return (address, made)
  }

  /// The channel `address` names: a service deepcut speaks, else the Apprise command.
  func channel(_ address: PushAddress) throws(CLIError) -> any PushChannel {
    let made: [any PushChannel]
    do {
      made = try PushServices.standard.channels(
        [address], serviceURLs: serviceURLs, transport: transport, apprise: "apprise")
    } catch {
      throw .usage(error.description)
    }
    guard let channel = made.first else { throw .usage("\(address.place): no channel is made of it") }
    return channel
  }

  /// `address` and its channel's name; an address the file holds that makes no channel is named by its place.
  func named(_ address: PushAddress) -> PushChannelsDraft.Named {
    PushChannelsDraft.Named(address: address, name: (try? channel(address).name) ?? "the channel at \(address.place)")
  }
}

/// The push channels: kept from their file, piped in, or typed one at a time unseen; each made into its channel and,
/// unless `--no-test-mail`, sent a test message before anything is written.
extension Setup {
  static func testNotice(_ cadence: Cadence) -> PushDigest.Notice {
    let what = cadence.weekday == nil ? "the nightly new releases" : "the week's new releases \(cadence.each)"
    return PushDigest.Notice(
      title: "deepcut's test message", message: "deepcut is set up: this channel will get \(what)", isWarning: false)
  }

  /// What a channel's URL is, in two lines, before the first is asked.
  static let channelHowTo = [
    "A push channel is one URL: ntfy://TOPIC, ntfys://HOST/TOPIC (a tk_ token as the user), discord://ID/TOKEN from "
      + "a webhook's address, slack://A/B/C, json://HOST/PATH, or any Apprise URL.",
    "It carries the channel's token, so it is not shown as you type it; an empty answer ends the list.",
  ]

  /// E-mail, push or both: asked on a terminal, with what the flags and the files say as the default; under `--yes`,
  /// what they say.
  mutating func chooseTelling() throws(CLIError) {
    let (proposed, filed) = try toldSoFar()
    guard prompter.asks else {
      guard let proposed else {
        throw .usage("setup --yes needs --to ADDRESS, or push channels: --push-stdin, or --push-channels FILE")
      }
      telling = proposed
      return
    }
    telling = try prompter.ask(
      "How should deepcut tell you \(cadence.each): e-mail, push or both", default: (proposed ?? .email).rawValue,
      flag: "--to ADDRESS or --push-stdin"
    ) { (typed) throws(CLIError) -> Telling in
      guard let telling = Telling(answer: typed) else { throw .usage("answer e-mail, push or both") }
      return telling
    }
    // Setup removes no file of the person's: the nights push to the channels it names while it is there.
    if !telling.pushes, filed {
      Console.out("  \(try channelsPath) still names push channels: the nights push to them until you remove it")
    }
  }

  /// How the flags and the files there say the person is told (nil: they say nothing), and whether the channels file
  /// names channels already.
  func toldSoFar() throws(CLIError) -> (Telling?, filed: Bool) {
    // A mail route given is an e-mail wanted: its address is then asked for (or named as missing).
    let mails =
      settings.onCommandLine(\.mail.to) || current(\.mail.to) != nil || settings.onCommandLine(\.mail.smtp.url)
      || settings.onCommandLine(\.mail.sendmail.command) || password != nil
    let filed = !(try Self.channels(in: channelsPath)).isEmpty
    let pushes = pipedChannels != nil || settings.onCommandLine(\.push.channels) || filed
    return (Telling.given(mails: mails, pushes: pushes), filed)
  }

  /// Push alone: an address the config names would still be e-mailed each night, so it comes out.
  mutating func leaveOutMail() throws(CLIError) {
    guard draft.value(at: "email.to") != nil else { return }
    try Self.editing { () throws(SettingsError) in try draft.remove("email.to") }
  }

  /// The channels file, absolute: as given, else as the config names it, else beside config.json.
  var channelsPath: String {
    get throws(CLIError) {
      let path = try settings[\.push.channels]
      return path.hasPrefix("/") ? path : configFolder + "/" + path
    }
  }

  /// The addresses in the channels file at `path`; none when there is none.
  static func channels(in path: String) throws(CLIError) -> [PushAddress] {
    do {
      return try PushChannelsFile.read(path)
    } catch {
      throw .config(error.description)
    }
  }

  mutating func choosePushChannels() async throws(CLIError) {
    let path = try channelsPath
    try notePushSettings(path)
    let maker = try PushChannelMaker(settings)
    let before = try Self.channels(in: path).map(maker.named)
    if let piped = pipedChannels {
      for address in piped { try await testOrFail(try maker.channel(address)) }
      pushDraft = PushChannelsDraft(path: path, before: before, given: piped.map(maker.named))
    } else if try await keeps(before, path: path, maker) {
      pushDraft = PushChannelsDraft(path: path, before: before, given: nil)
    } else {
      guard prompter.asks else {
        throw .usage(
          "setup --yes needs push channels: \(path) names none; write one URL a line in it (chmod 600), or pipe "
            + "them in with --push-stdin")
      }
      let typed = try await typeChannels(maker)
      if typed.isEmpty, !before.isEmpty { Console.out("  \(path) stays as it is: remove it to push nothing") }
      pushDraft = typed.isEmpty ? nil : PushChannelsDraft(path: path, before: before, given: typed)
    }
  }

  /// A channels file elsewhere, and services reached elsewhere, go in the config; the URLs themselves never do.
  mutating func notePushSettings(_ path: String) throws(CLIError) {
    if settings.onCommandLine(\.push.channels), path != configFolder + "/push-channels" {
      try set(\.push.channels, to: path)
    }
    if settings.onCommandLine(\.push.serviceURLs) { try set(\.push.serviceURLs, to: try settings[\.push.serviceURLs]) }
  }

  /// Whether the channels the file holds stay: on a terminal, when the person says so and each took its test
  /// message; with `--yes`, when there are any (a test that fails ends setup).
  func keeps(
    _ before: [PushChannelsDraft.Named], path: String, _ maker: PushChannelMaker
  ) async throws(CLIError) -> Bool {
    guard !before.isEmpty else { return false }
    let count = before.count == 1 ? "the push channel" : "the \(before.count) push channels"
    guard prompter.asks else {
      for kept in before { try await testOrFail(try maker.channel(kept.address)) }
      return true
    }
    guard try prompter.confirm("Keep \(count) in \(path) (\(before.map(\.name).joined(separator: ", ")))?") else {
      return false
    }
    for kept in before {
      do throws(CLIError) {
        if let refusal = await test(try maker.channel(kept.address)) { throw CLIError.usage(refusal) }
      } catch {
        Console.out("  \(error.description); give the channels again")
        return false
      }
    }
    return true
  }

  /// Channels typed one at a time until an empty answer: each refused at once when it names none, is one given
  /// already, or does not take its test message, and asked again.
  func typeChannels(_ maker: PushChannelMaker) async throws(CLIError) -> [PushChannelsDraft.Named] {
    Self.channelHowTo.forEach { Console.out($0) }
    var added: [PushChannelsDraft.Named] = []
    while true {
      let typed = try prompter.unseen("Push channel URL (not shown; Enter ends the list)")
      if typed.isEmpty {
        if !added.isEmpty || telling.mails { return added }
        Console.out("  a channel's URL is needed: deepcut tells you by push alone")
        continue
      }
      do throws(CLIError) {
        let (address, channel) = try maker.made(typed: typed, among: added.map(\.address))
        if let refusal = await test(channel) { throw CLIError.usage(refusal + "; give its URL again, or another") }
        added.append(PushChannelsDraft.Named(address: address, name: channel.name))
        Console.out("  added \(channel.name); another URL, or Enter to end the list")
      } catch {
        Console.out("  \(error.description)")
      }
    }
  }

  /// Sends the test message through `channel` and says what the service answered; with `--no-test-mail`, nothing.
  func sendTestPush(_ channel: any PushChannel) async throws(DeliveryError) {
    guard !((try? settings[\.setup.noTestMail]) ?? false) else { return }
    Console.out("sending a test message to \(channel.name)")
    let receipt = try await Courier.push(
      PushDigest(items: [], notice: Self.testNotice(cadence)), through: channel, retryAfter: .seconds(2))
    Console.out("  accepted: \(receipt.reply)")
  }

  /// The test message through `channel`: nil when it was accepted (or not sent), else why not.
  func test(_ channel: any PushChannel) async -> String? {
    do {
      try await sendTestPush(channel)
      return nil
    } catch {
      return "not pushed: \(error)"
    }
  }

  /// The test message through `channel`, or setup's end as a night's push would end it (69 until something is
  /// fixed, 75 for now).
  func testOrFail(_ channel: any PushChannel) async throws(CLIError) {
    do {
      try await sendTestPush(channel)
    } catch {
      throw .setup(
        "the test message was not pushed: \(error); fix that and run deepcut setup again (nothing was written or "
          + "scheduled)", error.isTemporary ? .tempFail : .unavailable)
    }
  }

  /// The URLs piped in with `--push-stdin`, one a line, `#` comments and blank lines skipped.
  static func channelsFromStandardInput() throws(CLIError) -> [PushAddress] {
    let text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    let addresses: [PushAddress]
    do {
      addresses = try PushChannelsFile.parse(text, path: "standard input")
    } catch {
      throw .usage(error.description)
    }
    guard !addresses.isEmpty else { throw .usage("--push-stdin read no channel's URL: pipe them in, one a line") }
    return addresses
  }

  /// The channels given now, once the person agreed to the changes: their file, mode 0600, written whole or not at
  /// all; a file kept is left as it is.
  func writePushChannels() throws(CLIError) {
    guard let pushDraft, let given = pushDraft.given else { return }
    let path = pushDraft.path
    guard pushDraft.before.map(\.address.text) != given.map(\.address.text) else {
      Console.out("\(path): unchanged")
      return
    }
    do {
      try SetupFiles.makeFolder(URL(fileURLWithPath: path).deletingLastPathComponent().path)
    } catch {
      throw CLIError(error)
    }
    let text = PushChannelsFile.fileText(given.map(\.address.text))
    try OutputFile.write(Data(text.utf8), to: path, mode: OwnerOnlyFile.mode, what: "the push channels")
    let count = given.count == 1 ? "the push channel" : "the \(given.count) push channels"
    Console.out("wrote \(count) to \(path) (mode 0600; only you can read it)")
  }
}
