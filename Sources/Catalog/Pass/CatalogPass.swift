public import Foundation
public import MusicLibrary
public import State
internal import Synchronization

/// Settings of one catalog pass.
public struct CatalogPassOptions: Sendable, Equatable {
  public var provider = "itunes"
  /// Artist ids per album lookup; the API takes up to 200.
  public var batchSize = 100
  /// Albums per artist in a lookup, most recent first.
  public var albumsPerArtist = 200
  public var searchLimit = 10
  /// How long a cached album list counts as fresh. Under a day, so a nightly run always refreshes
  /// while runs by hand during the day are answered from the cache.
  public var maxAge: TimeInterval = 20 * 3600
  /// How often a resolved artist is searched again, in case the catalog changed its id.
  public var recheckResolvedAfterDays = 30
  /// How often an unresolved or ambiguous artist is searched again.
  public var recheckUnresolvedAfterDays = 7
  /// Answer from the cache only, whatever its age; never touch the network.
  public var offline = false
  /// Requests in flight at once; the transport's rate limiter still spaces them.
  public var maxConcurrentRequests = 4

  public init() {}
}

/// An artist the report must mention under "Needs attention".
public struct ArtistProblem: Sendable, Equatable, Codable {
  public enum Kind: String, Sendable, Codable {
    case unresolved
    case ambiguous
    case failed
    case notCached
  }

  public var artist: LibraryArtist
  public var kind: Kind
  public var detail: String
  public var candidates: [CatalogArtist]

  public init(artist: LibraryArtist, kind: Kind, detail: String, candidates: [CatalogArtist] = []) {
    self.artist = artist
    self.kind = kind
    self.detail = detail
    self.candidates = candidates
  }
}

/// Counts and times of a catalog pass, for the report's summary.
public struct CatalogStats: Sendable, Equatable, Codable {
  public var artistsChecked = 0
  public var resolved = 0
  public var unresolved = 0
  public var ambiguous = 0
  public var failed = 0
  public var searches = 0
  public var lookups = 0
  public var requests = 0
  public var retries = 0
  public var cacheHits = 0
  /// Requests that failed because the network was gone, and whether anything was answered at all.
  public var connectivityFailures = 0
  public var resolveSeconds = 0.0
  public var lookupSeconds = 0.0

  public init() {}
}

/// What the catalog said about the library's artists.
public struct CatalogOutcome: Sendable {
  public var artists: [ArtistKey: CatalogArtist]
  public var releases: [ArtistKey: [CatalogRelease]]
  public var problems: [ArtistProblem]
  public var stats: CatalogStats

  public init(
    artists: [ArtistKey: CatalogArtist],
    releases: [ArtistKey: [CatalogRelease]],
    problems: [ArtistProblem],
    stats: CatalogStats
  ) {
    self.artists = artists
    self.releases = releases
    self.problems = problems
    self.stats = stats
  }
}

/// Looks every library artist up: resolves each to a catalog id once (remembered across runs), then
/// fetches albums for many artists per request, answering from the cache what is still fresh.
public struct CatalogPass: Sendable {
  public let transport: any CatalogTransport
  public let store: StateStore
  public let endpoint: ITunesEndpoint
  public let options: CatalogPassOptions
  public let now: Date
  /// Told after each request of a phase: the phase ("resolving artists", "looking up albums"), done, total.
  public let progress: @Sendable (String, Int, Int) -> Void

  public init(
    transport: any CatalogTransport,
    store: StateStore,
    endpoint: ITunesEndpoint,
    options: CatalogPassOptions,
    now: Date,
    progress: @escaping @Sendable (String, Int, Int) -> Void = { _, _, _ in }
  ) {
    self.transport = transport
    self.store = store
    self.endpoint = endpoint
    self.options = options
    self.now = now
    self.progress = progress
  }

  public func run(_ library: OwnedLibrary) async throws(CatalogError) -> CatalogOutcome {
    let clock = ContinuousClock()
    var stats = CatalogStats()
    stats.artistsChecked = library.artists.count
    let ownedByArtist = Dictionary(grouping: library.albums.filter { $0.artistKey != nil }) { $0.artistKey }

    // 1. Resolve: remembered resolutions first, searches only for the rest.
    let resolveStart = clock.now
    let remembered: [String: ArtistResolution]
    do {
      remembered = try await store.resolutions(provider: options.provider)
    } catch {
      throw .state(error.description)
    }
    var pending: [(artist: LibraryArtist, exact: [CatalogArtist], near: [CatalogArtist])] = []
    var resolvedArtists: [ArtistKey: CatalogArtist] = [:]
    var problems: [ArtistProblem] = []
    var updatedResolutions: [ArtistResolution] = []
    var toSearch: [LibraryArtist] = []

    for artist in library.artists {
      let memory = remembered[artist.key.rawValue]
      if let memory, !needsRecheck(memory) || options.offline {
        switch memory.status {
        case .resolved, .pinned:
          if let id = memory.catalogID {
            resolvedArtists[artist.key] = CatalogArtist(id: id, name: memory.catalogName ?? artist.name)
          }
        case .ambiguous:
          problems.append(
            ArtistProblem(
              artist: artist,
              kind: .ambiguous,
              detail: "several catalog artists share this name; pin one with 'deepcut artists pin'",
              candidates: Self.decodeCandidates(memory.candidates)
            )
          )
        case .unresolved:
          problems.append(
            ArtistProblem(artist: artist, kind: .unresolved, detail: "not found in the catalog")
          )
        }
      } else if options.offline {
        problems.append(
          ArtistProblem(artist: artist, kind: .notCached, detail: "never looked up; run once without --offline")
        )
      } else {
        toSearch.append(artist)
      }
    }

    let searchResults = await forEachConcurrently(toSearch, phase: "resolving artists") {
      artist async -> Result<[CatalogArtist], CatalogError> in
      do throws(CatalogError) {
        let body = try await transport.get(endpoint.searchURL(term: artist.name, limit: options.searchLimit))
        let artists = try ITunesDecoding.envelope(body).compactMap { wire -> CatalogArtist? in
          guard wire.record.artistType == nil || wire.record.artistType == "Artist" else { return nil }
          return wire.record.artist
        }
        return .success(artists)
      } catch {
        return .failure(error)
      }
    }
    stats.searches = toSearch.count
    for (artist, result) in zip(toSearch, searchResults) {
      switch result {
      case .success(let candidates):
        pending.append(
          (
            artist, ArtistMatching.exactMatches(candidates, for: artist.key),
            ArtistMatching.nearMatches(candidates)
          )
        )
      case .failure(let error):
        if error.isConnectivity { stats.connectivityFailures += 1 }
        // A failed re-check keeps what was known; nothing about the failure is remembered.
        if let memory = remembered[artist.key.rawValue], let id = memory.catalogID,
          memory.status == ArtistResolution.Status.resolved || memory.status == ArtistResolution.Status.pinned
        {
          resolvedArtists[artist.key] = CatalogArtist(id: id, name: memory.catalogName ?? artist.name)
        } else {
          problems.append(ArtistProblem(artist: artist, kind: .failed, detail: "search failed: \(error)"))
        }
      }
    }
    // A single exact match needs no album check.
    var undecided: [(artist: LibraryArtist, exact: [CatalogArtist], near: [CatalogArtist])] = []
    for entry in pending {
      if entry.exact.count == 1, let only = entry.exact.first {
        resolvedArtists[entry.artist.key] = only
        updatedResolutions.append(resolution(entry.artist, .resolved, only, candidates: []))
      } else {
        undecided.append(entry)
      }
    }
    stats.resolveSeconds = seconds(clock.now - resolveStart)

    // 2. Albums: for resolved artists and for the candidates still to decide between, in batches.
    let lookupStart = clock.now
    var ids: [String] = []
    var seen: Set<String> = []
    for artist in library.artists {
      if let id = resolvedArtists[artist.key]?.id, seen.insert(id).inserted { ids.append(id) }
    }
    for entry in undecided {
      for candidate in entry.exact.isEmpty ? entry.near : entry.exact where seen.insert(candidate.id).inserted {
        ids.append(candidate.id)
      }
    }
    var albums: [String: [CatalogRelease]] = [:]
    var failures: [String: CatalogError] = [:]
    try await fetchAlbums(ids: ids, into: &albums, failures: &failures, stats: &stats)
    stats.lookupSeconds = seconds(clock.now - lookupStart)

    // 3. Decide the undecided by overlap with the albums the user owns.
    for entry in undecided {
      let owned = ownedByArtist[entry.artist.key] ?? []
      switch ArtistMatching.decide(exact: entry.exact, near: entry.near, albums: albums, owned: owned) {
      case .resolved(let artist):
        resolvedArtists[entry.artist.key] = artist
        updatedResolutions.append(resolution(entry.artist, .resolved, artist, candidates: []))
      case .ambiguous(let candidates):
        problems.append(
          ArtistProblem(
            artist: entry.artist,
            kind: .ambiguous,
            detail: "\(candidates.count) catalog artists share this name; pin one with 'deepcut artists pin'",
            candidates: candidates
          )
        )
        updatedResolutions.append(resolution(entry.artist, .ambiguous, nil, candidates: candidates))
      case .unresolved:
        problems.append(ArtistProblem(artist: entry.artist, kind: .unresolved, detail: "not found in the catalog"))
        updatedResolutions.append(resolution(entry.artist, .unresolved, nil, candidates: entry.near))
      }
    }
    if !updatedResolutions.isEmpty {
      do {
        try await store.save(updatedResolutions)
      } catch {
        throw .state(error.description)
      }
    }

    // 4. Each resolved artist's releases.
    var releases: [ArtistKey: [CatalogRelease]] = [:]
    for artist in library.artists {
      guard let catalogArtist = resolvedArtists[artist.key] else { continue }
      if let error = failures[catalogArtist.id] {
        problems.append(
          ArtistProblem(artist: artist, kind: error.isNotCached ? .notCached : .failed, detail: "\(error)"))
        continue
      }
      releases[artist.key] = albums[catalogArtist.id] ?? []
    }

    stats.resolved = resolvedArtists.count
    stats.unresolved = problems.count { $0.kind == .unresolved }
    stats.ambiguous = problems.count { $0.kind == .ambiguous }
    stats.failed = problems.count { $0.kind == .failed || $0.kind == .notCached }
    let counters = await transport.counters()
    stats.requests = counters.requests
    stats.retries = counters.retries
    let order = Dictionary(uniqueKeysWithValues: library.artists.enumerated().map { ($1.key, $0) })
    problems.sort { order[$0.artist.key] ?? 0 < order[$1.artist.key] ?? 0 }
    return CatalogOutcome(artists: resolvedArtists, releases: releases, problems: problems, stats: stats)
  }

  // MARK: - Albums

  private func cacheKey(_ id: String) -> String { "\(endpoint.country.lowercased())/\(id)" }

  private func fetchAlbums(
    ids: [String],
    into albums: inout [String: [CatalogRelease]],
    failures: inout [String: CatalogError],
    stats: inout CatalogStats
  ) async throws(CatalogError) {
    let cached: [String: CachedResponse]
    do {
      cached = try await store.cachedResponses(provider: options.provider, kind: "albums", keys: ids.map(cacheKey))
    } catch {
      throw .state(error.description)
    }
    var stale: [String] = []
    for id in ids {
      if let entry = cached[cacheKey(id)], options.offline || now.timeIntervalSince(entry.fetchedAt) < options.maxAge,
        let records = try? WireReader.recordArray(entry.body)
      {
        albums[id] = records.compactMap(\.record.release)
        stats.cacheHits += 1
      } else if options.offline {
        failures[id] = .notCached("the album list of catalog artist \(id)")
      } else {
        stale.append(id)
      }
    }
    guard !stale.isEmpty else { return }

    let batches = stride(from: 0, to: stale.count, by: options.batchSize).map {
      Array(stale[$0..<min($0 + options.batchSize, stale.count)])
    }
    stats.lookups = batches.count
    let results = await forEachConcurrently(batches, phase: "looking up albums") {
      batch async -> Result<[String: [WireRecord]], CatalogError> in
      do throws(CatalogError) {
        let body = try await transport.get(endpoint.lookupURL(ids: batch, limit: options.albumsPerArtist))
        let wanted = Set(batch)
        var byID: [String: [WireRecord]] = [:]
        for group in ITunesDecoding.groupsByArtist(try ITunesDecoding.envelope(body))
        where wanted.contains(group.artistID) {
          byID[group.artistID, default: []] += group.records.filter(\.record.isCollection)
        }
        // An id the catalog left out has no albums there: that is an answer too, and is cached.
        for id in batch where byID[id] == nil { byID[id] = [] }
        return .success(byID)
      } catch {
        return .failure(error)
      }
    }
    var toStore: [(key: String, body: Data)] = []
    for (batch, result) in zip(batches, results) {
      switch result {
      case .success(let byID):
        for (id, records) in byID {
          albums[id] = records.compactMap(\.record.release)
          // Cached as the API sent them, so nothing is lost or re-encoded.
          toStore.append((cacheKey(id), WireReader.joined(records)))
        }
      case .failure(let error):
        if error.isConnectivity { stats.connectivityFailures += 1 }
        for id in batch { failures[id] = error }
      }
    }
    // Only answers are cached, never failures.
    do {
      try await store.store(provider: options.provider, kind: "albums", responses: toStore, fetchedAt: now)
    } catch {
      throw .state(error.description)
    }
  }

  // MARK: - Helpers

  private func needsRecheck(_ memory: ArtistResolution) -> Bool {
    let days: Int
    switch memory.status {
    case .pinned: return false
    case .resolved: days = options.recheckResolvedAfterDays
    case .ambiguous, .unresolved: days = options.recheckUnresolvedAfterDays
    }
    return now.timeIntervalSince(memory.checkedAt) > Double(days) * 86_400
  }

  private func resolution(
    _ artist: LibraryArtist,
    _ status: ArtistResolution.Status,
    _ match: CatalogArtist?,
    candidates: [CatalogArtist]
  ) -> ArtistResolution {
    ArtistResolution(
      provider: options.provider,
      artistKey: artist.key.rawValue,
      artistName: artist.name,
      catalogID: match?.id,
      catalogName: match?.name,
      status: status,
      candidates: candidates.isEmpty ? nil : Self.encodeCandidates(candidates),
      checkedAt: now
    )
  }

  static func encodeCandidates(_ candidates: [CatalogArtist]) -> String? {
    (try? JSONEncoder().encode(candidates)).map { String(decoding: $0, as: UTF8.self) }
  }

  public static func decodeCandidates(_ text: String?) -> [CatalogArtist] {
    guard let text else { return [] }
    return (try? JSONDecoder().decode([CatalogArtist].self, from: Data(text.utf8))) ?? []
  }

  private func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  /// Runs `work` over `items` with at most `maxConcurrentRequests` at a time; results in input order.
  ///
  /// Each of the workers takes the next item as soon as it is done with one, so finishing a request wakes no
  /// other task, and the workers run on the transport's own thread when it has one: with an answer 150 ms away,
  /// every hand-over between threads costs more than the work done with the answer.
  private func forEachConcurrently<Item: Sendable, Output: Sendable>(
    _ items: [Item],
    phase: String,
    _ work: @escaping @Sendable (Item) async -> Output
  ) async -> [Output] {
    let next = SharedCounter()
    let done = SharedCounter()
    let width = min(max(1, options.maxConcurrentRequests), items.count)
    return await withTaskGroup(of: [(Int, Output)].self) { group in
      for _ in 0..<width {
        group.addTask(executorPreference: transport.taskExecutor) {
          var outputs: [(Int, Output)] = []
          while true {
            let index = next.increment() - 1
            guard index < items.count else { return outputs }
            outputs.append((index, await work(items[index])))
            progress(phase, done.increment(), items.count)
          }
        }
      }
      var results = [Output?](repeating: nil, count: items.count)
      for await outputs in group {
        for (index, output) in outputs { results[index] = output }
      }
      return results.compactMap { $0 }
    }
  }
}

/// A counter the workers of ``CatalogPass`` share.
private final class SharedCounter: Sendable {
  private let value = Atomic(0)

  /// Adds one and returns the new value.
  func increment() -> Int {
    value.wrappingAdd(1, ordering: .relaxed).newValue
  }
}

extension CatalogError {
  var isNotCached: Bool {
    if case .notCached = self { return true }
    return false
  }
}
