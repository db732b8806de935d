internal import Foundation
internal import Identity
internal import MusicLibrary

/// What one run of the pass has learned so far. Each phase commits what it learns to the state database
/// first and adds it here after, so whatever ends the run, the database holds at least what this holds.
struct PassState {
  /// Where an artist stands in this run.
  enum Verdict {
    /// Follow these catalog artists; the artist is checked once the album list of each is known.
    case follow([CatalogArtist])
    /// Searched; the albums of these candidates, compared with the owned ones, decide.
    case compare([CatalogArtist])
    /// Settled without albums (not found, ambiguous), or failed.
    case problem(ArtistProblem)
  }

  /// The library's artists, most played first: the order in which they are checked.
  let artists: [LibraryArtist]
  let ownedByArtist: [ArtistKey: [OwnedAlbum]]
  /// Resolutions as the state database holds them, updated as this run saves new ones.
  var memory: [ArtistKey: ArtistResolution]
  var verdicts: [Verdict?]
  /// Artists before this index have been looked at: known from an earlier run, or searched.
  var cursor = 0

  /// Album lists known in this run by catalog id: answered, or fresh in the cache.
  var albums: [CatalogArtistID: [CatalogRelease]] = [:]
  var albumFailures: [CatalogArtistID: CatalogError] = [:]
  /// Release lists cached by earlier runs, by catalog id, read once at the start.
  var cached: [CatalogArtistID: CachedResponse] = [:]
  /// Ids whose album lists must be asked for, in check order.
  var wanted: [CatalogArtistID] = []
  var wantedSet: Set<CatalogArtistID> = []
  /// Artists whose candidates wait for the provider's evidence (``ProofSource/ownedTitles``), in check order.
  var awaitingEvidence: [Int] = []

  var stats = CatalogStats()
  /// Requests started in this run.
  var requests = 0
  var stop: PassStop?
  /// Requests that found no network since the last answer, each after the client's own tries.
  var connectionFailuresInARow = 0
  /// Why the catalog is taken as gone for the rest of the run, once ``CatalogPass/connectionFailuresToStop`` requests
  /// in a row found no network: what memory and the cache hold still counts, and nothing more is asked.
  var gone: String?

  /// Artists whose releases were announced (``CatalogPass/releasesKnown``) or who have none to announce, and the
  /// first index not yet among them.
  var announced: Set<Int> = []
  var unannounced = 0

  /// Counted after each decide phase: artists checked, and the longest prefix whose check has ended.
  var checked = 0
  var settledPrefix = 0
  /// Requests the rest would take, as estimated after the last decide phase, and `requests` then.
  var requestsToFinish = 0
  var requestsAtEstimate = 0

  init(library: OwnedLibrary, memory: [ArtistKey: ArtistResolution]) {
    artists = library.artists.sorted(by: LibraryArtist.listeningOrder)
    ownedByArtist = library.albumsByArtist()
    self.memory = memory
    verdicts = Array(repeating: nil, count: artists.count)
  }

  /// An answer kept: the catalog is there.
  mutating func noteAnswer() {
    stats.answersKept += 1
    connectionFailuresInARow = 0
  }

  /// A request that failed for good; one that found no network counts toward giving the catalog up.
  mutating func noteFailure(_ error: CatalogError) {
    stats.noteFailure(error)
    connectionFailuresInARow = error.isConnectivity ? connectionFailuresInARow + 1 : 0
    if gone == nil, connectionFailuresInARow >= CatalogPass.connectionFailuresToStop {
      gone = stats.connectivityReason ?? "no connection"
      stats.stoppedAnswering = true
    }
  }

  /// Why an artist that needed the catalog tonight was not asked, once the catalog is gone.
  var notAskedDetail: String? {
    gone.map { "not asked: the catalog stopped answering tonight (\($0))" }
  }

  /// Whether the artist's check has ended with an answer: every album list known, or settled as a problem
  /// that is an answer (not found, ambiguous).
  func isChecked(_ index: Int) -> Bool {
    switch verdicts[index] {
    case .follow(let followed)?: followed.allSatisfy { albums[$0.id] != nil }
    case .problem(let problem)?: problem.isAnswer
    case .compare?, nil: false
    }
  }

  /// Whether the artist's check has ended at all in this run, answered or failed.
  func isSettled(_ index: Int) -> Bool {
    switch verdicts[index] {
    case .follow(let followed)?: followed.allSatisfy { albums[$0.id] != nil || albumFailures[$0.id] != nil }
    case .problem?: true
    case .compare?, nil: false
    }
  }
}
