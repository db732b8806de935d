import Basics
import Foundation
import TestSupport
import Testing

extension Soak {
  /// At the end: the nights told every release the catalog listed; each channel took every one of them out, once,
  /// and one announced ahead as announced at most once before (as the nights tell it by default, when announced and
  /// again on its day; a channel down until it was out tells it out only); and `status` says each channel is fine
  /// as of its last push, with nothing waiting.
  func verify() async throws {
    let listed = Set(world.releases.map { String(900_000_000 + $0.number) })
    let toldIDs = Set(told.values.map(\.catalogID))
    let notTold = listed.subtracting(toldIDs).sorted().prefix(10)
    #expect(
      toldIDs == listed,
      "the catalog listed \(listed.count) releases, the nights told \(toldIDs.count); not told: \(notTold)")
    let states = try await channelStates()
    for channel in SoakChannel.allCases {
      let (out, announced) = timesShown(channel)
      // Every release comes out by the last night: each is told out.
      let missing = told.filter { out[$0.key] == nil }.map { "\($0.value.artist) — \($0.value.title)" }.sorted()
      let twice = out.merging(announced) { max($0, $1) }.filter { $0.value > 1 }.map {
        told[$0.key].map { "\($0.artist) — \($0.title)" } ?? $0.key
      }
      let strangers = Set(out.keys).union(announced.keys).filter { told[$0] == nil }.sorted()
      #expect(
        missing.isEmpty,
        "\(channel): \(missing.count) of \(told.count) releases never came out: \(missing.prefix(5))")
      #expect(twice.isEmpty, "\(channel) told \(twice.count) releases twice or more: \(twice.sorted().prefix(5))")
      #expect(strangers.isEmpty, "\(channel) showed what no night told: \(strangers.prefix(5))")
      let stale = staleLines(channel)
      #expect(
        stale.isEmpty, "\(channel) showed \(stale.count) releases as announced after they came out: \(stale.prefix(5))")
      let state = try #require(
        states.first(where: { $0.key.hasPrefix(channel.name) })?.value, "status names no \(channel.name)")
      let last = SoakWorld.now(try #require(messages[channel]?.last, "\(channel) took nothing").night)
      #expect(state.failure == nil && !state.permanent, "\(channel): \(state)")
      #expect(state.waiting == 0, "\(channel): \(state)")
      #expect(state.lastDelivered == last && state.lastAttempt == last, "\(state)")
    }
  }

  /// The releases `channel` showed as announced on a night they were out already: a line kept from before.
  func staleLines(_ channel: SoakChannel) -> [String] {
    let out = Dictionary(
      world.releases.map { (String(900_000_000 + $0.number), $0.out) }, uniquingKeysWith: { first, _ in first })
    return (messages[channel] ?? []).flatMap { message in
      message.announced.compactMap { line -> String? in
        guard let id = byLine[line], let catalogID = told[id]?.catalogID, let day = out[catalogID],
          message.night >= day
        else { return nil }
        return "\(line.artist) — \(line.title), out on night \(day), shown as announced on night \(message.night)"
      }
    }
  }

  /// How many accepted messages showed each release on `channel` out, and how many as announced, by id: the JSON
  /// channel's ids, the others' lines by artist and title (a line no night told is named as it reads).
  func timesShown(_ channel: SoakChannel) -> (out: [String: Int], announced: [String: Int]) {
    var announced: [String: Int] = [:]
    var out: [String: Int] = [:]
    for message in messages[channel] ?? [] {
      let ids =
        channel == .json
        ? message.ids : message.shown.map { byLine[$0] ?? "a line of its own: \($0.artist) — \($0.title)" }
      for (id, line) in zip(ids, message.shown) {
        if message.announced.contains(line) { announced[id, default: 0] += 1 } else { out[id, default: 0] += 1 }
      }
    }
    return (out, announced)
  }

  /// The soak in figures: nights, releases, pushes and failures per channel, and each channel's longest push.
  func figures(wallTime: Duration) -> String {
    let announced = world.releases.count { $0.listed < $0.out }
    let seconds = nightSeconds.sorted()
    let failed = failures.values.flatMap(\.values).reduce(0, +)
    let byKind = SoakOutage.allCases.map { kind in
      "\(kind.rawValue) \(failures.values.reduce(0) { $0 + ($1[kind] ?? 0) })"
    }
    let wall = Int(wallTime.inSeconds.rounded())
    let (fewest, most) = (toldPerNight.min() ?? 0, toldPerNight.max() ?? 0)
    let (none, over) = (toldPerNight.count { $0 == 0 }, toldPerNight.count { $0 > 30 })
    let endings = exitStatuses.sorted { $0.key < $1.key }.map { "\($0.value) exited \($0.key)" }
    var lines: [String] = []
    lines.append(
      "push soak: \(SoakWorld.nights) nights through \(DeepcutProcess.executable.path) in \(wall) s "
        + "(a night \(format(seconds.first)) to \(format(seconds.last)) s, each with its status)")
    lines.append(
      "releases: \(told.count) told, new or announced (\(announced) announced ahead); \(fewest) to \(most) a night, "
        + "\(none) nights none, \(over) nights over 30")
    lines.append("nights: " + endings.joined(separator: ", "))
    lines.append(
      "failures injected: \(failed) pushes failed (\(byKind.joined(separator: ", "))); "
        + "\(downAndQuiet) times a channel was down with nothing to say")
    lines.append("channel: pushes accepted, requests, failed nights (refused/503/429); the longest push")
    for channel in SoakChannel.allCases {
      let taken = messages[channel] ?? []
      let kinds = SoakOutage.allCases.map { String(failures[channel]?[$0] ?? 0) }.joined(separator: "/")
      let longest = taken.max { $0.size < $1.size }
      let push = longest.map {
        "\($0.size) \($0.sizeUnit) on night \($0.night), \($0.shown.count) releases shown, \($0.heldBack) held back"
      }
      lines.append(
        "  \(channel.rawValue): \(taken.count) pushes, \(requests[channel] ?? 0) requests, failed \(kinds); "
          + (push ?? "none"))
    }
    return lines.joined(separator: "\n")
  }

  private func format(_ seconds: Double?) -> String {
    String(format: "%.1f", seconds ?? 0)
  }
}
