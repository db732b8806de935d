internal import Basics
internal import Catalog
internal import Foundation
internal import MusicLibrary
internal import Report
internal import State

/// The steps that ask: the catalog pass, the ledger of what was told, the covers.
extension ReportJob {
  // MARK: - Run the catalog pass

  /// Looks the library's artists up, most played first; ignored artists and those with too few owned tracks never.
  mutating func runCatalogPass(
    _ scan: LibraryScan, _ catalog: any CatalogProvider, _ storage: Storage
  ) async throws(CLIError) -> Pass {
    var looked = scan
    let ignored = settings.ignoredArtists
    let minimum = settings[\.minimumOwnedTracks]
    looked.library.artists.removeAll { ignored.contains($0.key) || $0.trackCount < minimum }
    let progressBar = ProgressBar(quiet: settings[\.quiet])
    let pass = CatalogPass(
      provider: catalog, store: storage.store, options: settings.pass, now: settings[\.now], clock: clock
    ) { progress in
      Interruption.shared.kept(progress.answers)
      progressBar.update(progress)
    }
    let outcome: CatalogOutcome
    do {
      outcome = try await pass.run(looked.library)
      progressBar.finish()
    } catch {
      progressBar.finish()
      throw .catalog(error)
    }
    try await stopIfInterrupted(outcome, storage)
    let stats = outcome.stats
    if stats.connectivityFailures > 0, stats.answersKept + stats.cacheHits == 0, outcome.followed.isEmpty {
      throw .catalog(.unreachable("no request was answered: \(stats.connectivityReason ?? "no connection")"))
    }
    let cache = stats.searches + stats.lookups == 0 ? "hot" : stats.cacheHits == 0 ? "cold" : "warm"
    timings.append(ReportModel.Timing(phase: "resolve artists", seconds: stats.resolveSeconds, cache: cache))
    timings.append(ReportModel.Timing(phase: "look up albums", seconds: stats.lookupSeconds, cache: cache))
    return Pass(scan: looked, outcome: outcome)
  }

  /// A signal during the pass: the run is logged as interrupted, and no report is written.
  private func stopIfInterrupted(_ outcome: CatalogOutcome, _ storage: Storage) async throws(CLIError) {
    guard outcome.stop == .cancelled || Task.isCancelled else { return }
    try? await finish(storage, status: "interrupted", outcome: outcome, note: nil)
    try Self.checkInterruption(kept: outcome.stats.answersKept)
  }

  // MARK: - Apply the ledger

  /// Sorts the findings against what earlier reports told. A feed or a calendar is a rolling window: what was told
  /// before stays in it.
  func applyLedger(_ pass: Pass, _ storage: Storage) async throws(CLIError) -> Told {
    let findings = ReportBuilder.findings(scan: pass.scan, outcome: pass.outcome, options: settings.finder)
    let seen: [String: SeenRelease]
    do {
      seen = try await storage.store.seenReleases(provider: settings.firstCatalog.definition.name)
    } catch {
      throw .state(error.description)
    }
    let ledger = ReleaseLedger.apply(
      findings, seen: seen, now: settings[\.now], onlyUnreported: settings[\.sinceLastRun] && !rolling)
    let window =
      settings[\.feeds] == nil
      ? nil : ReleaseLedger.apply(findings, seen: seen, now: settings[\.now], onlyUnreported: false)
    return Told(ledger: ledger, window: window)
  }

  /// The format is a feed or a calendar, which keep the whole window.
  var rolling: Bool { [.atom, .ics].contains(settings[\.format]) }

  // MARK: - Ask the covers

  /// Covers from a catalog that keeps them apart, for the releases tonight lists and only those, while the budget
  /// lasts.
  mutating func askCovers(_ told: inout Told, _ catalog: any CatalogProvider, _ storage: Storage) async throws(CLIError)
  {
    guard let source = catalog.covers else { return }
    let start = timer.now
    let listed = (told.ledger.findings + (told.window?.findings ?? [])).filter(\.category.isListed)
    var check = CoverCheck(
      source: source, provider: settings.firstCatalog.definition.name, store: storage.store, now: settings[\.now])
    check.offline = settings.pass.offline
    let budget = settings.pass.budget
    let clock = clock
    let interval: Duration = source.requestsPerMinute.isFinite ? .seconds(60 / max(1, source.requestsPerMinute)) : .zero
    check.mayAsk = { !Task.isCancelled && budget.map { clock.elapsed() + interval < $0 } ?? true }
    let covers: CoverCheck.Result
    do {
      covers = try await check.covers(of: listed.map(\.release.id))
    } catch {
      throw .state(error.description)
    }
    if let problem = covers.keepingFailed, !settings[\.quiet] {
      Console.error("deepcut: warning: the covers' answers could not be kept (\(problem)); they are asked again")
    }
    told.coverRequests = covers.requests
    told.ledger.findings = CoverCheck.applying(covers.covers, to: told.ledger.findings)
    if let findings = told.window?.findings { told.window?.findings = CoverCheck.applying(covers.covers, to: findings) }
    timings.append(ReportModel.Timing(phase: "look up covers", seconds: (timer.now - start).inSeconds))
  }
}
