internal import Basics
internal import Catalog
internal import Foundation
internal import Options
internal import SettingsKit
internal import State

/// `deepcut cache stats | clear`.
enum CacheCommand: Command {
  static let spec = CommandSpec(
    command: .cache,
    usage: "cache stats | cache clear",
    summary: "Show or empty the cache of catalog answers (resolutions and pins are kept).",
    maxPositionals: 1,
    words: ["stats", "clear"]
  )

  static func run(_ invocation: Invocation) async throws(CLIError) -> ExitStatus {
    let (arguments, registry) = (invocation.arguments, invocation.registry)
    let store = try openStore(
      try Resolved(arguments, environment: ProcessInfo.processInfo.environment, registry: registry))
    try await mappingStateErrors {
      switch arguments.positionals.first {
      case "stats", nil:
        let stats = try await store.cacheStats()
        var lines = ["\(stats.entries) cached answers, \(stats.bytes) bytes"]
        if let oldest = stats.oldest, let newest = stats.newest {
          lines.append("fetched between \(oldest.formatted(.iso8601)) and \(newest.formatted(.iso8601))")
        }
        for (kind, count) in stats.byKind.sorted(by: { $0.key < $1.key }) { lines.append("  \(kind): \(count)") }
        lines.append("state: \(store.databasePath)")
        Console.out(lines.joined(separator: "\n"))
      case "clear":
        let removed = try await store.clearCache(provider: nil)
        Console.out("removed \(removed) cached answers; the next report asks the catalog again")
      case let other?:
        throw CLIError.usage("unknown 'cache' action '\(other)'; use stats or clear")
      }
    }
    return .success
  }
}
