public import Catalog
public import Delivery
public import Foundation
public import Identity
public import Night

/// Everything a night keeps, in memory: the catalog pass's answers (a ``MemoryCatalogStore``), the ledger of what
/// was told and the run log, kept as the state keeps them, so a whole night runs in a test with no file and no SQL.
public actor MemoryNightStore: CatalogStore, LedgerStore, RunLog {
  public let catalog = MemoryCatalogStore()
  private var seen: [CatalogName: [LedgerKey: SeenRelease]] = [:]
  /// Every run logged, in order, with its end once it has one.
  public private(set) var runs: [(kind: RunKind?, startedAt: Date, end: RunEnd?)] = []
  /// What each push channel told and what waits for it.
  public var pushes = MemoryPushes()

  public init() {}

  // MARK: - The catalog pass's answers

  public func resolutions(provider: CatalogName) async -> [ArtistKey: ArtistResolution] {
    await catalog.resolutions(provider: provider)
  }

  public func save(_ resolutions: [ArtistResolution]) async { await catalog.save(resolutions) }

  public func cachedResponses(provider: CatalogName, kind: String, keys: [String]) async -> [String: CachedResponse] {
    await catalog.cachedResponses(provider: provider, kind: kind, keys: keys)
  }

  public func store(provider: CatalogName, kind: String, responses: [(key: String, body: Data)], fetchedAt: Date)
    async
  {
    await catalog.store(provider: provider, kind: kind, responses: responses, fetchedAt: fetchedAt)
  }

  public func artwork(provider: CatalogName, releaseIDs: [CatalogReleaseID]) async -> [CatalogReleaseID:
    ArtworkRecord]
  {
    await catalog.artwork(provider: provider, releaseIDs: releaseIDs)
  }

  public func saveArtwork(provider: CatalogName, _ records: [ArtworkRecord]) async {
    await catalog.saveArtwork(provider: provider, records)
  }

  // MARK: - The ledger

  public func seenReleasesOfEveryCatalog() -> ReleaseLedger.Seen { seen }

  /// A release already recorded keeps its first sighting, unless it was recorded without a kind and this sighting
  /// has one: then it was another release of that key, and the sighting takes its place, told of nothing.
  public func recordSeen(provider: CatalogName, _ releases: [SeenRelease]) {
    for release in releases {
      if let kept = seen[provider]?[release.key], kept.kind != nil || release.kind == nil { continue }
      var fresh = release
      (fresh.reportedAt, fresh.reportedAs) = (nil, nil)
      seen[provider, default: [:]][release.key] = fresh
    }
  }

  public func markReported(provider: CatalogName, _ reported: [(key: LedgerKey, section: String)], at: Date) {
    for item in reported where seen[provider]?[item.key] != nil {
      seen[provider]?[item.key]?.reportedAt = at
      seen[provider]?[item.key]?.reportedAs = item.section
    }
  }

  /// The releases marked as told, of every catalog.
  public var told: [SeenRelease] { seen.values.flatMap(\.values).filter { $0.reportedAt != nil } }

  // MARK: - The run log

  public func beginRun(at: Date, kind: RunKind?) -> Int64 {
    runs.append((kind, at, nil))
    return Int64(runs.count)
  }

  public func finishRun(id: Int64, _ end: RunEnd, ifOpen: Bool) {
    let index = Int(id) - 1
    guard runs.indices.contains(index), !(ifOpen && runs[index].end != nil) else { return }
    runs[index].end = end
  }
}

// MARK: - What each push channel told

extension MemoryNightStore: PushLedger {
  public func pushBacklog(channel: PushChannelID, named name: String, among ids: [String]) -> PushBacklog {
    PushBacklog(
      waiting: pushes.waiting[channel] ?? [], told: Set(ids).intersection(pushes.told[channel] ?? []))
  }

  public func recordPush(channel: PushChannelID, named name: String, _ record: PushRecord) {
    let told = Set(record.told.map(\.id))
    pushes.told[channel, default: []].formUnion(record.told.map(\.toldID))
    let lines = Dictionary(record.waiting.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    // A release waiting keeps its place and takes tonight's line, as the state's table does.
    var waiting = (pushes.waiting[channel] ?? []).filter { !told.contains($0.id) }.map { lines[$0.id] ?? $0 }
    let queued = Set(waiting.map(\.id))
    waiting += record.waiting.filter { !queued.contains($0.id) }
    pushes.waiting[channel] = waiting
    pushes.records.append((channel, name, record))
  }

  public func pushChannels() -> [PushChannelState] {
    let channels = Dictionary(pushes.records.map { ($0.channel, $0.name) }, uniquingKeysWith: { _, last in last })
    return channels.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.compactMap { channel, name in
      guard let last = pushes.records.last(where: { $0.channel == channel })?.record else { return nil }
      let delivered = pushes.records.last { $0.channel == channel && $0.record.reply != nil }?.record
      return PushChannelState(
        channel: channel, name: name, lastAttempt: last.at, lastDelivered: delivered?.at, lastReply: delivered?.reply,
        failure: last.failure, permanent: last.permanent, waiting: pushes.waiting[channel]?.count ?? 0)
    }
  }
}

/// What the in-memory store keeps of pushes, as the state's three tables do: by each channel's identity.
public struct MemoryPushes: Sendable {
  public var told: [PushChannelID: Set<String>] = [:]
  public var waiting: [PushChannelID: [PushItem]] = [:]
  /// Every push recorded, in order, with how the channel read.
  public var records: [(channel: PushChannelID, name: String, record: PushRecord)] = []
}
