import Fixtures
import Foundation
import Identity
import Report
import TestSupport
import Testing

/// `deepcut report` end to end: the built binary, a real Library.xml, the fake catalog on 127.0.0.1,
/// and a state directory of its own.
struct ReportCommandTests {
  static let library = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>Tracks</key><dict>
    <key>1</key><dict><key>Artist</key><string>Slayer</string><key>Album</key><string>Reign in Blood</string>
    <key>Play Count</key><integer>40</integer><key>Year</key><integer>1986</integer></dict>
    <key>2</key><dict><key>Artist</key><string>Portishead</string><key>Album</key><string>Dummy</string></dict>
    <key>3</key><dict><key>Artist</key><string>Nobody Knows</string><key>Album</key><string>Demo</string></dict>
    </dict></dict></plist>
    """

  static var world: FakeWorld {
    [
      "artists": [
        [
          "artistId": 414_425, "artistName": "Slayer", "primaryGenreName": "Metal",
          "albums": [
            ["collectionId": 1, "collectionName": "Reign in Blood", "releaseDate": "1986-10-07"],
            ["collectionId": 2, "collectionName": "Repentless", "releaseDate": "2026-11-20", "trackCount": 12],
            [
              "collectionId": 3, "collectionName": "Repentless", "releaseDate": "2026-11-20", "explicitness": "cleaned",
            ],
            ["collectionId": 4, "collectionName": "Reign in Blood (Expanded Edition)", "releaseDate": "2026-11-27"],
            ["collectionId": 5, "collectionName": "Final Campaign - EP", "releaseDate": "2027-01-15"],
          ],
        ],
        [
          "artistId": 2_000, "artistName": "Portishead",
          "albums": [["collectionId": 6, "collectionName": "Dummy", "releaseDate": "1994-08-22"]],
        ],
      ]
    ]
  }

  func temporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "deepcut-report-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  func report(_ server: FakeCatalogServer, _ directory: String, _ extra: [String] = []) async throws
    -> DeepcutProcess.Result
  {
    let libraryPath = directory + "/Library.xml"
    if !FileManager.default.fileExists(atPath: libraryPath) {
      try Data(Self.library.utf8).write(to: URL(fileURLWithPath: libraryPath))
    }
    return try await DeepcutProcess.run(
      [
        "report", "--library", libraryPath, "--format", "json", "--now", "2026-11-29", "--state-dir",
        directory + "/state", "--provider", "itunes", "--base-url", server.baseURL.absoluteString, "--rate-limit", "0",
      ] + extra)
  }

  @Test func aColdRunFindsNewUpcomingAndEditionsThenAHotRunAsksNothing() async throws {
    let directory = try temporaryDirectory()
    try await FakeCatalogServer.with(world: Self.world) { server in
      let cold = try await report(server, directory)
      #expect(cold.status == 0, "\(cold.stderr)")
      let json = try ReportModel(json: cold.stdout)
      #expect(json.new.map(\.title) == ["Repentless"])
      #expect(json.new.first?.explicit == false)
      #expect(json.new.first?.reason == "you own 1 album by Slayer, newest 1986; 40 plays")
      #expect(json.upcoming.map(\.title) == ["Final Campaign - EP"])
      #expect(json.upcoming.first?.kind == "EP")
      #expect(json.editions.map(\.editionOf) == ["Reign in Blood"])
      #expect(json.needsAttention.map(\.artist) == ["Nobody Knows"])
      #expect(json.summary.artistsChecked == 3)
      #expect(json.summary.requests == 4)  // three searches, one batched lookup
      #expect(try await server.requestCount == 4)

      try await server.clearLog()
      let hot = try await report(server, directory)
      #expect(hot.status == 0)
      #expect(try await server.requestCount == 0)
      let hotJSON = try ReportModel(json: hot.stdout)
      #expect(hotJSON.summary.cacheHits == 2)
      #expect(hotJSON.new.count == 1)
    }
  }

  @Test func sameInputsSameBytes() async throws {
    let directory = try temporaryDirectory()
    try await FakeCatalogServer.with(world: Self.world) { server in
      let first = try await report(server, directory)
      let second = try await report(server, directory)
      #expect(first.status == 0)
      // The summary's counters differ between a cold and a hot run; the findings must not. The JSON is the model
      // encoded, so equal models are equal reports.
      let cold = try ReportModel(json: first.stdout)
      var hot = try ReportModel(json: second.stdout)
      hot.summary = cold.summary
      #expect(cold == hot)
    }
  }

  @Test func outputGoesToAFileAndNothingToStandardOutput() async throws {
    let directory = try temporaryDirectory()
    try await FakeCatalogServer.with(world: Self.world) { server in
      let output = directory + "/report.json"
      let result = try await report(server, directory, ["--output", output, "--quiet"])
      #expect(result.status == 0)
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.isEmpty)
      let written = try String(contentsOfFile: output, encoding: .utf8)
      #expect(written.contains("\"Repentless\""))
      let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".tmp") }
      #expect(leftovers.isEmpty)
    }
  }

  @Test func anUnwritableOutputExits73() async throws {
    let directory = try temporaryDirectory()
    try await FakeCatalogServer.with(world: Self.world) { server in
      let result = try await report(server, directory, ["--output", directory + "/missing/dir/report.json"])
      #expect(result.status == 73)
      #expect(result.stderr.contains("missing/dir"))
    }
  }

  @Test func anUnreachableCatalogExits69() async throws {
    let directory = try temporaryDirectory()
    try Data(Self.library.utf8).write(to: URL(fileURLWithPath: directory + "/Library.xml"))
    let result = try await DeepcutProcess.run([
      "report", "--library", directory + "/Library.xml", "--state-dir", directory + "/state", "--provider", "itunes",
      "--base-url",
      "http://127.0.0.1:9", "--rate-limit", "0",
    ])
    #expect(result.status == 69)
    #expect(result.stderr.contains("cannot be reached"))
  }

  /// Behind a network sign-in page every request is answered 200 with HTML: nothing was reachable, so 69, and
  /// nothing of it is kept.
  @Test func aSignInPageForEveryRequestIsUnreachable() async throws {
    let directory = try temporaryDirectory()
    try await FakeCatalogServer.with(world: Self.world) { server in
      try await server.setKnobs(FakeKnobs { $0.htmlNext = 1_000 })
      let result = try await report(server, directory)
      #expect(result.status == 69, "\(result.stderr)")
      #expect(result.stderr.contains("a web page answered instead of the catalog"))
      let artists = try await DeepcutProcess.run(["artists", "--state-dir", directory + "/state"])
      #expect(artists.stdout.contains("no artists looked up yet"))
    }
  }

  /// The catalog goes away in the middle of a run: what was answered is reported, what was not is listed, exit 0;
  /// a run with the catalog back asks only for the rest.
  @Test func aCatalogGoneMidRunStillWritesTheReport() async throws {
    let directory = try temporaryDirectory()
    let libraryPath = directory + "/Library.xml"
    try Data(ResumeTests.library(40).utf8).write(to: URL(fileURLWithPath: libraryPath))
    // The server holds every request after the 15th unanswered, and goes away while they wait.
    let server = try await FakeCatalogServer.start(arguments: ["--hold-from", "16"], world: ResumeTests.world(40))
    let arguments = [
      "report", "--library", libraryPath, "--format", "json", "--now", "2026-11-29", "--state-dir",
      directory + "/state", "--provider", "itunes", "--base-url", server.baseURL.absoluteString, "--rate-limit", "0",
      "--batch-size", "10",
    ]
    let run = try DeepcutProcess.start(arguments)
    try await waitUntil { try await server.requestCount > 15 }
    try await server.goAway()
    let result = try await run.finish()
    await server.stop()
    let stderr = result.stderr
    #expect(result.status == 0, "\(stderr)")
    #expect(stderr.contains("artist lookups failed; the report lists them under \"Needs attention\""))
    let json = try ReportModel(json: result.stdout)
    let checked = json.coverage.checked
    #expect((5...15).contains(checked), "15 answers cannot check more than 15 artists")
    // Every unchecked artist is listed as failed: those whose requests failed, and, once a few in a row found the
    // catalog gone, the rest, not asked.
    #expect(json.needsAttention.count == 40 - checked)
    #expect(json.needsAttention.allSatisfy { $0.problem == "failed" })
    #expect(json.coverage.complete == false)
    #expect(stderr.contains("the rest continue on the next run"), "\(stderr)")
    #expect(stderr.contains("(a catalog stopped answering)"), "\(stderr)")
    #expect(json.new.count == checked)
  }

  @Test func someFailedLookupsStillWriteTheReportAndSaySo() async throws {
    let directory = try temporaryDirectory()
    try await FakeCatalogServer.with(world: Self.world) { server in
      // Searches succeed; the album lookup fails past every retry.
      try await server.setKnobs(FakeKnobs { $0.failNext = 0 })
      let warmup = try await report(server, directory, ["--max-age", "0"])
      #expect(warmup.status == 0)
      try await server.setKnobs(
        FakeKnobs {
          $0.failNext = 4; $0.failStatus = 502
        })
      let result = try await report(server, directory, ["--max-age", "0"])
      #expect(result.status == 0)
      #expect(result.stderr.contains("lookups failed"))
      let json = try ReportModel(json: result.stdout)
      #expect(json.needsAttention.contains { $0.problem == "failed" && $0.artist == "Slayer" })
    }
  }

  @Test(arguments: [
    ["--days", "5", "--since", "2026-11-01"], ["--days", "many"], ["--since", "yesterday"], ["--format", "pdf"],
    ["--types", "album,boxset"], ["--country", "Britain"], ["--batch-size", "500"], ["--now", "someday"],
  ])
  func badOptionsExit64(_ options: [String]) async throws {
    let result = try await DeepcutProcess.run(["report", "--library", "x.xml"] + options)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("deepcut: error: "))
  }

  @Test func theSampleRunsOfflineFromTheSnapshot() async throws {
    let directory = try temporaryDirectory()
    let result = try await DeepcutProcess.run([
      "report", "--library", "samples/Library.xml", "--snapshot", "samples/catalogs/itunes", "--now", "2026-11-29",
      "--state-dir", directory, "--quiet", "--format", "json",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let json = try ReportModel(json: result.stdout)
    #expect(!json.new.isEmpty)
    #expect(!json.upcoming.isEmpty)
    #expect(!json.editions.isEmpty)
    #expect(json.needsAttention.count == 2)
  }

  @Test func artistsPinAndCacheCommands() async throws {
    let directory = try temporaryDirectory()
    try await FakeCatalogServer.with(world: Self.world) { server in
      _ = try await report(server, directory)
      let state = ["--state-dir", directory + "/state"]
      let list = try await DeepcutProcess.run(["artists"] + state)
      #expect(list.status == 0)
      #expect(list.stdout.contains("Slayer\tresolved\t414425"))
      let unresolved = try await DeepcutProcess.run(["artists", "--unresolved"] + state)
      #expect(unresolved.stdout.contains("Nobody Knows\tunresolved"))
      #expect(!unresolved.stdout.contains("Slayer"))
      let pin = try await DeepcutProcess.run(["artists", "pin", "Nobody Knows", "2000"] + state)
      #expect(pin.status == 0)
      #expect(try await DeepcutProcess.run(["artists"] + state).stdout.contains("Nobody Knows\tpinned\t2000"))
      #expect(try await DeepcutProcess.run(["artists", "pin", "Nobody Knows", "abc"] + state).status == 64)
      let stats = try await DeepcutProcess.run(["cache", "stats"] + state)
      #expect(stats.stdout.hasPrefix("2 cached answers"))
      let clear = try await DeepcutProcess.run(["cache", "clear"] + state)
      #expect(clear.stdout.contains("removed 2"))
      #expect(try await DeepcutProcess.run(["cache", "stats"] + state).stdout.hasPrefix("0 cached answers"))
    }
  }
}
