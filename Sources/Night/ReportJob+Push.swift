internal import Basics
internal import Delivery
internal import Foundation
internal import Identity
internal import Report

/// The step that pushes: with `--send`, each channel of the night gets a digest of what it has not told, side by
/// side, each on its own; one channel down holds back neither the e-mail nor another channel.
extension ReportJob {
  /// How one channel's push went.
  struct Pushed {
    var channel: PushChannelID
    /// How the channel reads, for what the night says.
    var name: String
    /// What the channel showed (and so told), and what waits for its next push.
    var told: Int
    var waiting: Int
    var outcome: Result<PushReceipt, DeliveryError>

    var failed: Bool {
      if case .failure = outcome { true } else { false }
    }
  }

  /// Pushes tonight's releases to every channel, recording each channel's push as it ends.
  mutating func push(_ outputs: Outputs) async throws(NightError) -> [Pushed] {
    guard !plan.push.channels.isEmpty, !plan.ledger.dryRun else { return [] }
    let start = timer.now
    defer { timings.append(ReportModel.Timing(phase: "push", seconds: (timer.now - start).inSeconds)) }
    let tonight = Self.pushItems(outputs.whole)
    let plan = plan
    let store = store
    do {
      return try await withThrowingTaskGroup(of: Pushed.self) { group in
        let alsoOut = outputs.whole.alsoOut.count
        for channel in plan.push.channels {
          group.addTask { try await Self.push(tonight, alsoOut: alsoOut, to: channel, plan: plan, store: store) }
        }
        var pushed: [Pushed] = []
        for try await one in group { pushed.append(one) }
        return plan.push.channels.compactMap { channel in pushed.first { $0.channel == channel.id } }
      }
    } catch {
      // Only the state can fail here: a channel's failure is its push's outcome.
      throw .state(String(describing: error))
    }
  }

  /// A library older than the setting is trouble too, told once a day through every channel beside the releases.
  func pushStaleLibrary(_ outputs: Outputs) async -> [String] {
    guard !plan.push.channels.isEmpty, !plan.ledger.dryRun, let library = outputs.whole.library, library.stale,
      let line = library.line
    else { return [] }
    return await TroubleTelling.tell(
      .stale(line: line, advice: library.advice), through: plan.push.channels, folder: plan.push.troubleFolder,
      now: plan.now, retryAfter: plan.retryAfter)
  }

  /// One channel: what waits for it first, then tonight's releases it has not told, most played first.
  static func push(
    _ tonight: [PushItem], alsoOut: Int = 0, to channel: any PushChannel, plan: NightPlan, store: any NightStore
  ) async throws -> Pushed {
    let backlog = try await store.pushBacklog(
      channel: channel.id, named: channel.name, among: tonight.flatMap(\.toldIDs))
    let fresh = Dictionary(tonight.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    // A release held over keeps its place and takes tonight's row, whose link may have become direct (and which may
    // be out now).
    let held = backlog.waiting.map { fresh[$0.id] ?? $0 }
    let heldIDs = Set(held.map(\.id))
    let items = held + tonight.filter { !$0.toldIDs.contains(where: backlog.told.contains) && !heldIDs.contains($0.id) }
    guard !items.isEmpty || plan.push.whenEmpty else {
      return Pushed(
        channel: channel.id, name: channel.name, told: 0, waiting: 0,
        outcome: .success(.init(shown: 0, reply: "", size: "")))
    }
    let digest = PushDigest(
      items: items, fullReport: plan.push.fullReportURL, alsoOut: alsoOut,
      cadence: plan.ledger.weekly ? plan.ledger.cadence : .nightly)
    do {
      let receipt = try await Courier.push(digest, through: channel, retryAfter: plan.retryAfter)
      let record = PushRecord(
        at: plan.now, told: Array(items.prefix(receipt.shown)), waiting: Array(items.dropFirst(receipt.shown)),
        reply: receipt.reply)
      try await store.recordPush(channel: channel.id, named: channel.name, record)
      return Pushed(
        channel: channel.id, name: channel.name, told: receipt.shown, waiting: items.count - receipt.shown,
        outcome: .success(receipt))
    } catch let error as DeliveryError {
      let record = PushRecord(
        at: plan.now, told: [], waiting: items, reply: nil, failure: error.description, permanent: !error.isTemporary)
      try await store.recordPush(channel: channel.id, named: channel.name, record)
      return Pushed(
        channel: channel.id, name: channel.name, told: 0, waiting: items.count, outcome: .failure(error))
    }
  }

  /// Tonight's releases a push tells, most played first: those out, then those announced.
  static func pushItems(_ model: ReportModel) -> [PushItem] {
    let out = model.new.sorted { $0.rank < $1.rank }.map { pushItem($0, upcoming: false) }
    let announced = model.upcoming.sorted { $0.rank < $1.rank }.map { pushItem($0, upcoming: true) }
    return out + announced
  }

  static func pushItem(_ release: ReportModel.Release, upcoming: Bool) -> PushItem {
    // The report writes each kind as its label, which reads back; a release of no kind it knows is an album, as the
    // library's keys take one.
    PushItem(
      id: release.id, artist: release.artist, title: release.title, kind: ReleaseKind(label: release.kind) ?? .album,
      upcoming: upcoming ? (release.releaseDateLabel ?? release.releaseDate ?? "soon") : nil,
      url: release.listen?.url ?? release.url,
      opens: release.listen.map { $0.direct ? $0.name : "search on \($0.name)" }, cover: release.artworkURL)
  }

  /// For standard error and the run log: what each channel did.
  func pushNotes(_ pushed: [Pushed]) -> [String] {
    pushed.compactMap { one in
      switch one.outcome {
      case .success(let receipt) where receipt.reply.isEmpty:
        return nil
      case .success(let receipt):
        let rest = one.waiting > 0 ? "; \(one.waiting) wait for the next push" : ""
        let again = receipt.attempts > 1 ? " at the second attempt" : ""
        return "pushed \(one.told) release\(one.told == 1 ? "" : "s") to \(one.name)\(again) "
          + "(\(receipt.reply); \(receipt.size))\(rest)"
      case .failure(let error):
        return "not pushed to \(one.name) (\(error.isTemporary ? "for now" : "until fixed")): \(error)"
      }
    }
  }
}
