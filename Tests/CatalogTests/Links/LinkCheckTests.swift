import Foundation
import Identity
import MusicLibrary
import Synchronization
import TestSupport
import Testing

@testable import Catalog

/// Links to a catalog not searched tonight: asked about the listed releases only, by UPC, most played first, within
/// the budget, every answer kept.
struct LinkCheckTests {
  /// A catalog that knows the UPCs of its releases, counting what it is asked.
  final class Albums: GTINSource {
    let upcs: [String: String]
    let asked = Mutex<[String]>([])
    var requestsPerMinute: Double { .infinity }

    init(_ upcs: [String: String]) { self.upcs = upcs }

    func gtin(ofRelease release: CatalogReleaseID) async throws(CatalogError) -> GTIN? {
      let id = release.rawValue
      asked.withLock { $0.append(id) }
      return upcs[id].flatMap(GTIN.init)
    }
  }

  /// A store that sells some UPCs, counting what it is asked.
  final class Store: GTINLookup {
    let sold: [String: CatalogRelease]
    let asked = Mutex<[String]>([])
    var requestsPerMinute: Double { .infinity }
    var cacheScope: String { "us" }

    init(_ sold: [String: CatalogRelease]) { self.sold = sold }

    func release(withGTIN gtin: GTIN) async throws(CatalogError) -> CatalogRelease? {
      asked.withLock { $0.append(gtin.digits) }
      return sold[gtin.digits]
    }

    func cachedRelease(_ body: Data) -> CatalogRelease? { try? JSONDecoder().decode(CatalogRelease.self, from: body) }
    func cacheBody(_ release: CatalogRelease) -> Data? { try? JSONEncoder().encode(release) }
  }

  static let artist = LibraryArtist(key: ArtistKey("Gorillaz"), name: "Gorillaz", albumCount: 3, trackCount: 30)

  static func finding(_ id: String, _ title: String, gtin: String? = nil) -> Finding {
    let release = CatalogRelease(
      id: CatalogReleaseID(id), artistName: "Gorillaz", title: title, releaseDate: CalendarDay(iso8601: "2026-11-20"),
      url: "https://www.deezer.com/album/\(id)", gtin: gtin.flatMap(GTIN.init))
    var finding = Finding(artist: artist, release: release, kind: .album, category: .new, reason: "")
    finding.links = [ReleaseLink(catalog: "deezer", release: release)]
    return finding
  }

  static func apple(_ id: String, _ title: String) -> CatalogRelease {
    CatalogRelease(
      id: CatalogReleaseID(id), artistName: "Gorillaz", title: title, releaseDate: CalendarDay(iso8601: "2026-11-20"),
      url: "https://music.apple.com/us/album/\(id)", artworkURL: "https://is1-ssl.mzstatic.com/\(id)/200x200bb.jpg")
  }

  static let now = Date(timeIntervalSince1970: 1_795_953_600)

  @Test func eachListedReleaseIsLookedUpByItsUPCAndAnsweredFromTheStateNextTime() async throws {
    let albums = Albums(["2": "602445868162", "3": "5099924352321"])
    let store = Store(["602445868162": Self.apple("900", "Humanz"), "96385074": Self.apple("901", "Demon Days")])
    let state = MemoryCatalogStore()
    let findings = [
      Self.finding("2", "Humanz"), Self.finding("3", "Song Machine"), Self.finding("4", "Demon Days", gtin: "96385074"),
    ]
    let check = LinkCheck(
      catalog: "itunes", lookup: store, gtinSources: ["deezer": albums], store: state, now: Self.now)
    let result = await check.links(for: findings)
    // One request for each UPC not carried by the listing, one lookup each: five.
    #expect(result.requests == 5)
    #expect(albums.asked.withLock { $0.sorted() } == ["2", "3"])
    #expect(result.links.mapValues(\.release.id) == [0: "900", 2: "901"])
    let linked = LinkCheck.applying(result.links, to: findings, order: ["itunes", "deezer"])
    #expect(linked[0].links.map(\.catalog) == ["itunes", "deezer"])
    #expect(linked[0].release.artworkURL == "https://is1-ssl.mzstatic.com/900/200x200bb.jpg")
    #expect(linked[1].links.map(\.catalog) == ["deezer"])

    // The same night again asks nothing: found and not found are both kept.
    let again = await check.links(for: findings)
    #expect(again.requests == 0 && again.links.mapValues(\.release.id) == [0: "900", 2: "901"])
    // A release not in the store is asked again after a few days; one found is not.
    let afterDays = await LinkCheck(
      catalog: "itunes", lookup: store, gtinSources: ["deezer": albums], store: state,
      now: Self.now.addingTimeInterval(Asking.missingHolds + 60)
    ).links(for: findings)
    #expect(afterDays.requests == 1)
    #expect(store.asked.withLock { $0.filter { $0 == "5099924352321" }.count } == 2)
  }

  @Test func theBudgetStopsTheAskingAndSaysHowManyWait() async {
    let albums = Albums(["2": "602445868162", "3": "5099924352321"])
    let store = Store([:])
    var check = LinkCheck(
      catalog: "itunes", lookup: store, gtinSources: ["deezer": albums], store: MemoryCatalogStore(), now: Self.now)
    let allowed = Mutex(1)
    check.asking.mayAsk = {
      allowed.withLock { left in
        defer { left -= 1 }; return left > 0
      }
    }
    check.asking.maxConcurrentRequests = 1
    let result = await check.links(for: [Self.finding("2", "Humanz"), Self.finding("3", "Song Machine")])
    #expect(result.notAsked == 1)
    #expect(albums.asked.withLock { $0 } == ["2"])
  }

  @Test func aReleaseAlreadyLinkedThereIsNotAsked() async {
    var finding = Self.finding("2", "Humanz")
    finding.links.append(ReleaseLink(catalog: "itunes", release: Self.apple("900", "Humanz")))
    let albums = Albums(["2": "602445868162"])
    let check = LinkCheck(
      catalog: "itunes", lookup: Store([:]), gtinSources: ["deezer": albums], store: MemoryCatalogStore(), now: Self.now
    )
    let result = await check.links(for: [finding])
    #expect(result.requests == 0 && albums.asked.withLock { $0.isEmpty })
  }

  /// The album a UPC finds must be the finding's: its title alike, editions apart, and one artist credited by both.
  @Test func anotherEditionOrAnotherArtistUnderTheCodeIsRefused() {
    let finding = Self.finding("1", "Cracker Island", gtin: "602475093060")
    func found(_ title: String, by artist: String) -> CatalogRelease {
      CatalogRelease(id: "x", artistName: artist, title: title, releaseDate: nil)
    }
    #expect(LinkCheck.isSame(found("Cracker Island", by: "Gorillaz"), as: finding))
    // Collaborations are credited every which way.
    #expect(LinkCheck.isSame(found("Cracker Island", by: "Gorillaz, Thundercat"), as: finding))
    #expect(LinkCheck.isSame(found("Cracker Island", by: "Thundercat & Gorillaz"), as: finding))
    #expect(LinkCheck.isSame(found("Cracker Island", by: "Various Artists"), as: finding))
    #expect(LinkCheck.isSame(found("Cracker Island", by: ""), as: finding))
    // A deluxe edition, a single of the title track, another band's album of that name: none is it.
    #expect(!LinkCheck.isSame(found("Cracker Island (Deluxe)", by: "Gorillaz"), as: finding))
    #expect(!LinkCheck.isSame(found("Cracker Island - Single", by: "Gorillaz"), as: finding))
    #expect(!LinkCheck.isSame(found("Cracker Island", by: "The Cracker Island Band"), as: finding))
  }
}
