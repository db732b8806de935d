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
    #expect(outcome.stats.stoppedAnswering)
    #expect(outcome.stop == nil)
    // The failures in a row that stop it, and those already in flight beside the last of them.
    #expect(catalog.log.count <= CatalogPass.connectionFailuresToStop + concurrency - 1, "\(catalog.log.count)")
    #expect(outcome.coverage.checked == 0)
    #expect(outcome.stats.connectivityFailures == catalog.log.count)
    #expect(outcome.stats.connectivityReason == "127.0.0.1: connection refused")
    // Every artist is listed, as failed: those asked with the request's error, the rest as not asked.
    #expect(outcome.problems.count == 200)
    #expect(outcome.problems.allSatisfy { $0.kind == .failed })
    #expect(outcome.problems.contains { $0.detail.hasPrefix("not asked: the catalog stopped answering tonight") })
  }

  @Test func aNetworkLostMidRunKeepsWhatWasAnsweredAndTheNextRunGoesOn() async throws {
    let catalog = InProcessCatalog(PassFixtures.world(120))
    let library = PassFixtures.library(120)
    let store = PassFixtures.store()
    let lost = CountDown(after: 30)
    catalog.failing { _ in lost.tick() ? .timedOut : nil }
    let first = try await PassFixtures.pass(catalog, store) { $0.maxConcurrentRequests = 1 }.run(library)
    #expect(first.stats.stoppedAnswering)
    #expect(catalog.log.count == 30 + CatalogPass.connectionFailuresToStop)
    #expect(first.stats.answersKept == 30)
    #expect(!first.coverage.complete)
    #expect(first.problems.count == 120 - first.coverage.checked)
    let answered = Set(catalog.log.prefix(30))

    // Back: the next run asks nothing that was answered, and finishes.
    catalog.failing { _ in nil }
    catalog.clearLog()
    let second = try await PassFixtures.pass(catalog, store).run(library)
    #expect(!second.stats.stoppedAnswering)
    #expect(second.coverage.complete)
    #expect(answered.isDisjoint(with: catalog.log))
  }

  /// A warm night without network: what earlier nights learned still makes the report, re-checks that fall due
  /// wait, and only what needs the catalog fails.
  @Test func aNightWithoutNetworkStillTakesWhatMemoryAndTheCacheHold() async throws {
    let catalog = InProcessCatalog(PassFixtures.world(60))
    let library = PassFixtures.library(60)
    let store = PassFixtures.store()
    let warm = try await PassFixtures.pass(catalog, store).run(PassFixtures.library(40))
    #expect(warm.coverage.complete)
    catalog.failing { _ in .unreachable("api.example.org: host not found") }
    catalog.clearLog()
    let night = try await PassFixtures.pass(catalog, store).run(library)
    #expect(night.stats.stoppedAnswering)
    #expect(catalog.log.count <= CatalogPass.connectionFailuresToStop + 3)
    #expect(night.coverage.checked == 40)
    #expect(night.problems.count == 20)
    #expect(night.problems.allSatisfy { $0.kind == .failed })
  }

  @Test func failuresBetweenAnswersNeverStopThePass() async throws {
    let catalog = InProcessCatalog(PassFixtures.world(80))
    let every = CountDown(after: 0)
    // Every other request finds no network: never three in a row.
    catalog.failing { _ in every.tick() && every.count % 2 == 0 ? .unreachable("no route to host") : nil }
    let outcome = try await PassFixtures.pass(catalog, PassFixtures.store()) { $0.maxConcurrentRequests = 1 }
      .run(PassFixtures.library(80))
    #expect(!outcome.stats.stoppedAnswering)
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
