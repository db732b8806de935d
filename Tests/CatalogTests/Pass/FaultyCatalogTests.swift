import Catalog
import Fixtures
import Foundation
import HTTP
import Identity
import MusicLibrary
import State
import TestSupport
import Testing

/// A catalog that fails every fourth request, each way a network fails: the run still ends with an outcome, every
/// failed artist is listed, nothing of a failure is kept, and the next clean run asks only what failed.
struct FaultyCatalogTests {
  static let now = Date(timeIntervalSince1970: 1_795_953_600)

  static func pass(_ server: FakeCatalogServer, _ store: StateStore, at now: Date) -> CatalogPass {
    // No retries, so every injected fault is a failure the pass must carry.
    let client = HTTPClient(
      configuration: HTTPClientConfiguration(
        requestsPerMinute: 0, maxAttempts: 1, maxThrottleWaits: 0, requestTimeout: .seconds(3)))
    var options = CatalogPassOptions()
    options.batchSize = 3
    options.maxConcurrentRequests = 1
    return CatalogPass(
      provider: ITunesProvider(
        transport: LiveTransport(client: client), endpoint: ITunesEndpoint(baseURL: server.baseURL)),
      store: store, options: options, now: now)
  }

  static func requests(_ log: [FakeRequest]) -> [(url: String, answered: Bool)] {
    log.map { entry in
      let query = entry.query.map { "\($0.key)=\($0.value)" }.sorted()
      let url = entry.path + "?" + query.joined(separator: "&")
      return (url, entry.status == 200 && entry.fault == nil)
    }
  }

  @Test(arguments: ["reset", "reset_body", "truncate", "slow", "html", "fail"])
  func everyFourthRequestFails(_ kind: String) async throws {
    try await FakeCatalogServer.with(world: FakeWorld(building: CatalogPassTests.world(artists: 12))) { server in
      try await server.setKnobs(
        FakeKnobs {
          $0.faultEvery = 4; $0.faultKind = kind; $0.slowMs = 6_000; $0.failStatus = 503
        })
      let store = try CatalogPassTests.store()
      let library = CatalogPassTests.library(artists: 12)
      let first = try await Self.pass(server, store, at: Self.now).run(library)
      let log = Self.requests(try await server.requestLog())
      #expect(log.count { !$0.answered } == log.count / 4)
      // A reset before any answer on a kept-alive connection is sent again by curl itself, at once: only what was
      // never answered failed.
      let answered = Set(log.filter(\.answered).map(\.url))
      let failed = Set(log.filter { !$0.answered }.map(\.url)).subtracting(answered)
      #expect(failed.isEmpty == (kind == "reset"), "\(failed)")

      // Every artist a failed request concerned is listed, as failed; the rest are checked.
      let listed = Set(first.problems.filter { $0.kind == .failed }.map(\.artist.name))
      #expect(listed.isEmpty == failed.isEmpty)
      #expect(first.coverage.checked == 12 - listed.count)
      #expect(first.coverage.complete == failed.isEmpty)
      #expect(Set(first.followed.map(\.artist.name)).isDisjoint(with: listed))

      // Nothing of a failure is kept: no resolution from a failed search, no album list from a failed lookup.
      let resolutions = try await store.resolutions(provider: "itunes")
      for url in failed where url.hasPrefix("/search") {
        let term = url.components(separatedBy: "term=").last?.components(separatedBy: "&").first ?? ""
        #expect(resolutions[ArtistKey(term)] == nil, "\(term) was kept from a failed search")
      }
      let cached = try await store.cachedResponses(
        provider: "itunes", kind: "albums", keys: (0..<12).map { "us/\(1_000 + $0)" })
      for url in failed where url.hasPrefix("/lookup") {
        let ids = url.components(separatedBy: "id=").last?.components(separatedBy: "&").first ?? ""
        for id in ids.split(separator: ",") {
          #expect(cached["us/\(id)"] == nil, "the album list of \(id) was kept from a failed lookup")
        }
      }

      // The next clean run asks only what failed (and the lookups that follow from it), and completes.
      try await server.setKnobs(FakeKnobs { $0.faultEvery = 0 })
      try await server.clearLog()
      let second = try await Self.pass(server, store, at: Self.now.addingTimeInterval(3_600)).run(library)
      let again = Self.requests(try await server.requestLog())
      #expect(again.allSatisfy { !answered.contains($0.url) }, "asked again: \(again.map(\.url))")
      #expect(again.count <= failed.count * 2)
      #expect(second.coverage.complete)
      #expect(second.problems.isEmpty)
    }
  }
}
