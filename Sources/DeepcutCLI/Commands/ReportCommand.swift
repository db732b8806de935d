internal import Basics
internal import Catalog
internal import Foundation
internal import Night
internal import Options
internal import Report
internal import SettingsKit
internal import State

/// `deepcut report`: the main job.
enum ReportCommand: Command {
  static let spec = CommandSpec(
    command: .report,
    usage: "report --library PATH [--format \(FormatName.allCases.map(\.rawValue).joined(separator: "|"))] "
      + "[--output PATH] [--days N | --since DATE] [options]",
    summary: "Look every library artist up in the catalog and report the releases you don't own yet."
  )

  static func run(_ invocation: Invocation) async throws(CLIError) -> ExitStatus {
    let environment = ProcessInfo.processInfo.environment
    return try await run(Resolved(invocation.arguments, environment: environment, registry: invocation.registry))
  }

  /// The night `resolved` asks for: `report`'s own, or `nightly`'s, which is this with the nightly defaults.
  static func run(_ resolved: Resolved) async throws(CLIError) -> ExitStatus {
    let (clock, registry) = (PassClock.startingNow(), resolved.registry)
    var resolved = resolved
    try await resolved.rememberEarlierNights()
    let settings = try ReportSettings(resolved)
    if let earlier = resolved.keepsEarlierCatalogs, !settings[\.run.quiet] {
      let recommended = registry.defaultNight.map(\.name.rawValue).joined(separator: ",")
      Console.error(
        "deepcut: asking \(earlier.map(\.rawValue).joined(separator: ",")), as earlier nights did (the state keeps what they learned); "
          + "the recommended catalogs are \(recommended): choose with --provider or provider.name in the config")
    }
    let oldTypes = try resolved[\.catalogs.includeSecondaryTypes].compactMap(ReleaseClass.init(typeWord:)).map(
      \.rawValue)
    if !oldTypes.isEmpty, !settings[\.run.quiet] {
      let classes = Set(oldTypes).sorted().map { "\"\($0)\": \"main\"" }.joined(separator: ", ")
      Console.error(
        "deepcut: provider.includeSecondaryTypes still works, as \"classes\": {\(classes)}: write that in the config instead"
      )
    }
    let waiting = resolved.waitingForContact
    if !waiting.isEmpty, !settings[\.run.quiet] {
      Console.error(
        "deepcut: \(waiting.map(\.rawValue).joined(separator: " and ")) is asked too once you say who runs this: --contact EMAIL, or "
          + "\"contact\" (or email.from) in the config")
    }
    // Held until this function returns; the kernel drops it if the process dies.
    let lock = try lockState(resolved)
    defer { withExtendedLifetime(lock) {} }
    let plan = settings.plan
    let store: StateStore
    do {
      store = try StateStore(directory: settings[\.run.stateDirectory])
    } catch {
      await tell(.state(error.description), plan, folder: settings[\.run.stateDirectory])
      throw .state(error.description)
    }
    let console = TerminalConsole(quiet: plan.quiet)
    let work = Task { () async -> Result<ExitStatus, CLIError> in
      do throws(NightError) {
        var job = ReportJob(plan, store: store, console: console, interruption: Interruption.shared, clock: clock)
        try await job.run()
        return .success(.success)
      } catch {
        if let trouble = await trouble(error, store) {
          await tell(trouble, plan, folder: settings[\.run.stateDirectory])
        }
        return .failure(CLIError(error))
      }
    }
    Interruption.shared.install { work.cancel() }
    return try await work.value.get()
  }

  /// The trouble a failed night is worth pushing: the library, the catalogs, the state; an e-mail only when the
  /// night before was not delivered either.
  static func trouble(_ error: NightError, _ store: StateStore) async -> Trouble? {
    guard case .delivery(let failure, _) = error else { return Trouble.of(error) }
    let nights = (try? await store.recentRuns(limit: 2, kind: .night)) ?? []
    guard nights.count == 2, nights.allSatisfy({ $0.status == .undelivered }) else { return nil }
    return Trouble.undelivered(failure)
  }

  /// Pushes `trouble` through the night's channels, once a day, saying so on standard error.
  static func tell(_ trouble: Trouble, _ plan: NightPlan, folder: String) async {
    guard !plan.push.channels.isEmpty, !plan.ledger.dryRun else { return }
    let took = await TroubleTelling.tell(
      trouble, through: plan.push.channels, folder: plan.push.troubleFolder ?? folder, now: plan.now,
      retryAfter: plan.retryAfter)
    if !took.isEmpty, !plan.quiet {
      Console.error("deepcut: told the trouble (\(trouble.kind.rawValue)) to \(took.joined(separator: ", "))")
    }
  }
}
