internal import Foundation
internal import Identity

/// What MusicBrainz files releases other catalogs found under, asked by their barcodes: a release search
/// `barcode:A OR barcode:B …` finds the releases and the release group of each, and a release-group search
/// `rgid:X OR rgid:Y …` gives those groups' types and the day each first came out — two requests for a page of
/// barcodes, where a lookup of each would take two a barcode. MusicBrainz keeps a reissue in its album's group, so a
/// group first out years before the release says it is a reissue.
public struct MusicBrainzBarcodes: BarcodeTypeSource {
  public let transport: any CatalogTransport
  public let endpoint: MusicBrainzEndpoint
  /// MusicBrainz's pace: these requests share the pass's transport, and so its limit.
  public var requestsPerMinute: Double
  /// A barcode is on one release or a few (a CD in two countries), so a page of a hundred holds this many.
  public var barcodesPerQuestion = 25

  public init(transport: any CatalogTransport, endpoint: MusicBrainzEndpoint, requestsPerMinute: Double) {
    self.transport = transport
    self.endpoint = endpoint
    self.requestsPerMinute = requestsPerMinute
  }

  public func records(of gtins: [GTIN]) async throws(CatalogError) -> (records: [GTIN: CatalogRelease], requests: Int) {
    var requests = 0
    var groupOf: [GTIN: String] = [:]
    for run in endpoint.pack(gtins, limit: barcodesPerQuestion, .release, clause: Self.clause) {
      let (releases, sent) = try await allPages(MBBarcodePage.self, query: LuceneQuery.anyOf(run.map(Self.clause)))
      requests += sent
      for gtin in run {
        groupOf[gtin] = releases.first { Self.sameCode($0.barcode, gtin) }?.releaseGroup?.id
      }
    }
    let ids = Array(Set(groupOf.values)).sorted()
    var groups: [String: MBReleaseGroup] = [:]
    for run in endpoint.pack(ids, limit: MusicBrainzEndpoint.pageSize, .releaseGroup, clause: Self.groupClause) {
      let (found, sent) = try await allPages(
        MBReleaseGroupPage.self, query: LuceneQuery.anyOf(run.map(Self.groupClause)))
      requests += sent
      for group in found { groups[group.id] = group }
    }
    return (groupOf.compactMapValues { groups[$0]?.release }, requests)
  }

  static func clause(_ gtin: GTIN) -> String { LuceneQuery.term("barcode", gtin.digits) }
  static func groupClause(_ id: String) -> String { LuceneQuery.term("rgid", id) }

  /// Whether a barcode as MusicBrainz stores it (as entered: "0077774600125" or "077774600125") is `gtin`: equal as
  /// numbers, as the search index compares them.
  static func sameCode(_ stored: String?, _ gtin: GTIN) -> Bool {
    guard let stored else { return false }
    return stored.drop { $0 == "0" } == gtin.digits
  }

  /// Every page of a search's answer, and the requests it took.
  private func allPages<Page: SearchPage>(_ type: Page.Type, query: String) async throws(CatalogError)
    -> ([Page.Item], Int)
  {
    var items: [Page.Item] = []
    var requests = 0
    while true {
      let url = endpoint.searchURL(Page.entity, query: query, offset: items.count)
      let page = try MusicBrainzDecoding.decode(Page.self, try await transport.get(url))
      requests += 1
      items += page.items
      guard !page.items.isEmpty, items.count < page.count else { return (items, requests) }
    }
  }
}

/// A search's answer: how many there are, and this page of them.
protocol SearchPage: Decodable {
  associatedtype Item
  static var entity: MusicBrainzEndpoint.Entity { get }
  var count: Int { get }
  var items: [Item] { get }
}

extension MBReleaseGroupPage: SearchPage {
  static var entity: MusicBrainzEndpoint.Entity { .releaseGroup }
  var items: [MBReleaseGroup] { releaseGroups }
}

/// `{"created", "count", "offset", "releases": [...]}`: a release search.
struct MBBarcodePage: SearchPage {
  var count: Int
  var releases: [MBBarcodeRelease]

  static var entity: MusicBrainzEndpoint.Entity { .release }
  var items: [MBBarcodeRelease] { releases }
}

/// A release as the search sends it: its barcode as entered (absent when unknown, "" when it has none) and its
/// group, which carries the types but no first date.
struct MBBarcodeRelease: Decodable {
  var id: String
  var barcode: String?
  var releaseGroup: MBReleaseGroupReference?

  enum CodingKeys: String, CodingKey {
    case id, barcode
    case releaseGroup = "release-group"
  }
}

struct MBReleaseGroupReference: Decodable {
  var id: String
}
