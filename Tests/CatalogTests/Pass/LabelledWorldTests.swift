import Catalog
import Foundation
import MusicLibrary
import TestSupport
import Testing

/// A whole run over a labelled world, scored: the new releases of the artists you own albums by are found,
/// and nothing you own, no edition and nothing old or by a stranger is called new.
struct LabelledWorldTests {
  @Test(arguments: [11, 12, 13] as [UInt64])
  func findsTheNewReleasesAndNothingElse(seed: UInt64) async throws {
    let world = LabelledWorld(artists: 400, seed: seed)
    let catalog = InProcessCatalog(world.catalog)
    let outcome = try await PassFixtures.pass(catalog, PassFixtures.store()).run(world.library)
    #expect(outcome.coverage.complete)

    let reported = Set(world.reported(outcome).filter { $0.value == .new }.keys)
    let inCatalog = Set(world.catalog.flatMap { $0.albums.map { String($0.id) } })
    let truth = Set(world.labels.filter { $0.value == .new && inCatalog.contains($0.key) }.map(\.key))
    let found = reported.intersection(truth)
    let recall = Double(found.count) / Double(truth.count)
    #expect(truth.count > 150)
    #expect(recall >= 0.99, "found \(found.count) of \(truth.count) new releases; missed \(truth.subtracting(found))")
    let wrong = reported.subtracting(truth).map { ($0, world.labels[$0]) }
    #expect(wrong.isEmpty, "called new: \(wrong)")
    // The shared names were followed as two catalog artists each.
    #expect(outcome.followed.count > Set(outcome.followed.map(\.artist.key)).count + 10)
  }
}
