internal import Basics
internal import Catalog
internal import Foundation
internal import MusicLibrary
internal import Report
internal import State

/// `deepcut report` as a job of named steps, in this order: read the library, run the catalog pass, apply the
/// ledger, ask the covers, render, write, deliver, record, and say what happened. Each step is a function of its own; what
/// one step hands the next is a plain value.
struct ReportJob {
  let settings: ReportSettings
  /// The budget counts from the start, reading the library included.
  let clock: PassClock
  let timer = ContinuousClock()
  var timings: [ReportModel.Timing] = []

  init(_ settings: ReportSettings, clock: PassClock) {
    self.settings = settings
    self.clock = clock
  }

  mutating func run() async throws(CLIError) -> ExitStatus {
    // The run log has the night before the library is read: `status` tells a library that could not be read too.
    let state = try await openState()
    let delivery: Delivery
    do {
      let scan = try readLibrary()
      try Self.checkInterruption(kept: 0)
      delivery = try await tell(scan, state)
    } catch {
      // The run log says why no report came, for `deepcut status`.
      await recordFailure(error, state)
      throw error
    }
    if case .failed(let error, let kept) = delivery { throw .delivery(error, kept: kept) }
    return .success
  }

  /// Every step after the state is open: ask, decide, render, write, deliver, record.
  private mutating func tell(_ scan: LibraryScan, _ state: Storage) async throws(CLIError) -> Delivery {
    let catalogs = settings.catalogs.map { AskedCatalog(night: $0, provider: $0.definition.provider(for: $0.run)) }
    let pass = try await runCatalogPasses(scan, catalogs, state)
    var told = try await applyLedger(pass, state)
    await askLinks(&told, pass, catalogs, state)
    try await askCovers(&told, catalogs, state)
    let outputs = try render(told, pass)
    // A signal after the catalog pass still means: no report.
    try Self.checkInterruption(kept: pass.night.stats.answersKept)
    try write(outputs)
    let delivery = await deliver(outputs)
    try await record(told, outputs, pass, state, delivery)
    sayWhatHappened(outputs, pass, delivery)
    return delivery
  }

  /// Where this run's answers and record go: the state database, and the run's entry in its log.
  struct Storage {
    var store: StateStore
    var runID: Int64?
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
  }

  /// What tonight tells: the report's findings and, with `--feeds`, the rolling window's.
  struct Told {
    var ledger: ReleaseLedger.Result
    var window: ReleaseLedger.Result?
    var coverRequests = 0
    var linkRequests = 0
    /// Listed releases whose links to a linked catalog were not asked tonight (the budget): they come on a later night.
    var linksWaiting = 0
  }

  // MARK: - Read the library

  mutating func readLibrary() throws(CLIError) -> LibraryScan {
    let start = timer.now
    let scan: LibraryScan
    do {
      scan = try LibraryReader.read(path: settings.library)
    } catch {
      throw .library(error)
    }
    let keyTime = scan.keyBuilding.inSeconds
    timings.append(ReportModel.Timing(phase: "read library", seconds: (timer.now - start).inSeconds - keyTime))
    timings.append(ReportModel.Timing(phase: "build keys", seconds: keyTime))
    for warning in scan.warnings.prefix(5) where !settings[\.quiet] {
      Console.error("deepcut: warning: \(settings.library):\(warning.line): \(warning.message)")
    }
    return scan
  }

  /// Opens the state and logs the run's start; a run that dies stays "running" there.
  func openState() async throws(CLIError) -> Storage {
    do {
      let store = try StateStore(directory: settings[\.stateDirectory])
      return Storage(store: store, runID: try await store.beginRun(at: settings[\.now], kind: settings.runKind))
    } catch {
      throw .state(error.description)
    }
  }

  /// Stops here, keeping what is kept, if a signal asked the run to stop.
  static func checkInterruption(kept: Int) throws(CLIError) {
    guard Task.isCancelled else { return }
    throw .interrupted(signal: Interruption.shared.signal ?? SIGINT, kept: kept)
  }
}
