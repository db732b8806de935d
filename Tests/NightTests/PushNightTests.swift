import Catalog
import Delivery
import Foundation
import Identity
import Night
import Synchronization
import TestSupport
import Testing

/// The push step of a night: each channel tells each release once, keeps what it did not say for its next push and
/// says that first, and holds back neither the e-mail nor another channel.
@Suite struct PushNightTests {
  /// The nightly e-mail of the sample night, with `channels`; retries come at once.
  static func plan(_ channels: [any PushChannel], at now: Date = NightTests.now) throws -> NightPlan {
    var plan = try NightTests.emailPlan(at: now)
    plan.mail?.channel = AcceptingChannel()
    plan.push = PushPlan(channels: channels, fullReportURL: "https://example.org/full.html")
    plan.retryAfter = .zero
    return plan
  }

  @Test func aChannelDownKeepsItsReleasesAndTellsThemFirstOnItsNextPushWhileTheOthersGoOn() async throws {
    let (store, console) = (MemoryNightStore(), KeptConsole())
    let up = ScriptedPushChannel("up")
    let down = ScriptedPushChannel("down", failing: [.temporary("down for the test"), .temporary("still down")])
    let plan = try Self.plan([up, down])
    let error = await #expect(throws: NightError.self) { try await NightTests.run(plan, store, console) }
    guard case .pushed(let failures, temporary: true)? = error else {
      Issue.record("expected the night to say the push that failed, not \(String(describing: error))")
      return
    }
    #expect(failures == ["not pushed to down (for now): still down"])
    #expect(await store.told.count > 0, "the e-mail was accepted, so the ledger tells its releases")
    #expect(up.digests.count == 1)
    let told = try #require(up.digests.first).items.count
    #expect(told > 0)
    #expect(await store.pushes.waiting[down.id]?.count == told)
    #expect((await store.pushes.told[down.id] ?? []).isEmpty)

    // The next night finds nothing new: the channel that was down says what waited, the other says nothing.
    down.failing = []
    try await NightTests.run(plan, store, console)
    #expect(down.digests.last?.items.map(\.id) == up.digests[0].items.map(\.id))
    #expect(up.digests.count == 1)
    #expect(await store.pushes.waiting[down.id]?.isEmpty == true)
    #expect(await store.pushes.told[down.id]?.count == told)

    // And the night after, nobody is told anything twice.
    try await NightTests.run(plan, store, console)
    #expect(up.digests.count == 1 && down.digests.count == 1)
    #expect(console.lines.contains { $0.hasPrefix("deepcut: pushed \(told) releases to down") })
  }

  @Test func whatAMessageDidNotShowWaitsAndComesFirst() async throws {
    let (store, console) = (MemoryNightStore(), KeptConsole())
    let narrow = ScriptedPushChannel("narrow", showing: 2)
    let plan = try Self.plan([narrow])
    try await NightTests.run(plan, store, console)
    let first = try #require(narrow.digests.first)
    #expect(first.items.count > 2)
    #expect(first.fullReport == "https://example.org/full.html")
    try await NightTests.run(plan, store, console)
    #expect(narrow.digests[1].items.map(\.id) == Array(first.items.dropFirst(2)).map(\.id))
    #expect(await store.pushes.told[narrow.id]?.count == 4)
  }

  @Test func aNightWithNothingNewPushesNothingUnlessAsked() async throws {
    let (store, console) = (MemoryNightStore(), KeptConsole())
    let quiet = ScriptedPushChannel("quiet")
    let asked = ScriptedPushChannel("asked")
    var plan = try Self.plan([quiet])
    try await NightTests.run(plan, store, console)
    try await NightTests.run(plan, store, console)
    #expect(quiet.digests.count == 1)
    plan.push = PushPlan(channels: [asked], whenEmpty: true)
    try await NightTests.run(plan, store, console)
    try await NightTests.run(plan, store, console)
    #expect(asked.digests.count == 2)
    #expect(asked.digests.last?.items.isEmpty == true)
    #expect(asked.digests.last?.title == "No new releases tonight")
    #expect(asked.digests.last?.text(shown: 0, markdown: true) == "Nothing new from the artists you own tonight.")
  }

  /// The sample's Paper Moons is announced for 16 Jan 2027: a channel tells it when announced, on its day, or both,
  /// as the ledger does, and each once.
  @Test(arguments: [
    (AnnouncedTelling.both, [true, true]), (.announced, [true, false]), (.releaseDay, [false, true]),
  ])
  func anAnnouncedReleaseIsPushedWhenTheSettingSaysAndEachTimeOnce(_ announced: AnnouncedTelling, told: [Bool])
    async throws
  {
    let (store, console) = (MemoryNightStore(), KeptConsole())
    let phone = ScriptedPushChannel("phone")
    let releaseDay = NightTests.now.addingTimeInterval(48 * 86_400)
    var pushed: [Bool] = []
    for now in [NightTests.now, NightTests.now.addingTimeInterval(86_400), releaseDay, releaseDay + 86_400] {
      var plan = try Self.plan([phone], at: now)
      plan.ledger.announced = announced
      let before = phone.digests.count
      try await NightTests.run(plan, store, console)
      let items = phone.digests.dropFirst(before).flatMap(\.items).filter { $0.title == "Paper Moons" }
      #expect(items.count <= 1)
      if now == NightTests.now { #expect(items.allSatisfy { $0.upcoming == "16 Jan 2027" }) }
      if now == releaseDay { #expect(items.allSatisfy { $0.upcoming == nil }) }
      pushed.append(!items.isEmpty)
    }
    #expect(pushed == [told[0], false, told[1], false])
  }

  /// Down from the night Paper Moons is announced until after its release day: what waits takes the release-day
  /// line, so the channel, back, tells it once, as out.
  @Test func aReleaseAnnouncedWhileAChannelIsDownIsToldOutOnceItIsBack() async throws {
    let (store, console) = (MemoryNightStore(), KeptConsole())
    let down = ScriptedPushChannel("down", failing: Array(repeating: .temporary("down for the test"), count: 4))
    let releaseDay = NightTests.now.addingTimeInterval(48 * 86_400)
    for now in [NightTests.now, releaseDay] {
      await #expect(throws: NightError.self) {
        try await NightTests.run(try Self.plan([down], at: now), store, console)
      }
    }
    #expect(down.digests.isEmpty)
    let waiting = await store.pushes.waiting[down.id]?.filter { $0.title == "Paper Moons" }
    #expect(waiting?.count == 1 && waiting?.first?.upcoming == nil, "\(String(describing: waiting))")
    down.failing = []
    try await NightTests.run(try Self.plan([down], at: releaseDay.addingTimeInterval(86_400)), store, console)
    let told = down.digests.flatMap(\.items).filter { $0.title == "Paper Moons" }
    #expect(told.count == 1 && told.first?.upcoming == nil, "\(told)")
  }

  @Test func onceAWeekThePushIsTheWeeksDigest() async throws {
    let (store, console) = (MemoryNightStore(), KeptConsole())
    let phone = ScriptedPushChannel("phone")
    var plan = try Self.plan([phone])
    plan.ledger.cadence = .weekly(.sunday)
    plan.push.whenEmpty = true
    try await NightTests.run(plan, store, console)
    try await NightTests.run(plan, store, console)
    let (week, empty) = (try #require(phone.digests.first), try #require(phone.digests.last))
    #expect(week.title.hasSuffix(" this week from artists you own") && week.title.contains(" new releases"))
    #expect(empty.title == "No new releases this week")
    #expect(empty.text(shown: 0, markdown: true) == "Nothing new from the artists you own this week.")
    let mail = try #require((plan.mail?.channel as? AcceptingChannel)?.messages.first)
    let text = String(decoding: mail.message, as: UTF8.self)
    // The subject's encoded words, each base64 of UTF-8, decoded and joined.
    let words = text.matches(of: /=\?UTF-8\?B\?([A-Za-z0-9+\/=]+)\?=/).compactMap { Data(base64Encoded: String($0.1)) }
    let subject = String(decoding: words.reduce(Data(), +), as: UTF8.self)
    #expect(subject.hasSuffix(" new releases this week from artists you own — 29 Nov 2026"), "\(subject)")
  }

  /// A channel is what its URL names: reworded, it keeps what waits for it and tells nothing twice.
  @Test func aChannelRewordedKeepsWhatWaitsForItAndTellsNothingTwice() async throws {
    let (store, console) = (MemoryNightStore(), KeptConsole())
    let before = ScriptedPushChannel("ntfy topic mu… on ntfy.sh #a1b2c3", naming: "ntfy ntfy.sh music", showing: 2)
    try await NightTests.run(try Self.plan([before]), store, console)
    let first = try #require(before.digests.first)
    let after = ScriptedPushChannel("the ntfy topic mu… on ntfy.sh (#a1b2c3)", naming: "ntfy ntfy.sh music")
    #expect(after.id == before.id)
    try await NightTests.run(try Self.plan([after]), store, console)
    #expect(after.digests.map { $0.items.map(\.id) } == [first.items.dropFirst(2).map(\.id)])
    #expect(await store.pushChannels().map(\.name) == [after.name])
    try await NightTests.run(try Self.plan([after]), store, console)
    #expect(after.digests.count == 1)
  }

  @Test func aRefusalThatLastsIsNamedAndAnEmailRefusedHoldsBackNoPush() async throws {
    let (store, console) = (MemoryNightStore(), KeptConsole())
    let gone = ScriptedPushChannel("gone", failing: [.permanent("webhook gone")])
    let up = ScriptedPushChannel("up")
    var plan = try Self.plan([gone, up])
    plan.mail?.channel = RefusingChannel()
    await #expect(throws: NightError.self) { try await NightTests.run(plan, store, console) }
    #expect(up.digests.count == 1, "the e-mail refused holds back no channel")
    let states = await store.pushChannels()
    #expect(states.map(\.name) == ["gone", "up"] && states.map(\.channel) == [gone.id, up.id])
    #expect(states[0].permanent && states[0].failure == "webhook gone" && states[0].lastDelivered == nil)
    #expect(!states[1].permanent && states[1].failure == nil && states[1].lastDelivered == NightTests.now)
    // The e-mail said nothing, so the next night lists the same releases; the channel that told them stays quiet.
    plan.mail?.channel = AcceptingChannel()
    try? await NightTests.run(plan, store, console)
    #expect(up.digests.count == 1)
  }
}

/// A push channel that fails as it is told to, shows at most `showing` items, and keeps every digest it accepted.
final class ScriptedPushChannel: PushChannel, @unchecked Sendable {
  let id: PushChannelID
  let name: String
  let showing: Int
  private let state: Mutex<(failing: [DeliveryError], digests: [PushDigest])>

  /// A channel named `name`, whose URL names `naming` (its name unless said).
  init(_ name: String, naming: String? = nil, failing: [DeliveryError] = [], showing: Int = .max) {
    id = PushChannelID(service: "test", naming: naming ?? name)
    self.name = name
    self.showing = showing
    state = Mutex((failing, []))
  }

  var failing: [DeliveryError] {
    get { state.withLock(\.failing) }
    set { state.withLock { $0.failing = newValue } }
  }
  var digests: [PushDigest] { state.withLock(\.digests) }

  func attempt(_ digest: PushDigest) async throws(DeliveryError) -> PushReceipt {
    let failure = state.withLock { $0.failing.isEmpty ? nil : $0.failing.removeFirst() }
    if let failure { throw failure }
    state.withLock { $0.digests.append(digest) }
    return PushReceipt(shown: min(showing, digest.items.count), reply: "200", size: "1 of 1 lines")
  }
}

/// Trouble goes through every channel that takes it, once a day.
@Suite struct TroubleTellingTests {
  @Test func troubleIsToldOnceADayAndAgainTheNextDay() async throws {
    let folder = NightTests.folder()
    let channel = ScriptedPushChannel("up")
    let down = ScriptedPushChannel("down", failing: [.temporary("no"), .temporary("no")])
    let trouble = try #require(Trouble.of(.library(.unreadable(path: "/x/Library.xml", reason: "no such file"))))
    let now = NightTests.now
    let first = await TroubleTelling.tell(
      trouble, through: [channel, down], folder: folder, now: now, retryAfter: .zero)
    #expect(first == ["up"])
    #expect(channel.digests.first?.title == "deepcut: the library could not be read")
    #expect(channel.digests.first?.notice?.message.hasPrefix("/x/Library.xml: no such file. Tonight told") == true)
    #expect(await TroubleTelling.tell(trouble, through: [channel], folder: folder, now: now, retryAfter: .zero).isEmpty)
    let later = now.addingTimeInterval(86_400)
    #expect(
      await TroubleTelling.tell(trouble, through: [channel], folder: folder, now: later, retryAfter: .zero) == ["up"])
    #expect(channel.digests.count == 2)
  }

  /// Once a day on each channel, by what its URL names: one that was down takes it on a later run that day, one
  /// reworded since is the one that took it, and a day's line from before lines named a channel counts for all.
  @Test func aChannelDownWhenTroubleWasToldTakesItLaterThatDayAndOnlyIt() async throws {
    let folder = NightTests.folder()
    let up = ScriptedPushChannel("up")
    let down = ScriptedPushChannel("down", failing: [.temporary("no"), .temporary("no")])
    let trouble = Trouble.state("the disk is full")
    let now = NightTests.now
    #expect(
      await TroubleTelling.tell(trouble, through: [up, down], folder: folder, now: now, retryAfter: .zero) == ["up"])
    let reworded = ScriptedPushChannel("up, in other words", naming: "up")
    let again = await TroubleTelling.tell(
      trouble, through: [reworded, down], folder: folder, now: now, retryAfter: .zero)
    #expect(again == ["down"] && reworded.digests.isEmpty && down.digests.count == 1)
    let stale = Trouble.stale(line: "the library is 30 days old", advice: nil)
    #expect(await TroubleTelling.tell(stale, through: [up], folder: folder, now: now, retryAfter: .zero) == ["up"])
    let day = CalendarDay.today(at: now).description
    let lines = try String(contentsOfFile: folder + "/trouble-told", encoding: .utf8).split(separator: "\n")
    #expect(
      lines == [
        "\(day)\tstate\t\(up.id.rawValue)", "\(day)\tstate\t\(down.id.rawValue)",
        "\(day)\tstale library\t\(up.id.rawValue)",
      ])

    try Data("\(day)\tlibrary\n".utf8).write(to: URL(fileURLWithPath: folder + "/trouble-told"))
    let library = try #require(Trouble.of(.library(.unreadable(path: "/x/Library.xml", reason: "no such file"))))
    #expect(
      await TroubleTelling.tell(library, through: [up, down], folder: folder, now: now, retryAfter: .zero).isEmpty)
  }

  @Test func aSignalOrAPushThatFailedIsNoTroubleToPush() {
    #expect(Trouble.of(.interrupted(signal: 15, kept: 3)) == nil)
    #expect(Trouble.of(.pushed(["not pushed"], temporary: true)) == nil)
    #expect(Trouble.of(.catalog(.unreachable("no request was answered")))?.kind == .catalogs)
    #expect(Trouble.of(.state("disk full"))?.kind == .state)
  }
}
