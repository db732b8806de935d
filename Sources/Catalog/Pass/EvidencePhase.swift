internal import Basics
import Identity
internal import MusicLibrary

/// Evidence: when a provider's release lists are only a window of recent releases (MusicBrainz), artists with
/// several candidates are decided by asking which candidates have releases titled like the owned albums, many
/// artists per request. Each answer's decisions are saved together the moment it arrives.
extension CatalogPass {
  /// Owned titles asked about per artist: its most played albums; one is enough to prove a candidate.
  static let titlesPerQuestion = 8

  func gatherEvidence(_ state: inout PassState) async throws(CatalogError) {
    guard !state.awaitingEvidence.isEmpty else { return }
    let waiting = state.awaitingEvidence
    state.awaitingEvidence = []
    guard !options.offline, state.gone == nil else { return unasked(waiting, &state) }
    let perRequest = max(1, provider.limits.artistsPerSearch)
    let batches = waiting.chunks(of: perRequest)
    let sent = try await exchange(batches, &state) { batch, state in
      state.stats.searches += 1
      let questions = batch.map { question(for: $0, state) }
      return { await ask(questions) }
    } take: { batch, answer, state throws(CatalogError) in
      try await decide(batch, by: answer, &state)
    }
    // What the budget or a signal left unasked waits for the next run, which finds it pending; with the catalog
    // gone it fails tonight.
    let rest = Array(batches.dropFirst(sent).joined())
    if state.gone != nil { unasked(rest, &state) } else { state.awaitingEvidence = rest }
  }

  /// Offline, or with the catalog gone: the namesakes are not told apart tonight.
  private func unasked(_ indices: [Int], _ state: inout PassState) {
    for index in indices {
      let artist = state.artists[index]
      state.verdicts[index] = .problem(
        options.offline
          ? ArtistProblem(
            artist: artist, kind: .notCached, detail: "telling its namesakes apart needs the catalog; run online")
          : ArtistProblem(artist: artist, kind: .failed, detail: state.notAskedDetail ?? "not asked"))
    }
  }

  private func question(for index: Int, _ state: PassState) -> EvidenceQuestion {
    let artist = state.artists[index]
    let owned = (state.ownedByArtist[artist.key] ?? []).sorted { $0.playCount > $1.playCount }
    guard case .compare(let contenders)? = state.verdicts[index] else {
      return EvidenceQuestion(candidates: [], ownedTitles: [])
    }
    return EvidenceQuestion(
      candidates: contenders, ownedTitles: owned.prefix(Self.titlesPerQuestion).map(\.title))
  }

  private func ask(_ questions: [EvidenceQuestion]) async -> Result<[[CatalogArtistID: Set<String>]], CatalogError> {
    do throws(CatalogError) {
      let answers = try await provider.evidence(questions)
      guard answers.count == questions.count else {
        throw .undecodable("the \(provider.name) catalog answered \(answers.count) of \(questions.count) questions")
      }
      return .success(answers)
    } catch {
      return .failure(error)
    }
  }

  private func decide(
    _ batch: [Int], by result: Result<[[CatalogArtistID: Set<String>]], CatalogError>, _ state: inout PassState
  ) async throws(CatalogError) {
    switch result {
    case .success(let answers):
      var decisions: [(Int, PassState.Verdict)] = []
      var resolutions: [ArtistResolution] = []
      for (index, proofs) in zip(batch, answers) {
        guard case .compare(let contenders)? = state.verdicts[index] else { continue }
        let artist = state.artists[index]
        let decision = decision(
          for: artist,
          ArtistMatching.decide(
            exact: ArtistMatching.exactMatches(contenders, for: artist.key), near: contenders, proofs: proofs),
          contenders: contenders, proofs: proofs, owned: state.ownedByArtist[artist.key] ?? [])
        decisions.append((index, decision.verdict))
        resolutions.append(decision.resolution)
      }
      try await save(resolutions, &state)
      state.noteAnswer()
      for (index, verdict) in decisions { take(verdict, for: index, &state) }
    case .failure(let error):
      state.noteFailure(error)
      // Nothing is saved: the artists stay pending and the next run asks again.
      for index in batch {
        state.verdicts[index] = .problem(
          ArtistProblem(artist: state.artists[index], kind: .failed, detail: "\(error)"))
      }
    }
    report(state)
  }
}
