internal import Basics
internal import Catalog
internal import Foundation
internal import Identity
internal import MusicLibrary
internal import Report

/// The steps that ask: the catalog pass, the ledger of what was told, the covers.
extension ReportJob {
  // MARK: - Run the catalog passes

  /// Looks the library's artists up in each catalog of the night, side by side, each at its own pace, all within
  /// the one budget; most played first; ignored artists and those with too few owned tracks never.
  mutating func runCatalogPasses(
    _ scan: LibraryScan, _ catalogs: [AskedCatalog], links: [LinkCheck]
  ) async throws(NightError) -> Pass {
    var looked = scan
    let ignored = plan.library.ignoredArtists
    let minimum = plan.library.minimumOwnedTracks
    looked.library.artists.removeAll { ignored.contains($0.key) || $0.trackCount < minimum }
    let (outcomes, earlyLinks) = await passes(looked.library, catalogs, links: links)
    console.passesDone()
    var results: [CatalogResult] = []
    var unreachable: [(catalog: CatalogName, reason: String)] = []
    for (catalog, outcome) in zip(catalogs, outcomes) {
      let name = catalog.night.definition.name
      let outcome = try outcome.get()
      let stats = outcome.stats
      if stats.connectivityFailures > 0, stats.answersKept + stats.cacheHits == 0, outcome.followed.isEmpty {
        unreachable.append((name, stats.connectivityReason ?? "no connection"))
      }
      results.append(
        CatalogResult(
          catalog: name, linkTitle: catalog.night.definition.linkTitle, outcome: outcome,
          options: catalog.night.finder))
    }
    var night = NightOutcome(results)
    try await stopIfInterrupted(night)
    // One catalog out of reach leaves the others' rows: only a night none of them answered has nothing to say.
    if unreachable.count == catalogs.count, let first = unreachable.first {
      throw .catalog(.unreachable("no request was answered: \(first.reason)"))
    }
    night.unreachable = unreachable
    night.linkedTitles = Dictionary(
      plan.catalogs.linked.map { ($0.definition.name, $0.definition.linkTitle) },
      uniquingKeysWith: { first, _ in first }
    )
    night.listening = plan.catalogs.listening
    timePasses(night)
    return Pass(scan: looked, night: night, earlyLinks: earlyLinks)
  }

  /// Each catalog's pass, run side by side, each result in the night's order; beside them, the links of what they
  /// find (``EarlyLinks``), and the requests those took.
  private func passes(
    _ library: OwnedLibrary, _ catalogs: [AskedCatalog], links: [LinkCheck]
  ) async -> ([Result<CatalogOutcome, NightError>], EarlyLinks.Asked) {
    let (now, clock, store, console, interruption) = (plan.now, clock, store, console, interruption)
    let (known, found) = AsyncStream<EarlyLinks.Known>.makeStream()
    let passes = catalogs.enumerated().map { index, catalog in
      var pass = CatalogPass(
        provider: catalog.provider, store: store, options: catalog.night.pass, now: now, clock: clock
      ) { progress in
        interruption.kept(progress.answers, catalog: index)
        console.progress(progress, catalog: index)
      }
      let (name, finder) = (catalog.night.definition.name, catalog.night.finder)
      if !links.isEmpty {
        pass.releasesKnown = { artist, releases in
          found.yield(EarlyLinks.Known(catalog: name, finder: finder, artist: artist, releases: releases))
        }
      }
      return pass
    }
    async let early = EarlyLinks.ask(known, checks: links, owned: library.albumsByArtist())
    let outcomes = await sideBySide(passes) { pass -> Result<CatalogOutcome, NightError> in
      do throws(CatalogError) {
        return .success(try await pass.run(library))
      } catch {
        return .failure(.catalog(error))
      }
    }
    found.finish()
    // Awaited before the tuple is made: see `sideBySide` on tuples written across a suspension.
    let asked = await early
    return (outcomes, asked)
  }

  /// The timings of the passes: the night's catalogs ask side by side, so a phase takes as long as its slowest.
  private mutating func timePasses(_ night: NightOutcome) {
    let stats = night.stats
    let cache = stats.searches + stats.lookups == 0 ? "hot" : stats.cacheHits == 0 ? "cold" : "warm"
    timings.append(ReportModel.Timing(phase: "resolve artists", seconds: stats.resolveSeconds, cache: cache))
    timings.append(ReportModel.Timing(phase: "look up albums", seconds: stats.lookupSeconds, cache: cache))
  }

  /// A signal during the passes: the run is logged as interrupted, with what it asked and kept, and no report is
  /// written.
  private func stopIfInterrupted(_ night: NightOutcome) async throws(NightError) {
    guard night.stop == .cancelled || Task.isCancelled else { return }
    try? await finish(status: .interrupted, night: night, note: nil, outcome: nil)
    try checkInterruption(kept: night.stats.answersKept)
  }

  // MARK: - Apply the ledger

  /// Sorts the findings against what earlier reports told. A feed or a calendar is a rolling window: what was told
  /// before stays in it.
  func applyLedger(_ pass: Pass) async throws(NightError) -> Told {
    let findings = ReportBuilder.findings(scan: pass.scan, night: pass.night)
    let seen: ReleaseLedger.Seen
    do {
      // Every catalog's records, tonight's or not: what one told is told, whichever lists it now.
      seen = try await store.seenReleasesOfEveryCatalog()
    } catch {
      throw .state(String(describing: error))
    }
    let first = pass.night.catalogs.first
    let ledger = ReleaseLedger.apply(
      findings, seen: seen, now: plan.now, onlyUnreported: plan.ledger.sinceLastRun && !plan.rolling,
      fallback: first, announced: plan.ledger.announced)
    let window =
      plan.output.feeds == nil
      ? nil
      : ReleaseLedger.apply(findings, seen: seen, now: plan.now, onlyUnreported: false, fallback: first)
    return Told(ledger: ledger, window: window)
  }

  // MARK: - Ask the links

  /// Each catalog `--links` names (or where the person listens) that the night does not search, made once for the
  /// night: the links asked while the passes run and those asked after them go through one client, at one pace.
  func linkChecks(_ catalogs: [AskedCatalog]) -> [LinkCheck] {
    var sources: [CatalogName: any GTINSource] = [:]
    for catalog in catalogs {
      if let source = catalog.provider.gtins { sources[catalog.night.definition.name] = source }
    }
    return plan.catalogs.linked.compactMap { linked in
      guard let lookup = linked.provider().gtinLookup else { return nil }
      var check = LinkCheck(
        catalog: linked.definition.name, lookup: lookup, gtinSources: sources, store: store, now: plan.now)
      check.asking.offline = linked.pass.offline
      check.asking.mayAsk = mayAsk(at: lookup.requestsPerMinute, within: linked.pass.budget)
      return check
    }
  }

  /// Links for the releases tonight lists, most played first, while the budget lasts (those asked while the passes
  /// ran are kept answers by now); then every release's links in the night's order.
  mutating func askLinks(_ told: inout Told, _ pass: Pass, _ checks: [LinkCheck]) async {
    guard !checks.isEmpty else { return }
    let start = timer.now
    var ranks: [ArtistKey: Int] = [:]
    for (rank, artist) in pass.scan.library.artists.enumerated() where ranks[artist.key] == nil {
      ranks[artist.key] = rank
    }
    for var check in checks {
      // A catalog that stopped answering while the passes ran is asked no more tonight: its kept answers stand.
      let stopped = pass.earlyLinks.stopped[check.catalog]
      if let stopped {
        check.asking.offline = true
        say(stopped, of: check.catalog)
      }
      told.ledger.findings = await link(told.ledger.findings, check, ranks, &told)
      if let window = told.window?.findings {
        let linkedWindow = await link(window, check, ranks, &told)
        told.window?.findings = linkedWindow
      }
    }
    timings.append(ReportModel.Timing(phase: "look up links", seconds: (timer.now - start).inSeconds))
  }

  private func link(_ findings: [Finding], _ check: LinkCheck, _ ranks: [ArtistKey: Int], _ told: inout Told) async
    -> [Finding]
  {
    // Most played first: the findings' order is the catalogs', so rank them by the library's order.
    let listed = findings.indices.filter { plan.catalogs.finder.placements.lists(findings[$0]) }
    let order = listed.sorted {
      (ranks[findings[$0].artist.key] ?? Int.max, $0) < (ranks[findings[$1].artist.key] ?? Int.max, $1)
    }
    let result = await check.links(for: order.map { findings[$0] })
    told.linkRequests += result.requests
    told.linksWaiting += result.notAsked
    if let stopped = result.stopped { say(stopped, of: check.catalog) }
    if let problem = result.keepingFailed, !plan.quiet {
      console.say("deepcut: warning: the links' answers could not be kept (\(problem)); they are asked again")
    }
    var found: [Int: ReleaseLink] = [:]
    for (position, link) in result.links { found[order[position]] = link }
    return LinkCheck.applying(found, to: findings, order: plan.linkOrder)
  }

  /// Why a linked catalog was asked no more tonight.
  private func say(_ stopped: CatalogError, of catalog: CatalogName) {
    guard !plan.quiet else { return }
    console.say(
      "deepcut: warning: \(catalog) was asked no more tonight: \(stopped); its links come on the next nights, and "
        + "rows open a search there meanwhile")
  }

  // MARK: - Ask the covers

  /// Covers from each catalog that keeps them apart, for the releases tonight's main list shows from it that have
  /// none from another, and only those, while the budget lasts.
  mutating func askCovers(_ told: inout Told, _ catalogs: [AskedCatalog]) async throws(NightError) {
    for catalog in catalogs {
      guard let source = catalog.provider.covers else { continue }
      let start = timer.now
      try await askCovers(&told, from: source, of: catalog)
      timings.append(ReportModel.Timing(phase: "look up covers", seconds: (timer.now - start).inSeconds))
    }
  }

  private func askCovers(
    _ told: inout Told, from source: any CoverSource, of catalog: AskedCatalog
  ) async throws(NightError) {
    let name = catalog.night.definition.name
    // What is also out shows as a line without a cover.
    let placements = plan.catalogs.finder.placements
    let listed = (told.ledger.findings + (told.window?.findings ?? [])).filter { placements.placement(of: $0) == .main }
    let asked = listed.filter { $0.release.artworkURL == nil || $0.links.first?.catalog == name }
      .compactMap { finding in finding.links.first { $0.catalog == name }?.release.id }
    var check = CoverCheck(source: source, provider: name, store: store, now: plan.now)
    check.asking.offline = catalog.night.pass.offline
    check.asking.mayAsk = mayAsk(at: source.requestsPerMinute, within: catalog.night.pass.budget)
    let covers: CoverCheck.Result
    do {
      covers = try await check.covers(of: asked)
    } catch {
      throw .state(String(describing: error))
    }
    if let problem = covers.keepingFailed, !plan.quiet {
      console.say("deepcut: warning: the covers' answers could not be kept (\(problem)); they are asked again")
    }
    told.coverRequests += covers.requests
    told.ledger.findings = CoverCheck.applying(covers.covers, of: name, to: told.ledger.findings)
    if let findings = told.window?.findings {
      told.window?.findings = CoverCheck.applying(covers.covers, of: name, to: findings)
    }
  }

  /// Whether one more request at `perMinute` still fits in `budget`, counted from the start of the run, and no
  /// signal came: what the covers and the links ask by.
  func mayAsk(at perMinute: Double, within budget: Duration?) -> @Sendable () -> Bool {
    let clock = clock
    let interval: Duration = perMinute.isFinite ? .seconds(60 / max(1, perMinute)) : .zero
    return { !Task.isCancelled && budget.map { clock.elapsed() + interval < $0 } ?? true }
  }
}
