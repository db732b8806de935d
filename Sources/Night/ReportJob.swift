internal import Basics
public import Catalog
internal import Delivery
internal import Foundation
internal import MusicLibrary
internal import Report

/// A night as a job of named steps, in this order: read the library, run the catalog pass, apply the ledger, ask what
/// the listed releases are, the links, the pages on the person's service and the covers, render, write, deliver, record, and say what happened. Each step is a function of its own;
/// what one step hands the next is a plain value. It reads no setting: what it does is its plan's, what it keeps its
/// store's, where it speaks its console's.
public struct ReportJob {
  let plan: NightPlan
  let store: any NightStore
  let console: any NightConsole
  let interruption: any InterruptionWatch
  /// The budget counts from the start, reading the library included.
  let clock: PassClock
  let timer = ContinuousClock()
  var timings: [ReportModel.Timing] = []
  /// This run's entry in the run log, once it is begun.
  var runID: Int64?

  public init(
    _ plan: NightPlan, store: any NightStore, console: any NightConsole, interruption: any InterruptionWatch,
    clock: PassClock
  ) {
    self.plan = plan
    self.store = store
    self.console = console
    self.interruption = interruption
    self.clock = clock
  }

  /// Runs the night; returns once its report is out (and, delivered, accepted) and recorded.
  public mutating func run() async throws(NightError) {
    // The run log has the night before the library is read: `status` tells a library that could not be read too.
    try await beginRun()
    let delivery: Delivery
    let pushed: [Pushed]
    do {
      let scan = try readLibrary()
      try checkInterruption(kept: 0)
      (delivery, pushed) = try await tell(scan)
    } catch {
      // The run log says why no report came, for `deepcut status`.
      await recordFailure(error)
      throw error
    }
    if case .failed(let error, let kept) = delivery { throw .delivery(error, kept: kept) }
    let failed = pushed.compactMap { one -> DeliveryError? in
      if case .failure(let error) = one.outcome { error } else { nil }
    }
    // A channels file that cannot be read holds back no e-mail, but the night does not end as if all went well.
    let unread = plan.ledger.dryRun ? [] : plan.push.unreadable.map { ["no push: \($0)"] } ?? []
    if !failed.isEmpty || !unread.isEmpty {
      throw .pushed(
        unread + pushNotes(pushed.filter(\.failed)), temporary: unread.isEmpty && failed.allSatisfy(\.isTemporary))
    }
  }

  /// Every step after the state is open: ask, decide, render, write, deliver, record.
  private mutating func tell(_ scan: LibraryScan) async throws(NightError) -> (Delivery, [Pushed]) {
    let catalogs = plan.catalogs.searched.map { AskedCatalog(night: $0, provider: $0.definition.provider(for: $0.run)) }
    let links = linkChecks(catalogs)
    let pass = try await runCatalogPasses(scan, catalogs, links: links)
    var told = try await applyLedger(pass)
    told.linkRequests = pass.earlyLinks.requests
    await askClasses(&told, pass, catalogs)
    await askLinks(&told, pass, links)
    await askServicePages(&told, pass, catalogs)
    try await askCovers(&told, catalogs)
    let outputs = try render(told, pass)
    // A signal after the catalog pass still means: no report.
    try checkInterruption(kept: pass.night.stats.answersKept)
    try write(outputs)
    let delivery = await deliver(outputs)
    let pushed = try await push(outputs)
    let toldStale = await pushStaleLibrary(outputs)
    if !toldStale.isEmpty, !plan.quiet {
      console.say("deepcut: told the trouble (stale library) to \(toldStale.joined(separator: ", "))")
    }
    try await record(told, outputs, pass, delivery, pushed)
    sayWhatHappened(outputs, pass, delivery, pushed)
    return (delivery, pushed)
  }

  /// One catalog of the night, and the provider that asks it.
  struct AskedCatalog {
    var night: CatalogNight
    var provider: any CatalogProvider
  }

  /// What the catalogs' passes learned, with the library they looked up.
  struct Pass {
    var scan: LibraryScan
    var night: NightOutcome
    /// The links asked while the passes ran.
    var earlyLinks = EarlyLinks.Asked()
  }

  /// What tonight tells: the report's findings and, with `--feeds`, the rolling window's.
  struct Told {
    var ledger: ReleaseLedger.Result
    var window: ReleaseLedger.Result?
    var coverRequests = 0
    var linkRequests = 0
    /// Listed releases whose links to a linked catalog were not asked tonight (the budget): they come on a later night.
    var linksWaiting = 0
    /// Requests for listed releases' pages on the person's service (`--listen`).
    var pageRequests = 0
    /// Listed releases whose pages there were not asked tonight (the budget): they come on a later night.
    var pagesWaiting = 0
    /// Requests for listed releases' records by barcode, which tell what they are.
    var classRequests = 0
    /// Listed releases not asked about by barcode tonight (the budget): asked on a later night.
    var classesWaiting = 0
  }

  // MARK: - Read the library

  mutating func readLibrary() throws(NightError) -> LibraryScan {
    let start = timer.now
    let scan: LibraryScan
    do {
      scan = try LibraryReader.read(path: plan.library.path)
    } catch {
      throw .library(error)
    }
    let keyTime = scan.keyBuilding.inSeconds
    timings.append(ReportModel.Timing(phase: "read library", seconds: (timer.now - start).inSeconds - keyTime))
    timings.append(ReportModel.Timing(phase: "build keys", seconds: keyTime))
    for warning in scan.warnings.prefix(5) where !plan.quiet {
      console.say("deepcut: warning: \(plan.library.path):\(warning.line): \(warning.message)")
    }
    return scan
  }

  /// Logs the run's start; a run that dies stays "running" there.
  mutating func beginRun() async throws(NightError) {
    do {
      runID = try await store.beginRun(at: plan.now, kind: plan.runKind)
    } catch {
      throw .state(String(describing: error))
    }
  }

  /// Stops here, keeping what is kept, if a signal asked the run to stop.
  func checkInterruption(kept: Int) throws(NightError) {
    guard Task.isCancelled else { return }
    throw .interrupted(signal: interruption.signal, kept: kept)
  }
}
