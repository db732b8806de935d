internal import Basics
internal import Catalog
internal import Foundation
internal import Identity
internal import MusicLibrary
internal import Options
internal import SettingsKit
internal import State

/// `deepcut artists`: the artist ↔ catalog id mapping, and pinning one by hand.
enum ArtistsCommand: Command {
  static let spec = CommandSpec(
    command: .artists,
    usage: "artists [--unresolved] | artists pin \"NAME\" ID [ID ...] | artists unpin \"NAME\"",
    summary:
      "List how library artists map to catalog artists; pin the right ones when a name is ambiguous (several ids when one name covers several catalog artists).",
    maxPositionals: 12,
    words: ["pin", "unpin"]
  )

  static func run(_ invocation: Invocation) async throws(CLIError) -> ExitStatus {
    let (arguments, registry) = (invocation.arguments, invocation.registry)
    var settings = try Resolved(arguments, environment: ProcessInfo.processInfo.environment, registry: registry)
    try await settings.rememberEarlierNights()
    let store = try openStore(settings)
    let provider = try settings.oneCatalog(for: spec.command)
    try await mappingStateErrors {
      switch arguments.positionals.first {
      case nil:
        try await list(store, provider: provider.name, unresolvedOnly: settings[\.commands.unresolved])
      case "pin":
        try await pin(arguments.positionals, provider, store, settings)
      case "unpin":
        // An unpin waits for a running report, as a pin does.
        let lock = try lockState(settings)
        defer { withExtendedLifetime(lock) {} }
        guard arguments.positionals.count == 2 else { throw CLIError.usage("usage: deepcut artists unpin \"NAME\"") }
        let name = arguments.positionals[1]
        let removed = try await store.unpin(provider: provider.name, artistKey: ArtistKey(name))
        Console.out(removed ? "unpinned \(name); the next run looks it up again" : "\(name) was not pinned")
      case let other?:
        throw CLIError.usage("unknown 'artists' action '\(other)'; use pin or unpin")
      }
    }
    return .success
  }

  /// Pins after a report that is running ends (or says one is running): the report never sees half of a change.
  private static func pin(
    _ positionals: [String], _ provider: any ProviderDefinition, _ store: StateStore, _ settings: Resolved
  ) async throws {
    let lock = try lockState(settings)
    defer { withExtendedLifetime(lock) {} }
    guard positionals.count >= 3 else { throw CLIError.usage("usage: deepcut artists pin \"NAME\" ID [ID ...]") }
    let name = positionals[1]
    var ids: [CatalogArtistID] = []
    for text in positionals.dropFirst(2) {
      guard let id = provider.normalizedID(text) else { throw CLIError.usage(provider.idProblem(text)) }
      if !ids.contains(id) { ids.append(id) }
    }
    try await store.pin(
      provider: provider.name, artistKey: ArtistKey(name), artistName: name, catalogIDs: ids, at: Date())
    Console.out(
      "pinned \(name) to catalog artist\(ids.count == 1 ? "" : "s") \(ids.map(\.rawValue).joined(separator: ", "))")
  }

  private static func list(_ store: StateStore, provider: CatalogName, unresolvedOnly: Bool) async throws {
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
