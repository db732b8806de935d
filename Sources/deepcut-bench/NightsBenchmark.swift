internal import Catalog
internal import Fixtures
internal import Foundation
internal import HTTP
internal import MusicLibrary
internal import State
internal import Synchronization

/// The catalog pass as its users feel it, counted at the real limit's arithmetic (iTunes: 20 requests a minute):
/// what the first night costs and when its first useful report could be written, what a budget buys, how flat
/// the next 60 nights stay, and what a run stopped half-way asks again. The fake catalog answers with the limit
/// lifted so the benchmark takes seconds; minutes are requests ÷ 20, never wall time.
enum NightsBenchmark {
  static let perMinute = 20.0

  static func run(
    artists: Int, albums: Int, latencyMilliseconds: Int, concurrency: Int, nights: Int, stopAt: Int,
    directory: String
  ) async throws {
    let library = try CatalogBenchmark.library(artists: artists, albums: albums, directory: directory)
    let worldPath = directory + "/deepcut-bench-world-\(artists).json"
    try CatalogBenchmark.writeWorld(for: library, to: worldPath)
    defer {
      for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
      where name.hasPrefix("deepcut-bench-nights-") {
        try? FileManager.default.removeItem(atPath: directory + "/" + name)
      }
    }
    try await FakeCatalogServer.with(arguments: ["--world", worldPath, "--latency-ms", String(latencyMilliseconds)]) {
      server in
      print("fake catalog: \(server.baseURL), \(latencyMilliseconds) ms per request, limit lifted; minutes below are")
      print("requests ÷ \(Int(perMinute)), the iTunes Search API's limit\n")
      let nightly = Nights(server: server, library: library, concurrency: concurrency, directory: directory)
      let state = try freshState(directory)
      let cold = try await nightly.firstNight(state)
      let firstUseful = try await nightly.budgets()
      let (mean, maximum) = try await nightly.nightsAfter(state, nights: nights)
      let weekly = try await nightly.weeksAfter(nights: nights, nightlyMean: mean)
      let repeated = try await nightly.stopAndResume(at: stopAt, cold: cold)
      let verdicts = [
        ("most played fifth covered within \(firstUseful.minutes) min", firstUseful.checked >= nightly.fifth),
        ("no night above 2x the mean", Double(maximum) <= 2 * mean),
        ("a week asked once asks no more than its seven nights", weekly <= 7 * mean),
        ("nothing asked again but what was in flight", repeated <= concurrency),
      ]
      print(verdicts.map { "\($0.0): \($0.1 ? "met" : "MISSED")" }.joined(separator: "; "))
    }
  }

  /// The nights of one library against one fake catalog, each part printing its rows.
  struct Nights {
    let server: FakeCatalogServer
    let library: OwnedLibrary
    let concurrency: Int
    let directory: String
    var fifth: Int { (library.artists.count + 4) / 5 }

    /// The first night, and when the most played fifth was done in passing; the cold request count.
    func firstNight(_ state: StateStore) async throws -> Int {
      let first = Mutex<Int?>(nil)
      let logged = try await server.requestCount
      let fifth = fifth
      let cold = try await pass(server, state, concurrency: concurrency, night: 0) { progress in
        if progress.settledPrefix >= fifth { first.withLock { $0 = $0 ?? progress.requests } }
      }.run(library)
      let coldRequests = try await server.requestCount - logged
      print("first night (cold)                     requests   minutes")
      row("the whole library", coldRequests)
      row("most played fifth done, in passing", first.withLock { $0 } ?? coldRequests)
      print(
        "  searches \(cold.stats.searches), lookups \(cold.stats.lookups); coverage \(cold.coverage.checked)/\(cold.coverage.artists)\n"
      )
      return coldRequests
    }

    /// A report comes out when the budget is spent: the first useful one is the smallest budget that covers the
    /// most played fifth, a search each and their lookups.
    func budgets() async throws -> (minutes: Int, checked: Int) {
      let fifthMinutes = Int((Double(fifth + (fifth + 99) / 100) / perMinute).rounded(.up))
      print("first night with a budget (own state)  checked   requests   minutes")
      var firstUseful = (minutes: fifthMinutes, checked: 0)
      for minutes in [10, fifthMinutes, 30, 60, 100] {
        let logged = try await server.requestCount
        let limited = try await pass(
          server, try freshState(directory), concurrency: concurrency, night: 0, budget: minutes
        ).run(library)
        let made = try await server.requestCount - logged
        if minutes == fifthMinutes { firstUseful.checked = limited.coverage.checked }
        print(
          "  --budget \(minutes)m".padding(toLength: 40, withPad: " ", startingAt: 0)
            + "\(limited.coverage.checked)".leftPadded(to: 7) + "\(made)".leftPadded(to: 11)
            + format(Double(made) / perMinute, 1).leftPadded(to: 10)
            + "   (then \(limited.coverage.estimatedMinutesToFinish) min to finish)")
      }
      print("  the most played fifth is \(fifth) artists: a report covering them comes after \(fifthMinutes) minutes\n")
      return firstUseful
    }

    /// The nights after: re-checks spread over the window, album lists refreshed. The mean and the most.
    func nightsAfter(_ state: StateStore, nights: Int) async throws -> (mean: Double, maximum: Int) {
      var perNight: [Int] = []
      var searches: [Int] = []
      for night in 1...max(1, nights) {
        let logged = try await server.requestCount
        let outcome = try await pass(server, state, concurrency: concurrency, night: night).run(library)
        perNight.append(try await server.requestCount - logged)
        searches.append(outcome.stats.searches)
      }
      let mean = Double(perNight.reduce(0, +)) / Double(perNight.count)
      let maximum = perNight.max() ?? 0
      print("\(perNight.count) nights after the first     mean     max   max/mean   searches/night (mean, max)")
      print(
        "  requests per night".padding(toLength: 32, withPad: " ", startingAt: 0) + format(mean, 1).leftPadded(to: 9)
          + "\(maximum)".leftPadded(to: 8) + format(Double(maximum) / mean, 2).leftPadded(to: 11)
          + "   \(format(Double(searches.reduce(0, +)) / Double(searches.count), 1)), \(searches.max() ?? 0)")
      print(
        "  minutes per night (mean, max)       \(format(mean / perMinute, 1)), \(format(Double(maximum) / perMinute, 1))\n"
      )
      return (mean, maximum)
    }

    /// The same library told once a week (`--every DAY`), from a first night of its own: what one run a week asks,
    /// against the seven nights it stands for. The mean a week.
    func weeksAfter(nights: Int, nightlyMean: Double) async throws -> Double {
      let state = try freshState(directory)
      _ = try await pass(server, state, concurrency: concurrency, night: 0).run(library)
      var perWeek: [Int] = []
      for week in 1...max(1, nights / 7) {
        let logged = try await server.requestCount
        _ = try await pass(server, state, concurrency: concurrency, night: week * 7).run(library)
        perWeek.append(try await server.requestCount - logged)
      }
      let mean = Double(perWeek.reduce(0, +)) / Double(perWeek.count)
      print("\(perWeek.count) weeks after the first, once a week    requests   minutes")
      row("a week's run (mean)", Int(mean.rounded()))
      row("a week's run (max)", perWeek.max() ?? 0)
      row("a week of nightly runs (7 x mean)", Int((7 * nightlyMean).rounded()))
      print("")
      return mean
    }

    /// A run stopped half-way, then the run that resumes it; how many requests were asked again.
    func stopAndResume(at stopAt: Int, cold: Int) async throws -> Int {
      let stopState = try freshState(directory)
      let before = try await CatalogBenchmark.requestLog(server).count
      let stopped = try await stop(
        pass(server, stopState, concurrency: concurrency, night: 0), library, afterRequests: stopAt)
      let firstLog = Array(try await CatalogBenchmark.requestLog(server).dropFirst(before))
      let resumedFrom = try await CatalogBenchmark.requestLog(server).count
      let resumed = try await pass(server, stopState, concurrency: concurrency, night: 0).run(library)
      let secondLog = Array(try await CatalogBenchmark.requestLog(server).dropFirst(resumedFrom))
      let asked = Set(firstLog)
      let repeated = secondLog.filter { asked.contains($0) }
      print("stopped after \(firstLog.count) requests, then resumed")
      print("  answers kept by the stopped run      \(stopped.stats.answersKept)")
      print("  requests of the resumed run          \(secondLog.count)")
      print("  asked again                          \(repeated.count) (in flight at the stop: at most \(concurrency))")
      print("  both runs together                   \(firstLog.count + secondLog.count) (cold: \(cold))")
      print("  resumed coverage                     \(resumed.coverage.checked)/\(resumed.coverage.artists)\n")
      return repeated.count
    }
  }

  static func row(_ label: String, _ requests: Int) {
    print(
      "  " + label.padding(toLength: 36, withPad: " ", startingAt: 0) + "\(requests)".leftPadded(to: 10)
        + format(Double(requests) / perMinute, 1).leftPadded(to: 10))
  }

  static func freshState(_ directory: String) throws -> StateStore {
    try StateStore(directory: directory + "/deepcut-bench-nights-\(UUID().uuidString)")
  }

  /// A pass for night `night` (noon UTC, one day apart) with the limit lifted on the wire; the budget, when
  /// given, is counted in requests at the real limit.
  static func pass(
    _ server: FakeCatalogServer, _ store: StateStore, concurrency: Int, night: Int, budget minutes: Int? = nil,
    progress: @escaping @Sendable (PassProgress) -> Void = { _ in }
  ) -> CatalogPass {
    var options = CatalogPassOptions()
    options.maxConcurrentRequests = concurrency
    options.budget = minutes.map { .seconds($0 * 60) }
    var configuration = HTTPClientConfiguration()
    configuration.requestsPerMinute = .infinity
    let counted = RequestClock(interval: .seconds(60 / perMinute))
    let transport = CountingTransport(
      base: LiveTransport(client: HTTPClient(configuration: configuration)), clock: counted)
    return CatalogPass(
      provider: ITunesProvider(transport: transport, endpoint: ITunesEndpoint(baseURL: server.baseURL)),
      store: store,
      options: options,
      now: Date(timeIntervalSince1970: 1_795_953_600 + Double(night) * 86_400),
      clock: PassClock { counted.elapsed },
      progress: progress
    )
  }

  /// Runs `pass` and cancels it, as SIGTERM does, once `requests` have been sent.
  static func stop(_ pass: CatalogPass, _ library: OwnedLibrary, afterRequests requests: Int) async throws
    -> CatalogOutcome
  {
    let handle = Mutex<Task<CatalogOutcome, any Error>?>(nil)
    let stopping = CatalogPass(
      provider: pass.provider, store: pass.store, options: pass.options, now: pass.now, clock: pass.clock
    ) { progress in
      if progress.requests >= requests { handle.withLock { $0?.cancel() } }
    }
    let task = handle.withLock { handle in
      let task = Task { try await stopping.run(library) }
      handle = task
      return task
    }
    return try await task.value
  }
}

/// Time as the real limit would spend it: each request sent moves it on by the limit's spacing.
final class RequestClock: Sendable {
  private let sent = Atomic(0)
  let interval: Duration

  init(interval: Duration) {
    self.interval = interval
  }

  func tick() { sent.wrappingAdd(1, ordering: .relaxed) }

  var elapsed: Duration { interval * sent.load(ordering: .relaxed) }
}

/// A transport that ticks a ``RequestClock`` for every request.
struct CountingTransport: CatalogTransport {
  let base: any CatalogTransport
  let clock: RequestClock

  func get(_ url: URL) async throws(CatalogError) -> Data {
    clock.tick()
    return try await base.get(url)
  }

  func counters() async -> TransportCounters { await base.counters() }

  var taskExecutor: (any TaskExecutor)? { base.taskExecutor }
}
