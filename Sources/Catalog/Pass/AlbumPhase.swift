internal import Foundation
internal import State

/// Fetch albums: the wanted album lists, many artists per lookup, each lookup's answer cached the moment it
/// arrives. Only full lookups go out until the last group, so the nightly number of lookups stays one per
/// `batchSize` artists.
extension CatalogPass {
  func fetchAlbums(_ state: inout PassState, flush: Bool) async throws(CatalogError) {
    guard !state.wanted.isEmpty else { return }
    try await takeCachedSinceStart(&state)
    if options.offline {
      for id in state.wanted {
        state.albumFailures[id] = .notCached("the album list of catalog artist \(id)")
      }
      clearWanted(state.wanted, &state)
      return
    }
    let count = flush ? state.wanted.count : state.wanted.count / options.batchSize * options.batchSize
    let batches = stride(from: 0, to: count, by: options.batchSize).map {
      Array(state.wanted[$0..<min($0 + options.batchSize, count)])
    }
    guard !batches.isEmpty else { return }

    var next = 0
    try await exchange(&state) { state, inFlight in
      guard next < batches.count, mayStart(reserving: inFlight + 1, &state) else { return nil }
      let batch = batches[next]
      next += 1
      state.stats.lookups += 1
      return { (batch, await lookup(batch)) }
    } take: { (answer: ([String], Result<[String: [WireRecord]], CatalogError>), state) throws(CatalogError) in
      try await record(answer.1, for: answer.0, &state)
    }
  }

  /// Album lists cached after this run read the cache (by a run killed before it could decide) need no request.
  private func takeCachedSinceStart(_ state: inout PassState) async throws(CatalogError) {
    let cached: [String: CachedResponse]
    do {
      cached = try await store.cachedResponses(
        provider: options.provider, kind: "albums", keys: state.wanted.map(cacheKey))
    } catch {
      throw .state(error.description)
    }
    var found: [String] = []
    for id in state.wanted {
      guard let entry = cached[cacheKey(id)],
        options.offline || now.timeIntervalSince(entry.fetchedAt) < options.maxAge,
        let records = try? WireReader.recordArray(entry.body)
      else { continue }
      state.albums[id] = records.compactMap(\.record.release)
      state.stats.cacheHits += 1
      found.append(id)
    }
    clearWanted(found, &state)
  }

  private func lookup(_ batch: [String]) async -> Result<[String: [WireRecord]], CatalogError> {
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

  /// Caches a lookup's answer (never a failure), then takes it in.
  private func record(
    _ result: Result<[String: [WireRecord]], CatalogError>, for batch: [String], _ state: inout PassState
  ) async throws(CatalogError) {
    switch result {
    case .success(let byID):
      // Cached as the API sent them, so nothing is lost or re-encoded.
      let responses = batch.map { (key: cacheKey($0), body: WireReader.joined(byID[$0] ?? [])) }
      do {
        try await store.store(provider: options.provider, kind: "albums", responses: responses, fetchedAt: now)
      } catch {
        throw .state(error.description)
      }
      state.stats.answersKept += 1
      for id in batch { state.albums[id] = (byID[id] ?? []).compactMap(\.record.release) }
    case .failure(let error):
      if error.isConnectivity { state.stats.connectivityFailures += 1 }
      for id in batch { state.albumFailures[id] = error }
    }
    clearWanted(batch, &state)
    report(state)
  }

  private func clearWanted(_ ids: [String], _ state: inout PassState) {
    let done = Set(ids)
    state.wanted.removeAll { done.contains($0) }
    state.wantedSet.subtract(done)
  }
}
