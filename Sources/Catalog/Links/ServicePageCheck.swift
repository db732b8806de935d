public import Foundation
public import Identity

/// Pages on the service the person listens on (`--listen spotify`) for the releases a report lists that no catalog
/// of the night opens there: asked of the catalog that lists a release and names its pages (MusicBrainz's url-rels).
///
/// Only listed releases without a direct page there are asked about, most played first (the order given), a few at a
/// time while the budget lasts; each release once, however many findings it stands in. Every answer is kept as it
/// arrives, so the same night again asks nothing; "none" holds a few days only, as links are added after release; a
/// failure is never kept, and shows a search tonight.
public struct ServicePageCheck: Sendable {
  public let service: ListeningService
  /// Where a release's pages are asked, by the name of the catalog that lists it.
  public let sources: [CatalogName: any ServicePageSource]
  public let store: any CatalogStore
  public let now: Date
  public var asking = Asking()

  static let kind = "url-rels"

  public struct Result: Sendable {
    /// The pages found of each finding that has any, by the finding's place in the list given: every service's.
    public var pages: [Int: [ServicePage]] = [:]
    /// Requests sent tonight.
    public var requests = 0
    /// Requests that got no answer: those releases show a search tonight.
    public var failures = 0
    /// Releases not asked about tonight (the budget), whose pages may come on a later night.
    public var notAsked = 0
    /// Why answers could not be kept, when they could not: they still count tonight.
    public var keepingFailed: String?
  }

  public init(
    service: ListeningService, sources: [CatalogName: any ServicePageSource], store: any CatalogStore, now: Date
  ) {
    self.service = service
    self.sources = sources
    self.store = store
    self.now = now
  }

  /// The pages of `findings` that lack a direct one on the service, in their order.
  public func pages(for findings: [Finding]) async -> Result {
    var byRelease: [ReleaseReference: [Int]] = [:]
    var order: [ReleaseReference] = []
    for (index, finding) in findings.enumerated() where !opensDirectly(finding) {
      guard let reference = finding.links.first(where: { sources[$0.catalog] != nil })?.reference else { continue }
      if byRelease[reference] == nil { order.append(reference) }
      byRelease[reference, default: []].append(index)
    }
    var result = Result()
    var found: [ReleaseReference: [ServicePage]] = [:]
    let unknown = await kept(order, into: &found)
    await ask(unknown, into: &found, &result)
    for (reference, pages) in found where !pages.isEmpty {
      for index in byRelease[reference] ?? [] { result.pages[index] = pages }
    }
    return result
  }

  /// Whether the finding's title opens a page on the service already: a catalog that opens there lists it, or a
  /// page there was found before.
  func opensDirectly(_ finding: Finding) -> Bool {
    finding.links.contains { $0.catalog == service.catalog }
      || finding.servicePages.contains { $0.service == service.id }
  }

  /// `found` with the kept answers of `references` that hold; the references to ask, in their order.
  private func kept(_ references: [ReleaseReference], into found: inout [ReleaseReference: [ServicePage]]) async
    -> [ReleaseReference]
  {
    var settled: Set<ReleaseReference> = []
    for (catalog, group) in Dictionary(grouping: references, by: \.catalog) {
      let keys = group.map(\.id.rawValue)
      let entries = (try? await store.cachedResponses(provider: catalog, kind: Self.kind, keys: keys)) ?? [:]
      for reference in group {
        guard let entry = entries[reference.id.rawValue] else { continue }
        // A page found before still opens until an answer says otherwise, even when it is asked again tonight.
        found[reference] = Self.decoded(entry.body)
        if asking.holds(found: !entry.body.isEmpty, checkedAt: entry.fetchedAt, now: now) {
          settled.insert(reference)
        }
      }
    }
    return asking.offline ? [] : references.filter { !settled.contains($0) }
  }

  /// Asks about `references`, a few at a time, keeping each answer as it arrives. A lost connection stops the
  /// asking: the rest would only fail too, one timeout each.
  private func ask(
    _ references: [ReleaseReference], into found: inout [ReleaseReference: [ServicePage]], _ result: inout Result
  ) async {
    // Each has one: `pages(for:)` takes only releases of a catalog that names pages.
    let asked = references.compactMap { reference in
      sources[reference.catalog].map { (reference: reference, source: $0) }
    }
    var connected = true
    let started = await asking.each(
      asked, { await Self.ask($0.source, about: $0.reference) }, while: { connected }
    ) { answer in
      switch answer.pages {
      case .success(let pages):
        found[answer.reference] = pages
        await keep(pages, of: answer.reference, &result)
      case .failure(let error):
        result.failures += 1
        if error.isConnectivity { connected = false }
      }
    }
    result.requests += started
    result.notAsked = references.count - started
  }

  /// One answer of a page source.
  struct Answer: Sendable {
    var reference: ReleaseReference
    var pages: Swift.Result<[ServicePage], CatalogError>
  }

  static func ask(_ source: any ServicePageSource, about reference: ReleaseReference) async -> Answer {
    do throws(CatalogError) {
      return Answer(reference: reference, pages: .success(try await source.pages(ofRelease: reference.id)))
    } catch {
      return Answer(reference: reference, pages: .failure(error))
    }
  }

  /// Kept as JSON; none as an empty body, which holds a few days only.
  private func keep(_ pages: [ServicePage], of reference: ReleaseReference, _ result: inout Result) async {
    let body = pages.isEmpty ? Data() : ReleaseList.cacheBody(pages) ?? Data()
    do {
      try await store.store(
        provider: reference.catalog, kind: Self.kind, responses: [(reference.id.rawValue, body)], fetchedAt: now)
    } catch {
      result.keepingFailed = result.keepingFailed ?? String(describing: error)
    }
  }

  static func decoded(_ body: Data) -> [ServicePage] {
    body.isEmpty ? [] : (try? JSONDecoder().decode([ServicePage].self, from: body)) ?? []
  }

  /// The pages kept for releases `ids` of `catalog`, whatever their age: what `why` shows, asking nothing.
  public static func kept(of ids: [CatalogReleaseID], in catalog: CatalogName, store: any CatalogStore) async
    -> [CatalogReleaseID: [ServicePage]]
  {
    let entries = (try? await store.cachedResponses(provider: catalog, kind: kind, keys: ids.map(\.rawValue))) ?? [:]
    var pages: [CatalogReleaseID: [ServicePage]] = [:]
    for id in ids {
      if let body = entries[id.rawValue]?.body, !body.isEmpty { pages[id] = decoded(body) }
    }
    return pages
  }

  /// `findings` with the pages found.
  public static func applying(_ pages: [Int: [ServicePage]], to findings: [Finding]) -> [Finding] {
    findings.enumerated().map { index, finding in
      var finding = finding
      if let found = pages[index] { finding.servicePages = found }
      return finding
    }
  }
}
