internal import Basics
internal import Foundation
import Identity

/// Fetch albums: the wanted album lists, many artists per lookup, each lookup's answer cached the moment it
/// arrives. Only full lookups go out until the last group, so the nightly number of lookups stays one per
/// `batchSize` artists.
extension CatalogPass {
  func fetchAlbums(_ state: inout PassState, flush: Bool) async throws(CatalogError) {
    guard !state.wanted.isEmpty else { return }
    try await takeCachedSinceStart(&state)
    guard !options.offline, state.gone == nil else { return failWanted(&state) }
    let count = flush ? state.wanted.count : state.wanted.count / releaseBatch * releaseBatch
    let batches = Array(state.wanted.prefix(count)).chunks(of: releaseBatch)
    guard !batches.isEmpty else { return }

    _ = try await exchange(batches, &state) { batch, state in
      state.stats.lookups += 1
      return { await lookup(batch) }
    } take: { batch, answer, state throws(CatalogError) in
      try await record(answer, for: batch, &state)
    }
    if state.gone != nil { failWanted(&state) }
  }

  /// Offline, or with the catalog gone: every wanted list that no cache holds fails, unasked.
  private func failWanted(_ state: inout PassState) {
    for id in state.wanted {
      state.albumFailures[id] =
        options.offline
        ? .notCached("the album list of catalog artist \(id)")
        : .unreachable("not asked: the catalog stopped answering tonight (\(state.gone ?? "no connection"))")
    }
    clearWanted(state.wanted, &state)
  }

  /// Release lists cached after this run read the cache (by a run killed before it could decide) need no request.
  private func takeCachedSinceStart(_ state: inout PassState) async throws(CatalogError) {
    let cached = try await cachedLists(state.wanted)
    var found: [CatalogArtistID] = []
    for id in state.wanted {
      guard let releases = usable(cached[id]) else { continue }
      state.albums[id] = releases
      state.stats.cacheHits += 1
      found.append(id)
    }
    clearWanted(found, &state)
  }

  private func lookup(_ batch: [CatalogArtistID]) async -> Result<[CatalogArtistID: ReleaseList], CatalogError> {
    do throws(CatalogError) {
      return .success(try await provider.releases(of: batch))
    } catch {
      return .failure(error)
    }
  }

  /// Caches a lookup's answer (never a failure), then takes it in.
  private func record(
    _ result: Result<[CatalogArtistID: ReleaseList], CatalogError>, for batch: [CatalogArtistID],
    _ state: inout PassState
  ) async throws(CatalogError) {
    switch result {
    case .success(let lists):
      let kind = batch.first.map { provider.cacheEntry(for: $0).kind } ?? ""
      let responses = batch.map { (key: provider.cacheEntry(for: $0).key, body: lists[$0]?.body ?? Data("[]".utf8)) }
      do {
        try await store.store(provider: provider.name, kind: kind, responses: responses, fetchedAt: now)
      } catch {
        throw .state(String(describing: error))
      }
      state.noteAnswer()
      for id in batch { state.albums[id] = lists[id]?.releases ?? [] }
    case .failure(let error):
      state.noteFailure(error)
      for id in batch { state.albumFailures[id] = error }
    }
    clearWanted(batch, &state)
    report(state)
  }

  private func clearWanted(_ ids: [CatalogArtistID], _ state: inout PassState) {
    let done = Set(ids)
    state.wanted.removeAll { done.contains($0) }
    state.wantedSet.subtract(done)
  }
}
