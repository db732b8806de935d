internal import Basics
public import Catalog
public import Foundation
import Identity
public import MusicLibrary

/// Turns the catalog pass's findings into the report's view model.
public enum ReportBuilder {
  /// Every catalog release of every library artist, classified: one finding per release, however many of the
  /// library's artists it is credited to.
  public static func findings(scan: LibraryScan, outcome: CatalogOutcome, options: FinderOptions) -> [Finding] {
    findings(scan: scan, night: NightOutcome(catalog: "", outcome: outcome, options: options))
  }

  /// Every release of the night's catalogs, classified: one finding per release, however many catalogs list it and
  /// however many of the library's artists it is credited to.
  public static func findings(scan: LibraryScan, night: NightOutcome) -> [Finding] {
    night.findings(owned: scan.library.albumsByArtist())
  }

  /// The report of `findings` (as ``findings(scan:night:)`` makes them, and the ledger keeps them), with the finding
  /// behind each release it lists.
  public static func listing(
    findings: [Finding],
    scan: LibraryScan,
    night: NightOutcome,
    options: FinderOptions,
    now: Date,
    timings: [ReportModel.Timing]?,
    digest: ReportModel.Digest? = nil,
    linksLine: String? = nil,
    libraryAge: LibraryAge? = nil
  ) -> ReportListing {
    let ranks = ranks(of: scan.library)
    let sections = Sections(findings, night: night, ranks: ranks, placements: options.placements)
    let unranked = scan.library.artists.count + 1
    let attention =
      unreachable(night)
      + night.problems.map { Self.attention($0, rank: ranks[$0.artist.key] ?? unranked) }.sorted {
        $0.rank < $1.rank
      }
    let stats = night.stats
    var model = ReportModel(
      date: options.today.description, generated: Timestamp.rfc3339(now), dateLabel: longDate(options.today),
      since: options.since.description, sinceLabel: longDate(options.since), days: options.today - options.since,
      headline: headline(newCount: sections.new.count, today: options.today, digest: digest),
      emptyMessage: emptyMessage(artists: stats.artistsChecked, since: options.since, digest: digest),
      newCount: sections.new.count, new: sections.new, newByDate: byDate(sections.new),
      newByArtist: byArtist(sections.new, library: scan.library), upcoming: sections.upcoming,
      editions: sections.editions, backfill: sections.backfill, owned: sections.owned, needsAttention: attention,
      summary: summary(stats, scan: scan, findings: findings, owned: sections.owned.count),
      coverage: night.coverage, catalogCoverage: catalogCoverage(night), coverageLine: coverageLine(night),
      linksLine: linksLine,
      timings: timings, omitted: nil, isEmpty: sections.isEmpty, hasNew: !sections.new.isEmpty,
      hasUpcoming: !sections.upcoming.isEmpty, hasEditions: !sections.editions.isEmpty,
      hasBackfill: !sections.backfill.isEmpty, hasAttention: !attention.isEmpty,
      library: libraryAge.map(library))
    model.alsoOut = sections.alsoOut
    model.hasAlsoOut = !sections.alsoOut.isEmpty
    model.digest = digest
    return ReportListing(model: model, sources: sections.sources)
  }

  /// The library export's age as reports show it, with the sentence and the advice when it is stale.
  public static func library(_ age: LibraryAge) -> ReportModel.Library {
    let day = CalendarDay(daysSinceEpoch: Int((age.written.timeIntervalSince1970 / 86_400).rounded(.down)))
    let label = longDate(day)
    let written =
      age.source == .exportDate
      ? "The library export is \(age.days) days old (written \(label))"
      : "The library file is \(age.days) days old (last changed \(label))"
    return ReportModel.Library(
      exportedAt: Timestamp.rfc3339(age.written), exportedAtLabel: label, dateSource: age.source.rawValue,
      ageDays: age.days, stale: age.isStale,
      line: age.isStale ? written + ": albums you got since then may be listed as new." : nil,
      advice: age.isStale ? LibraryAge.advice : nil)
  }

  /// A catalog that answered nothing tonight heads Needs attention: none of its releases are in the report.
  static func unreachable(_ night: NightOutcome) -> [ReportModel.Attention] {
    night.unreachable.map { failed in
      ReportModel.Attention(
        artist: night.linkTitle(of: failed.catalog), problem: ArtistProblem.Kind.failed.rawValue,
        detail: "the catalog answered nothing tonight (\(failed.reason)); its releases are asked again on the next run",
        candidates: [], rank: 0, catalog: failed.catalog)
    }
  }

  /// What a night whose budget ran out before every listed release's links were asked says of them.
  public static func linksLine(waiting: Int, to catalogs: [String]) -> String? {
    guard waiting > 0, !catalogs.isEmpty else { return nil }
    let names = catalogs.joined(separator: " and ")
    return "\(names) links of \(grouped(waiting)) release\(waiting == 1 ? "" : "s") by artists played less come on "
      + "the next nights."
  }

  /// Each catalog's coverage, on a night of several.
  static func catalogCoverage(_ night: NightOutcome) -> [ReportModel.CatalogCoverage]? {
    guard night.isJoint else { return nil }
    return night.results.map { result in
      ReportModel.CatalogCoverage(
        catalog: result.catalog, coverage: result.outcome.coverage,
        line: coverageLine(result.outcome.coverage, on: result.linkTitle))
    }
  }

  /// The coverage line of the night: one catalog's, or each incomplete one's, naming it.
  static func coverageLine(_ night: NightOutcome) -> String? {
    guard night.isJoint else { return coverageLine(night.coverage) }
    let lines = night.results.compactMap { coverageLine($0.outcome.coverage, on: $0.linkTitle) }
    return lines.isEmpty ? nil : lines.joined(separator: " ")
  }

  /// The report's lists, each in its order: new, editions and backfill newest first, upcoming soonest first; a
  /// release whose class goes under Also out there, out ones newest first, then announced ones soonest first; one
  /// whose class is left out nowhere.
  struct Sections {
    var new: [ReportModel.Release] = []
    var upcoming: [ReportModel.Release] = []
    var alsoOut: [ReportModel.Release] = []
    var editions: [ReportModel.Release] = []
    var owned: [ReportModel.Release] = []
    var backfill: [ReportModel.Release] = []
    /// The finding of each row, list by list; owned releases are no rows.
    var sources: [ReportModel.Row.Section: [Finding]] = [:]

    typealias Entry = (release: ReportModel.Release, finding: Finding)

    init(_ findings: [Finding], night: NightOutcome, ranks: [ArtistKey: Int], placements: ClassPlacements) {
      var lists: [ReportModel.Row.Section: [Entry]] = [:]
      var owned: [Entry] = []
      for finding in findings where finding.category != .older {
        // Owned releases are counted, and listed in JSON, with their class; older ones are no rows at all.
        let classification = finding.classification
        let entry = (
          ReportBuilder.release(finding, classification, night: night, rank: ReportBuilder.rank(of: finding, ranks)),
          finding
        )
        guard let section = Self.section(of: finding, classification, placements) else {
          if finding.category == .owned { owned.append(entry) }
          continue
        }
        lists[section, default: []].append(entry)
      }
      let newestFirst: (Entry, Entry) -> Bool = {
        ($1.release.releaseDate ?? "", $0.release.artist, $0.release.title)
          < ($0.release.releaseDate ?? "", $1.release.artist, $1.release.title)
      }
      let soonestFirst: (Entry, Entry) -> Bool = {
        ($0.release.releaseDate ?? "", $0.release.artist, $0.release.title)
          < ($1.release.releaseDate ?? "", $1.release.artist, $1.release.title)
      }
      let alsoOut = lists[.alsoOut] ?? []
      let sorted: [ReportModel.Row.Section: [Entry]] = [
        .new: (lists[.new] ?? []).sorted(by: newestFirst), .upcoming: (lists[.upcoming] ?? []).sorted(by: soonestFirst),
        .editions: (lists[.editions] ?? []).sorted(by: newestFirst),
        .backfill: (lists[.backfill] ?? []).sorted(by: newestFirst),
        .alsoOut: alsoOut.filter { $0.finding.category != .upcoming }.sorted(by: newestFirst)
          + alsoOut.filter { $0.finding.category == .upcoming }.sorted(by: soonestFirst),
      ]
      new = sorted[.new]?.map(\.release) ?? []
      upcoming = sorted[.upcoming]?.map(\.release) ?? []
      self.alsoOut = sorted[.alsoOut]?.map(\.release) ?? []
      editions = sorted[.editions]?.map(\.release) ?? []
      backfill = sorted[.backfill]?.map(\.release) ?? []
      self.owned = owned.sorted { ($0.release.artist, $0.release.title) < ($1.release.artist, $1.release.title) }
        .map(\.release)
      sources = sorted.mapValues { $0.map(\.finding) }
    }

    /// The list a finding shows in, by its category and its class; nil for none.
    static func section(of finding: Finding, _ classification: Classification, _ placements: ClassPlacements)
      -> ReportModel.Row.Section?
    {
      switch placements.placement(of: finding, classed: classification) {
      case .none?, nil: return nil
      case .also?: return .alsoOut
      case .main?:
        switch finding.category {
        case .new: return .new
        case .upcoming: return .upcoming
        case .edition: return .editions
        case .backfill: return .backfill
        case .owned, .older: return nil
        }
      }
    }

    var isEmpty: Bool { new.isEmpty && upcoming.isEmpty && editions.isEmpty && backfill.isEmpty }
  }

  /// The new releases grouped by release date, newest first.
  static func byDate(_ new: [ReportModel.Release]) -> [ReportModel.Day] {
    var days: [ReportModel.Day] = []
    for release in new {
      if days.last?.date == release.releaseDate ?? "" {
        days[days.count - 1].releases.append(release)
      } else {
        days.append(
          ReportModel.Day(
            date: release.releaseDate ?? "", label: release.releaseDateLabel ?? "date unknown", releases: [release]))
      }
    }
    return days
  }

  /// The new releases by artist, most played first; each artist's releases stay newest first.
  static func byArtist(_ new: [ReportModel.Release], library: OwnedLibrary) -> [ReportModel.ArtistReleases] {
    let unranked = library.artists.count + 1
    var byArtist: [ReportModel.ArtistReleases] = []
    let byRank = new.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }
    for release in byRank.map(\.element) {
      if byArtist.last?.rank == release.rank {
        byArtist[byArtist.count - 1].releases.append(release)
      } else {
        let name = release.rank < unranked ? library.artists[release.rank - 1].name : release.artist
        byArtist.append(ReportModel.ArtistReleases(artist: name, rank: release.rank, releases: [release]))
      }
    }
    return byArtist
  }

  static func summary(_ stats: CatalogStats, scan: LibraryScan, findings: [Finding], owned: Int) -> ReportModel.Summary
  {
    ReportModel.Summary(
      artistsChecked: stats.artistsChecked, artistsResolved: stats.resolved, artistsUnresolved: stats.unresolved,
      artistsAmbiguous: stats.ambiguous, lookupsFailed: stats.failed, albumsOwned: scan.library.albums.count,
      tracksOwned: scan.musicTracks, releasesSeen: findings.count, releasesOwned: owned,
      releasesOlder: findings.count { $0.category == .older }, searches: stats.searches, lookups: stats.lookups,
      requests: stats.requests, retries: stats.retries, cacheHits: stats.cacheHits)
  }

  /// Each artist's place in listening order, 1 the most played: the library lists them so. An artist not in the
  /// library (never the case in a run) ranks last.
  static func ranks(of library: OwnedLibrary) -> [ArtistKey: Int] {
    var ranks: [ArtistKey: Int] = [:]
    for (index, artist) in library.artists.enumerated() where ranks[artist.key] == nil {
      ranks[artist.key] = index + 1
    }
    return ranks
  }

  /// A release ranks as the most played of its artists.
  static func rank(of finding: Finding, _ ranks: [ArtistKey: Int]) -> Int {
    finding.owners.compactMap { ranks[$0.key] }.min() ?? ranks.count + 1
  }

  /// "Checked 420 of 1,610 artists, most played first; the rest continue on the next run, about 60 minutes at
  /// the current rate."
  static func coverageLine(_ coverage: Coverage, on title: String? = nil) -> String? {
    guard !coverage.complete else { return nil }
    let place = title.map { " on \($0)" } ?? ""
    var line =
      "Checked \(grouped(coverage.checked)) of \(grouped(coverage.artists)) artists\(place), most played first; "
    line += "the rest continue on the next run"
    let minutes = coverage.estimatedMinutesToFinish
    if minutes > 0 {
      line += ", about \(grouped(minutes)) minute\(minutes == 1 ? "" : "s") at the current rate"
    }
    return line + "."
  }

  /// 1610 → "1,610", the same in every locale.
  static func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return number < 0 ? "-" + result : result
  }

  static func headline(newCount: Int, today: CalendarDay, digest: ReportModel.Digest? = nil) -> String {
    let date = longDate(today)
    let week = digest == .weekly ? " this week" : ""
    switch newCount {
    case 0: return "No new releases\(week) from artists you own — \(date)"
    case 1: return "1 new release\(week) from artists you own — \(date)"
    default: return "\(newCount) new releases\(week) from artists you own — \(date)"
    }
  }

  /// The one line of a report with nothing to tell.
  static func emptyMessage(artists: Int, since: CalendarDay, digest: ReportModel.Digest?) -> String {
    let when = digest == .weekly ? "this week" : "since \(longDate(since))"
    return "Nothing new from your \(artists) artists \(when) — all caught up."
  }

  /// "29 Nov 2026": the same in every locale, so reports are byte-stable.
  public static func longDate(_ day: CalendarDay) -> String { day.label }

  static func release(_ finding: Finding, _ classification: Classification, night: NightOutcome, rank: Int)
    -> ReportModel.Release
  {
    let catalog = night.catalogs.first ?? ""
    let links = (finding.links.isEmpty ? [ReleaseLink(catalog: catalog, release: finding.release)] : finding.links)
      .map { link in
        ReportModel.Link(
          catalog: link.catalog, id: link.release.id, url: safeLink(link.release.url),
          name: night.linkTitle(of: link.catalog), service: ListeningService.opening(link.catalog)?.id)
      }
    let identity = finding.identity ?? ReleaseLink(catalog: catalog, release: finding.release)
    let artist = finding.release.artistName.isEmpty ? finding.artist.name : finding.release.artistName
    let listen = night.listening.flatMap { listening in
      Self.listen(listening, artist: artist, title: finding.release.title, links: links, pages: finding.servicePages)
    }
    return ReportModel.Release(
      id: StableID.release(identity.reference),
      artist: ShownText.oneLine(artist),
      title: ShownText.oneLine(finding.release.title),
      kind: finding.kind.label,
      releaseDate: finding.release.dateText,
      releaseDateLabel: finding.release.dateLabel,
      trackCount: finding.release.trackCount,
      trackCountLabel: finding.release.trackCount.map { "\($0) track\($0 == 1 ? "" : "s")" },
      explicit: finding.release.explicitness == .explicit,
      url: listen?.url ?? links.first?.url ?? safeLink(finding.release.url),
      artworkURL: safeLink(finding.release.artworkURL),
      genre: finding.release.genre.map { ShownText.oneLine($0) },
      reason: ShownText.oneLine(finding.reason, limit: .max),
      editionOf: finding.editionOf.map { ShownText.oneLine($0) },
      catalogID: links.first?.id ?? finding.release.id,
      rank: rank,
      links: links,
      listen: listen,
      releaseClass: classification.releaseClass,
      classLabel: classification.label(for: finding.kind).map { ShownText.oneLine($0, limit: .max) },
      reissueOf: classification.original.map { OriginalRelease(title: ShownText.oneLine($0.title), year: $0.year) },
      classEvidence: classification.evidence
    )
  }

  /// Where a release opens on the service the person listens on (``Listening/link(artist:title:links:pages:)``).
  static func listen(
    _ listening: Listening, artist: String, title: String, links: [ReportModel.Link], pages: [ServicePage]
  ) -> ReportModel.Listen? {
    let catalogPages = links.compactMap { link in link.url.map { (catalog: link.catalog, url: $0) } }
    var found = listening.link(artist: artist, title: title, links: catalogPages, pages: pages)
    guard let url = safeLink(found.url) else { return nil }
    found.url = url
    return found
  }

  /// Only web links reach a report: no `javascript:`, `data:` or `file:` URL from a catalog ever does.
  /// Characters that end a Markdown link or an HTML attribute are percent-encoded.
  public static func safeLink(_ text: String?) -> String? {
    guard let text, let colon = text.firstIndex(of: ":") else { return nil }
    let scheme = text[..<colon].lowercased()
    guard scheme == "https" || scheme == "http", text.dropFirst(scheme.count).hasPrefix("://") else { return nil }
    return Escaping.replacing(in: text, Escaping.linkEscapes) { $0.value < 0x20 || $0.value == 0x7F }
  }

  static func attention(_ problem: ArtistProblem, rank: Int) -> ReportModel.Attention {
    ReportModel.Attention(
      artist: ShownText.oneLine(problem.artist.name),
      problem: problem.kind.rawValue,
      detail: ShownText.oneLine(problem.detail, limit: .max),
      candidates: problem.candidates.map {
        ReportModel.Candidate(
          id: $0.id, name: ShownText.oneLine($0.name), genre: $0.genre.map { ShownText.oneLine($0) },
          disambiguation: $0.disambiguation.map { ShownText.oneLine($0) }, url: safeLink($0.url))
      },
      rank: rank,
      catalog: problem.catalog
    )
  }
}
