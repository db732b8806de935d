internal import Basics
internal import Fixtures
internal import Foundation
internal import HTTP

#if canImport(FoundationNetworking)
  internal import FoundationNetworking
#endif

struct NoAnswers: Error, CustomStringConvertible {
  var description: String { "the fake catalog sent no answers" }
}

/// Why deepcut's HTTP client is built on libcurl: the same requests against the fake catalog, with real latency,
/// through Foundation's URLSession (ephemeral, no URL cache) and through the client, side by side, counting the
/// CPU each spends while the answers are on their way.
enum TransportBenchmark {
  static func run(requests: Int, latencyMilliseconds: Int, concurrency: Int, runs: Int) async throws {
    let world: FakeWorld = [
      "artists": .array(
        (0..<requests).map { ["artistId": .int(100 + $0), "artistName": .string("Artist \($0)"), "albums": []] })
    ]
    try await FakeCatalogServer.with(arguments: ["--latency-ms", String(latencyMilliseconds)], world: world) { server in
      let urls = (0..<requests).compactMap {
        URL(
          string: "\(server.baseURL.absoluteString)/search?term=Artist%20\($0)&media=music&entity=musicArtist&limit=10")
      }
      print("\(urls.count) searches, \(concurrency) at a time, \(latencyMilliseconds) ms latency each; \(runs) runs\n")

      let configuration = URLSessionConfiguration.ephemeral
      configuration.urlCache = nil
      configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
      let session = URLSession(configuration: configuration)
      var clientConfiguration = HTTPClientConfiguration()
      clientConfiguration.requestsPerMinute = .infinity
      let client = HTTPClient(configuration: clientConfiguration)

      var rows: [String: [(wall: Double, cpu: Double)]] = [:]
      for _ in 0..<max(runs, 1) {
        // Turns alternate so that machine noise hits both alike.
        rows["URLSession (ephemeral, no cache)", default: []].append(
          try await fetchAll(urls, concurrency: concurrency) { url in
            let (body, _) = try await session.data(from: url)
            return body.count
          })
        rows["HTTPClient (libcurl)", default: []].append(
          try await fetchAll(urls, concurrency: concurrency) { url in try await client.get(url).count })
      }
      print("transport                          wall s (median)   CPU s (median)   CPU ms per request")
      for name in rows.keys.sorted() {
        let wall = median(rows[name, default: []].map(\.wall))
        let cpu = median(rows[name, default: []].map(\.cpu))
        print(
          name.padding(toLength: 34, withPad: " ", startingAt: 0) + format(wall).leftPadded(to: 16)
            + format(cpu).leftPadded(to: 17) + format(cpu * 1000 / Double(urls.count)).leftPadded(to: 21))
      }
      session.invalidateAndCancel()
    }
  }

  /// Fetches every URL, `concurrency` at a time, in tasks that prefer `executorPreference`; wall and CPU time of
  /// the whole batch. `fetch` returns how many bytes arrived; none at all is an error.
  static func fetchAll(
    _ urls: [URL], concurrency: Int, executorPreference: (any TaskExecutor)? = nil,
    fetch: @escaping @Sendable (URL) async throws -> Int
  ) async throws -> (wall: Double, cpu: Double) {
    let cpuBefore = CatalogBenchmark.cpuSeconds()
    let clock = ContinuousClock()
    let began = clock.now
    let bytes = try await withThrowingTaskGroup(of: Int.self) { group in
      var next = 0
      var total = 0
      for _ in 0..<min(max(concurrency, 1), urls.count) {
        let url = urls[next]
        group.addTask(executorPreference: executorPreference) { try await fetch(url) }
        next += 1
      }
      while let count = try await group.next() {
        total += count
        if next < urls.count {
          let url = urls[next]
          group.addTask(executorPreference: executorPreference) { try await fetch(url) }
          next += 1
        }
      }
      return total
    }
    guard bytes > 0 else { throw NoAnswers() }
    return ((clock.now - began).inSeconds, CatalogBenchmark.cpuSeconds() - cpuBefore)
  }
}
