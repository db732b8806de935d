internal import Foundation
internal import Identity
internal import MusicLibrary

/// The releases side of `deepcut why`: every release the catalog lists for the artist, judged by the same finder
/// the report uses, with the rule that decided it in words.
extension Explainer {
  func releases(_ facts: Facts) -> [Explanation.Release] {
    guard facts.notLookedUpBecause == nil else { return [] }
    let finder = ReleaseFinder(options: options)
    let verdicts = finder.verdicts(facts.outcome.followed, owned: facts.library.albumsByArtist()).filter {
      $0.owners.contains { $0.key == facts.artist.key }
    }
    let order = ["new", "upcoming", "edition", "owned", "older", "undated", "leftOut"]
    return verdicts.map { release($0, facts) }.sorted {
      let left = order.firstIndex(of: $0.verdict) ?? order.count
      let right = order.firstIndex(of: $1.verdict) ?? order.count
      return (left, $1.date ?? "", $0.title, $0.id) < (right, $0.date ?? "", $1.title, $1.id)
    }
  }

  func release(_ verdict: Verdict, _ facts: Facts) -> Explanation.Release {
    let release = verdict.release
    let owned = verdict.owners.flatMap { facts.library.albumsByArtist()[$0.key] ?? [] }
    var (name, rule, ownedAlbum, words) = describe(verdict.rule, release, artist: facts.artist, owned: owned)
    let classification = classification(of: verdict)
    var sentence = words
    if let placed = placed(verdict, classification) {
      sentence += placed.words
      if placed.leftOut { (name, rule) = ("leftOut", "class") }
    }
    if verdict.owners.count > 1, verdict.category?.isListed == true {
      let names = verdict.owners.map(\.name)
      sentence +=
        "; credited to \(names.dropLast().joined(separator: ", ")) and \(names.last ?? ""), it is listed once, "
        + "under \(names.first ?? ""), the most played of them"
    }
    let records = ReleaseLedger.records(owners: verdict.owners, release: release, in: facts.seen)
    let told = records.filter { $0.reportedAt != nil }.max {
      ($0.reportedAt ?? .distantPast) < ($1.reportedAt ?? .distantPast)
    }
    if let told, let date = told.reportedAt, let section = told.reportedAs {
      sentence += "; told on \(day(of: date).label) as \(section == "edition" ? "an edition" : section)"
      sentence += nightly(verdict, records: records)
    }
    var explained = Explanation.Release(
      id: release.id, title: release.title, kind: release.releaseKind.rawValue, date: release.dateText,
      url: release.url, artists: verdict.owners.map(\.name), verdict: name, rule: rule, ownedAlbum: ownedAlbum,
      toldOn: told?.reportedAt.map { day(of: $0).description }, toldAs: told?.reportedAs, sentence: sentence + ".")
    explained.classified(classification, placement: options.placements[classification.releaseClass])
    return explained
  }

  /// Its class by what the catalog lists, and by what a catalog that types every release said of its barcode on a
  /// night that asked.
  func classification(of verdict: Verdict) -> Classification {
    let listing = ReleaseLink(catalog: provider, release: verdict.release)
    let found = barcodeListings[listing.reference]
    return Classifier.classify(ReleaseEvidence.of([listing], barcode: found, releasedOn: verdict.release.releaseDate))
  }

  /// Where its class puts a release the report would list, in words ("; a live album, by …: listed under Also
  /// out"), and whether that leaves it out; nil for a release no list shows anyway.
  func placed(_ verdict: Verdict, _ classification: Classification) -> (words: String, leftOut: Bool)? {
    guard let category = verdict.category, category.isListed, category != .edition else { return nil }
    let what = Self.described(classification, kind: verdict.release.releaseKind)
    switch options.placements[classification.releaseClass] {
    case .main: return ("; \(what)", false)
    case .also: return ("; \(what): listed under Also out", false)
    case .none:
      let name = classification.releaseClass.rawValue
      return ("; left out as \(what); \"classes\": {\"\(name)\": \"main\"} in the config lists these", true)
    }
  }

  /// "a live album (musicbrainz types it Album + Live)", "a studio album": the class and what decided it.
  static func described(_ classification: Classification, kind: ReleaseKind) -> String {
    let label = classification.label(for: kind) ?? "studio \(kind.label)"
    let article = label.first.map { "aeiou".contains($0) } == true ? "an" : "a"
    return "\(article) \(label)" + (classification.evidence.first.map { " (\($0.sentence))" } ?? "")
  }

  /// What the nightly e-mail (a report that tells only what no earlier one told) does with a release told before,
  /// by the ledger's own rule.
  func nightly(_ verdict: Verdict, records: [SeenRelease]) -> String {
    guard let category = verdict.category, category.isListed else { return "" }
    let section = ReleaseLedger.section(for: category, records: records, artistKnown: true, onlyUnreported: true)
    guard let section else { return ", so the nightly e-mail does not tell it again" }
    return ", and the nightly e-mail tells it again, as \(section == "edition" ? "an edition" : section)"
  }

  /// The verdict's name, its rule's name, the owned album it turns on, and the rule in words.
  private func describe(
    _ rule: ReleaseRule, _ release: CatalogRelease, artist: LibraryArtist, owned: [OwnedAlbum]
  ) -> (String, String, String?, String) {
    let date = release.dateLabel ?? "on no known date"
    let since = options.since.label
    switch rule {
    case .new:
      // An owned single of the album's name is worth naming: it does not cover the album.
      let namesake = owned.first { $0.key.base == release.key.base }
      let ownedPart =
        namesake.map {
          "your “\($0.title)” is \($0.key.kind.withArticle), which does not cover the \(release.releaseKind.label)"
        }
        ?? "you own nothing of that name"
      return ("new", "inWindow", nil, "new: released \(date), inside the window (since \(since)), and \(ownedPart)")
    case .upcoming:
      return ("upcoming", "afterToday", nil, "upcoming on \(date): listed under Upcoming")
    case .edition(let album):
      return (
        "edition", "editionOfOwned", album.title,
        "an edition of “\(album.title)”, which you own (released \(date)): listed under Editions"
      )
    case .owned(let album):
      let kind = album.key.kind == .album ? "" : " (\(album.key.kind.withArticle))"
      // A collaboration can be owned under another of its artists.
      let by = album.artistKey == artist.key || album.artistName.isEmpty ? "" : " by \(album.artistName)"
      return ("owned", "owned", album.title, "owned: you own “\(album.title)”\(kind)\(by)")
    case .older:
      return ("older", "beforeWindow", nil, "older than the window: released \(date), before \(since)")
    case .undated:
      return ("undated", "noDate", nil, "the catalog gives no release date, so it is not news")
    case .leftOut(.kind(let kind)):
      let shown = ReleaseKind.allCases.filter(options.kinds.contains).map(\.rawValue).joined(separator: ", ")
      return (
        "leftOut", "types", nil,
        "left out by types: it is \(kind.withArticle), and the report shows only \(shown)"
      )
    case .leftOut(.ignoredTitle(let pattern)):
      return ("leftOut", "ignoreTitles", nil, "left out by ignoreTitles: the title matches “\(pattern)”")
    }
  }

  func album(_ query: String, _ releases: [Explanation.Release], _ facts: Facts) -> Explanation.Album {
    let base = AlbumKey(query).base
    func matches(_ title: String) -> Bool { AlbumKey(title).base == base }
    func resembles(_ title: String) -> Bool { !base.isEmpty && AlbumKey(title).base.contains(base) }
    var named = releases.filter { matches($0.title) }
    if named.isEmpty { named = releases.filter { resembles($0.title) } }
    let ownedAlbums = facts.library.albumsByArtist()[facts.artist.key] ?? []
    let owned = ownedAlbums.filter { matches($0.title) || resembles($0.title) }.map(\.title)
    var sentence: String
    if named.isEmpty {
      let window = listsAreWindows ? " first released since \(options.since.label)" : ""
      sentence = "the catalog lists no release called “\(query)” for \(facts.artist.name)\(window)"
      if !releases.isEmpty {
        sentence += "; it lists " + releases.map { "“\($0.title)”" }.joined(separator: ", ")
      }
    } else {
      sentence = named.map { "“\($0.title)” (\($0.kind), \($0.date ?? "no date")): \($0.sentence.dropLast())" }
        .joined(separator: "; ")
    }
    if !owned.isEmpty, named.isEmpty || named.allSatisfy({ $0.verdict != "owned" }) {
      sentence += "; you own " + owned.map { "“\($0)”" }.joined(separator: ", ")
    }
    var listen: ListenLink?
    if let listening, let release = named.first {
      let page = release.url.map { [(catalog: provider, url: $0)] } ?? []
      listen = listening.link(
        artist: facts.artist.name, title: release.title, links: page, pages: servicePages[release.id] ?? [])
    }
    return Explanation.Album(
      query: query, found: !named.isEmpty, releases: named.map(\.id), owned: owned, sentence: sentence + ".",
      listen: listen)
  }
}

extension Explainer {
  /// One artist explained by each of the night's catalogs (`explained`, in the night's order, each with the facts
  /// and rules it was explained by): each release says which catalogs list it as one report row, and how they were
  /// found to be one.
  public static func joining(_ explained: [(explanation: Explanation, facts: Facts, options: FinderOptions)])
    -> [Explanation]
  {
    guard explained.count > 1 else { return explained.map(\.explanation) }
    let listings = explained.map { entry in
      ReleaseJoin.Listing(
        catalog: entry.explanation.provider,
        verdicts: ReleaseFinder(options: entry.options).verdicts(
          entry.facts.outcome.followed, owned: entry.facts.library.albumsByArtist()),
        groupsEditions: entry.options.catalogGroupsEditions)
    }
    var rows: [ReleaseReference: Verdict] = [:]
    for verdict in ReleaseJoin.join(listings) {
      for link in verdict.links { rows[link.reference] = verdict }
    }
    return explained.map { entry in
      var explanation = entry.explanation
      let catalog = explanation.provider
      for index in explanation.releases.indices {
        let reference = ReleaseReference(catalog: catalog, id: explanation.releases[index].id)
        guard let row = rows[reference] else { continue }
        explanation.releases[index] = joined(explanation.releases[index], row, in: catalog)
        explanation.releases[index].reclassified(by: row, placements: entry.options.placements)
      }
      return explanation
    }
  }

  private static func joined(_ release: Explanation.Release, _ row: Verdict, in catalog: CatalogName)
    -> Explanation.Release
  {
    var release = release
    let others = row.links.filter { $0.catalog != catalog }
    release.catalogs = [catalog] + others.map(\.catalog)
    release.joinedBy = row.joinedBy?.rawValue
    guard !others.isEmpty else {
      release.sentence = String(release.sentence.dropLast()) + "; no other catalog of the night lists it."
      return release
    }
    let how = row.joinedBy == .gtin ? "the same UPC" : "the same artist, title and kind, dated within 3 days"
    let listings = others.map { "\($0.catalog)’s “\($0.release.title)” (\($0.release.id))" }
    release.sentence =
      String(release.sentence.dropLast()) + "; one report row with " + listings.joined(separator: " and ")
      + ", by \(how)."
    return release
  }
}

extension Explanation.Release {
  /// Its class as the row it is one of has it, with every catalog's listing: the one catalog's may say less.
  mutating func reclassified(by row: Verdict, placements: ClassPlacements) {
    let ownBarcode = classEvidence.filter { $0.source == .barcode }
    var evidence = ReleaseEvidence.of(row.links, barcode: nil, releasedOn: row.release.releaseDate)
    evidence += ownBarcode.filter { !evidence.contains($0) }
    let classification = Classifier.classify(evidence)
    guard classification != Classification(releaseClass: releaseClass, evidence: classEvidence, original: reissueOf)
    else { return }
    let changed = classification.releaseClass != releaseClass
    classified(classification, placement: placements[classification.releaseClass])
    guard changed, let category = ReleaseCategory(rawValue: verdict), category.isListed, category != .edition else {
      return
    }
    let what = Explainer.described(classification, kind: ReleaseKind(rawValue: kind) ?? .album)
    let place =
      ["main": "in the main list", "also": "listed under Also out", "none": "left out"][placement.rawValue] ?? ""
    sentence = String(sentence.dropLast()) + "; with the other catalogs' listings, it is \(what): \(place)."
  }
}
