import Catalog
import Foundation
import MusicLibrary
import Synchronization
import TestSupport
import Testing

/// A catalog with no network in front of it: the pass stops asking after a few requests in a row found none, as
/// the rest would only fail too (each after the client's own tries), instead of failing through the whole library.
struct GoneCatalogTests {
  typealias Request = InProcessCatalog.Request

  @Test(arguments: [1, 4])
  func aCatalogThatNeverAnswersIsGivenUpAfterAFewRequests(concurrency: Int) async throws {
    let catalog = InProcessCatalog(PassFixtures.world(200))
    catalog.failing { _ in .unreachable("127.0.0.1: connection refused") }
    let outcome = try await PassFixtures.pass(catalog, PassFixtures.store()) {
      $0.maxConcurrentRequests = concurrency
    }.run(PassFixtures.library(200))
    #expect(outcome.stop == .unreachable)
    // The failures in a row that stop it, and those already in flight beside the last of them.
    #expect(catalog.log.count <= CatalogPass.connectionFailuresToStop + concurrency - 1, "\(catalog.log.count)")
    #expect(outcome.coverage.checked == 0)
    #expect(outcome.stats.connectivityFailures == catalog.log.count)
    #expect(outcome.stats.connectivityReason == "127.0.0.1: connection refused")
  }

  @Test func aNetworkLostMidRunKeepsWhatWasAnsweredAndTheNextRunGoesOn() async throws {
    let catalog = InProcessCatalog(PassFixtures.world(120))
    let library = PassFixtures.library(120)
    let store = PassFixtures.store()
    let lost = CountDown(after: 30)
    catalog.failing { _ in lost.tick() ? .timedOut : nil }
    let first = try await PassFixtures.pass(catalog, store) { $0.maxConcurrentRequests = 1 }.run(library)
    #expect(first.stop == .unreachable)
    #expect(catalog.log.count == 30 + CatalogPass.connectionFailuresToStop)
    #expect(first.stats.answersKept == 30)
    #expect(!first.coverage.complete)
    let answered = Set(catalog.log.prefix(30))

    // Back: the next run asks nothing that was answered, and finishes.
    catalog.failing { _ in nil }
    catalog.clearLog()
    let second = try await PassFixtures.pass(catalog, store).run(library)
    #expect(second.stop == nil)
    #expect(second.coverage.complete)
    #expect(answered.isDisjoint(with: catalog.log))
  }

  @Test func failuresBetweenAnswersNeverStopThePass() async throws {
    let catalog = InProcessCatalog(PassFixtures.world(80))
    let every = CountDown(after: 0)
    // Every other request finds no network: never three in a row.
    catalog.failing { _ in every.tick() && every.count % 2 == 0 ? .unreachable("no route to host") : nil }
    let outcome = try await PassFixtures.pass(catalog, PassFixtures.store()) { $0.maxConcurrentRequests = 1 }
      .run(PassFixtures.library(80))
    #expect(outcome.stop == nil)
    #expect(outcome.stats.connectivityFailures > 0)
  }
}

/// Counts the requests it is asked about; `tick` is true once more than `after` went by.
private final class CountDown: Sendable {
  private let state = Mutex(0)
  private let after: Int

  init(after: Int) { self.after = after }

  var count: Int { state.withLock { $0 } }

  func tick() -> Bool {
    state.withLock { count in
      count += 1
      return count > after
    }
  }
}
