public import Foundation
public import Identity
public import MusicLibrary

/// A music catalog as the pass asks it: finding library artists, the releases of catalog artists, and what tells
/// artists of one name apart. A provider knows its wire format and its limits; nothing else does.
public protocol CatalogProvider: Sendable {
  /// The key of this catalog's resolutions, pins, caches and release records in the state database.
  var name: CatalogName { get }
  var limits: ProviderLimits { get }
  /// Where work that awaits answers had best run: the transport's own thread, if it has one.
  var taskExecutor: (any TaskExecutor)? { get }
  /// Requests that reached the catalog, and retries among them.
  func counters() async -> TransportCounters

  /// The candidates for each of `artists` (at most `limits.artistsPerSearch`), in their order. One request, or a
  /// few when a batched answer may have crowded a name out.
  func search(_ artists: [LibraryArtist]) async throws(CatalogError) -> [ArtistCandidates]

  /// The release lists of catalog artists `ids` (at most `limits.artistsPerReleaseRequest`), by id; an id the
  /// catalog does not list has an empty list, which is an answer too.
  func releases(of ids: [CatalogArtistID]) async throws(CatalogError) -> [CatalogArtistID: ReleaseList]

  /// Where an artist's release list is cached: the cache kind and key.
  func cacheEntry(for id: CatalogArtistID) -> (kind: String, key: String)
  /// A cached release list read back; nil if it cannot be read.
  func cachedReleases(_ body: Data) -> [CatalogRelease]?

  /// How artists that share a name are told apart.
  var proof: ProofSource { get }
  /// For ``ProofSource/ownedTitles``: for each question, in order, which candidates list releases titled like
  /// the owned albums, as candidate id → the bases of the owned album keys they have.
  func evidence(_ questions: [EvidenceQuestion]) async throws(CatalogError) -> [[CatalogArtistID: Set<String>]]

  /// Where covers come from when the release lists leave them out; nil when they carry them.
  var covers: (any CoverSource)? { get }

  /// Where a release's UPC/EAN is asked when its list leaves it out (Deezer's `/album/{id}`); nil when it cannot be.
  var gtins: (any GTINSource)? { get }
  /// Where a release another catalog found is looked up by its UPC/EAN (iTunes' `/lookup?upc=`), for its link;
  /// nil when the catalog cannot be asked so.
  var gtinLookup: (any GTINLookup)? { get }
  /// Where a release's pages on services people listen on are asked (MusicBrainz's url-rels); nil when the catalog
  /// names none.
  var servicePages: (any ServicePageSource)? { get }
  /// Where a release another catalog found is typed by its UPC/EAN (MusicBrainz's release search by barcode); nil
  /// when the catalog cannot be asked so, or does not type every release.
  var barcodeTypes: (any BarcodeTypeSource)? { get }
}

extension CatalogProvider {
  /// A provider whose release lists prove ownership needs no evidence of its own.
  public func evidence(_ questions: [EvidenceQuestion]) async throws(CatalogError) -> [[CatalogArtistID: Set<String>]] {
    questions.map { _ in [:] }
  }

  /// Release lists that carry their covers need no other source.
  public var covers: (any CoverSource)? { nil }

  public var gtins: (any GTINSource)? { nil }
  public var gtinLookup: (any GTINLookup)? { nil }
  public var servicePages: (any ServicePageSource)? { nil }
  public var barcodeTypes: (any BarcodeTypeSource)? { nil }
}

/// The UPC/EAN of one of the catalog's releases, one request each.
public protocol GTINSource: Sendable {
  var requestsPerMinute: Double { get }
  /// The GTIN of release `id`, or nil when the catalog has none for it.
  func gtin(ofRelease id: CatalogReleaseID) async throws(CatalogError) -> GTIN?
}

/// The catalog's release of a UPC/EAN, one request each.
public protocol GTINLookup: Sendable {
  var requestsPerMinute: Double { get }
  /// Where the answers are kept: the store's country, say, since a store may not sell an album another does.
  var cacheScope: String { get }
  /// The release of `gtin`, or nil when the catalog has none (here).
  func release(withGTIN gtin: GTIN) async throws(CatalogError) -> CatalogRelease?
  /// A kept answer read back.
  func cachedRelease(_ body: Data) -> CatalogRelease?
  /// An answer as it is kept.
  func cacheBody(_ release: CatalogRelease) -> Data?
  /// Requests sent so far, where one lookup may send several (a code tried in several forms, a token asked for);
  /// nil when each lookup is one request.
  func sentRequests() async -> Int?
}

extension GTINLookup {
  public func sentRequests() async -> Int? { nil }
}

/// A release's pages on services people listen on, as the catalog links them: one request a release.
public protocol ServicePageSource: Sendable {
  /// The pace it is asked at, for budgets.
  var requestsPerMinute: Double { get }
  /// The pages of release `id`, every service's; none is an answer too.
  func pages(ofRelease id: CatalogReleaseID) async throws(CatalogError) -> [ServicePage]
}

/// The records of UPCs/EANs in a catalog that types every release: what it files each barcode under, with the
/// record's types and the day it first came out, many barcodes a request.
public protocol BarcodeTypeSource: Sendable {
  /// The pace it is asked at, for budgets.
  var requestsPerMinute: Double { get }
  /// The most barcodes one question takes.
  var barcodesPerQuestion: Int { get }
  /// The record each of `gtins` belongs to, as a release of the catalog dated by its first day out; a barcode the
  /// catalog does not know has none, which is an answer too. With the requests it took.
  func records(of gtins: [GTIN]) async throws(CatalogError) -> (records: [GTIN: CatalogRelease], requests: Int)
}

/// Covers a catalog keeps apart from its release lists (MusicBrainz's Cover Art Archive): asked about only the
/// releases a report shows, one request each.
public protocol CoverSource: Sendable {
  /// The pace it is asked at, for budgets.
  var requestsPerMinute: Double { get }
  /// The address of release `id`'s front cover, or nil when the catalog has none.
  func cover(of id: CatalogReleaseID) async throws(CatalogError) -> String?
}

/// What a provider can be asked at once, and how fast.
public struct ProviderLimits: Sendable, Equatable {
  /// The catalog's request limit, for budgets and time estimates.
  public var requestsPerMinute: Double
  /// Library artists one search request may cover.
  public var artistsPerSearch: Int
  /// Catalog artists one release request may cover.
  public var artistsPerReleaseRequest: Int

  public init(requestsPerMinute: Double, artistsPerSearch: Int, artistsPerReleaseRequest: Int) {
    self.requestsPerMinute = requestsPerMinute
    self.artistsPerSearch = artistsPerSearch
    self.artistsPerReleaseRequest = artistsPerReleaseRequest
  }
}

/// How a provider tells artists of one name apart by the albums the user owns.
public enum ProofSource: Sendable, Equatable {
  /// The candidates' release lists are their whole catalog (iTunes): fetch them and compare titles.
  case releaseLists
  /// Release lists are a window of recent releases (MusicBrainz): ask ``CatalogProvider/evidence(_:)`` which
  /// candidates have releases titled like the owned albums.
  case ownedTitles
}

/// The catalog artists a search found for one library artist.
public struct ArtistCandidates: Sendable, Equatable {
  /// Names that fold to the library artist's key (by name, sort name or alias).
  public var exact: [CatalogArtist]
  /// The best other hits, worth comparing albums with when nothing matches exactly.
  public var near: [CatalogArtist]

  public init(exact: [CatalogArtist], near: [CatalogArtist] = []) {
    self.exact = exact
    self.near = near
  }
}

/// One artist's releases as the catalog sent them: the values, and the bytes to cache.
public struct ReleaseList: Sendable, Equatable {
  public var releases: [CatalogRelease]
  public var body: Data

  public init(releases: [CatalogRelease], body: Data) {
    self.releases = releases
    self.body = body
  }

  /// `value` as JSON to cache, for catalogs whose answers are re-encoded: keys sorted and slashes left alone, so
  /// one answer is always the same bytes. Nil if it cannot be encoded.
  static func cacheBody(_ value: some Encodable) -> Data? {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try? encoder.encode(value)
  }
}

/// Which of these candidates have releases titled like these owned albums?
public struct EvidenceQuestion: Sendable, Equatable {
  public var candidates: [CatalogArtist]
  /// Titles of owned albums by the library artist, most played first.
  public var ownedTitles: [String]

  public init(candidates: [CatalogArtist], ownedTitles: [String]) {
    self.candidates = candidates
    self.ownedTitles = ownedTitles
  }
}
