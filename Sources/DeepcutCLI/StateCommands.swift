internal import Catalog
internal import Foundation
internal import MusicLibrary
internal import State

/// `deepcut artists`: the artist ↔ catalog id mapping, and pinning one by hand.
enum ArtistsCommand {
  static let spec = CommandSpec(
    name: "artists",
    usage: "artists [--unresolved] | artists pin \"NAME\" ID [ID ...] | artists unpin \"NAME\"",
    summary:
      "List how library artists map to catalog artists; pin the right ones when a name is ambiguous (several ids when one name covers several catalog artists).",
    options: [
      .flag("unresolved", "list only artists that are unresolved or ambiguous, with their candidates"),
      .flag("wait", "pin or unpin after a report that is running ends, instead of exiting with status 75"),
      .option(
        "state-dir", "DIR", "where state.sqlite lives (default: stateDir in the config, else $XDG_STATE_HOME/deepcut)"),
      .option("provider", "NAME", "catalog: itunes (default) or musicbrainz"),
      .option("config", "PATH", "the configuration file (default $XDG_CONFIG_HOME/deepcut/config.json)"),
    ],
    maxPositionals: 12
  )

  static func run(_ arguments: Arguments) async throws(CLIError) -> ExitStatus {
    let table = try SettingsTable(arguments)
    let store = try openStore(table)
    let provider = try table.provider()
    try await mappingStateErrors {
      switch arguments.positionals.first {
      case nil:
        try await list(store, provider: provider.rawValue, unresolvedOnly: arguments.has("unresolved"))
      case "pin":
        // A pin waits for a running report (or says one is running): the report never sees half of a change.
        let lock = try RunLock(directory: table.stateDirectory, wait: arguments.has("wait"))
        defer { withExtendedLifetime(lock) {} }
        guard arguments.positionals.count >= 3 else {
          throw CLIError.usage("usage: deepcut artists pin \"NAME\" ID [ID ...]")
        }
        let name = arguments.positionals[1]
        var ids: [String] = []
        for id in arguments.positionals.dropFirst(2).map({ $0.lowercased() }) where !ids.contains(id) {
          switch provider {
          case .itunes:
            guard !id.isEmpty, id.allSatisfy(\.isNumber) else {
              throw CLIError.usage("an iTunes artist id is a number, like 414425; not '\(id)'")
            }
          case .musicbrainz:
            guard UUID(uuidString: id) != nil else {
              throw CLIError.usage(
                "a MusicBrainz artist id looks like 5b11f4ce-a62d-471e-81fc-a69a8278c7da; not '\(id)'")
            }
          }
          ids.append(id)
        }
        try await store.pin(
          provider: provider.rawValue, artistKey: ArtistKey(name).rawValue, artistName: name, catalogIDs: ids,
          at: Date())
        let list = ids.joined(separator: ", ")
        Console.out("pinned \(name) to catalog artist\(ids.count == 1 ? "" : "s") \(list)")
      case "unpin":
        let lock = try RunLock(directory: table.stateDirectory, wait: arguments.has("wait"))
        defer { withExtendedLifetime(lock) {} }
        guard arguments.positionals.count == 2 else { throw CLIError.usage("usage: deepcut artists unpin \"NAME\"") }
        let name = arguments.positionals[1]
        let removed = try await store.unpin(provider: provider.rawValue, artistKey: ArtistKey(name).rawValue)
        Console.out(removed ? "unpinned \(name); the next run looks it up again" : "\(name) was not pinned")
      case let other?:
        throw CLIError.usage("unknown 'artists' action '\(other)'; use pin or unpin")
      }
    }
    return .success
  }

  private static func list(_ store: StateStore, provider: String, unresolvedOnly: Bool) async throws {
    let resolutions = try await store.resolutions(provider: provider).values.sorted {
      $0.artistName.localizedStandardCompare($1.artistName) == .orderedAscending
    }
    let shown = resolutions.filter {
      !unresolvedOnly || $0.status == .unresolved || $0.status == .ambiguous || $0.status == .pending
    }
    if shown.isEmpty {
      Console.out(
        unresolvedOnly ? "every artist looked up so far is resolved" : "no artists looked up yet; run 'deepcut report'")
      return
    }
    var lines: [String] = []
    for resolution in shown {
      var line = "\(resolution.artistName)\t\(resolution.status.rawValue)"
      for match in resolution.matches { line += "\t\(match.id)\t\(match.name ?? "")" }
      lines.append(line)
      if resolution.status == .ambiguous || resolution.status == .unresolved || resolution.status == .pending {
        for candidate in CatalogPass.decodeCandidates(resolution.candidates) {
          let genre = candidate.genre.map { ", \($0)" } ?? ""
          let note = candidate.disambiguation.map { " — \($0)" } ?? ""
          lines.append(
            "\tcandidate \(candidate.id): \(candidate.name)\(genre)\(note)  → deepcut artists pin \"\(resolution.artistName)\" \(candidate.id)"
          )
        }
      }
    }
    Console.out(lines.joined(separator: "\n"))
  }
}

/// `deepcut cache stats | clear`.
enum CacheCommand {
  static let spec = CommandSpec(
    name: "cache",
    usage: "cache stats | cache clear",
    summary: "Show or empty the cache of catalog answers (resolutions and pins are kept).",
    options: [
      .option(
        "state-dir", "DIR", "where state.sqlite lives (default: stateDir in the config, else $XDG_STATE_HOME/deepcut)"),
      .option("config", "PATH", "the configuration file (default $XDG_CONFIG_HOME/deepcut/config.json)"),
    ],
    maxPositionals: 1
  )

  static func run(_ arguments: Arguments) async throws(CLIError) -> ExitStatus {
    let store = try openStore(try SettingsTable(arguments))
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

/// Runs a state command, turning database failures into `CLIError.state` and keeping usage errors as they are.
func mappingStateErrors(_ body: () async throws -> Void) async throws(CLIError) {
  do {
    try await body()
  } catch let error as CLIError {
    throw error
  } catch let error as StateError {
    throw .state(error.description)
  } catch {
    throw .state("\(error)")
  }
}

func openStore(_ table: SettingsTable) throws(CLIError) -> StateStore {
  do {
    return try StateStore(directory: table.stateDirectory)
  } catch {
    throw .state(error.description)
  }
}

/// `deepcut config --example | --check`.
enum ConfigCommand {
  static let spec = CommandSpec(
    name: "config",
    usage: "config --example | config --check [--config PATH]",
    summary: "Print a commented example configuration, or check a configuration file.",
    options: [
      .flag("example", "print a commented example of config.json"),
      .flag("check", "read the configuration and report the first problem (exit 78) or say it is fine"),
      .option("config", "PATH", "the configuration file (default $XDG_CONFIG_HOME/deepcut/config.json)"),
    ]
  )

  static func run(_ arguments: Arguments) throws(CLIError) -> ExitStatus {
    if arguments.has("example") {
      Console.out(Configuration.example)
      return .success
    }
    guard arguments.has("check") else { throw .usage("config needs --example or --check") }
    let environment = ProcessInfo.processInfo.environment
    let path = arguments["config"] ?? Configuration.defaultPath(environment: environment) ?? "config.json"
    _ = try Configuration.load(path: path, required: arguments["config"] != nil)
    Console.out("\(path): fine")
    return .success
  }
}
