public import Foundation
public import Identity

/// The evidence of a catalog that types every release (MusicBrainz) for the listed releases it did not list
/// tonight: each release's UPC/EAN (from a listing, else asked of a catalog that lists it), asked a page of barcodes
/// at a time. A release it files under a record first out years before is a reissue of that record; else the
/// record's types say what it is.
///
/// Only releases the report lists are asked about, most played first (the order given), while the budget lasts;
/// every answer is kept as it arrives — a record found for months, "not known" a few days, as a barcode is often
/// entered after release — so the same night again asks nothing, and what a night could not ask, the next asks,
/// the row meanwhile classed by the evidence at hand. A failure is never kept.
public struct BarcodeCheck: Sendable {
  /// The catalog asked: its name, and how it is asked.
  public let catalog: CatalogName
  public let source: any BarcodeTypeSource
  public var gtins: ReleaseGTINs
  var answers: KeptAnswers

  static let kind = "barcode-record"

  public init(
    catalog: CatalogName, source: any BarcodeTypeSource, gtins: ReleaseGTINs, store: any CatalogStore, now: Date
  ) {
    self.catalog = catalog
    self.source = source
    self.gtins = gtins
    answers = KeptAnswers(store: store, now: now, asking: gtins.asking)
  }

  /// Not at all offline; else while the budget lasts, a few releases' codes at a time.
  public var asking: Asking {
    get { answers.asking }
    set {
      answers.asking = newValue
      gtins.asking = newValue
    }
  }

  public struct Result: Sendable {
    /// The record each finding is filed under, by the finding's place in the list given.
    public var records: [Int: ReleaseLink] = [:]
    /// Requests sent tonight, to every catalog asked.
    public var requests = 0
    /// Releases not asked about tonight (the budget): their class comes from what else is known, until a later night.
    public var notAsked = 0
    /// Barcodes asked about that got no answer: asked again on the next night.
    public var failures = 0
    /// Why answers could not be kept, when they could not: they still count tonight.
    public var keepingFailed: String?
  }

  /// The records of `findings` that the catalog does not list itself, in their order.
  public func records(for findings: [Finding]) async -> Result {
    var result = Result()
    let wanted = findings.indices.filter { index in !findings[index].links.contains { $0.catalog == catalog } }
    var codes: [Int: GTIN] = [:]
    let started = await asking.each(
      wanted,
      { index in
        // Awaited before the tuple is made: see `sideBySide` on tuples written across a suspension.
        let found = await gtins.gtin(of: findings[index])
        return (index, found)
      }
    ) { answer in
      result.requests += answer.1.requests
      result.keepingFailed = result.keepingFailed ?? answer.1.keepingFailed
      if let gtin = answer.1.gtin { codes[answer.0] = gtin }
    }
    var records: [GTIN: CatalogRelease] = [:]
    let unknown = await kept(wanted.compactMap { codes[$0] }, into: &records)
    let unasked = await ask(unknown, into: &records, &result)
    for (index, gtin) in codes {
      if let record = records[gtin] { result.records[index] = ReleaseLink(catalog: catalog, release: record) }
    }
    result.notAsked = (wanted.count - started) + codes.values.count { unasked.contains($0) }
    return result
  }

  /// `records` with the kept answers of `gtins` that hold; the codes to ask about, each once, in their order.
  private func kept(_ gtins: [GTIN], into records: inout [GTIN: CatalogRelease]) async -> [GTIN] {
    var unknown: [GTIN] = []
    for gtin in gtins where records[gtin] == nil && !unknown.contains(gtin) {
      switch await answers.kept(provider: catalog, kind: Self.kind, key: gtin.digits) {
      case .found(let body): records[gtin] = Self.decoded(body)
      case .missing: continue
      case .unknown: if !asking.offline { unknown.append(gtin) }
      }
    }
    return unknown
  }

  /// Asks about `gtins` a page at a time while the budget lasts, keeping each answer; the codes left unasked. A lost
  /// connection stops the asking: the rest would only fail too.
  private func ask(_ gtins: [GTIN], into records: inout [GTIN: CatalogRelease], _ result: inout Result) async
    -> Set<GTIN>
  {
    var next = 0
    let size = max(1, source.barcodesPerQuestion)
    while next < gtins.count, asking.mayAsk() {
      let page = Array(gtins[next..<min(gtins.count, next + size)])
      next += page.count
      do throws(CatalogError) {
        let answer = try await source.records(of: page)
        result.requests += answer.requests
        for gtin in page {
          records[gtin] = answer.records[gtin]
          let body = answer.records[gtin].flatMap { ReleaseList.cacheBody($0) } ?? Data()
          let failed = await answers.keep(body, provider: catalog, kind: Self.kind, key: gtin.digits)
          result.keepingFailed = result.keepingFailed ?? failed
        }
      } catch {
        result.requests += 1
        result.failures += page.count
        if error.isConnectivity { break }
      }
    }
    return Set(gtins[next...])
  }

  static func decoded(_ body: Data) -> CatalogRelease? {
    try? JSONDecoder().decode(CatalogRelease.self, from: body)
  }

  /// `findings` with the records found.
  public static func applying(_ records: [Int: ReleaseLink], to findings: [Finding]) -> [Finding] {
    findings.enumerated().map { index, finding in
      var finding = finding
      if let record = records[index] { finding.barcodeListing = record }
      return finding
    }
  }

  /// The records `typing` keeps for releases of `catalog`, by the codes their listings carry or that were kept for
  /// them, whatever their age, asking nothing: what `why` shows of a night that asked.
  public static func kept(
    for releases: [CatalogRelease], of catalog: CatalogName, in typing: CatalogName, store: any CatalogStore
  ) async -> [ReleaseReference: ReleaseLink] {
    guard catalog != typing else { return [:] }
    let references = releases.map { ReleaseReference(catalog: catalog, id: $0.id) }
    var codes = await ReleaseGTINs.kept(of: references, store: store)
    for release in releases {
      if let gtin = release.gtin { codes[ReleaseReference(catalog: catalog, id: release.id)] = gtin }
    }
    let records = await kept(of: Array(Set(codes.values)), in: typing, store: store)
    return codes.compactMapValues { records[$0] }
  }

  /// The records kept for `gtins` in `catalog`, whatever their age, asking nothing.
  public static func kept(of gtins: [GTIN], in catalog: CatalogName, store: any CatalogStore) async
    -> [GTIN: ReleaseLink]
  {
    let entries = (try? await store.cachedResponses(provider: catalog, kind: kind, keys: gtins.map(\.digits))) ?? [:]
    var found: [GTIN: ReleaseLink] = [:]
    for gtin in gtins {
      guard let body = entries[gtin.digits]?.body, let record = decoded(body) else { continue }
      found[gtin] = ReleaseLink(catalog: catalog, release: record)
    }
    return found
  }
}
