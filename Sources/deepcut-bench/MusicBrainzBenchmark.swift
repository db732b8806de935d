internal import Catalog
internal import CatalogHTTP
internal import FakeCatalogServer
internal import Foundation
internal import MusicLibrary
internal import State

/// The MusicBrainz provider over the 1,610-artist library against the fake MusicBrainz service, at its real
/// pace (50 requests a minute, never more than one a second): the first night, the next night, a second run
/// the same night, counted in the server's own log.
enum MusicBrainzBenchmark {
  struct Row {
    var name: String
    var log: [[String: Any]]
    var wallSeconds: Double
    var coverage: Coverage

    var searches: Int { log.count { $0["path"] as? String == "/ws/2/artist" } }
    var evidence: Int { log.count { Self.query($0).contains("releasegroup:") } }
    var releases: Int { log.count { Self.query($0).hasPrefix("firstreleasedate:") } }
    var distinct: Int { Set(log.map { ($0["path"] as? String ?? "") + Self.query($0) + Self.offset($0) }).count }

    static func query(_ entry: [String: Any]) -> String {
      (entry["query"] as? [String: Any])?["query"] as? String ?? ""
    }
    static func offset(_ entry: [String: Any]) -> String {
      (entry["query"] as? [String: Any])?["offset"] as? String ?? ""
    }
  }

  static func run(artists: Int, albums: Int, requestsPerMinute: Double, directory: String) async throws {
    let library = try CatalogBenchmark.library(artists: artists, albums: albums, directory: directory)
    let worldPath = directory + "/deepcut-bench-musicbrainz-\(artists).json"
    try JSONSerialization.data(withJSONObject: LibraryWorlds.musicBrainz(for: library))
      .write(to: URL(fileURLWithPath: worldPath))
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
        let outcome = try await pass(server, store, requestsPerMinute, night: offset).run(library)
        let wall = ContinuousClock.now - began
        rows.append(
          Row(
            name: name, log: try await server.requestLog(), wallSeconds: CatalogBenchmark.seconds(wall),
            coverage: outcome.coverage))
      }
      print("run                requests  searches  evidence  releases  repeated  minutes at 1/s   wall s   checked")
      for row in rows {
        let columns = [
          row.name.padding(toLength: 18, withPad: " ", startingAt: 0), "\(row.log.count)".leftPadded(to: 9),
          "\(row.searches)".leftPadded(to: 9), "\(row.evidence)".leftPadded(to: 9), "\(row.releases)".leftPadded(to: 9),
          "\(row.log.count - row.distinct)".leftPadded(to: 9), format(Double(row.log.count) / 60, 1).leftPadded(to: 15),
          format(row.wallSeconds, 1).leftPadded(to: 8),
          "\(row.coverage.checked)/\(row.coverage.artists)".leftPadded(to: 10),
        ]
        print(columns.joined(separator: " "))
      }
      // The pace the service saw: the most requests that started within any one second, and on average.
      let times = rows[0].log.compactMap { $0["time"] as? Double }.sorted()
      var busiest = 0
      var start = 0
      for end in times.indices {
        while times[end] - times[start] >= 1 { start += 1 }
        busiest = max(busiest, end - start + 1)
      }
      let span = (times.last ?? 0) - (times.first ?? 0)
      let average = span > 0 ? Double(times.count - 1) / span : 0
      print("\nfirst night: at most \(busiest) request(s) in any one second, \(format(average, 2)) a second on average")
      let verdicts = [
        ("cold ≤ 300 requests", rows[0].log.count <= 300),
        ("next night ≤ 45", rows[1].log.count <= 45),
        ("same night 0", rows[2].log.isEmpty),
        ("nothing repeated", rows.allSatisfy { $0.log.count == $0.distinct }),
        ("never above one a second", !requestsPerMinute.isFinite || (busiest <= 1 && average <= 1)),
        ("whole library", rows.allSatisfy { $0.coverage.complete }),
      ]
      print(verdicts.map { "\($0.0): \($0.1 ? "met" : "MISSED")" }.joined(separator: "; "))
    }
  }

  static func pass(_ server: FakeCatalogServer, _ store: StateStore, _ requestsPerMinute: Double, night: Double)
    -> CatalogPass
  {
    var configuration = HTTPClientConfiguration()
    configuration.requestsPerMinute = requestsPerMinute
    configuration.userAgent = "deepcut-bench/1 ( benchmarks@example.org )"
    let now = Date(timeIntervalSince1970: 1_795_953_600 + night)
    let today = CalendarDay(daysSinceEpoch: Int(now.timeIntervalSince1970 / 86_400))
    return CatalogPass(
      provider: MusicBrainzProvider(
        transport: LiveTransport(client: HTTPClient(configuration: configuration)),
        endpoint: MusicBrainzEndpoint(baseURL: server.baseURL), since: today.adding(days: -30),
        horizon: today.adding(days: MusicBrainzProvider.horizonDays), requestsPerMinute: requestsPerMinute),
      store: store, options: CatalogPassOptions(), now: now)
  }

}
