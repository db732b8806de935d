import Delivery
import Foundation
import Identity
import Night
import Testing

@testable import State

/// What each channel told and what waits for it, in the real file: a channel tells each release once, what waits
/// stays in its order until told, and a push's record is one transaction that survives reopening.
@Suite struct PushLedgerTests {
  static let ntfy = PushChannelID(service: "ntfy", naming: "ntfy ntfy.sh music")
  static let hook = PushChannelID(service: "discord", naming: "discord 4242")

  static func item(_ id: String, kind: ReleaseKind = .album) -> PushItem {
    PushItem(id: id, artist: "Artist \(id)", title: "Title \(id)", kind: kind, url: "https://e.x/\(id)")
  }

  @Test func whatWaitsIsKeptInOrderUntilToldAndWhatWasToldIsNeverAskedAgain() async throws {
    let name = "ntfy topic mu… on ntfy.sh #\(Self.ntfy.mark)"
    try await withTemporaryDirectory { directory in
      do {
        let store = try StateStore(directory: directory)
        try await store.recordPush(
          channel: Self.ntfy, named: name,
          PushRecord(
            at: date(100), told: [], waiting: ["a", "b", "c"].map { Self.item($0) }, reply: nil, failure: "down",
            permanent: false))
        try await store.recordPush(
          channel: Self.ntfy, named: name,
          PushRecord(at: date(200), told: [], waiting: [Self.item("d", kind: .ep)], reply: nil, failure: "down again"))
      }
      let store = try StateStore(directory: directory)
      let backlog = try await store.pushBacklog(channel: Self.ntfy, named: name, among: ["a", "x"])
      #expect(backlog.waiting.map(\.id) == ["a", "b", "c", "d"])
      #expect(backlog.waiting.first == Self.item("a"))
      #expect(backlog.waiting.last?.kind == .ep)
      #expect(backlog.told.isEmpty)
      try await store.recordPush(
        channel: Self.ntfy, named: name,
        PushRecord(
          at: date(300), told: ["a", "b"].map { Self.item($0) }, waiting: ["c", "d"].map { Self.item($0) },
          reply: "200"))
      let after = try await store.pushBacklog(channel: Self.ntfy, named: name, among: ["a", "b", "c", "z"])
      #expect(after.waiting.map(\.id) == ["c", "d"])
      #expect(after.told == ["a", "b"])
      #expect(try await store.pushBacklog(channel: Self.hook, named: "another", among: ["a"]).told.isEmpty)
      let states = try await store.pushChannels()
      #expect(states.map(\.channel) == [Self.ntfy] && states.map(\.name) == [name])
      #expect(states.first?.lastDelivered == date(300) && states.first?.lastReply == "200")
      #expect(states.first?.failure == nil && states.first?.waiting == 2)
    }
  }

  /// A release told when announced (after waiting for the channel) is told again once it is out, and only then.
  @Test func anAnnouncedReleaseToldIsToldAgainOnlyOut() async throws {
    try await withTemporaryDirectory { directory in
      let store = try StateStore(directory: directory)
      var announced = Self.item("m")
      announced.upcoming = "16 Jan 2027"
      try await store.recordPush(
        channel: Self.ntfy, named: "n", PushRecord(at: date(50), told: [], waiting: [Self.item("m")], reply: nil))
      // Waiting, it keeps its place and takes the newer line.
      try await store.recordPush(
        channel: Self.ntfy, named: "n", PushRecord(at: date(100), told: [], waiting: [announced], reply: nil))
      #expect(try await store.pushBacklog(channel: Self.ntfy, named: "n", among: []).waiting == [announced])
      try await store.recordPush(
        channel: Self.ntfy, named: "n", PushRecord(at: date(200), told: [announced], waiting: [], reply: "200"))
      let day = try await store.pushBacklog(channel: Self.ntfy, named: "n", among: announced.toldIDs + ["m"])
      #expect(day.told == ["m#announced"] && day.waiting.isEmpty)
      #expect(!Self.item("m").toldIDs.contains(where: day.told.contains), "out, it is news again")
      #expect(announced.toldIDs.contains(where: day.told.contains), "announced, it is told")
      try await store.recordPush(
        channel: Self.ntfy, named: "n", PushRecord(at: date(300), told: [Self.item("m")], waiting: [], reply: "200"))
      let after = try await store.pushBacklog(channel: Self.ntfy, named: "n", among: announced.toldIDs + ["m"])
      #expect(after.told == ["m", "m#announced"])
    }
  }

  @Test func aRefusalThatLastsIsKeptWithTheLastDeliveryBeforeIt() async throws {
    try await withTemporaryDirectory { directory in
      let store = try StateStore(directory: directory)
      try await store.recordPush(
        channel: Self.hook, named: "hook", PushRecord(at: date(10), told: [Self.item("a")], waiting: [], reply: "204"))
      try await store.recordPush(
        channel: Self.hook, named: "hook",
        PushRecord(at: date(20), told: [], waiting: [Self.item("b")], reply: nil, failure: "gone", permanent: true))
      let state = try #require(try await store.pushChannels().first)
      #expect(state.lastAttempt == date(20) && state.lastDelivered == date(10) && state.lastReply == "204")
      #expect(state.failure == "gone" && state.permanent && state.waiting == 1)
    }
  }

  /// The words are for people: a channel reworded (a new deepcut, another sentence) is the same channel, with what it
  /// told and what waits for it, and `status` shows its new words.
  @Test func rewordingAChannelLosesNothingAndStatusShowsTheNewWords() async throws {
    try await withTemporaryDirectory { directory in
      let store = try StateStore(directory: directory)
      let before = "Discord webhook 4242… #\(Self.hook.mark)"
      try await store.recordPush(
        channel: Self.hook, named: before,
        PushRecord(at: date(10), told: [Self.item("a")], waiting: [Self.item("b"), Self.item("c")], reply: "200"))
      let reworded = "the Discord webhook 4242… (#\(Self.hook.mark))"
      let backlog = try await store.pushBacklog(channel: Self.hook, named: reworded, among: ["a", "b", "d"])
      #expect(backlog.told == ["a"] && backlog.waiting.map(\.id) == ["b", "c"])
      try await store.recordPush(
        channel: Self.hook, named: reworded,
        PushRecord(at: date(20), told: [Self.item("b")], waiting: [], reply: "200"))
      let states = try await store.pushChannels()
      #expect(states.map(\.name) == [reworded] && states.first?.waiting == 1)
      #expect(
        try await store.pushBacklog(channel: Self.hook, named: "anything", among: ["a", "b", "c"]).told == ["a", "b"])
    }
  }
}

/// A state an older deepcut wrote keys each channel by its name, which ends with its identity's mark: each channel
/// takes its own rows when it is first used, and never another channel's.
@Suite struct EarlierPushesTests {
  static let id = PushChannelID(service: "ntfy", naming: "ntfy ntfy.sh music")

  @Test func theNameItReadsAsWinsElseTheOneNameWithItsMarkElseNone() {
    let now = "ntfy topic mu… on ntfy.sh #\(Self.id.mark)"
    let other = "ntfy topic ab… on ntfy.sh #123456"
    #expect(StateStore.earlierName(of: Self.id, named: now, among: [other, now]) == now)
    let older = "ntfy topic mu… on ntfy.sh (#\(Self.id.mark))"
    let worded = "an ntfy topic on ntfy.sh #\(Self.id.mark)"
    #expect(StateStore.earlierName(of: Self.id, named: now, among: [other, worded]) == worded)
    #expect(StateStore.earlierName(of: Self.id, named: now, among: [other, older]) == nil)
    let apprise = PushChannelID(service: "gotify", naming: "gotify://host/token")
    let through = "gotify:// channel #\(apprise.mark) (through apprise)"
    #expect(StateStore.earlierName(of: apprise, named: "gotify at host", among: [through]) == through)
    // Two names with one mark, neither as the channel reads: two channels, so neither is taken.
    let twin = "Slack webhook T0AA… #\(Self.id.mark)"
    #expect(StateStore.earlierName(of: Self.id, named: "reworded #\(Self.id.mark)", among: [worded, twin]) == nil)
    #expect(StateStore.earlierName(of: Self.id, named: now, among: [now, twin]) == now)
  }

  @Test func rowsOfTwoChannelsWithOneMarkStayApartAndStayKept() async throws {
    try await withTemporaryDirectory { directory in
      let path = databasePath(in: directory)
      let store = try StateStore(directory: directory)
      let names = ["ntfy topic mu… on ntfy.sh #\(Self.id.mark)", "Slack webhook T0AA… #\(Self.id.mark)"]
      for name in names {
        try Database(path: path).run(
          "INSERT INTO push_told_by_name (channel, release_id, told_at) VALUES (?, 'r1', 1)", [.text(name)])
      }
      let backlog = try await store.pushBacklog(channel: Self.id, named: "reworded #\(Self.id.mark)", among: ["r1"])
      #expect(backlog.told.isEmpty)
      #expect(try rowCount("push_told_by_name", path: path) == 2)
      // Named as it read then, the channel takes its own rows and leaves the other's.
      #expect(try await store.pushBacklog(channel: Self.id, named: names[0], among: ["r1"]).told == ["r1"])
      #expect(try rowCount("push_told_by_name", path: path) == 1)
    }
  }
}
