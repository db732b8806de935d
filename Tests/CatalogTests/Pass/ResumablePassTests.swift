import Catalog
import Foundation
import Identity
import MusicLibrary
import State
import TestSupport
import Testing

/// The pass's order, its budget, and what a stopped run keeps, against the in-process catalog: no sockets, and
/// a virtual clock that moves 3 s per request, as at the iTunes limit. What the pass keeps is kept in memory, but
/// where a test asks what a stopped run leaves for the next night, the next run opens the state file afresh, as
/// the next night's process does.
struct ResumablePassTests {
  typealias Request = InProcessCatalog.Request

  @Test(arguments: [1, 4])
  func mostPlayedFirstEachGroupLookedUpBeforeTheNext(concurrency: Int) async throws {
    let library = PassFixtures.library(250)
    let catalog = InProcessCatalog(PassFixtures.world(250))
    let events = ProgressLog()
    let outcome = try await PassFixtures.pass(catalog, PassFixtures.store(), progress: events) {
      $0.maxConcurrentRequests = concurrency
    }.run(library)

    let ordered = library.artists.sorted(by: LibraryArtist.listeningOrder)
    #expect(ordered.first?.name == "Artist 0")
    // Searches go most played first (in flight together, neighbours may swap).
    let searched = catalog.searches
    #expect(Set(searched) == Set(ordered.map(\.name)))
    for (position, name) in searched.enumerated() {
      let rank = ordered.firstIndex { $0.name == name } ?? -1
      #expect(abs(rank - position) < concurrency, "\(name) searched at \(position), ranked \(rank)")
    }
    // Resolve a group, look it up, then the next: a hundred searches, a lookup of exactly those, and so on.
    let shape = catalog.log.map { if case .search = $0 { "s" } else { "L" } }.joined()
    #expect(
      shape == String(repeating: "s", count: 100) + "L" + String(repeating: "s", count: 100) + "L"
        + String(repeating: "s", count: 50) + "L")
    let idsByName = Dictionary(uniqueKeysWithValues: PassFixtures.world(250).map { ($0.name, String($0.id)) })
    #expect(Set(catalog.lookups[0]) == Set(searched.prefix(100).compactMap { idsByName[$0] }))
    // At every point a most-played prefix is completely checked: 100 after the 101st request, and so on.
    let prefixes = events.all.map { ($0.requests, $0.settledPrefix) }
    #expect(prefixes.contains { $0 == (101, 100) })
    #expect(prefixes.contains { $0 == (202, 200) })
    #expect(outcome.coverage == .whole(250))
    #expect(outcome.followed.map(\.artist.name) == ordered.map(\.name))
  }

  @Test func everyAnswerIsKeptTheMomentItArrives() async throws {
    let library = PassFixtures.library(120)
    let catalog = InProcessCatalog(PassFixtures.world(120))
    let directory = PassFixtures.stateDirectory()
    // One request at a time, stopped as the 57th goes out: 56 searches were answered, and all 56 are on disk,
    // although the run never reached its end.
    let stopped = try await PassFixtures.run(
      PassFixtures.pass(catalog, try StateStore(directory: directory)) { $0.maxConcurrentRequests = 1 }, library,
      cancelledAt: 57, in: catalog)
    #expect(stopped.stop == .cancelled)
    #expect(stopped.stats.answersKept == 56)
    let store = try StateStore(directory: directory)
    let saved = try await store.resolutions(provider: "itunes")
    #expect(saved.count == 56)
    #expect(saved.values.allSatisfy { $0.status == .resolved })
    #expect(Set(saved.values.map(\.artistName)) == Set(catalog.searches.prefix(56)))
    #expect(!stopped.coverage.complete)

    // The next run asks only what was not answered: the 57th search again, never one of the first 56.
    let first = catalog.log
    catalog.clearLog()
    let resumed = try await PassFixtures.pass(catalog, store).run(library)
    #expect(Set(first.prefix(56)).isDisjoint(with: catalog.log))
    #expect(catalog.searches.count == 120 - 56)
    #expect(catalog.log.count == 120 - 56 + 2)
    #expect(resumed.coverage.complete)
    #expect(resumed.followed.count == 120)
  }

  @Test func requestsInFlightAtTheStopAreTheOnlyOnesAskedAgain() async throws {
    let library = PassFixtures.library(300)
    let catalog = InProcessCatalog(PassFixtures.world(300))
    let store = PassFixtures.store()
    // Stopped as the second lookup goes out, with searches in flight.
    _ = try await PassFixtures.run(PassFixtures.pass(catalog, store), library, cancelledAt: 150, in: catalog)
    let first = catalog.log
    catalog.clearLog()
    let resumed = try await PassFixtures.pass(catalog, store).run(library)
    let repeated = catalog.log.filter { first.contains($0) }
    #expect(repeated.count <= 4, "\(repeated)")
    #expect(resumed.coverage.complete)
    #expect(catalog.log.count == 300 + 3 - (first.count - repeated.count))
  }

  @Test func aStopBetweenASearchAndItsAlbumsKeepsTheCandidatesPending() async throws {
    let nirvana = ArtistKey("Nirvana")
    let library = OwnedLibrary(
      artists: [LibraryArtist(key: nirvana, name: "Nirvana", albumCount: 1, trackCount: 12, playCount: 40)],
      albums: [OwnedAlbum(artistKey: nirvana, artistName: "Nirvana", title: "Nevermind", key: AlbumKey("Nevermind"))])
    let catalog = InProcessCatalog([
      .init(id: 1, name: "Nirvana", albums: [.init(id: 11, title: "Local Anaesthetic", date: "1971-01-01")]),
      .init(id: 2, name: "Nirvana", albums: [.init(id: 21, title: "Nevermind", date: "1991-09-24")]),
    ])
    let directory = PassFixtures.stateDirectory()
    // The search is answered; the run stops as the lookup that would decide goes out.
    _ = try await PassFixtures.run(
      PassFixtures.pass(catalog, try StateStore(directory: directory)), library, cancelledAt: 2, in: catalog)
    let store = try StateStore(directory: directory)
    let pending = try #require(try await store.resolutions(provider: "itunes")[nirvana])
    #expect(pending.status == .pending)
    #expect(pending.matches.isEmpty)
    #expect(CatalogPass.decodeCandidates(pending.candidates).map(\.id) == ["1", "2"])

    // The next run does not search again: one lookup decides.
    catalog.clearLog()
    let resumed = try await PassFixtures.pass(catalog, store).run(library)
    #expect(catalog.log == [.lookup(["1", "2"])])
    #expect(resumed.catalogArtists[nirvana]?.map(\.id) == ["2"])
    #expect(try await store.resolutions(provider: "itunes")[nirvana]?.status == .resolved)
  }

  @Test func aBudgetStopsAskingAndTheNextRunsContinue() async throws {
    let library = PassFixtures.library(300)
    let catalog = InProcessCatalog(PassFixtures.world(300))
    let store = PassFixtures.store()
    let ordered = library.artists.sorted(by: LibraryArtist.listeningOrder)
    // 5 minutes at 20 requests a minute: 100 requests at most, the lookups that finish the last group included.
    let night = try await PassFixtures.pass(catalog, store) { $0.budget = .seconds(300) }.run(library)
    #expect(night.stop == .budget)
    #expect(catalog.log.count <= 100)
    #expect(catalog.clock.elapsed() <= .seconds(300))
    // Nothing searched is left without its albums, and what is checked is the most played.
    #expect(night.coverage.checked == catalog.searches.count)
    #expect(night.followed.map(\.artist.name) == ordered.prefix(night.coverage.checked).map(\.name))
    #expect(night.coverage.checked >= 95)
    #expect(night.coverage.remaining == 300 - night.coverage.checked)
    // The rest: a search each and a lookup per hundred, 3 s apart.
    let left = night.coverage.remaining
    let expected = Int((Double(left + (left + 99) / 100) * 3 / 60).rounded(.up))
    #expect(night.coverage.estimatedMinutesToFinish == expected)

    // Each further night continues where the last stopped and asks nothing twice until all are checked.
    var asked = Set(catalog.searches)
    var coverage = night.coverage
    var nights = 1
    while !coverage.complete, nights < 10 {
      catalog.clearLog()
      let next = try await PassFixtures.pass(catalog, store) { $0.budget = catalog.clock.elapsed() + .seconds(300) }
        .run(library)
      #expect(asked.isDisjoint(with: catalog.searches))
      asked.formUnion(catalog.searches)
      #expect(next.coverage.checked > coverage.checked)
      coverage = next.coverage
      nights += 1
    }
    #expect(coverage.complete)
    #expect(nights == 4)
  }

  @Test func aFailedSearchIsNeitherCheckedNorRemembered() async throws {
    let library = PassFixtures.library(5)
    let catalog = InProcessCatalog(PassFixtures.world(5))
    catalog.failing { $0 == .search("Artist 2") ? .server(status: 503) : nil }
    let store = PassFixtures.store()
    let outcome = try await PassFixtures.pass(catalog, store).run(library)
    #expect(outcome.problems.map(\.kind) == [.failed])
    #expect(outcome.coverage.checked == 4)
    #expect(!outcome.coverage.complete)
    #expect(try await store.resolutions(provider: "itunes")[ArtistKey("Artist 2")] == nil)

    catalog.failing { _ in nil }
    catalog.clearLog()
    let retried = try await PassFixtures.pass(catalog, store, at: PassFixtures.now.addingTimeInterval(3600)).run(
      library)
    #expect(catalog.searches == ["Artist 2"])
    #expect(retried.coverage.complete)
  }

  @Test func offlineWithNothingCachedChecksNobodyAndSaysSo() async throws {
    let catalog = InProcessCatalog(PassFixtures.world(3))
    let outcome = try await PassFixtures.pass(catalog, PassFixtures.store()) { $0.offline = true }.run(
      PassFixtures.library(3))
    #expect(catalog.log.isEmpty)
    #expect(outcome.coverage == Coverage(artists: 3, checked: 0, estimatedMinutesToFinish: 1))
    #expect(outcome.problems.allSatisfy { $0.kind == .notCached })
  }
}
