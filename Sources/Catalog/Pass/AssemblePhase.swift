internal import Basics
internal import Foundation
internal import MusicLibrary

/// Assemble: the outcome from what the run knows, most played first, with how much of the library it covers.
extension CatalogPass {
  func assemble(_ state: PassState) async -> CatalogOutcome {
    var followed: [FollowedArtist] = []
    var problems: [ArtistProblem] = []
    var checked = 0
    for (index, artist) in state.artists.enumerated() {
      switch state.verdicts[index] {
      case .problem(let problem)?:
        problems.append(problem)
        if problem.isAnswer { checked += 1 }
      case .follow(let catalogArtists)?:
        if let error = catalogArtists.lazy.compactMap({ state.albumFailures[$0.id] }).first {
          let kind: ArtistProblem.Kind = error.isNotCached ? .notCached : .failed
          problems.append(ArtistProblem(artist: artist, kind: kind, detail: "\(error)"))
          continue
        }
        let lists = catalogArtists.compactMap { catalogArtist in
          state.albums[catalogArtist.id].map { (catalogArtist, $0) }
        }
        // Not every list is known when the budget or a signal ended the run: the artist is left for the next.
        guard lists.count == catalogArtists.count else { continue }
        checked += 1
        for (catalogArtist, releases) in lists {
          let named =
            lists.count == 1
            ? artist
            : Self.share(of: artist, for: catalogArtist, releases, owned: state.ownedByArtist[artist.key] ?? [])
          followed.append(FollowedArtist(artist: named, catalogArtist: catalogArtist, releases: releases))
        }
      case .compare?, nil:
        continue
      }
    }

    var stats = state.stats
    stats.artistsChecked = checked
    stats.resolved = Set(followed.map(\.artist.key)).count
    stats.unresolved = problems.count { $0.kind == .unresolved }
    stats.ambiguous = problems.count { $0.kind == .ambiguous }
    stats.failed = problems.count { $0.kind == .failed || $0.kind == .notCached }
    let counters = await provider.counters()
    stats.requests = counters.requests
    stats.retries = counters.retries

    let requestsLeft = checked == state.artists.count ? 0 : estimatedRequestsToFinish(state)
    let minutes = timeFor(requests: requestsLeft, state).map { $0.inSeconds / 60 } ?? 0
    let coverage = Coverage(
      artists: state.artists.count, checked: checked,
      estimatedMinutesToFinish: requestsLeft == 0 ? 0 : max(1, Int(minutes.rounded(.up))))
    return CatalogOutcome(followed: followed, problems: problems, stats: stats, coverage: coverage, stop: state.stop)
  }

  /// One of several catalog artists under one library name, as the report names it: its own catalog name,
  /// and of the owned albums those it has in the catalog.
  static func share(
    of artist: LibraryArtist, for catalogArtist: CatalogArtist, _ releases: [CatalogRelease], owned: [OwnedAlbum]
  ) -> LibraryArtist {
    let bases = Set(releases.map(\.key.base))
    let proving = owned.filter { bases.contains($0.key.base) }
    guard !proving.isEmpty else {
      var renamed = artist
      renamed.name = catalogArtist.name
      return renamed
    }
    return LibraryArtist(
      key: artist.key,
      name: catalogArtist.name,
      albumCount: proving.count,
      trackCount: proving.reduce(0) { $0 + $1.trackCount },
      playCount: proving.reduce(0) { $0 + $1.playCount },
      newestYear: proving.compactMap(\.year).max()
    )
  }

  /// The requests the artists not yet checked would take: a search for each that has no usable answer from
  /// before, and lookups for their album lists.
  func estimatedRequestsToFinish(_ state: PassState) -> Int {
    var searches = 0
    var ids = 0
    for index in state.artists.indices where !state.isChecked(index) {
      switch state.verdicts[index] {
      case .follow(let followed)?:
        ids += followed.count { state.albums[$0.id] == nil }
      case .compare(let contenders)?:
        ids += contenders.count { state.albums[$0.id] == nil }
      case .problem?, nil:
        let memory = state.memory[state.artists[index].key]
        if let memory, memory.status == .resolved || memory.status == .pinned {
          ids += max(1, memory.matches.count)
        } else {
          searches += 1
          ids += 1
        }
      }
    }
    return searches + lookupsNeeded(for: ids)
  }
}
