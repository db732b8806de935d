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
