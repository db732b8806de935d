public import Foundation
public import Identity

/// A release group's pages on the services people listen on, from its releases' URL relationships. Release groups
/// themselves carry no streaming or purchase links (MusicBrainz's editor has no such type for them), so one browse
/// of the group's releases with `inc=url-rels` asks for them all at once.
public struct MusicBrainzURLRels: ServicePageSource {
  public let transport: any CatalogTransport
  public let endpoint: MusicBrainzEndpoint
  /// MusicBrainz's pace: these requests share the pass's transport, and so its limit.
  public var requestsPerMinute: Double

  public init(transport: any CatalogTransport, endpoint: MusicBrainzEndpoint, requestsPerMinute: Double) {
    self.transport = transport
    self.endpoint = endpoint
    self.requestsPerMinute = requestsPerMinute
  }

  /// The pages of release group `id`'s releases. One request, the first hundred releases: a group of more is rare,
  /// and pages beyond them would cost a second request a second for links the first hundred mostly have.
  public func pages(ofRelease id: CatalogReleaseID) async throws(CatalogError) -> [ServicePage] {
    try Self.pages(in: try await transport.get(endpoint.releasesWithURLsURL(ofGroup: id)))
  }

  /// The link types of a release's streaming, purchase and download pages, by their stable ids (names change).
  static let pageTypes: Set<String> = [
    "08445ccf-7b99-4438-9f9a-fb9ac18099ee",  // free streaming
    "320adf26-96fa-4183-9045-1f5f32f833cb",  // streaming
    "98e08c20-8402-4163-8970-53504bb6a1e4",  // purchase for download
    "9896ecd0-6d29-482d-a21e-bd5d1b5e3425",  // download for free
    "3ee51e05-a06a-415e-b40c-b3f740dedfd7",  // purchase for mail-order
    "4f2e710d-166c-480c-a293-2e2c8d658d87",  // amazon asin
  ]

  /// The service pages a browse (`{"releases": [{"relations": […]}, …]}`) or a single release's lookup names,
  /// each once, in the order given. An ended link is left out: it no longer plays or sells there.
  public static func pages(in body: Data) throws(CatalogError) -> [ServicePage] {
    let browse = try MusicBrainzDecoding.decode(MBReleaseBrowse.self, body)
    let relations = (browse.releases ?? []).flatMap { $0.relations ?? [] } + (browse.relations ?? [])
    var seen: Set<String> = []
    var pages: [ServicePage] = []
    for relation in relations where relation.isLivePage {
      guard let url = relation.url?.resource, let page = ServicePage(url: url, catalog: MusicBrainzCatalog().name),
        seen.insert(url).inserted
      else { continue }
      pages.append(page)
    }
    return pages
  }
}

extension MusicBrainzEndpoint {
  /// `GET /ws/2/release?release-group=ID&inc=url-rels&fmt=json&limit=100`: the group's releases with their links.
  public func releasesWithURLsURL(ofGroup id: CatalogReleaseID) -> URL {
    let items = [
      ("release-group", id.rawValue), ("inc", "url-rels"), ("fmt", "json"), ("limit", String(Self.pageSize)),
    ]
    return QueryEncoding.url(baseURL, "/ws/2/release", items)
  }
}

/// `{"releases": [...], "release-count", "release-offset"}`; a lookup of one release has its `relations` at the top.
struct MBReleaseBrowse: Decodable {
  var releases: [MBLinkedRelease]?
  var relations: [MBURLRelation]?
}

struct MBLinkedRelease: Decodable {
  var relations: [MBURLRelation]?
}

/// One relationship, keys in any order and any of them possibly missing; only URL targets are read.
struct MBURLRelation: Decodable {
  var typeID: String?
  var targetType: String?
  var direction: String?
  var ended: Bool?
  var url: MBURL?

  enum CodingKeys: String, CodingKey {
    case direction, ended, url
    case typeID = "type-id"
    case targetType = "target-type"
  }

  /// A streaming, purchase or download link from the release to a URL, still in force.
  var isLivePage: Bool {
    (targetType ?? "url") == "url" && (direction ?? "forward") == "forward" && ended != true
      && typeID.map(MusicBrainzURLRels.pageTypes.contains) == true
  }
}

struct MBURL: Decodable {
  var id: String?
  var resource: String?
}
