import Fixtures
import Foundation
import Report
import TestSupport
import Testing

/// A run stopped by SIGTERM, SIGINT or SIGKILL keeps every answer, and the next run asks nothing again but what
/// was in flight; a budget ends a run with a report of what it could check. The built binary against the fake
/// catalog on 127.0.0.1, counted in the server's own log.
struct ResumeTests {
  static let artists = 60

  /// `count` artists, one album each, played less the further down the list.
  static func library(_ count: Int) -> String {
    var tracks = ""
    for index in 0..<count {
      tracks += """
        <key>\(index + 1)</key><dict><key>Artist</key><string>Artist \(index)</string>\
        <key>Album</key><string>Owned \(index)</string><key>Play Count</key><integer>\(1_000 - index)</integer></dict>

        """
    }
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>Tracks</key><dict>
      \(tracks)</dict></dict></plist>
      """
  }

  static func world(_ count: Int) -> FakeWorld {
    let artists: [JSONValue] = (0..<count).map { index in
      [
        "artistId": .int(1_000 + index), "artistName": .string("Artist \(index)"),
        "albums": [
          [
            "collectionId": .int(50_000 + 2 * index), "collectionName": .string("Owned \(index)"),
            "releaseDate": "2012-03-01",
          ],
          [
            "collectionId": .int(50_001 + 2 * index), "collectionName": .string("Fresh \(index)"),
            "releaseDate": "2026-11-20",
          ],
        ],
      ]
    }
    return ["artists": .array(artists)]
  }

  struct Setup {
    var directory: String
    var server: FakeCatalogServer

    var output: String { directory + "/report.json" }

    func arguments(_ extra: [String] = []) -> [String] {
      [
        "report", "--library", directory + "/Library.xml", "--format", "json", "--output", output, "--now",
        "2026-11-29", "--state-dir", directory + "/state", "--provider", "itunes", "--base-url",
        server.baseURL.absoluteString,
        "--rate-limit", "0", "--batch-size", "10",
      ] + extra
    }

    /// Every request the server has logged, as "path?sorted query".
    func log() async throws -> [String] {
      try await server.requestLog().map(Self.request)
    }

    /// A logged request as "path?sorted query".
    static func request(_ entry: FakeRequest) -> String {
      let query = entry.query.map { "\($0.key)=\($0.value)" }.sorted()
      return entry.path + "?" + query.joined(separator: "&")
    }

    /// What the state keeps: an artist's resolution for each search answered, an album list for each artist
    /// looked up. Read alongside a run, through a read-only connection (the state is in WAL mode); nil while there
    /// is no state yet.
    func kept() async throws -> (resolutions: Int, albumLists: Int)? {
      let query = try await Shell.run(
        "/usr/bin/env",
        [
          "python3", "-c",
          "import sqlite3, sys; c = sqlite3.connect('file:' + sys.argv[1] + '?mode=ro', uri=True); "
            + "print(c.execute('SELECT COUNT(*) FROM artist_resolution').fetchone()[0], "
            + "c.execute(\"SELECT COUNT(*) FROM response_cache WHERE kind = 'albums'\").fetchone()[0])",
          directory + "/state/state.sqlite",
        ])
      let counts = query.output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
      return query.status == 0 && counts.count == 2 ? (counts[0], counts[1]) : nil
    }

    /// The JSON report in `output`.
    func report() throws -> ReportModel {
      try ReportModel(jsonFile: output)
    }

    /// The run log, oldest first: status, start and end (unix seconds) and note of each run.
    func runLog() async throws -> [(status: String, started: Double, finished: Double?, note: String)] {
      let query = try await Shell.run(
        "/usr/bin/env",
        [
          "python3", "-c",
          "import json, sqlite3, sys; print(json.dumps(sqlite3.connect(sys.argv[1]).execute("
            + "'SELECT status, started_at, finished_at, note FROM run ORDER BY id').fetchall()))",
          directory + "/state/state.sqlite",
        ])
      let rows = try JSONSerialization.jsonObject(with: Data(query.output.utf8)) as? [[Any]] ?? []
      return rows.map { row in
        (
          row[0] as? String ?? "", (row[1] as? NSNumber)?.doubleValue ?? 0, (row[2] as? NSNumber)?.doubleValue,
          row[3] as? String ?? ""
        )
      }
    }

    /// Runs the report to its end after a stopped run: its result, the requests of the stopped run and of this
    /// one, and those this one asked again.
    func resume() async throws -> (
      result: DeepcutProcess.Result, before: [String], after: [String], repeated: [String]
    ) {
      let before = try await log()
      try await server.clearLog()
      let result = try await DeepcutProcess.run(arguments())
      let after = try await log()
      return (result, before, after, after.filter { before.contains($0) })
    }

    /// Starts the first run and stops it with `signal` while the server holds every request after the first
    /// `answered` unanswered, so the run is surely in the middle, with requests in flight, however busy the
    /// machine; then lets the server answer again. Returns the run's result and the requests held unanswered.
    ///
    /// The signal waits until the state keeps every answer sent: one still on its way when the run stops is lost,
    /// and rightly asked for again, so without the wait what the next run repeats would depend on timing.
    func interrupt(
      with signal: Int32, after answered: Int
    ) async throws -> (result: DeepcutProcess.Result, held: [String]) {
      try await server.setKnobs(FakeKnobs { $0.holdFrom = .value(answered + 1) })
      // No timeout while held: a request sent again would be logged twice.
      let run = try DeepcutProcess.start(arguments(["--timeout", "600"]))
      try await waitUntil { try await server.requestCount > answered }
      let sent = try await server.requestLog().filter { $0.seq <= answered }
      let searches = sent.count { $0.path == "/search" }
      let albumLists = sent.reduce(0) { $0 + ($1.ids?.count ?? 0) }
      try await waitUntil {
        guard let kept = try await kept() else { return false }
        return kept.resolutions >= searches && kept.albumLists >= albumLists
      }
      kill(run.process.processIdentifier, signal)
      let result = try await run.finish()
      try await server.setKnobs(FakeKnobs { $0.holdFrom = .null })
      let held = try await server.requestLog().filter { $0.seq > answered }
      return (result, held.map(Self.request))
    }

    /// Runs the report with `budget`, held in the middle when the budget is spent: the server answers the first
    /// `answered` requests and holds the rest, and lets them go only once the run has surely spent its budget. The
    /// run counts its budget from before its first request, so that is `budget` after the first request came in,
    /// and no real wait is longer than `budget`. Returns nil when the first held request came in only after the
    /// budget could have been spent (a very busy machine): the run may have stopped before the hold, so it shows
    /// nothing, and the caller tries again with a longer budget.
    func spendBudget(_ budget: Duration, after answered: Int) async throws -> DeepcutProcess.Result? {
      try await server.setKnobs(FakeKnobs { $0.holdFrom = .value(answered + 1) })
      let started = ContinuousClock.now
      // No timeout while held: a request sent again would be logged twice.
      let run = try DeepcutProcess.start(arguments(["--timeout", "600", "--budget", "\(budget.components.seconds)s"]))
      try await waitUntil { try await server.requestCount > 0 || !run.process.isRunning }
      let firstRequest = ContinuousClock.now
      try await waitUntil { try await server.requestCount > answered || !run.process.isRunning }
      // Held before the run's clock could reach the budget: the run cannot end until the hold does.
      let held = ContinuousClock.now < started + budget && run.process.isRunning
      try await Task.sleep(until: firstRequest + budget, clock: .continuous)
      try await server.setKnobs(FakeKnobs { $0.holdFrom = .null })
      let result = try await run.finish()
      return held ? result : nil
    }
  }

  static func withSetup<Result>(_ body: (Setup) async throws -> Result) async throws -> Result {
    let directory = NSTemporaryDirectory() + "deepcut-resume-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try Data(library(artists).utf8).write(to: URL(fileURLWithPath: directory + "/Library.xml"))
    return try await FakeCatalogServer.with(world: world(artists)) { server in
      try await body(Setup(directory: directory, server: server))
    }
  }

  @Test(arguments: [SIGTERM, SIGINT])
  func aSignalKeepsEveryAnswerWritesNoReportAndTheNextRunContinues(signal: Int32) async throws {
    try await Self.withSetup { setup in
      // Yesterday's report is where tonight's would go.
      let yesterday = Data("{\"date\":\"2026-11-28\"}\n".utf8)
      try yesterday.write(to: URL(fileURLWithPath: setup.output))

      let (stopped, held) = try await setup.interrupt(with: signal, after: 25)
      #expect(stopped.status == (signal == SIGTERM ? 143 : 130), "\(stopped.stderr)")
      let line = try #require(stopped.stderr.split(separator: "\n").last.map(String.init))
      #expect(line.hasPrefix("deepcut: interrupted: kept "))
      #expect(line.hasSuffix(" answers; the next run continues"))
      let kept = Int(line.split(separator: " ")[3]) ?? 0
      #expect(kept >= 20)
      // No report: yesterday's is as it was, and no temporary file is left.
      #expect(try Data(contentsOf: URL(fileURLWithPath: setup.output)) == yesterday)
      let files = try FileManager.default.contentsOfDirectory(atPath: setup.directory)
      #expect(!files.contains { $0.hasSuffix(".tmp") })
      // Every answer is in the state: each search answered lists its artist (the rest are album lists).
      let listed = try await DeepcutProcess.run(["artists", "--state-dir", setup.directory + "/state"])
      let albumLists = try await setup.log().filter { $0.hasPrefix("/lookup") }.count
      #expect(listed.stdout.split(separator: "\n").count >= kept - albumLists)

      // The next run takes the lock, asks only what was not answered, and writes a whole report.
      let resumed = try await setup.resume()
      #expect(resumed.result.status == 0, "\(resumed.result.stderr)")
      #expect(resumed.repeated.count <= 4, "asked again: \(resumed.repeated)")
      #expect(Set(resumed.repeated).isSubset(of: Set(held)), "answered, yet asked again")
      let report = try setup.report()
      #expect(report.coverage.complete)
      #expect(report.coverage.checked == Self.artists)
      #expect(report.new.count == Self.artists)

      // The run log tells the two runs apart, on the clock of --now; the stopped run ended the gentle way (the
      // grace period's hard exit logs nothing).
      let runs = try await setup.runLog()
      #expect(runs.map(\.status) == ["interrupted", "ok"])
      #expect(runs.first?.note.contains("answers kept") == true)
      let night = try #require(ISO8601DateFormatter().date(from: "2026-11-29T00:00:00Z")).timeIntervalSince1970
      for run in runs {
        let finished = try #require(run.finished)
        #expect(abs(run.started - night) < 2 * 86_400, "a run logged as started at \(run.started)")
        #expect(finished >= run.started)
      }
    }
  }

  @Test func aKilledRunLosesNothingAnsweredBeforeTheKill() async throws {
    try await Self.withSetup { setup in
      let (killed, held) = try await setup.interrupt(with: SIGKILL, after: 30)
      #expect(killed.status == SIGKILL)
      let resumed = try await setup.resume()
      #expect(resumed.result.status == 0, "\(resumed.result.stderr)")
      #expect(resumed.repeated.count <= 4, "asked again: \(resumed.repeated)")
      #expect(Set(resumed.repeated).isSubset(of: Set(held)), "answered, yet asked again")
      let asked = resumed.before.count + resumed.after.count - resumed.repeated.count
      #expect(asked == Self.artists + Self.artists / 10)
    }
  }

  /// A second of budget, doubled on a machine too busy to answer the first requests within it.
  @Test func aBudgetReportsWhatItCheckedAndTheNextRunFinishes() async throws {
    var budget = Duration.seconds(1)
    while try await !budgetSpentMidway(budget) {
      budget *= 2
      try #require(budget <= .seconds(64), "the first answers never came within the budget")
    }
  }

  /// Whether a run with `budget` was held when it spent it, and then what it reported and what the next run did.
  private func budgetSpentMidway(_ budget: Duration) async throws -> Bool {
    try await Self.withSetup { setup in
      guard let limited = try await setup.spendBudget(budget, after: 25) else { return false }
      #expect(limited.status == 0, "\(limited.stderr)")
      let report = try setup.report()
      let checked = report.coverage.checked
      #expect(!report.coverage.complete)
      #expect((5..<Self.artists).contains(checked))
      #expect(report.coverage.remaining == Self.artists - checked)
      #expect(report.coverage.artists == Self.artists)
      #expect(report.coverage.estimatedMinutesToFinish >= 1)
      #expect(report.new.count == checked)
      #expect(limited.stderr.contains("deepcut: Checked \(checked) of 60 artists, most played first"))
      #expect(limited.stderr.contains("(the budget is spent)"))
      let first = try await setup.log()

      // Markdown says it near the top.
      try await setup.server.clearLog()
      let markdown = try await DeepcutProcess.run(
        setup.arguments(["--offline", "--format", "markdown", "--output", setup.directory + "/report.md"]))
      #expect(markdown.status == 0, "\(markdown.stderr)")
      let text = try String(contentsOfFile: setup.directory + "/report.md", encoding: .utf8)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(
        lines.prefix(4).contains {
          $0.hasPrefix(
            "_Checked \(checked) of 60 artists, most played first; the rest continue on the next run, about ")
        })

      // Without a budget the next run finishes, asking nothing the first one was answered.
      let finished = try await DeepcutProcess.run(setup.arguments())
      #expect(finished.status == 0, "\(finished.stderr)")
      let second = try await setup.log()
      #expect(second.filter { $0.hasPrefix("/search") && first.contains($0) }.isEmpty)
      let whole = try setup.report()
      #expect(whole.coverage.complete)
      return true
    }
  }
}
