import Catalog
import Fixtures
import Foundation
import MusicLibrary
import State
import TestSupport
import Testing

/// A whole MusicBrainz run over the labelled world (shared names, bands of one name, busy namesakes, editions,
/// old albums, announcements), scored: the new and upcoming release groups of the artists you own albums by are
/// found, and nothing owned, old or by a stranger is called new.
struct MusicBrainzLabelledWorldTests {
  @Test(arguments: [21, 22] as [UInt64])
  func findsTheNewAndUpcomingAndNothingElse(seed: UInt64) async throws {
    let world = LabelledWorld(artists: 400, seed: seed)
    try await FakeCatalogServer.with(.musicbrainz, world: FakeWorld(building: MusicBrainzWorld.from(world))) { server in
      let store = try StateStore(directory: NSTemporaryDirectory() + "deepcut-mb-world-" + UUID().uuidString)
      let pass = CatalogPass(
        provider: MusicBrainzProviderTests.provider(server), store: store, options: CatalogPassOptions(),
        now: Date(timeIntervalSince1970: 1_795_953_600))
      let outcome = try await pass.run(world.library)
      #expect(outcome.coverage.complete)

      let reported = world.reported(outcome, groupsEditions: true)
      let inCatalog = Set(world.catalog.flatMap { $0.albums.map(\.id) })
      var truth: Set<String> = []
      var labels: [String: LabelledWorld.Label] = [:]
      for (key, label) in world.labels {
        guard let number = Int(key), inCatalog.contains(number) else { continue }
        let id = MusicBrainzWorld.id(number, 1)
        labels[id] = label
        if label == .new || label == .upcoming { truth.insert(id) }
      }
      let found = Set(reported.keys).intersection(truth)
      #expect(truth.count > 150)
      #expect(
        Double(found.count) / Double(truth.count) >= 0.99,
        "found \(found.count) of \(truth.count); missed \(truth.subtracting(found).map { labels[$0] })")
      let wrong = Set(reported.keys).subtracting(truth).map { ($0, labels[$0]) }
      #expect(wrong.isEmpty, "called new or upcoming: \(wrong)")
      #expect(reported.allSatisfy { labels[$0.key] == ($0.value == .new ? .new : .upcoming) })

      // In requests, for 400 artists: a search per 25 (16), and a second one for a batch with a name not matched
      // by its name alone; a release search per 55 (8); a question per group with namesakes in it (8 at most).
      // One request per artist would be 400 and more.
      let requests = try await server.requestCount
      #expect(requests <= 2 * 16 + 8 + 8, "\(requests) requests")
    }
  }
}
