import Catalog
import Foundation
import Identity
import MusicLibrary
import TestSupport
import Testing

/// Re-checks come back spread over the window's nights, never all on one.
struct RecheckSpreadTests {
  @Test func sixtyNightsAfterTheFirstStayFlat() async throws {
    let count = 600
    let library = PassFixtures.library(count)
    let catalog = InProcessCatalog(PassFixtures.world(count))
    let store = PassFixtures.store()
    let first = try await PassFixtures.pass(catalog, store).run(library)
    #expect(first.coverage.complete)
    #expect(catalog.log.count == count + 6)

    var nights: [Int] = []
    var searches: [Int] = []
    for night in 1...60 {
      catalog.clearLog()
      let outcome = try await PassFixtures.pass(
        catalog, store, at: PassFixtures.now.addingTimeInterval(Double(night) * 86_400)
      ).run(library)
      #expect(outcome.coverage.complete)
      nights.append(catalog.log.count)
      searches.append(catalog.searches.count)
    }
    let mean = Double(nights.reduce(0, +)) / Double(nights.count)
    // Every artist once a window: about a thirtieth of them a night, and six lookups.
    #expect(abs(Double(searches.reduce(0, +)) / 60 - Double(count) / 30) < 3)
    #expect(Double(nights.max() ?? 0) <= 2 * mean, "nights: \(nights)")
    #expect(searches.min() ?? 0 > 0)
  }

  @Test func eachArtistHasItsOwnDayInTheWindow() {
    let schedule = RecheckSchedule(windowDays: 30)
    var perPhase = [Int](repeating: 0, count: 30)
    for index in 0..<3_000 { perPhase[schedule.phase(of: ArtistKey("Artist \(index)").rawValue)] += 1 }
    // 100 expected on each day; a fair spread keeps every day well within twice that.
    #expect(perPhase.min() ?? 0 > 60)
    #expect(perPhase.max() ?? 0 < 140)

    // Due on the first of its days after the last check: never sooner than the next day, never later than a window.
    for index in 0..<200 {
      let key = "artist \(index)"
      for checkedDay in [20_000, 20_011, 20_029] {
        let due = schedule.dueDay(of: key, checkedDay: checkedDay)
        #expect((checkedDay + 1...checkedDay + 30).contains(due))
        #expect((due - schedule.phase(of: key)) % 30 == 0)
      }
    }
    // The same key gets the same day on every machine and in every run: FNV-1a of "radiohead" is
    // 2850502378321829414 (computed apart, in Python), which is 14 modulo 30.
    #expect(schedule.phase(of: "radiohead") == 14)
  }

  @Test func checkedTodayIsNotDueAgainToday() {
    let schedule = RecheckSchedule(windowDays: 7)
    let morning = Date(timeIntervalSince1970: 1_795_910_400 + 3_600)  // 2026-11-29T01:00Z
    for index in 0..<50 {
      #expect(!schedule.isDue("key \(index)", checkedAt: morning, now: morning.addingTimeInterval(20 * 3600)))
      #expect(schedule.isDue("key \(index)", checkedAt: morning, now: morning.addingTimeInterval(8 * 86_400)))
    }
  }
}
