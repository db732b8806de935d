internal import Foundation
internal import MusicLibrary
internal import State

/// Resolve: from the cursor on, take each artist from what earlier runs remembered, or search for it, until
/// the group's album lists fill one lookup. Each search's answer is saved the moment it arrives.
extension CatalogPass {
  func resolve(_ state: inout PassState) async throws(CatalogError) {
    try await exchange(&state) { state, inFlight in
      while state.cursor < state.artists.count, state.stop == nil, state.wanted.count + inFlight < options.batchSize {
        let index = state.cursor
        state.cursor += 1
        if remember(index, &state) { continue }
        guard mayStart(reserving: inFlight + 1 + lookupsNeeded(for: state.wanted.count + inFlight + 1), &state) else {
          state.cursor -= 1
          return nil
        }
        state.stats.searches += 1
        let term = ArtistMatching.searchTerm(for: state.artists[index])
        return { (index, await search(term)) }
      }
      return nil
    } take: { (answer: (Int, Result<[CatalogArtist], CatalogError>), state) throws(CatalogError) in
      try await record(answer.1, for: answer.0, &state)
    }
  }

  /// Takes the artist from an earlier run's answer when there is one and it is not due for a re-check.
  private func remember(_ index: Int, _ state: inout PassState) -> Bool {
    let artist = state.artists[index]
    guard let memory = state.memory[artist.key.rawValue] else {
      guard options.offline else { return false }
      state.verdicts[index] = .problem(
        ArtistProblem(artist: artist, kind: .notCached, detail: "never looked up; run once without --offline"))
      return true
    }
    if !options.offline, isDue(memory) { return false }
    switch memory.status {
    case .resolved, .pinned:
      guard !memory.matches.isEmpty else { return false }
      let followed = memory.matches.map { CatalogArtist(id: $0.id, name: $0.name ?? artist.name) }
      state.verdicts[index] = .follow(followed)
      want(followed.map(\.id), &state)
    case .pending:
      let contenders = Self.decodeCandidates(memory.candidates)
      guard !contenders.isEmpty else { return false }
      state.verdicts[index] = .compare(contenders)
      want(contenders.map(\.id), &state)
    case .ambiguous:
      state.verdicts[index] = .problem(
        ArtistProblem(
          artist: artist, kind: .ambiguous,
          detail: "several catalog artists share this name; pin one with 'deepcut artists pin'",
          candidates: Self.decodeCandidates(memory.candidates)))
    case .unresolved:
      state.verdicts[index] = .problem(
        ArtistProblem(artist: artist, kind: .unresolved, detail: "not found in the catalog"))
    }
    return true
  }

  /// Pins never; a pending decision never (it is decided from albums, not searched again); the rest on the
  /// artist's own day of its re-check window.
  private func isDue(_ memory: ArtistResolution) -> Bool {
    let days: Int
    switch memory.status {
    case .pinned, .pending: return false
    case .resolved: days = options.recheckResolvedAfterDays
    case .ambiguous, .unresolved: days = options.recheckUnresolvedAfterDays
    }
    return RecheckSchedule(windowDays: days).isDue(memory.artistKey, checkedAt: memory.checkedAt, now: now)
  }

  private func search(_ term: String) async -> Result<[CatalogArtist], CatalogError> {
    do throws(CatalogError) {
      let body = try await transport.get(endpoint.searchURL(term: term, limit: options.searchLimit))
      let artists = try ITunesDecoding.envelope(body).compactMap { wire -> CatalogArtist? in
        guard wire.record.artistType == nil || wire.record.artistType == "Artist" else { return nil }
        return wire.record.artist
      }
      return .success(artists)
    } catch {
      return .failure(error)
    }
  }

  /// Saves a search's answer, then takes it in: one exact match is followed; several candidates wait for their
  /// albums (saved as pending, so the next run need not search again); none is an answer too.
  private func record(
    _ result: Result<[CatalogArtist], CatalogError>, for index: Int, _ state: inout PassState
  ) async throws(CatalogError) {
    let artist = state.artists[index]
    switch result {
    case .success(let candidates):
      let exact = ArtistMatching.exactMatches(candidates, for: artist.key)
      let contenders = ArtistMatching.contenders(exact: exact, near: ArtistMatching.nearMatches(candidates))
      let verdict: PassState.Verdict
      let resolution: ArtistResolution
      if exact.count == 1 {
        verdict = .follow(exact)
        resolution = self.resolution(artist, .resolved, matches: exact)
      } else if contenders.isEmpty {
        verdict = .problem(ArtistProblem(artist: artist, kind: .unresolved, detail: "not found in the catalog"))
        resolution = self.resolution(artist, .unresolved)
      } else {
        verdict = .compare(contenders)
        resolution = self.resolution(artist, .pending, candidates: contenders)
      }
      try await save([resolution], &state)
      state.stats.answersKept += 1
      state.verdicts[index] = verdict
      switch verdict {
      case .follow(let followed): want(followed.map(\.id), &state)
      case .compare(let contenders): want(contenders.map(\.id), &state)
      case .problem: break
      }
    case .failure(let error):
      if error.isConnectivity { state.stats.connectivityFailures += 1 }
      // A failed re-check keeps what was known; nothing about the failure is remembered.
      if let memory = state.memory[artist.key.rawValue], memory.status == .resolved || memory.status == .pinned,
        !memory.matches.isEmpty
      {
        let followed = memory.matches.map { CatalogArtist(id: $0.id, name: $0.name ?? artist.name) }
        state.verdicts[index] = .follow(followed)
        want(followed.map(\.id), &state)
      } else {
        state.verdicts[index] = .problem(
          ArtistProblem(artist: artist, kind: .failed, detail: "search failed: \(error)"))
      }
    }
    report(state)
  }

  func save(_ resolutions: [ArtistResolution], _ state: inout PassState) async throws(CatalogError) {
    do {
      try await store.save(resolutions)
    } catch {
      throw .state(error.description)
    }
    for resolution in resolutions { state.memory[resolution.artistKey] = resolution }
  }

  func resolution(
    _ artist: LibraryArtist,
    _ status: ArtistResolution.Status,
    matches: [CatalogArtist] = [],
    candidates: [CatalogArtist] = []
  ) -> ArtistResolution {
    ArtistResolution(
      provider: options.provider,
      artistKey: artist.key.rawValue,
      artistName: artist.name,
      matches: matches.map { ArtistResolution.Match(id: $0.id, name: $0.name) },
      status: status,
      candidates: candidates.isEmpty ? nil : Self.encodeCandidates(candidates),
      checkedAt: now
    )
  }
}
