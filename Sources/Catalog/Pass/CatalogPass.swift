internal import Basics
public import Foundation
import Identity
public import MusicLibrary

/// Looks every library artist up in one catalog (a ``CatalogProvider``), most played first, in small steps that
/// each keep what they learn.
///
/// The artists are taken in groups that fill one release request: resolve the group (remembered resolutions
/// first, searches for the rest, then the evidence that tells namesakes apart where the provider needs it), fetch
/// its release lists, decide the artists whose candidates needed them, then the next group. Every answer is
/// committed to the store (a ``CatalogStore``: the state database) as it arrives, so a run that ends any way at all
/// (budget, signal, kill) leaves a most-played prefix checked and every answer kept, and the next run continues
/// where it stopped without asking anything twice.
public struct CatalogPass: Sendable {
  public let provider: any CatalogProvider
  public let store: any CatalogStore
  public let options: CatalogPassOptions
  public let now: Date
  /// Measures the budget; the continuous clock from the pass's creation unless given.
  public let clock: PassClock
  /// Told after every answer kept and every group decided.
  public let progress: @Sendable (PassProgress) -> Void
  /// Told of each artist whose releases the pass has come to know, as soon as it knows them all, most played first:
  /// what waits for them (links asked by UPC) need not wait for the whole pass.
  public var releasesKnown: (@Sendable (_ artist: LibraryArtist, _ releases: [CatalogRelease]) -> Void)?

  public init(
    provider: any CatalogProvider,
    store: any CatalogStore,
    options: CatalogPassOptions,
    now: Date,
    clock: PassClock = .startingNow(),
    progress: @escaping @Sendable (PassProgress) -> Void = { _ in }
  ) {
    self.provider = provider
    self.store = store
    self.options = options
    self.now = now
    self.clock = clock
    self.progress = progress
  }

  public func run(_ library: OwnedLibrary) async throws(CatalogError) -> CatalogOutcome {
    var state = try await start(library)
    let timer = ContinuousClock()
    while state.cursor < state.artists.count, state.stop == nil {
      let resolveStart = timer.now
      try await resolve(&state)
      try await gatherEvidence(&state)
      state.stats.resolveSeconds += (timer.now - resolveStart).inSeconds

      let lookupStart = timer.now
      let isLast = state.cursor == state.artists.count || state.stop != nil
      try await fetchAlbums(&state, flush: isLast)
      state.stats.lookupSeconds += (timer.now - lookupStart).inSeconds

      try await decide(&state)
      measure(&state)
      announceKnown(&state)
    }
    return await assemble(state)
  }

  /// Reads what earlier runs left: resolutions, and the cached release lists of the artists they name.
  private func start(_ library: OwnedLibrary) async throws(CatalogError) -> PassState {
    let memory: [ArtistKey: ArtistResolution]
    do {
      memory = try await store.resolutions(provider: provider.name)
    } catch {
      throw .state(String(describing: error))
    }
    var state = PassState(library: library, memory: memory)
    var ids: [CatalogArtistID] = []
    for resolution in memory.values {
      ids += resolution.matches.map(\.id)
      if resolution.status == .pending { ids += Self.decodeCandidates(resolution.candidates).map(\.id) }
    }
    state.cached = try await cachedLists(ids)
    state.requestsToFinish = estimatedRequestsToFinish(state)
    return state
  }

  /// Each artist followed whose every release list is known, once.
  private func announceKnown(_ state: inout PassState) {
    guard let releasesKnown else { return }
    for index in state.unannounced..<state.cursor where !state.announced.contains(index) && state.isSettled(index) {
      state.announced.insert(index)
      guard case .follow(let followed)? = state.verdicts[index], state.isChecked(index) else { continue }
      releasesKnown(state.artists[index], followed.flatMap { state.albums[$0.id] ?? [] })
    }
    while state.announced.contains(state.unannounced) { state.unannounced += 1 }
  }

  // MARK: - Shared by the phases

  /// The release lists cached for `ids`, by id, whatever their age.
  func cachedLists(_ ids: [CatalogArtistID]) async throws(CatalogError) -> [CatalogArtistID: CachedResponse] {
    guard let kind = ids.first.map({ provider.cacheEntry(for: $0).kind }) else { return [:] }
    let keys = Dictionary(ids.map { (provider.cacheEntry(for: $0).key, $0) }, uniquingKeysWith: { first, _ in first })
    do {
      let cached = try await store.cachedResponses(provider: provider.name, kind: kind, keys: Array(keys.keys))
      var byID: [CatalogArtistID: CachedResponse] = [:]
      for (key, response) in cached { if let id = keys[key] { byID[id] = response } }
      return byID
    } catch {
      throw .state(String(describing: error))
    }
  }

  /// A cached list that still counts (any age, offline), read back.
  func usable(_ entry: CachedResponse?) -> [CatalogRelease]? {
    guard let entry, options.offline || now.timeIntervalSince(entry.fetchedAt) < options.maxAge else { return nil }
    return provider.cachedReleases(entry.body)
  }

  /// Asks for the release lists of `ids` unless this run knows them already or the cache has them fresh.
  func want(_ ids: [CatalogArtistID], _ state: inout PassState) {
    for id in ids where state.albums[id] == nil && state.albumFailures[id] == nil && !state.wantedSet.contains(id) {
      if let releases = usable(state.cached[id]) {
        state.albums[id] = releases
        state.stats.cacheHits += 1
      } else {
        state.wanted.append(id)
        state.wantedSet.insert(id)
      }
    }
  }

  /// The spacing of requests at the catalog's limit; nil when there is no limit.
  var requestInterval: Duration? {
    let perMinute = provider.limits.requestsPerMinute
    guard perMinute.isFinite, perMinute > 0 else { return nil }
    return .seconds(60 / perMinute)
  }

  /// Catalog artists per release request.
  var releaseBatch: Int { max(1, min(options.batchSize, provider.limits.artistsPerReleaseRequest)) }

  /// Requests in a row that find no network before the pass asks no more (``PassState/gone``); each was already
  /// tried again by the client (four tries, backing off), so three are a dozen connections that failed over several
  /// seconds. Without it a night with no network failed every artist after its own tries: with Deezer refused, 105 s
  /// for 60 artists, most of an hour for 1,610.
  public static let connectionFailuresToStop = 3

  /// Whether another request may start: the run is not cancelled, the catalog has not stopped answering, and the
  /// budget leaves room for it and for `reserve` requests in all (this one, those in flight, and the lookups that
  /// finish what is started).
  func mayStart(reserving reserve: Int, _ state: inout PassState) -> Bool {
    if Task.isCancelled {
      state.stop = .cancelled
      return false
    }
    guard state.gone == nil else { return false }
    guard let budget = options.budget else { return true }
    let cost = (requestInterval ?? .zero) * reserve
    if clock.elapsed() + cost < budget { return true }
    state.stop = .budget
    return false
  }

  /// Runs requests, at most `maxConcurrentRequests` at a time, and takes in each answer as it arrives.
  ///
  /// `next` starts the next request, given how many are in flight, or says there is none to start now; `take`
  /// records an answer. Requests prefer the transport's own thread: with an answer 150 ms away, every hand-over
  /// between threads costs more than the work done with it. A failure to record stops new requests and is thrown
  /// once those in flight are in.
  func exchange<Answer: Sendable>(
    _ state: inout PassState,
    next: (inout PassState, _ inFlight: Int) -> (@Sendable () async -> Answer)?,
    take: (Answer, inout PassState) async throws(CatalogError) -> Void
  ) async throws(CatalogError) {
    let width = max(1, options.maxConcurrentRequests)
    var failure: CatalogError?
    await withTaskGroup(of: Answer.self) { group in
      var inFlight = 0
      while true {
        while inFlight < width, failure == nil, let request = next(&state, inFlight) {
          group.addTask(executorPreference: provider.taskExecutor) { await request() }
          inFlight += 1
          state.requests += 1
        }
        guard inFlight > 0, let answer = await group.next() else { break }
        inFlight -= 1
        do throws(CatalogError) {
          try await take(answer, &state)
        } catch {
          failure = failure ?? error
        }
      }
    }
    if let failure { throw failure }
  }

  /// One request per batch, in order, while the budget allows, each answer taken as it arrives; how many batches
  /// were sent (the rest wait for the next run).
  func exchange<Batch: Sendable, Answer: Sendable>(
    _ batches: [Batch], _ state: inout PassState,
    request: (Batch, inout PassState) -> @Sendable () async -> Answer,
    take: (Batch, Answer, inout PassState) async throws(CatalogError) -> Void
  ) async throws(CatalogError) -> Int {
    var next = 0
    try await exchange(&state) { state, inFlight in
      guard next < batches.count, mayStart(reserving: inFlight + 1, &state) else { return nil }
      let batch = batches[next]
      next += 1
      let send = request(batch, &state)
      // The answer is in before the tuple is made: see `sideBySide` on tuples written across a suspension.
      return {
        let answer = await send()
        return (batch, answer)
      }
    } take: { (answer: (Batch, Answer), state) throws(CatalogError) in
      try await take(answer.0, answer.1, &state)
    }
    return next
  }

  func lookupsNeeded(for ids: Int) -> Int {
    (ids + releaseBatch - 1) / releaseBatch
  }

  func report(_ state: PassState) {
    let spent = state.requests - state.requestsAtEstimate
    progress(
      PassProgress(
        done: state.cursor, checked: state.checked, settledPrefix: state.settledPrefix, total: state.artists.count,
        answers: state.stats.answersKept, requests: state.requests,
        remaining: timeFor(requests: max(0, state.requestsToFinish - spent), state)))
  }

  /// What `requests` take at the catalog's limit, or at the pace seen so far when it has none.
  func timeFor(requests: Int, _ state: PassState) -> Duration? {
    if let interval = requestInterval { return interval * requests }
    guard state.requests > 0 else { return nil }
    return clock.elapsed() / state.requests * requests
  }

  /// Counts what is checked and re-estimates the rest: once a group, since it walks every artist.
  private func measure(_ state: inout PassState) {
    state.checked = state.artists.indices.count { state.isChecked($0) }
    while state.settledPrefix < state.artists.count, state.isSettled(state.settledPrefix) {
      state.settledPrefix += 1
    }
    state.requestsToFinish = estimatedRequestsToFinish(state)
    state.requestsAtEstimate = state.requests
    report(state)
  }

  static func encodeCandidates(_ candidates: [CatalogArtist]) -> String? {
    encodeCandidates(candidates.map { ResolutionCandidate(artist: $0) })
  }

  static func encodeCandidates(_ candidates: [ResolutionCandidate]) -> String? {
    (try? JSONEncoder().encode(candidates)).map { String(decoding: $0, as: UTF8.self) }
  }

  public static func decodeCandidates(_ text: String?) -> [CatalogArtist] {
    decodeResolutionCandidates(text).map(\.artist)
  }

  /// The candidates a resolution keeps, with the owned titles found under each when those decided.
  public static func decodeResolutionCandidates(_ text: String?) -> [ResolutionCandidate] {
    guard let text else { return [] }
    return (try? JSONDecoder().decode([ResolutionCandidate].self, from: Data(text.utf8))) ?? []
  }
}

/// A candidate as a resolution keeps it: the catalog artist, and, when the owned albums decided, the titles of
/// those found under it. Stored as the artist's own fields plus `ownedTitles`, so rows written before it read alike.
public struct ResolutionCandidate: Sendable, Equatable, Codable {
  public var artist: CatalogArtist
  public var ownedTitles: [String]?

  public init(artist: CatalogArtist, ownedTitles: [String]? = nil) {
    self.artist = artist
    self.ownedTitles = ownedTitles
  }

  enum CodingKeys: String, CodingKey {
    case ownedTitles
  }

  public init(from decoder: any Decoder) throws {
    artist = try CatalogArtist(from: decoder)
    ownedTitles = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent([String].self, forKey: .ownedTitles)
  }

  public func encode(to encoder: any Encoder) throws {
    try artist.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(ownedTitles, forKey: .ownedTitles)
  }
}

extension CatalogError {
  var isNotCached: Bool {
    if case .notCached = self { return true }
    return false
  }
}
