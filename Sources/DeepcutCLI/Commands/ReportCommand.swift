internal import Catalog
internal import Foundation
internal import Report

/// `deepcut report`: the main job.
enum ReportCommand {
  static let spec = CommandSpec(
    command: .report,
    usage: "report --library PATH [--format \(ReportFormat.allCases.map(\.rawValue).joined(separator: "|"))] "
      + "[--output PATH] [--days N | --since DATE] [options]",
    summary: "Look every library artist up in the catalog and report the releases you don't own yet."
  )

  static func run(_ arguments: Arguments, registry: ProviderRegistry) async throws(CLIError) -> ExitStatus {
    let clock = PassClock.startingNow()
    let resolved = try Resolved(arguments, environment: ProcessInfo.processInfo.environment, registry: registry)
    let settings = try ReportSettings(resolved)
    // Held until this function returns; the kernel drops it if the process dies.
    let lock = try RunLock(directory: settings[\.stateDirectory], wait: settings[\.wait])
    defer { withExtendedLifetime(lock) {} }
    let work = Task { () async -> Result<ExitStatus, CLIError> in
      do throws(CLIError) {
        var job = ReportJob(settings, clock: clock)
        return .success(try await job.run())
      } catch {
        return .failure(error)
      }
    }
    Interruption.shared.install { work.cancel() }
    return try await work.value.get()
  }
}
