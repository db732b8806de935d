internal import Foundation
internal import MusicLibrary

/// Resolve: from the cursor on, take each artist from what earlier runs remembered, or search for it (as many
/// artists per request as the provider takes), until the group's release lists fill one request. Each search's
/// answers are saved the moment they arrive.
extension CatalogPass {
  func resolve(_ state: inout PassState) async throws(CatalogError) {
    let perSearch = max(1, provider.limits.artistsPerSearch)
    try await exchange(&state) { state, inFlight in
      // Each artist searched is expected to bring one release list to fetch: a new search starts while the group
      // has room, and takes a whole batch of artists (what overflows goes to the next group's lookup).
      guard state.wanted.count + inFlight * perSearch < releaseBatch else { return nil }
      var batch: [Int] = []
      while batch.count < perSearch, state.cursor < state.artists.count, state.stop == nil {
        let index = state.cursor
        if remember(index, &state) {
          state.cursor += 1
          continue
        }
        if batch.isEmpty {
          let lookups = lookupsNeeded(for: state.wanted.count + (inFlight + 1) * perSearch)
          guard mayStart(reserving: inFlight + 1 + lookups, &state) else { break }
        }
        batch.append(index)
        state.cursor += 1
      }
      guard !batch.isEmpty else { return nil }
      state.stats.searches += 1
      let indices = batch
      let artists = batch.map { state.artists[$0] }
      // The answer is in before the tuple is made: see `sideBySide` on tuples written across a suspension.
      return {
        let answer = await search(artists)
        return (indices, answer)
      }
    } take: { (answer: ([Int], Result<[ArtistCandidates], CatalogError>), state) throws(CatalogError) in
      try await record(answer.1, for: answer.0, &state)
    }
  }

  /// Takes the artist from an earlier run's answer when there is one and it is not due for a re-check.
  /// Once the catalog is gone, an artist that would need a search is settled as failed, unasked.
  private func remember(_ index: Int, _ state: inout PassState) -> Bool {
    let artist = state.artists[index]
    guard let memory = state.memory[artist.key] else {
      guard options.offline else { return notAsked(index, &state) }
      state.verdicts[index] = .problem(
        ArtistProblem(artist: artist, kind: .notCached, detail: "never looked up; run once without --offline"))
      return true
    }
    if !options.offline, state.gone == nil, isDue(memory) { return false }
    switch memory.status {
    case .resolved, .pinned:
      guard !memory.matches.isEmpty else { return notAsked(index, &state) }
      take(.follow(memory.matches.map { CatalogArtist(id: $0.id, name: $0.name ?? artist.name) }), for: index, &state)
    case .pending:
      let contenders = Self.decodeCandidates(memory.candidates)
      guard !contenders.isEmpty else { return notAsked(index, &state) }
      take(.compare(contenders), for: index, &state)
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

  /// Settles the artist as failed, unasked, when the catalog is gone; false (ask it) otherwise.
  private func notAsked(_ index: Int, _ state: inout PassState) -> Bool {
    guard let detail = state.notAskedDetail else { return false }
    state.verdicts[index] = .problem(ArtistProblem(artist: state.artists[index], kind: .failed, detail: detail))
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
    return RecheckSchedule(windowDays: days).isDue(memory.artistKey.rawValue, checkedAt: memory.checkedAt, now: now)
  }

  private func search(_ artists: [LibraryArtist]) async -> Result<[ArtistCandidates], CatalogError> {
    do throws(CatalogError) {
      let answers = try await provider.search(artists)
      guard answers.count == artists.count else {
        throw .undecodable("the \(provider.name) search answered for \(answers.count) of \(artists.count) artists")
      }
      return .success(answers)
    } catch {
      return .failure(error)
    }
  }

  /// Saves a search's answers together, then takes them in: one exact match is followed; several candidates
  /// wait for their albums to decide (saved as pending, so the next run need not search again); none is an
  /// answer too.
  private func record(
    _ result: Result<[ArtistCandidates], CatalogError>, for batch: [Int], _ state: inout PassState
  ) async throws(CatalogError) {
    switch result {
    case .success(let answers):
      var verdicts: [(Int, PassState.Verdict)] = []
      var resolutions: [ArtistResolution] = []
      for (index, candidates) in zip(batch, answers) {
        let artist = state.artists[index]
        let contenders = ArtistMatching.contenders(exact: candidates.exact, near: candidates.near)
        if candidates.exact.count == 1 {
          verdicts.append((index, .follow(candidates.exact)))
          resolutions.append(resolution(artist, .resolved, matches: candidates.exact))
        } else if contenders.isEmpty {
          verdicts.append(
            (index, .problem(ArtistProblem(artist: artist, kind: .unresolved, detail: "not found in the catalog"))))
          resolutions.append(resolution(artist, .unresolved))
        } else {
          verdicts.append((index, .compare(contenders)))
          resolutions.append(resolution(artist, .pending, candidates: contenders))
        }
      }
      try await save(resolutions, &state)
      state.noteAnswer()
      for (index, verdict) in verdicts { take(verdict, for: index, &state) }
    case .failure(let error):
      state.noteFailure(error)
      for index in batch {
        let artist = state.artists[index]
        // A failed re-check keeps what was known; nothing about the failure is remembered.
        if let memory = state.memory[artist.key], memory.status == .resolved || memory.status == .pinned,
          !memory.matches.isEmpty
        {
          take(
            .follow(memory.matches.map { CatalogArtist(id: $0.id, name: $0.name ?? artist.name) }), for: index, &state)
        } else {
          take(
            .problem(ArtistProblem(artist: artist, kind: .failed, detail: "search failed: \(error)")), for: index,
            &state)
        }
      }
    }
    report(state)
  }

  /// Sets an artist's verdict and asks for what it needs next: the release lists to follow, or what decides
  /// between candidates.
  func take(_ verdict: PassState.Verdict, for index: Int, _ state: inout PassState) {
    state.verdicts[index] = verdict
    switch verdict {
    case .follow(let followed):
      want(followed.map(\.id), &state)
    case .compare(let contenders):
      switch provider.proof {
      case .releaseLists: want(contenders.map(\.id), &state)
      case .ownedTitles: state.awaitingEvidence.append(index)
      }
    case .problem:
      break
    }
  }

  func save(_ resolutions: [ArtistResolution], _ state: inout PassState) async throws(CatalogError) {
    do {
      if !options.readOnly { try await store.save(resolutions) }
    } catch {
      throw .state(String(describing: error))
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
      provider: provider.name,
      artistKey: artist.key,
      artistName: artist.name,
      matches: matches.map { ArtistResolution.Match(id: $0.id, name: $0.name) },
      status: status,
      candidates: candidates.isEmpty ? nil : Self.encodeCandidates(candidates),
      checkedAt: now
    )
  }
}
