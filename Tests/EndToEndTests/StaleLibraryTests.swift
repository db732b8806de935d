import Fixtures
import Foundation
import TestSupport
import Testing

/// A library export that stopped changing is named, by the real binary, offline: in the report and on standard error
/// a month after the samples' export was written, in `status` (which exits 1 for it), and in `scan`; never with
/// `--stale-after 0`.
struct StaleLibraryTests {
  /// The samples' export says it was written at 2026-11-29T17:33:26Z; this is thirty days later to the second.
  static let monthLater = "2026-12-29T17:33:26Z"

  /// A scratch home holding a copy of the samples' Library.xml, and no configuration but what a test writes.
  struct Home {
    let root = NSTemporaryDirectory() + "deepcut-stale-" + UUID().uuidString
    var library: String { root + "/Library.xml" }
    var environment: [String: String] { ["XDG_CONFIG_HOME": root + "/config"] }

    init() throws {
      try FileManager.default.createDirectory(atPath: root + "/config/deepcut", withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        atPath: DeepcutProcess.packageRoot.appendingPathComponent("samples/Library.xml").path, toPath: library)
    }

    func report(_ extra: [String] = []) async throws -> DeepcutProcess.Result {
      let samples = DeepcutProcess.packageRoot.appendingPathComponent("samples").path
      return try await DeepcutProcess.run(
        [
          "report", "--library", library, "--snapshot", samples + "/catalogs/deezer", "--provider", "deezer",
          "--now", StaleLibraryTests.monthLater, "--state-dir", root + "/state",
        ] + extra, environment: environment)
    }

    func status(_ extra: [String] = []) async throws -> DeepcutProcess.Result {
      try await DeepcutProcess.run(
        ["status", "--library", library, "--now", StaleLibraryTests.monthLater, "--state-dir", root + "/state"]
          + extra, environment: environment)
    }

    /// The export as Music would write it again at `date`.
    func rewrite(date: String) throws {
      let text = try String(contentsOfFile: library, encoding: .utf8)
      try Data(
        text.replacingOccurrences(
          of: "<key>Date</key><date>2026-11-29T17:33:26Z</date>", with: "<key>Date</key><date>\(date)</date>"
        ).utf8
      ).write(to: URL(fileURLWithPath: library))
    }
  }

  @Test func aReportAMonthAfterTheExportNamesItAndStaleAfterZeroSaysNothing() async throws {
    let home = try Home()
    let stale = try await home.report()
    #expect(stale.status == 0, "\(stale.stderr)")
    let lines = stale.stdout.split(separator: "\n")
    #expect(lines.first?.hasPrefix("# ") == true)
    #expect(
      lines.dropFirst().first?.hasPrefix("> **The library export is 30 days old \\(written 29 Nov 2026\\)") == true)
    #expect(stale.stdout.contains("Share Library XML with other applications"))
    let said = stale.stderr.split(separator: "\n").filter { $0.contains("days old") }
    #expect(
      said == [
        "deepcut: \(home.library) is 30 days old (written 29 Nov 2026), so albums you got since then may "
          + "be listed as new: turn on \"Share Library XML with other applications\" in Music's settings, or export the "
          + "library again"
      ])

    let json = try await home.report(["--format", "json", "--quiet"])
    #expect(json.status == 0, "\(json.stderr)")
    #expect(json.stderr.isEmpty, "--quiet says nothing but errors")
    let object = try JSONValue(json: json.stdout)
    try #require(object.object != nil)
    let library = object["library"]
    try #require(library.object != nil)
    #expect(library["stale"].bool == true)
    #expect(library["ageDays"].int == 30)
    #expect(library["exportedAt"].string == "2026-11-29T17:33:26Z")

    let never = try await home.report(["--stale-after", "0"])
    #expect(never.status == 0, "\(never.stderr)")
    #expect(!never.stdout.contains("days old") && !never.stderr.contains("days old"))
    // The same from config.json, and a window wider than the month.
    for config in [#"{"staleAfterDays": 0}"#, #"{"staleAfterDays": 30}"#] {
      try Data(config.utf8).write(to: URL(fileURLWithPath: home.root + "/config/deepcut/config.json"))
      let quiet = try await home.report()
      #expect(quiet.status == 0, "\(quiet.stderr)")
      #expect(!quiet.stdout.contains("days old") && !quiet.stderr.contains("days old"), "\(config)")
    }
  }

  @Test func aBadSettingIsRefusedBeforeTheLibraryIsRead() async throws {
    let home = try Home()
    let result = try await home.report(["--stale-after", "soon"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("--stale-after"))
  }

  @Test func statusCountsAStaleLibraryAsTroubleUntilItIsWrittenAgain() async throws {
    let home = try Home()
    let stale = try await home.status(["--json"])
    #expect(stale.status == 1, "\(stale.stdout)\(stale.stderr)")
    let object = try JSONValue(json: stale.stdout)
    try #require(object.object != nil)
    #expect((object["problem"].string)?.contains("\(home.library) is 30 days old") == true)
    let age = object["library"]["age"]
    #expect(age["stale"].bool == true)
    #expect(age["advice"].string != nil)

    let text = try await home.status()
    #expect(text.status == 1)
    #expect(text.stdout.contains("library: \(home.library), written 29 Nov 2026 (30 days ago): stale"))
    #expect(text.stdout.contains("Share Library XML with other applications"))

    let never = try await home.status(["--stale-after", "0"])
    #expect(never.status == 0, "\(never.stdout)")
    #expect(never.stdout.hasSuffix("fine\n"))

    // Music wrote the export again: status reads the file as it is now, not as the last night found it.
    try home.rewrite(date: "2026-12-28T06:00:00Z")
    let fresh = try await home.status()
    #expect(fresh.status == 0, "\(fresh.stdout)")
    #expect(fresh.stdout.contains("written 28 Dec 2026 (1 day ago)"))
  }

  @Test func scanTellsTheExportsAge() async throws {
    let home = try Home()
    try home.rewrite(date: "2020-01-01T00:00:00Z")
    let stale = try await DeepcutProcess.run(["scan", "--library", home.library], environment: home.environment)
    #expect(stale.status == 0, "\(stale.stderr)")
    #expect(stale.stdout.contains("  exported 2020-01-01, "))
    #expect(stale.stdout.contains("stale, so albums you got since then may be listed as new"))
    let never = try await DeepcutProcess.run(
      ["scan", "--library", home.library, "--stale-after", "0", "--json"], environment: home.environment)
    let object = try JSONValue(json: never.stdout)
    try #require(object.object != nil)
    let library = object["library"]
    try #require(library.object != nil)
    #expect(library["exportedAt"].string == "2020-01-01T00:00:00Z")
    #expect(library["stale"].bool == false)
  }
}
