import Fixtures
import Foundation
import Identity
import Report
import TestSupport
import Testing

/// The nightly job's promise: tell each release once, in the right section, and remember only after
/// the report is out.
struct SinceLastRunTests {
  static let library = ReportCommandTests.library

  func run(
    _ server: FakeCatalogServer, _ directory: String, now: String, _ extra: [String] = []
  ) async throws -> ReportModel {
    let libraryPath = directory + "/Library.xml"
    if !FileManager.default.fileExists(atPath: libraryPath) {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      try Data(Self.library.utf8).write(to: URL(fileURLWithPath: libraryPath))
    }
    let result = try await DeepcutProcess.run(
      [
        "report", "--library", libraryPath, "--format", "json", "--now", now, "--state-dir", directory + "/state",
        "--provider", "itunes", "--base-url", server.baseURL.absoluteString, "--rate-limit", "0", "--since-last-run",
        "--max-age", "0",
      ] + extra)
    try #require(result.status == 0, "\(result.stderr)")
    return try ReportModel(json: result.stdout)
  }

  @Test func eachReleaseIsToldOnceAndUpcomingAgainOnItsDay() async throws {
    let directory = NSTemporaryDirectory() + "deepcut-ledger-" + UUID().uuidString
    try await FakeCatalogServer.with(world: ReportCommandTests.world) { server in
      let first = try await run(server, directory, now: "2026-11-29")
      #expect(first.new.map(\.title) == ["Repentless"])
      #expect(first.upcoming.map(\.title) == ["Final Campaign - EP"])
      #expect(first.editions.map(\.title) == ["Reign in Blood (Expanded Edition)"])
      #expect(first.backfill.isEmpty)  // an artist's first night records, it does not backfill

      // The same night again: nothing left to tell.
      let second = try await run(server, directory, now: "2026-11-29")
      #expect(second.isEmpty)

      // The catalog adds an old album: Backfill, not New.
      var world = ReportCommandTests.world
      try #require(world["artists"][0]["albums"].array != nil)
      world["artists"][0]["albums"].append([
        "collectionId": 9, "collectionName": "Live Undead", "releaseDate": "1984-08-01",
      ])
      try await server.setWorld(world)
      let third = try await run(server, directory, now: "2026-11-30")
      #expect(third.backfill.map(\.title) == ["Live Undead"])
      #expect(third.new.isEmpty)

      // Release day of the announced EP: it is news again, once.
      let releaseDay = try await run(server, directory, now: "2027-01-15")
      #expect(releaseDay.new.map(\.title) == ["Final Campaign - EP"])
      let dayAfter = try await run(server, directory, now: "2027-01-16")
      #expect(dayAfter.new.isEmpty)
    }
  }

  @Test(arguments: [("announced", ["Final Campaign - EP"], [String]()), ("release-day", [], ["Final Campaign - EP"])])
  func anAnnouncedReleaseIsToldOnceWhenTheSettingSays(_ when: String, announced: [String], onItsDay: [String])
    async throws
  {
    let directory = NSTemporaryDirectory() + "deepcut-ledger-" + UUID().uuidString
    try await FakeCatalogServer.with(world: ReportCommandTests.world) { server in
      let first = try await run(server, directory, now: "2026-11-29", ["--tell-announced", when])
      #expect(first.new.map(\.title) == ["Repentless"])
      #expect(first.upcoming.map(\.title) == announced)
      let releaseDay = try await run(server, directory, now: "2027-01-15", ["--tell-announced", when])
      #expect(releaseDay.new.map(\.title) == onItsDay)
      let dayAfter = try await run(server, directory, now: "2027-01-16", ["--tell-announced", when])
      #expect(dayAfter.new.isEmpty && dayAfter.upcoming.isEmpty)
    }
  }

  @Test func onceAWeekTheReportIsTheWeeksDigest() async throws {
    let directory = NSTemporaryDirectory() + "deepcut-ledger-" + UUID().uuidString
    try await FakeCatalogServer.with(world: ReportCommandTests.world) { server in
      let week = try await run(server, directory, now: "2026-11-28", ["--every", "saturday"])
      #expect(week.digest == .weekly)
      #expect(week.headline == "1 new release this week from artists you own — 28 Nov 2026")
      #expect(week.new.map(\.title) == ["Repentless"])
      let next = try await run(server, directory, now: "2026-12-05", ["--every", "saturday"])
      #expect(next.isEmpty && next.headline == "No new releases this week from artists you own — 5 Dec 2026")
      #expect(next.emptyMessage.hasSuffix("artists this week — all caught up."))
      // Every night, the same ledger: nothing new is told twice, and no word of a week.
      let night = try await run(server, directory, now: "2026-12-06", ["--every", "night"])
      #expect(night.digest == nil && night.headline == "No new releases from artists you own — 6 Dec 2026")
    }
  }

  @Test func aDryRunRemembersNothing() async throws {
    let directory = NSTemporaryDirectory() + "deepcut-ledger-" + UUID().uuidString
    try await FakeCatalogServer.with(world: ReportCommandTests.world) { server in
      let first = try await run(server, directory, now: "2026-11-29", ["--dry-run"])
      let second = try await run(server, directory, now: "2026-11-29", ["--dry-run"])
      #expect(first.new.map(\.title) == ["Repentless"])
      #expect(second.new.map(\.title) == ["Repentless"])
    }
  }

  @Test func aFailedWriteRemembersNothing() async throws {
    let directory = NSTemporaryDirectory() + "deepcut-ledger-" + UUID().uuidString
    try await FakeCatalogServer.with(world: ReportCommandTests.world) { server in
      let libraryPath = directory + "/Library.xml"
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      try Data(Self.library.utf8).write(to: URL(fileURLWithPath: libraryPath))
      let failed = try await DeepcutProcess.run([
        "report", "--library", libraryPath, "--now", "2026-11-29", "--state-dir", directory + "/state", "--provider",
        "itunes", "--base-url",
        server.baseURL.absoluteString, "--rate-limit", "0", "--since-last-run", "--output",
        directory + "/no/such/dir/r.md",
      ])
      #expect(failed.status == 73)
      let next = try await run(server, directory, now: "2026-11-29")
      #expect(next.new.map(\.title) == ["Repentless"])
    }
  }
}
