internal import Basics
internal import Catalog
internal import Fixtures
internal import Foundation
internal import HTTP
internal import MusicLibrary
internal import State

/// The catalog pass against the fake iTunes server with real latency: cold (nothing cached), warm
/// (resolutions cached, album lists stale) and hot (everything fresh), counting the requests the
/// server saw and the pass's own CPU time.
enum CatalogBenchmark {
  struct Row {
    var name: String
    var requests: Int
    var searches: Int
    var lookups: Int
    var distinctRequests: Int
    var wallSeconds: Double
    var cpuSeconds: Double
    /// Of the CPU time, the part spent in the process itself rather than in the kernel (where, for one, the state
    /// database's syncs to disk are).
    var userSeconds: Double
    /// The requests the server logged, as "path?query", percent-encoded, query items sorted.
    var log: [String] = []
  }

  static func run(
    artists: Int,
    albums: Int,
    latencyMilliseconds: Int,
    concurrency: Int,
    runs: Int,
    directory: String
  ) async throws {
    let library = try library(artists: artists, albums: albums, directory: directory)

    // A catalog that knows every artist: their owned albums, plus something new for every third.
    let worldPath = directory + "/deepcut-bench-world-\(artists).json"
    try writeWorld(for: library, to: worldPath)
    let arguments = ["--world", worldPath, "--latency-ms", String(latencyMilliseconds)]
    let allRuns = try await FakeCatalogServer.with(arguments: arguments) { server in
      print("fake catalog: \(server.baseURL), \(latencyMilliseconds) ms per request, rate limit lifted")
      print(
        "\(max(runs, 1)) run(s) of cold, warm and hot passes over a fresh state file, then the cold pass's requests")
      print("fetched again with nothing else done; medians of CPU and wall time\n")
      var allRuns: [[Row]] = []
      for _ in 0..<max(runs, 1) {
        var rows = try await passes(over: library, against: server, concurrency: concurrency, directory: directory)
        rows.append(try await fetchOnly(rows[0].log, from: server, concurrency: concurrency))
        allRuns.append(rows)
      }
      return allRuns
    }
    report(allRuns, library: library)
  }

  /// The table of medians, and the targets met or missed.
  static func report(_ allRuns: [[Row]], library: OwnedLibrary) {
    // Counts are the same in every run (checked below); times are medians.
    var rows = allRuns[0]
    for index in rows.indices {
      rows[index].wallSeconds = median(allRuns.map { $0[index].wallSeconds })
      rows[index].cpuSeconds = median(allRuns.map { $0[index].cpuSeconds })
      rows[index].userSeconds = median(allRuns.map { $0[index].userSeconds })
    }
    print("run    requests  searches  lookups  repeated   wall s    CPU s   user s")
    for row in rows {
      let columns = [
        row.name.padding(toLength: 5, withPad: " ", startingAt: 0), String(row.requests).leftPadded(to: 9),
        String(row.searches).leftPadded(to: 9), String(row.lookups).leftPadded(to: 8),
        String(row.requests - row.distinctRequests).leftPadded(to: 9), format(row.wallSeconds).leftPadded(to: 8),
        format(row.cpuSeconds).leftPadded(to: 8), format(row.userSeconds).leftPadded(to: 8),
      ]
      print(columns.joined(separator: " "))
    }
    print("")
    if allRuns.count > 1 {
      let ranges = rows.indices.map { index in
        let values = allRuns.map { $0[index].cpuSeconds }
        return "\(rows[index].name) \(format(values.min() ?? 0))–\(format(values.max() ?? 0))"
      }
      print("CPU s over the runs: " + ranges.joined(separator: ", "))
    }
    verdicts(rows, allRuns, library: library)
  }

  static func verdicts(_ rows: [Row], _ allRuns: [[Row]], library: OwnedLibrary) {
    let batches = (library.artists.count + 99) / 100
    // The warm run is the next day: the artists whose re-check day it is are searched again.
    let warmDay = Date(timeIntervalSince1970: 1_795_953_600 + 21 * 3600)
    let due = library.artists.count {
      RecheckSchedule(windowDays: 30).isDue(
        $0.key.rawValue, checkedAt: Date(timeIntervalSince1970: 1_795_953_600), now: warmDay)
    }
    print(
      "targets: warm ≤ \(batches) lookups + \(due) re-checks due that day, hot 0, cold ≤ \(library.artists.count) searches + batches,"
    )
    print("         no request twice in a run, catalog CPU < 1 s in user time (the kernel's share includes a sync")
    print("         to disk of every answer kept, as the state database does it)")
    let (cold, warm, hot, fetch) = (rows[0], rows[1], rows[2], rows[3])
    print(
      "the cold pass's CPU is \(format(cold.cpuSeconds / fetch.cpuSeconds))x that of fetching its \(fetch.requests) "
        + "requests and nothing else (\(format(fetch.cpuSeconds)) s); the rest is reading, matching and saving")
    let verdicts = [
      ("warm requests", warm.requests <= batches + due),
      ("hot requests", hot.requests == 0),
      ("cold requests", cold.requests <= library.artists.count + cold.lookups && cold.lookups <= batches + 3),
      ("no repeats", allRuns.joined().allSatisfy { $0.requests == $0.distinctRequests }),
      ("same counts every run", allRuns.allSatisfy { $0.map(\.requests) == rows.map(\.requests) }),
      ("CPU", rows.prefix(3).allSatisfy { $0.userSeconds < 1 }),
    ]
    print(verdicts.map { "\($0.0): \($0.1 ? "met" : "MISSED")" }.joined(separator: ", "))
  }

  /// The generated library of `artists` / `albums`, read the way deepcut reads it (generated once per folder).
  static func library(artists: Int, albums: Int, directory: String) throws -> OwnedLibrary {
    let libraryPath = directory + "/deepcut-bench-\(artists)-\(albums).xml"
    if !FileManager.default.fileExists(atPath: libraryPath) {
      var options = GeneratorOptions()
      options.artists = artists
      options.albums = albums
      _ = try SyntheticLibrary.write(options, to: libraryPath)
    }
    let library = try LibraryReader.read(path: libraryPath).library
    print("library: \(library.artists.count) artists, \(library.albums.count) albums (\(libraryPath))")
    return library
  }

  /// The iTunes world of ``LibraryWorlds/iTunes(for:)``, written where the fake server reads it.
  static func writeWorld(for library: OwnedLibrary, to path: String) throws {
    try LibraryWorlds.iTunes(for: library).json().write(to: URL(fileURLWithPath: path))
  }

  /// The process's CPU time so far, user and system, or user alone.
  static func cpuSeconds(userOnly: Bool = false) -> Double {
    let time = Platform.processorTime
    return userOnly ? time.user.inSeconds : (time.user + time.system).inSeconds
  }

  /// Cold, warm and hot passes over one state file, counted in the server's own log.
  static func passes(
    over library: OwnedLibrary,
    against server: FakeCatalogServer,
    concurrency: Int,
    directory: String
  ) async throws -> [Row] {
    let stateDirectory = directory + "/deepcut-bench-state-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: stateDirectory) }
    let store = try StateStore(directory: stateDirectory)
    let start = Date(timeIntervalSince1970: 1_795_953_600)
    var rows: [Row] = []
    for (name, offset) in [("cold", 0.0), ("warm", 21 * 3600.0), ("hot", 22 * 3600.0)] {
      let logged = try await requestLog(server).count
      var options = CatalogPassOptions()
      options.maxConcurrentRequests = concurrency
      var configuration = HTTPClientConfiguration()
      configuration.requestsPerMinute = .infinity
      let pass = CatalogPass(
        provider: ITunesProvider(
          transport: LiveTransport(client: HTTPClient(configuration: configuration)),
          endpoint: ITunesEndpoint(baseURL: server.baseURL)),
        store: store,
        options: options,
        now: start.addingTimeInterval(offset)
      )
      let cpuBefore = cpuSeconds()
      let userBefore = cpuSeconds(userOnly: true)
      let clock = ContinuousClock()
      let began = clock.now
      let outcome = try await pass.run(library)
      let wall = clock.now - began
      let cpu = cpuSeconds() - cpuBefore
      let user = cpuSeconds(userOnly: true) - userBefore
      let log = Array(try await requestLog(server).dropFirst(logged))
      rows.append(
        Row(
          name: name,
          requests: log.count,
          searches: outcome.stats.searches,
          lookups: outcome.stats.lookups,
          distinctRequests: Set(log).count,
          wallSeconds: wall.inSeconds,
          cpuSeconds: cpu,
          userSeconds: user,
          log: log
        ))
    }
    return rows
  }

  /// The cold pass's requests sent again through a fresh client, `concurrency` at a time, their bodies dropped:
  /// what the transport alone costs, for comparison with the whole pass.
  static func fetchOnly(_ log: [String], from server: FakeCatalogServer, concurrency: Int) async throws -> Row {
    var configuration = HTTPClientConfiguration()
    configuration.requestsPerMinute = .infinity
    let client = HTTPClient(configuration: configuration)
    let base = server.baseURL.absoluteString
    let urls = log.compactMap { URL(string: base + $0) }
    let logged = try await requestLog(server).count
    let userBefore = cpuSeconds(userOnly: true)
    let (wall, cpu) = try await TransportBenchmark.fetchAll(
      urls, concurrency: concurrency, executorPreference: client.taskExecutor
    ) { url in
      (try? await client.get(url).count) ?? 0
    }
    let user = cpuSeconds(userOnly: true) - userBefore
    let replayed = Array(try await requestLog(server).dropFirst(logged))
    return Row(
      name: "fetch", requests: replayed.count, searches: 0, lookups: 0, distinctRequests: Set(replayed).count,
      wallSeconds: wall, cpuSeconds: cpu, userSeconds: user, log: replayed)
  }

  /// Each logged request as "path?query" with the query items sorted and percent-encoded, so repeats can be
  /// counted and the request sent again.
  static func requestLog(_ server: FakeCatalogServer) async throws -> [String] {
    let unreserved = CharacterSet(
      charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~,")
    func encoded(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text }
    return try await server.requestLog().map { entry in
      let query = entry.query.map { "\(encoded($0.key))=\(encoded($0.value))" }
      return entry.path + "?" + query.sorted().joined(separator: "&")
    }
  }
}
