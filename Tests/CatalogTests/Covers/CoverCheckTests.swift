import Catalog
import Fixtures
import Foundation
import Identity
import Synchronization
import TestSupport
import Testing

@testable import HTTP

/// Covers only where they exist: asked once, kept, "no cover" asked again after a few days, failures never kept.
/// The answers are kept in memory: what a store does with them is the contract tests' business.
struct CoverCheckTests {
  /// A cover service in process: the releases that have covers, and every question asked.
  final class Covers: CoverSource {
    let withCover: Set<String>
    let requestsPerMinute = Double.infinity
    let asked = Mutex<[String]>([])
    let failing = Mutex<CatalogError?>(nil)

    init(_ withCover: Set<String>) { self.withCover = withCover }

    func cover(of release: CatalogReleaseID) async throws(CatalogError) -> String? {
      let id = release.rawValue
      asked.withLock { $0.append(id) }
      if let error = failing.withLock({ $0 }) { throw error }
      return withCover.contains(id) ? "https://covers.example/\(id)/front-250" : nil
    }
  }

  static let night = Date(timeIntervalSince1970: 1_795_953_600)

  func check(_ source: Covers, _ store: any CatalogStore, at now: Date = night) -> CoverCheck {
    CoverCheck(source: source, provider: "test", store: store, now: now)
  }

  @Test func eachReleaseIsAskedOnceAndARerunAsksNothing() async throws {
    let store = MemoryCatalogStore()
    let source = Covers(["a", "c"])
    let first = try await check(source, store).covers(of: ["a", "b", "c", "a"])
    #expect(first.covers == ["a": "https://covers.example/a/front-250", "c": "https://covers.example/c/front-250"])
    #expect(first.requests == 3)
    #expect(source.asked.withLock { $0.sorted() } == ["a", "b", "c"])

    let rerun = try await check(source, store, at: Self.night.addingTimeInterval(3600)).covers(of: ["a", "b", "c"])
    #expect(rerun.requests == 0)
    #expect(rerun.covers == first.covers)
  }

  @Test func noCoverIsAskedAgainAfterAFewDaysAndACoverIsKept() async throws {
    let store = MemoryCatalogStore()
    _ = try await check(Covers(["a"]), store).covers(of: ["a", "b"])
    let later = Covers(["a", "b"])  // art was added to b since
    let days = Self.night.addingTimeInterval(Asking.missingHolds + 60)
    let result = try await check(later, store, at: days).covers(of: ["a", "b"])
    #expect(later.asked.withLock { $0 } == ["b"])
    #expect(result.covers.keys.sorted() == ["a", "b"])
  }

  @Test func aFailureShowsNoCoverTonightAndIsNeverKept() async throws {
    let store = MemoryCatalogStore()
    let source = Covers(["a", "b"])
    source.failing.withLock { $0 = .server(status: 502) }
    let failed = try await check(source, store).covers(of: ["a", "b"])
    #expect(failed.covers.isEmpty)
    #expect(failed.failures == 2)
    source.failing.withLock { $0 = nil }
    let next = try await check(source, store).covers(of: ["a", "b"])
    #expect(next.covers.count == 2)
    #expect(next.requests == 2)
  }

  @Test func aLostConnectionStopsTheAskingAtOnce() async throws {
    let store = MemoryCatalogStore()
    let source = Covers(["a"])
    source.failing.withLock { $0 = .unreachable("127.0.0.1: connection refused") }
    var check = check(source, store)
    check.asking.maxConcurrentRequests = 1
    let result = try await check.covers(of: (0..<50).map { CatalogReleaseID("r\($0)") })
    #expect(result.requests == 1)
  }

  @Test func offlineAnswersFromWhatIsKeptAndAsksNothing() async throws {
    let store = MemoryCatalogStore()
    _ = try await check(Covers(["a"]), store).covers(of: ["a", "b"])
    let source = Covers(["a", "b", "c"])
    var offline = check(source, store, at: Self.night.addingTimeInterval(30 * 86_400))
    offline.asking.offline = true
    let result = try await offline.covers(of: ["a", "b", "c"])
    #expect(result.covers.keys.sorted() == ["a"])
    #expect(source.asked.withLock { $0 }.isEmpty)
  }

  @Test func aSpentBudgetAsksNothingMore() async throws {
    let store = MemoryCatalogStore()
    let source = Covers(["a"])
    var check = check(source, store)
    check.asking.mayAsk = { false }
    let result = try await check.covers(of: ["a"])
    #expect(result.requests == 0)
    #expect(result.covers.isEmpty)
  }

  @Test func theCoverArtArchiveIsAskedOverTheWireAndItsImagesAnswer() async throws {
    let group = "10000000-0000-4000-8000-000000000001"
    let bare = "10000000-0000-4000-8000-000000000002"
    let world: [String: Any] = [
      "artists": [
        [
          "id": "00000000-0000-4000-8000-000000000001", "name": "Ada North",
          "release-groups": [
            ["id": group, "title": "With Art", "cover": true], ["id": bare, "title": "Without"],
          ],
        ]
      ]
    ]
    try await FakeCatalogServer.with(.musicbrainz, world: FakeWorld(building: world)) { server in
      let client = HTTPClient(
        configuration: HTTPClientConfiguration(
          requestsPerMinute: 0, maxAttempts: 2, baseBackoff: .milliseconds(5), maxBackoff: .milliseconds(20),
          requestTimeout: .seconds(60), userAgent: "deepcut/test ( tests@example.org )"))
      let archive = CoverArtArchive(transport: LiveTransport(client: client), baseURL: server.baseURL)
      let url = try #require(try await archive.cover(of: CatalogReleaseID(group)))
      #expect(url == server.baseURL.absoluteString + "/release-group/\(group)/front-250")
      #expect(try await archive.cover(of: CatalogReleaseID(bare)) == nil)
      // The address given is an image that is there, not a broken one.
      let image = try await LiveTransport(client: client).get(try #require(URL(string: url)))
      #expect(image.starts(with: [0xFF, 0xD8]))
      let log = try await server.requestLog()
      #expect(
        log.map { $0.path } == [
          "/release-group/\(group)", "/release-group/\(bare)", "/release-group/\(group)/front-250",
        ])
      #expect(log.allSatisfy { $0.userAgent?.hasPrefix("deepcut/") == true })
    }
  }
}
