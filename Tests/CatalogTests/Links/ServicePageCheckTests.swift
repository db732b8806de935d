import Catalog
import Foundation
import Identity
import MusicLibrary
import Synchronization
import TestSupport
import Testing

/// Pages on the person's service from MusicBrainz's url-rels: asked about the listed releases that open nowhere
/// there, once a release group, most played first, within the budget, every answer kept and a failure never.
struct ServicePageCheckTests {
  /// MusicBrainz's browse of a group's releases in process, in its wire format: the groups' links, and every
  /// request asked.
  final class Browse: CatalogTransport {
    let links: [String: [String]]
    let asked = Mutex<[String]>([])
    let failing = Mutex<CatalogError?>(nil)

    init(_ links: [String: [String]]) { self.links = links }

    func get(_ url: URL) async throws(CatalogError) -> Data {
      let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
      let group = components?.queryItems?.first { $0.name == "release-group" }?.value ?? ""
      asked.withLock { $0.append(group) }
      if let error = failing.withLock({ $0 }) { throw error }
      let relations = (links[group] ?? []).map { url in
        #"{"type":"free streaming","type-id":"08445ccf-7b99-4438-9f9a-fb9ac18099ee","direction":"forward","target-type":"url","url":{"id":"u","resource":"\#(url)"},"ended":false,"begin":null,"end":null,"attributes":[]}"#
      }
      let release = #"{"id":"\#(group)-r","relations":[\#(relations.joined(separator: ","))]}"#
      return Data(#"{"release-count":1,"release-offset":0,"releases":[\#(release)]}"#.utf8)
    }

    func counters() async -> TransportCounters { TransportCounters(requests: asked.withLock { $0.count }) }
  }

  static let now = Date(timeIntervalSince1970: 1_795_953_600)
  static let artist = LibraryArtist(key: ArtistKey("Gorillaz"), name: "Gorillaz", albumCount: 3, trackCount: 30)

  static func finding(_ group: String, catalogs: [CatalogName] = ["musicbrainz"]) -> Finding {
    let release = CatalogRelease(
      id: CatalogReleaseID(group), artistName: "Gorillaz", title: "T \(group)",
      releaseDate: CalendarDay(iso8601: "2026-11-20"))
    var finding = Finding(artist: artist, release: release, kind: .album, category: .new, reason: "")
    finding.links = catalogs.map { ReleaseLink(catalog: $0, release: release) }
    return finding
  }

  func check(_ browse: Browse, _ store: any CatalogStore, at now: Date = now, service: ListeningService = .spotify)
    -> ServicePageCheck
  {
    let source = MusicBrainzURLRels(
      transport: browse, endpoint: MusicBrainzEndpoint(), requestsPerMinute: .infinity)
    return ServicePageCheck(service: service, sources: ["musicbrainz": source], store: store, now: now)
  }

  @Test func eachReleaseGroupIsAskedOnceAndTheSameNightAgainAsksNothing() async {
    let browse = Browse(["g1": ["https://open.spotify.com/album/a1", "https://www.deezer.com/album/9"], "g2": []])
    let store = MemoryCatalogStore()
    let findings = [Self.finding("g1"), Self.finding("g2"), Self.finding("g1")]
    let first = await check(browse, store).pages(for: findings)
    #expect(first.requests == 2)
    #expect(browse.asked.withLock { $0.sorted() } == ["g1", "g2"])
    #expect(first.pages[0]?.map(\.url) == ["https://open.spotify.com/album/a1", "https://www.deezer.com/album/9"])
    #expect(first.pages[2] == first.pages[0] && first.pages[1] == nil)
    let applied = ServicePageCheck.applying(first.pages, to: findings)
    #expect(applied[0].servicePages.count == 2 && applied[1].servicePages.isEmpty)

    // Found and none are both kept.
    let again = await check(browse, store, at: Self.now.addingTimeInterval(3_600)).pages(for: findings)
    #expect(again.requests == 0 && again.pages == first.pages)
    // None is asked again after a few days; a page found holds.
    let later = await check(browse, store, at: Self.now.addingTimeInterval(Asking.missingHolds + 60))
      .pages(for: findings)
    #expect(later.requests == 1)
    #expect(browse.asked.withLock { $0 } == ["g1", "g2", "g2"] || browse.asked.withLock { $0 } == ["g2", "g1", "g2"])
  }

  @Test func aReleaseThatOpensThereAlreadyOrThatNoSourceListsIsNotAsked() async {
    let browse = Browse(["g1": ["https://music.apple.com/us/album/1"]])
    let store = MemoryCatalogStore()
    let findings = [Self.finding("g1", catalogs: ["itunes", "musicbrainz"]), Self.finding("d1", catalogs: ["deezer"])]
    let result = await check(browse, store, service: .appleMusic).pages(for: findings)
    #expect(result.requests == 0 && browse.asked.withLock { $0.isEmpty })
    var found = Self.finding("g2")
    found.servicePages = [
      ServicePage(service: .spotify, url: "https://open.spotify.com/album/x", catalog: "musicbrainz")
    ]
    #expect(await check(browse, store).pages(for: [found]).requests == 0)
  }

  @Test func theBudgetStopsTheAskingMostPlayedFirstAndSaysHowManyWait() async {
    let browse = Browse(["g1": ["https://open.spotify.com/album/a1"]])
    var check = check(browse, MemoryCatalogStore())
    let allowed = Mutex(1)
    check.asking.mayAsk = {
      allowed.withLock { left in
        defer { left -= 1 }
        return left > 0
      }
    }
    check.asking.maxConcurrentRequests = 1
    let result = await check.pages(for: [Self.finding("g1"), Self.finding("g2"), Self.finding("g3")])
    #expect(result.requests == 1 && result.notAsked == 2)
    #expect(browse.asked.withLock { $0 } == ["g1"])
    #expect(result.pages[0]?.map(\.url) == ["https://open.spotify.com/album/a1"])
  }

  @Test func aFailureShowsASearchTonightAndIsNeverKept() async {
    let browse = Browse(["g1": ["https://open.spotify.com/album/a1"]])
    let store = MemoryCatalogStore()
    browse.failing.withLock { $0 = .server(status: 502) }
    let failed = await check(browse, store).pages(for: [Self.finding("g1")])
    #expect(failed.failures == 1 && failed.pages.isEmpty)
    browse.failing.withLock { $0 = nil }
    let next = await check(browse, store).pages(for: [Self.finding("g1")])
    #expect(next.requests == 1 && next.pages[0]?.count == 1)
  }

  @Test func aLostConnectionStopsTheAskingAtOnce() async {
    let browse = Browse([:])
    browse.failing.withLock { $0 = .unreachable("127.0.0.1: connection refused") }
    var check = check(browse, MemoryCatalogStore())
    check.asking.maxConcurrentRequests = 1
    let result = await check.pages(for: (0..<20).map { Self.finding("g\($0)") })
    #expect(result.requests == 1 && result.notAsked == 19)
  }

  @Test func offlineAsksNothingAndOpensWhatIsKeptWhateverItsAge() async {
    let store = MemoryCatalogStore()
    _ = await check(Browse(["g1": ["https://open.spotify.com/album/a1"]]), store).pages(for: [Self.finding("g1")])
    let browse = Browse(["g2": ["https://open.spotify.com/album/a2"]])
    var offline = check(browse, store, at: Self.now.addingTimeInterval(200 * 86_400))
    offline.asking.offline = true
    let result = await offline.pages(for: [Self.finding("g1"), Self.finding("g2")])
    #expect(result.requests == 0 && result.notAsked == 0 && browse.asked.withLock { $0.isEmpty })
    #expect(result.pages.mapValues { $0.map(\.url) } == [0: ["https://open.spotify.com/album/a1"]])
    #expect(
      await ServicePageCheck.kept(of: ["g1", "g2"], in: "musicbrainz", store: store).mapValues { $0.map(\.url) } == [
        "g1": ["https://open.spotify.com/album/a1"]
      ])
  }
}
