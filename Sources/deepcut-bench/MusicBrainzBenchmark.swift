internal import Basics
internal import Catalog
internal import Fixtures
internal import Foundation
internal import HTTP
internal import MusicLibrary
internal import State

/// The MusicBrainz provider over the 1,610-artist library against the fake MusicBrainz service, at its real
/// pace (50 requests a minute, never more than one a second), and the Cover Art Archive asked about the releases
/// each night's report lists (three a second): the first night, the next night, a second run the same night,
/// counted in the server's own log.
enum MusicBrainzBenchmark {
  struct Row {
    var name: String
    var log: [FakeRequest]
    var wallSeconds: Double
    var coverage: Coverage

    /// Cover Art Archive questions, for the releases the night's report lists.
    var covers: Int { log.count { $0.path.hasPrefix("/release-group/") } }
    var searches: Int { log.count { $0.path == "/ws/2/artist" } }
    /// MusicBrainz at its one a second, the Cover Art Archive at the pace deepcut asks it.
    var minutesAtLimit: Double {
      Double(log.count - covers) / 60 + Double(covers) / CoverArtArchive.pace
    }
    var evidence: Int { log.count { Self.query($0).contains("releasegroup:") } }
    var releases: Int { log.count { Self.query($0).hasPrefix("firstreleasedate:") } }
    var distinct: Int { Set(log.map { $0.path + Self.query($0) + Self.offset($0) }).count }

    static func query(_ entry: FakeRequest) -> String {
      entry.query["query"] ?? ""
    }
    static func offset(_ entry: FakeRequest) -> String {
      entry.query["offset"] ?? ""
    }
  }

  static func run(artists: Int, albums: Int, requestsPerMinute: Double, directory: String) async throws {
    let library = try CatalogBenchmark.library(artists: artists, albums: albums, directory: directory)
    let worldPath = directory + "/deepcut-bench-musicbrainz-\(artists).json"
    try LibraryWorlds.musicBrainz(for: library).json().write(to: URL(fileURLWithPath: worldPath))
    let stateDirectory = directory + "/deepcut-bench-musicbrainz-state-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: stateDirectory) }
    let store = try StateStore(directory: stateDirectory)
    let pace = requestsPerMinute.isFinite ? "\(Int(requestsPerMinute)) requests a minute" : "the limit lifted"
    try await FakeCatalogServer.with(.musicbrainz, arguments: ["--world", worldPath]) { server in
      print("fake MusicBrainz: \(server.baseURL), \(pace)\n")
      var rows: [Row] = []
      for (name, offset) in [("first night", 0.0), ("next night", 86_400.0), ("same night again", 86_400.0 + 3_600)] {
        try await server.clearLog()
        let began = ContinuousClock.now
        let pass = pass(server, store, requestsPerMinute, night: offset)
        let outcome = try await pass.run(library)
        try await askCovers(outcome, library: library, pass: pass)
        let wall = ContinuousClock.now - began
        rows.append(
          Row(
            name: name, log: try await server.requestLog(), wallSeconds: wall.inSeconds,
            coverage: outcome.coverage))
      }
      report(rows, requestsPerMinute: requestsPerMinute)
    }
  }

  static func report(_ rows: [Row], requestsPerMinute: Double) {
    print(
      "run                requests  searches  evidence  releases    covers  repeated  minutes at limit   wall s   checked"
    )
    for row in rows {
      let columns = [
        row.name.padding(toLength: 18, withPad: " ", startingAt: 0), "\(row.log.count)".leftPadded(to: 9),
        "\(row.searches)".leftPadded(to: 9), "\(row.evidence)".leftPadded(to: 9), "\(row.releases)".leftPadded(to: 9),
        "\(row.covers)".leftPadded(to: 9), "\(row.log.count - row.distinct)".leftPadded(to: 9),
        format(row.minutesAtLimit, 1).leftPadded(to: 16), format(row.wallSeconds, 1).leftPadded(to: 8),
        "\(row.coverage.checked)/\(row.coverage.artists)".leftPadded(to: 10),
      ]
      print(columns.joined(separator: " "))
    }
    let (busiest, average) = pace(rows[0])
    print(
      "\nfirst night: at most \(busiest) MusicBrainz request(s) in any one second, \(format(average, 2)) a second on "
        + "average; \(rows[0].covers) Cover Art Archive questions at \(Int(CoverArtArchive.pace / 60)) a second")
    let verdicts = [
      ("cold ≤ 300 catalog requests", rows[0].log.count - rows[0].covers <= 300),
      ("same night 0 covers", rows[2].covers == 0),
      ("next night ≤ 45", rows[1].log.count <= 45),
      ("same night 0", rows[2].log.isEmpty),
      ("nothing repeated", rows.allSatisfy { $0.log.count == $0.distinct }),
      ("never above one a second", !requestsPerMinute.isFinite || (busiest <= 1 && average <= 1)),
      ("whole library", rows.allSatisfy { $0.coverage.complete }),
    ]
    print(verdicts.map { "\($0.0): \($0.1 ? "met" : "MISSED")" }.joined(separator: "; "))
  }

  /// The pace the service saw: the most MusicBrainz requests that started within any one second, and on average.
  static func pace(_ row: Row) -> (busiest: Int, average: Double) {
    let times = row.log.filter { $0.path.hasPrefix("/ws/2/") }.map(\.time).sorted()
    var busiest = 0
    var start = 0
    for end in times.indices {
      while times[end] - times[start] >= 1 { start += 1 }
      busiest = max(busiest, end - start + 1)
    }
    let span = (times.last ?? 0) - (times.first ?? 0)
    return (busiest, span > 0 ? Double(times.count - 1) / span : 0)
  }

  /// The Cover Art Archive, asked as the report asks it: about the releases it lists, answers kept.
  static func askCovers(_ outcome: CatalogOutcome, library: OwnedLibrary, pass: CatalogPass) async throws {
    guard let source = pass.provider.covers else { return }
    let today = CalendarDay(daysSinceEpoch: Int(pass.now.timeIntervalSince1970 / 86_400))
    var options = FinderOptions(today: today, days: 30)
    options.catalogGroupsEditions = true
    let finder = ReleaseFinder(options: options)
    let listed = finder.findings(finder.verdicts(outcome.followed, owned: library.albumsByArtist())).filter {
      $0.category.isListed
    }
    let check = CoverCheck(source: source, provider: pass.provider.name, store: pass.store, now: pass.now)
    _ = try await check.covers(of: listed.map(\.release.id))
  }

  static func pass(_ server: FakeCatalogServer, _ store: StateStore, _ requestsPerMinute: Double, night: Double)
    -> CatalogPass
  {
    ProvidersBenchmark.pass(MusicBrainzCatalog(), server, store, requestsPerMinute, at: night)
  }
}
