import Identity
internal import MusicLibrary

/// Decide: artists whose candidates' album lists are all known (providers whose lists are whole catalogs) are
/// settled by the albums the user owns, and the decisions saved together. Until then an artist stays pending in the database, never resolved.
extension CatalogPass {
  func decide(_ state: inout PassState) async throws(CatalogError) {
    var decisions: [(index: Int, verdict: PassState.Verdict, resolution: ArtistResolution)] = []
    for index in 0..<state.cursor {
      guard case .compare(let contenders)? = state.verdicts[index],
        contenders.allSatisfy({ state.albums[$0.id] != nil || state.albumFailures[$0.id] != nil })
      else { continue }
      let artist = state.artists[index]
      if let error = contenders.compactMap({ state.albumFailures[$0.id] }).first {
        // Nothing is saved: the artist stays pending and the next run decides it.
        let kind: ArtistProblem.Kind = error.isNotCached ? .notCached : .failed
        state.verdicts[index] = .problem(ArtistProblem(artist: artist, kind: kind, detail: "\(error)"))
        continue
      }
      let owned = state.ownedByArtist[artist.key] ?? []
      let proofs = ArtistMatching.proofs(contenders, albums: state.albums, owned: owned)
      let match = ArtistMatching.decide(
        exact: ArtistMatching.exactMatches(contenders, for: artist.key), near: contenders, proofs: proofs)
      let decision = decision(for: artist, match, contenders: contenders, proofs: proofs, owned: owned)
      decisions.append((index, decision.verdict, decision.resolution))
    }
    guard !decisions.isEmpty else { return }
    try await save(decisions.map(\.resolution), &state)
    for decision in decisions { state.verdicts[decision.index] = decision.verdict }
  }

  /// What a match means for the artist in this run, and what is saved of it: a resolution decided by the owned
  /// albums keeps the candidates with the titles found under each, so `deepcut why` can say how it was decided.
  func decision(
    for artist: LibraryArtist, _ match: ArtistMatch, contenders: [CatalogArtist],
    proofs: [CatalogArtistID: Set<String>],
    owned: [OwnedAlbum]
  ) -> (verdict: PassState.Verdict, resolution: ArtistResolution) {
    switch match {
    case .resolved(let followed):
      var resolved = resolution(artist, .resolved, matches: followed)
      resolved.candidates = Self.encodeCandidates(
        contenders.map { candidate in
          let bases = proofs[candidate.id] ?? []
          return ResolutionCandidate(
            artist: candidate, ownedTitles: owned.filter { bases.contains($0.key.base) }.map(\.title))
        })
      return (.follow(followed), resolved)
    case .ambiguous(let candidates):
      let problem = ArtistProblem(
        artist: artist, kind: .ambiguous,
        detail: "\(candidates.count) catalog artists share this name; pin one with 'deepcut artists pin'",
        candidates: candidates)
      return (.problem(problem), resolution(artist, .ambiguous, candidates: candidates))
    case .unresolved:
      let problem = ArtistProblem(artist: artist, kind: .unresolved, detail: "not found in the catalog")
      return (.problem(problem), resolution(artist, .unresolved, candidates: contenders))
    }
  }
}
