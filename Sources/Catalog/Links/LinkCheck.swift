public import Foundation
public import Identity
internal import MusicLibrary

/// Links to a catalog that is not searched tonight (`--links itunes`), for the releases a report lists and only
/// those: each release's UPC/EAN (from its listing, else asked of a catalog that lists it), looked up there.
///
/// It never searches artists in the linked catalog. Releases are taken in the order given (most played first), a
/// few at a time, while the budget lasts; every answer is kept as it arrives, so a rerun asks nothing and the links
/// a long first night could not ask come on the next. "Not there" holds a few days only, as a release often reaches
/// a store later; a failure is never kept.
public struct LinkCheck: Sendable {
  /// The catalog the links open: its name, and how it is asked.
  public let catalog: CatalogName
  public let lookup: any GTINLookup
  /// Where the UPC/EAN of a listed release is found.
  public var gtins: ReleaseGTINs
  public let store: any CatalogStore
  public let now: Date
  /// Releases are asked about a few at a time; "not there" holds a few days.
  public var asking: Asking {
    get { answers.asking }
    set {
      answers.asking = newValue
      gtins.asking = newValue
    }
  }
  var answers: KeptAnswers

  static let lookupKind = "gtin-lookup"

  public struct Result: Sendable {
    /// The linked catalog's listing of each finding that has one, by the finding's place in the list given.
    public var links: [Int: ReleaseLink] = [:]
    /// Requests sent tonight, to every catalog asked.
    public var requests = 0
    /// Lookups asked of the linked catalog tonight (each counted in `requests` as one).
    var lookups = 0
    /// Releases not asked about tonight (the budget), whose links may come on a later night.
    public var notAsked = 0
    /// Why answers could not be kept, when they could not: they still count tonight.
    public var keepingFailed: String?
    /// Why the catalog was asked no more tonight: it refused the app, or asked to wait longer than a night waits.
    public var stopped: CatalogError?
  }

  public init(
    catalog: CatalogName, lookup: any GTINLookup, gtinSources: [CatalogName: any GTINSource], store: any CatalogStore,
    now: Date
  ) {
    self.catalog = catalog
    self.lookup = lookup
    gtins = ReleaseGTINs(sources: gtinSources, store: store, now: now)
    self.store = store
    self.now = now
    answers = KeptAnswers(store: store, now: now, asking: Asking())
  }

  /// The links of `findings` that lack one to the catalog, in their order.
  public func links(for findings: [Finding]) async -> Result {
    var result = Result()
    let sentBefore = await lookup.sentRequests()
    let wanted = findings.indices.filter { index in !findings[index].links.contains { $0.catalog == catalog } }
    let started = await asking.each(
      wanted, { index in await self.ask(about: findings[index], at: index) }, while: { result.stopped == nil }
    ) { answer in
      result.requests += answer.requests
      result.lookups += answer.lookups
      result.keepingFailed = result.keepingFailed ?? answer.keepingFailed
      result.stopped = result.stopped ?? answer.stopped
      if let link = answer.link { result.links[answer.index] = link }
    }
    result.notAsked = wanted.count - started
    // Where a lookup may send several requests, those it sent, not one a lookup.
    if let before = sentBefore, let after = await lookup.sentRequests() {
      result.requests += after - before - result.lookups
    }
    return result
  }

  /// `findings` with the links found, every finding's links in `order` (the linked catalogs, then the searched
  /// ones), and its cover the first link's that has one.
  public static func applying(_ links: [Int: ReleaseLink], to findings: [Finding], order: [CatalogName]) -> [Finding] {
    findings.enumerated().map { index, finding in
      var finding = finding
      if let link = links[index] { finding.links.append(link) }
      let place = { (link: ReleaseLink) in order.firstIndex(of: link.catalog) ?? order.count }
      finding.links = finding.links.enumerated().sorted {
        (place($0.element), $0.offset) < (place($1.element), $1.offset)
      }
      .map(\.element)
      if let cover = finding.links.lazy.compactMap(\.release.artworkURL).first { finding.release.artworkURL = cover }
      return finding
    }
  }

  /// What one release's asking found.
  struct Answer: Sendable {
    var index: Int
    var link: ReleaseLink?
    var requests = 0
    var lookups = 0
    var keepingFailed: String?
    var stopped: CatalogError?
  }

  private func ask(about finding: Finding, at index: Int) async -> Answer {
    var answer = Answer(index: index)
    guard let gtin = await gtin(of: finding, &answer), let release = await release(of: gtin, &answer),
      Self.isSame(release, as: finding)
    else { return answer }
    answer.link = ReleaseLink(catalog: catalog, release: release)
    return answer
  }

  /// Whether the release a UPC found is the finding's: a catalog sometimes shows another edition's UPC (Deezer
  /// swaps in an alternative release), and a link to another edition would be a wrong line. The title must read
  /// alike (its edition words too), and the artists must share a name's word: catalogs credit collaborations
  /// differently ("A & B", "A, B", "A feat. B"), so one credited artist of either is enough.
  static func isSame(_ release: CatalogRelease, as finding: Finding) -> Bool {
    let (found, listed) = (release.key, finding.release.key)
    guard found.base == listed.base, found.editions == listed.editions else { return false }
    // A single of the title track is not the album; an EP is typed either way by one catalog or another.
    let kinds: Set = [release.kind ?? found.kind, finding.kind]
    guard kinds != [.album, .single] else { return false }
    let credited = nameWords(release.artistName)
    guard !credited.isEmpty, !credited.isSubset(of: ["various", "artists"]) else { return true }
    let ours = ([finding.release.artistName] + finding.owners.map(\.name)).reduce(into: Set<String>()) {
      $0.formUnion(nameWords($1))
    }
    return ours.isEmpty || !credited.isDisjoint(with: ours)
  }

  /// The words of an artist credit that name someone: folded as keys are, without the words that join names.
  static func nameWords(_ credit: String) -> Set<String> {
    let joining: Set<String> = ["the", "and", "a", "of", "feat", "ft", "featuring", "with", "x", "vs"]
    let words = credit.split { !$0.isLetter && !$0.isNumber }.map { ArtistKey(String($0)).rawValue }
    return Set(words).subtracting(joining)
  }

  /// The release's GTIN, counting what asking for it cost.
  private func gtin(of finding: Finding, _ answer: inout Answer) async -> GTIN? {
    let found = await gtins.gtin(of: finding)
    answer.requests += found.requests
    answer.keepingFailed = answer.keepingFailed ?? found.keepingFailed
    return found.gtin
  }

  /// The linked catalog's release of `gtin`: a kept answer, else asked.
  private func release(of gtin: GTIN, _ answer: inout Answer) async -> CatalogRelease? {
    let key = lookup.cacheScope + "/" + gtin.digits
    switch await kept(provider: catalog, kind: Self.lookupKind, key: key) {
    case .found(let body): return lookup.cachedRelease(body)
    case .missing: return nil
    case .unknown: break
    }
    guard !asking.offline else { return nil }
    answer.requests += 1
    answer.lookups += 1
    do throws(CatalogError) {
      let release = try await lookup.release(withGTIN: gtin)
      let body = release.flatMap(lookup.cacheBody) ?? Data()
      await keep(body, provider: catalog, kind: Self.lookupKind, key: key, &answer)
      return release
    } catch {
      if Self.endsTheNight(error) { answer.stopped = error }
      return nil
    }
  }

  /// A refusal of the app, or a wait longer than a night's: every further question would meet it too.
  static func endsTheNight(_ error: CatalogError) -> Bool {
    switch error {
    case .credentials, .throttled: true
    default: false
    }
  }

  private func kept(provider: CatalogName, kind: String, key: String) async -> KeptAnswers.Kept {
    await answers.kept(provider: provider, kind: kind, key: key)
  }

  private func keep(_ body: Data, provider: CatalogName, kind: String, key: String, _ answer: inout Answer) async {
    let failed = await answers.keep(body, provider: provider, kind: kind, key: key)
    answer.keepingFailed = answer.keepingFailed ?? failed
  }
}
