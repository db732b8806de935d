import Delivery
import Foundation
import Night
import State
import Testing

/// What each channel told and what waits for it, in the real file: a channel tells each release once, what waits
/// stays in its order until told, and a push's record is one transaction that survives reopening.
@Suite struct PushLedgerTests {
  static func item(_ id: String) -> PushItem {
    PushItem(id: id, artist: "Artist \(id)", title: "Title \(id)", kind: .album, url: "https://e.x/\(id)")
  }

  @Test func whatWaitsIsKeptInOrderUntilToldAndWhatWasToldIsNeverAskedAgain() async throws {
    try await withTemporaryDirectory { directory in
      do {
        let store = try StateStore(directory: directory)
        try await store.recordPush(
          channel: "ntfy topic mu… on ntfy.sh",
          PushRecord(
            at: date(100), told: [], waiting: ["a", "b", "c"].map(Self.item), reply: nil, failure: "down",
            permanent: false))
        try await store.recordPush(
          channel: "ntfy topic mu… on ntfy.sh",
          PushRecord(at: date(200), told: [], waiting: ["d"].map(Self.item), reply: nil, failure: "down again"))
      }
      let store = try StateStore(directory: directory)
      let backlog = try await store.pushBacklog(channel: "ntfy topic mu… on ntfy.sh", among: ["a", "x"])
      #expect(backlog.waiting.map(\.id) == ["a", "b", "c", "d"])
      #expect(backlog.waiting.first == Self.item("a"))
      #expect(backlog.told.isEmpty)
      try await store.recordPush(
        channel: "ntfy topic mu… on ntfy.sh",
        PushRecord(at: date(300), told: ["a", "b"].map(Self.item), waiting: ["c", "d"].map(Self.item), reply: "200"))
      let after = try await store.pushBacklog(channel: "ntfy topic mu… on ntfy.sh", among: ["a", "b", "c", "z"])
      #expect(after.waiting.map(\.id) == ["c", "d"])
      #expect(after.told == ["a", "b"])
      #expect(try await store.pushBacklog(channel: "another", among: ["a"]).told.isEmpty)
      let states = try await store.pushChannels()
      #expect(states.count == 1)
      #expect(states.first?.lastDelivered == date(300) && states.first?.lastReply == "200")
      #expect(states.first?.failure == nil && states.first?.waiting == 2)
    }
  }

  @Test func aRefusalThatLastsIsKeptWithTheLastDeliveryBeforeIt() async throws {
    try await withTemporaryDirectory { directory in
      let store = try StateStore(directory: directory)
      try await store.recordPush(
        channel: "hook", PushRecord(at: date(10), told: [Self.item("a")], waiting: [], reply: "204"))
      try await store.recordPush(
        channel: "hook",
        PushRecord(at: date(20), told: [], waiting: [Self.item("b")], reply: nil, failure: "gone", permanent: true))
      let state = try #require(try await store.pushChannels().first)
      #expect(state.lastAttempt == date(20) && state.lastDelivered == date(10) && state.lastReply == "204")
      #expect(state.failure == "gone" && state.permanent && state.waiting == 1)
    }
  }
}
