import Foundation
import Identity
import MusicLibrary
import Synchronization
import TestSupport
import Testing

@testable import Catalog

/// A catalog that types every release is asked, by barcode, about the listed releases it did not list itself: a page
/// of barcodes at a time, most played first, within the budget, every answer kept so the same night asks nothing.
struct BarcodeCheckTests {
  /// A typing catalog that knows some barcodes' records, counting what it is asked.
  final class Records: BarcodeTypeSource {
    let known: [String: CatalogRelease]
    let asked = Mutex<[[String]]>([])
    var requestsPerMinute: Double { 60 }
    var barcodesPerQuestion: Int { 2 }

    init(_ known: [String: CatalogRelease]) { self.known = known }

    func records(of gtins: [GTIN]) async throws(CatalogError) -> (records: [GTIN: CatalogRelease], requests: Int) {
      asked.withLock { $0.append(gtins.map(\.digits)) }
      var found: [GTIN: CatalogRelease] = [:]
      for gtin in gtins { found[gtin] = known[gtin.digits] }
      return (found, 2)
    }
  }

  /// A listing catalog that gives each release's code on its own page, counting what it is asked.
  final class Codes: GTINSource {
    let codes: [String: String]
    let asked = Mutex<[String]>([])
    var requestsPerMinute: Double { .infinity }

    init(_ codes: [String: String]) { self.codes = codes }

    func gtin(ofRelease release: CatalogReleaseID) async throws(CatalogError) -> GTIN? {
      asked.withLock { $0.append(release.rawValue) }
      return codes[release.rawValue].flatMap(GTIN.init)
    }
  }

  static let now = Date(timeIntervalSince1970: 1_795_953_600)
  static let artist = LibraryArtist(key: ArtistKey("Static Bloom"), name: "Static Bloom", albumCount: 3, trackCount: 30)

  static func finding(_ id: String, _ title: String, listedBy catalog: CatalogName = "deezer") -> Finding {
    let release = CatalogRelease(
      id: CatalogReleaseID(id), artistName: "Static Bloom", title: title,
      releaseDate: CalendarDay(iso8601: "2026-11-20"))
    var finding = Finding(artist: artist, release: release, kind: .album, category: .new, reason: "")
    finding.links = [ReleaseLink(catalog: catalog, release: release)]
    return finding
  }

  static func record(_ title: String, first: String, types: String, secondary: [String] = []) -> CatalogRelease {
    CatalogRelease(
      id: CatalogReleaseID("rg-" + title), artistName: "Static Bloom", title: title,
      releaseDate: CalendarDay(iso8601: first), secondaryTypes: secondary,
      types: CatalogTypes(words: types, complete: true))
  }

  static func check(_ records: Records, _ codes: Codes, state: any CatalogStore, now: Date = now) -> BarcodeCheck {
    let gtins = ReleaseGTINs(sources: ["deezer": codes], store: state, now: now)
    return BarcodeCheck(catalog: "musicbrainz", source: records, gtins: gtins, store: state, now: now)
  }

  @Test func eachListedReleaseIsAskedByItsCodeAPageAtATimeAndAnsweredFromTheStateNextTime() async {
    let codes = Codes(["1": "602445868162", "2": "5099924352321", "3": "886446163246"])
    let records = Records([
      "602445868162": Self.record("Homework", first: "1997-01-20", types: "Album"),
      "5099924352321": Self.record("Daft Club", first: "2026-11-20", types: "Album + Remix", secondary: ["remix"]),
    ])
    let state = MemoryCatalogStore()
    let findings = [
      Self.finding("1", "Homework (25th Anniversary Edition)"), Self.finding("2", "Daft Club"),
      Self.finding("3", "Glasshouse"), Self.finding("rg", "Listed There", listedBy: "musicbrainz"),
    ]
    let result = await Self.check(records, codes, state: state).records(for: findings)
    // Three codes from their pages, then two pages of barcodes (two requests each): seven; the release the typing
    // catalog lists itself is not asked about.
    #expect(result.requests == 3 + 2 * 2)
    #expect(records.asked.withLock { $0 } == [["602445868162", "5099924352321"], ["886446163246"]])
    #expect(result.records.mapValues(\.release.title) == [0: "Homework", 1: "Daft Club"])
    let classed = BarcodeCheck.applying(result.records, to: findings)
    #expect(classed.map(\.classification.releaseClass) == [.reissue, .remix, .studio, .studio])
    #expect(classed[0].classification.label(for: .album) == "reissue of Homework (1997)")

    let again = await Self.check(records, codes, state: state).records(for: findings)
    #expect(again.requests == 0 && again.records.mapValues(\.release.title) == [0: "Homework", 1: "Daft Club"])
    // A barcode the catalog did not know is asked again after a few days; a record found is not.
    let later = await Self.check(
      records, codes, state: state, now: Self.now.addingTimeInterval(Asking.missingHolds + 60)
    )
    .records(for: findings)
    #expect(later.requests == 2 && records.asked.withLock { $0.last } == ["886446163246"])
  }

  @Test func theBudgetStopsTheAskingAndSaysHowManyWait() async {
    let codes = Codes(["1": "602445868162", "2": "5099924352321", "3": "886446163246"])
    let records = Records([:])
    var check = Self.check(records, codes, state: MemoryCatalogStore())
    // The codes' pages, then one page of barcodes; the second page waits for another night.
    let allowed = Mutex(4)
    check.asking.mayAsk = {
      allowed.withLock { left in
        defer { left -= 1 }
        return left > 0
      }
    }
    check.asking.maxConcurrentRequests = 1
    let result = await check.records(for: [
      Self.finding("1", "One"), Self.finding("2", "Two"), Self.finding("3", "Three"),
    ])
    #expect(records.asked.withLock { $0 } == [["602445868162", "5099924352321"]])
    #expect(result.notAsked == 1)
  }

  @Test func offlineOnlyKeptAnswersAreRead() async {
    let codes = Codes(["1": "602445868162"])
    let records = Records(["602445868162": Self.record("Homework", first: "1997-01-20", types: "Album")])
    var check = Self.check(records, codes, state: MemoryCatalogStore())
    check.asking.offline = true
    let result = await check.records(for: [Self.finding("1", "Homework (Remastered)")])
    #expect(result.requests == 0 && result.records.isEmpty)
    #expect(codes.asked.withLock(\.isEmpty) && records.asked.withLock(\.isEmpty))
  }

  @Test func aFailedPageIsKeptForNoneAndAskedAgain() async {
    final class Down: BarcodeTypeSource {
      let calls = Mutex(0)
      var requestsPerMinute: Double { 60 }
      var barcodesPerQuestion: Int { 25 }
      func records(of gtins: [GTIN]) async throws(CatalogError) -> (records: [GTIN: CatalogRelease], requests: Int) {
        calls.withLock { $0 += 1 }
        throw .server(status: 503)
      }
    }
    let state = MemoryCatalogStore()
    let down = Down()
    let gtins = ReleaseGTINs(sources: ["deezer": Codes(["1": "602445868162"])], store: state, now: Self.now)
    let check = BarcodeCheck(catalog: "musicbrainz", source: down, gtins: gtins, store: state, now: Self.now)
    let first = await check.records(for: [Self.finding("1", "Homework")])
    #expect(first.failures == 1 && first.records.isEmpty)
    _ = await check.records(for: [Self.finding("1", "Homework")])
    #expect(down.calls.withLock { $0 } == 2)
  }
}
