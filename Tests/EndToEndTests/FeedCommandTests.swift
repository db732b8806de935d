import Fixtures
import Foundation
import Report
import TestSupport
import Testing

/// `--format atom`, `--format ics` and `--feeds DIR` through the real binary: a rolling window that
/// `--since-last-run` does not shrink, the same bytes for the same night, settings from the config file.
struct FeedCommandTests {
  func setUp(config: String = "{}") throws -> String {
    let home = NSTemporaryDirectory() + "deepcut-feeds-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: home + "/config/deepcut", withIntermediateDirectories: true)
    try Data(ReportCommandTests.library.utf8).write(to: URL(fileURLWithPath: home + "/Library.xml"))
    try Data(config.utf8).write(to: URL(fileURLWithPath: home + "/config/deepcut/config.json"))
    return home
  }

  func report(_ home: String, _ server: FakeCatalogServer, _ arguments: [String]) async throws -> DeepcutProcess.Result
  {
    try await DeepcutProcess.run(
      [
        "report", "--library", home + "/Library.xml", "--now", "2026-11-29", "--provider", "itunes", "--base-url",
        server.baseURL.absoluteString, "--rate-limit", "0",
      ] + arguments,
      environment: ["XDG_CONFIG_HOME": home + "/config", "XDG_STATE_HOME": home + "/state"])
  }

  @Test func theFeedIsARollingWindowThatSinceLastRunDoesNotShrink() async throws {
    let home = try setUp()
    try await FakeCatalogServer.with(world: ReportCommandTests.world) { server in
      let first = try await report(home, server, ["--format", "atom", "--since-last-run"])
      #expect(first.status == 0, "\(first.stderr)")
      #expect(first.stdout.contains("<title>Slayer — Repentless</title>"))
      // The e-mail tells it and remembers so; the feed keeps it.
      let told = try await report(
        home, server, ["--format", "email", "--to", "ana@example.org", "--since-last-run", "--output", home + "/m.eml"])
      #expect(told.status == 0)
      let emptied = try await report(home, server, ["--format", "markdown", "--since-last-run"])
      #expect(!emptied.stdout.contains("Repentless"))
      let again = try await report(home, server, ["--format", "atom", "--since-last-run"])
      #expect(again.stdout == first.stdout)
      let calendar = try await report(home, server, ["--format", "ics", "--since-last-run"])
      #expect(calendar.stdout.contains("SUMMARY:Slayer — Final Campaign - EP\r\n"))
      #expect(calendar.stdout.hasSuffix("END:VCALENDAR\r\n"))
    }
  }

  @Test func theConfiguredFeedsFolderGetsBothFilesFromTheSameRun() async throws {
    let home = try setUp()
    try await FakeCatalogServer.with(world: ReportCommandTests.world) { server in
      try Data(
        """
        { "feeds": { "directory": "\(home)/public", "url": "https://example.org/deepcut/deepcut.atom",
                     "calendarIncludesNew": true } }
        """.utf8
      ).write(to: URL(fileURLWithPath: home + "/config/deepcut/config.json"))
      try FileManager.default.createDirectory(atPath: home + "/public", withIntermediateDirectories: true)
      let result = try await report(home, server, ["--format", "markdown", "--output", home + "/report.md"])
      #expect(result.status == 0, "\(result.stderr)")
      let atom = try String(contentsOfFile: home + "/public/deepcut.atom", encoding: .utf8)
      #expect(
        atom.contains(
          #"<link rel="self" type="application/atom+xml" href="https://example.org/deepcut/deepcut.atom"/>"#))
      #expect(atom.contains("<id>https://example.org/deepcut/deepcut.atom</id>"))
      let ics = try String(contentsOfFile: home + "/public/deepcut.ics", encoding: .utf8)
      // With calendarIncludesNew the window's new release is an event too, beside the upcoming one.
      #expect(ics.components(separatedBy: "BEGIN:VEVENT").count - 1 == 2)
      #expect(ics.contains("SUMMARY:Slayer — Repentless\r\n"))
      let leftovers = try FileManager.default.contentsOfDirectory(atPath: home + "/public").filter {
        $0.hasSuffix(".tmp")
      }
      #expect(leftovers.isEmpty)
      // The same release has the same id in the feed, the calendar and the JSON report.
      let json = try await report(home, server, ["--format", "json"])
      let id = try #require(try ReportModel(json: json.stdout).new.first?.id)
      #expect(atom.contains("<id>\(id)</id>") && ics.contains("UID:\(id)\r\n"))
    }
  }

  @Test func anUnwritableFeedsFolderExits73NamingIt() async throws {
    let home = try setUp()
    try Data("a file".utf8).write(to: URL(fileURLWithPath: home + "/blocker"))
    try await FakeCatalogServer.with(world: ReportCommandTests.world) { server in
      let result = try await report(home, server, ["--feeds", home + "/blocker/feeds"])
      #expect(result.status == 73)
      #expect(result.stderr.contains(home + "/blocker/feeds/deepcut.atom"))
    }
  }

  @Test func badFeedSettingsAreUsageOrConfigurationErrors() async throws {
    let home = try setUp(config: #"{ "feeds": { "calendarIncludesNew": "yes" } }"#)
    let result = try await DeepcutProcess.run(
      ["report", "--library", home + "/Library.xml", "--offline"],
      environment: ["XDG_CONFIG_HOME": home + "/config", "XDG_STATE_HOME": home + "/state"])
    #expect(result.status == 78)
    #expect(result.stderr.contains("feeds.calendarIncludesNew: expected true or false"))
    let plain = try setUp()
    let url = try await DeepcutProcess.run(
      ["report", "--library", home + "/Library.xml", "--feed-url", "javascript:alert(1)"],
      environment: ["XDG_CONFIG_HOME": plain + "/config"])
    #expect(url.status == 64)
    #expect(url.stderr.contains("--feed-url takes an http(s) address"))
    let full = try await DeepcutProcess.run(
      ["report", "--library", home + "/Library.xml", "--full-report", home + "/x.html"],
      environment: ["XDG_CONFIG_HOME": plain + "/config"])
    #expect(full.status == 64)
    #expect(full.stderr.contains("go with --format email"))
  }
}
