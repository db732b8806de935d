internal import Basics
internal import Catalog
internal import Foundation
internal import Identity
internal import MusicLibrary
internal import Night
internal import Options
internal import Report
internal import SettingsKit
internal import State

/// `deepcut why "ARTIST" ["ALBUM"]`: why a release is (not) in the report, from the library and the state alone.
enum WhyCommand: Command {
  static let spec = CommandSpec(
    command: .why,
    usage: "why \"ARTIST\" [\"ALBUM\"] [--provider P] [--json]",
    summary:
      "Explain, offline, why a release is or is not in the report: the artist's key, owned albums, catalog artist, and each release's rule.",
    maxPositionals: 2,
    examples: [
      "why \"Calvin Harris\"                 # everything deepcut knows about an artist",
      "why \"Calvin Harris\" \"One Kiss\"      # why that release is (not) in the report",
      "why \"Calvin Harris\" --json          # the same facts for a program",
    ]
  )

  static func run(_ invocation: Invocation) async throws(CLIError) -> ExitStatus {
    let (arguments, registry) = (invocation.arguments, invocation.registry)
    guard let query = arguments.positionals.first, !query.isEmpty else {
      throw .usage("usage: deepcut why \"ARTIST\" [\"ALBUM\"]; see 'deepcut why --help'")
    }
    let environment = ProcessInfo.processInfo.environment
    var given = try Resolved(arguments, environment: environment, registry: registry)
    try await given.rememberEarlierNights()
    guard try given[\.library.path] != nil else {
      throw .usage("why needs --library PATH (the Library.xml exported from Music), or \"library\" in the config")
    }
    let store = try openStore(given)
    let settings = try ReportSettings(try await explained(given, store: store))
    let scan: LibraryScan
    do {
      scan = try LibraryReader.read(path: settings.plan.library.path)
    } catch {
      throw .library(error)
    }
    guard let artist = artist(named: query, in: scan.library) else {
      throw .usage(unknownArtist(query, in: scan.library, path: settings.plan.library.path))
    }
    var explained: [(explanation: Explanation, facts: Explainer.Facts, options: FinderOptions)] = []
    for catalog in settings.plan.catalogs.searched {
      let provider = catalog.definition.provider(for: catalog.run)
      let facts = try await facts(about: artist, scan: scan, store: store, provider: provider, catalog, settings)
      var explainer = explainer(provider, catalog)
      explainer.listening = settings.plan.catalogs.listening
      explainer.servicePages = await keptPages(
        of: artist, facts, provider, listening: settings.plan.catalogs.listening, store)
      explainer.barcodeListings = await keptRecords(of: artist, facts, provider, settings, store)
      let explanation = explainer.explain(facts, album: arguments.positionals.dropFirst().first)
      explained.append((explanation, facts, catalog.finder))
    }
    // A catalog that opens where the person listens gives the album's own page there to every catalog's account.
    if let direct = explained.compactMap({ $0.explanation.album?.listen }).first(where: \.direct) {
      for index in explained.indices where explained[index].explanation.album?.listen != nil {
        explained[index].explanation.album?.listen = direct
      }
    }
    try show(Explainer.joining(explained), json: try given[\.commands.json])
    return .success
  }

  /// The pages on the person's service a night kept for the artist's releases (MusicBrainz's url-rels): `why` asks
  /// nothing, so the album opens where the report's row did.
  static func keptPages(
    of artist: LibraryArtist, _ facts: Explainer.Facts, _ provider: any CatalogProvider, listening: Listening?,
    _ store: StateStore
  ) async -> [CatalogReleaseID: [ServicePage]] {
    guard listening != nil, provider.servicePages != nil else { return [:] }
    let ids = facts.outcome.followed.filter { $0.artist.key == artist.key }.flatMap(\.releases).map(\.id)
    return await ServicePageCheck.kept(of: ids, in: provider.name, store: store)
  }

  /// What a catalog of the night that types every release filed the artist's releases under, by barcode, on a night
  /// that asked: `why` asks nothing, so a release is classed as the report's row was.
  static func keptRecords(
    of artist: LibraryArtist, _ facts: Explainer.Facts, _ provider: any CatalogProvider, _ settings: ReportSettings,
    _ store: StateStore
  ) async -> [ReleaseReference: ReleaseLink] {
    guard
      let typing = settings.plan.catalogs.searched.first(where: { $0.provider().barcodeTypes != nil })?.definition.name
    else {
      return [:]
    }
    let releases = facts.outcome.followed.filter { $0.artist.key == artist.key }.flatMap(\.releases)
    return await BarcodeCheck.kept(for: releases, of: provider.name, in: typing, store: store)
  }

  /// One catalog's explanation as it always was; a night of several, one after another (JSON: an array of them).
  static func show(_ explanations: [Explanation], json: Bool) throws(CLIError) {
    guard json else {
      Console.out(explanations.map(WhyText.text).joined(separator: "\n"))
      return
    }
    do {
      if explanations.count == 1, let only = explanations.first {
        Console.out(try WhyText.json(only))
      } else {
        Console.out(try WhyText.json(explanations))
      }
    } catch {
      throw .output(path: "standard output", reason: error.description)
    }
  }

  /// The settings of the report being explained: offline always, on the last report's day unless `--now` says.
  static func explained(_ settings: Resolved, store: StateStore) async throws(CLIError) -> Resolved {
    let report = settings.overriding(\.catalogs.offline, with: true)
    guard !settings.onCommandLine(\.run.now) else { return report }
    let last: RunRecord?
    do {
      last = try await store.recentRuns(limit: 1).first
    } catch {
      throw .state(error.description)
    }
    return last.map { report.overriding(\.run.now, with: $0.startedAt) } ?? report
  }

  /// The library artist a name means: by its key, or by any spelling that folds into it.
  static func artist(named name: String, in library: OwnedLibrary) -> LibraryArtist? {
    let key = ArtistKey(name)
    return library.artists.first { $0.key == key }
      ?? library.artists.first { ([$0.name] + $0.otherSpellings).contains { ArtistKey($0) == key } }
  }

  static func unknownArtist(_ name: String, in library: OwnedLibrary, path: String) -> String {
    let key = ArtistKey(name).rawValue
    let nearest = library.artists.map { ($0, editDistance($0.key.rawValue, key)) }
      .sorted { ($0.1, $1.0.playCount) < ($1.1, $0.0.playCount) }.prefix(3).map { "\"\($0.0.name)\"" }
    let hint = nearest.isEmpty ? "" : "; the nearest: " + nearest.joined(separator: ", ")
    return "no artist called \"\(name)\" in \(path)\(hint)"
  }

  /// What the state holds about the artist, and what the kept answers say about every artist deepcut looks up
  /// (a collaboration is judged with all its artists).
  static func facts(
    about artist: LibraryArtist, scan: LibraryScan, store: StateStore, provider: any CatalogProvider,
    _ catalog: CatalogNight, _ settings: ReportSettings
  ) async throws(CLIError) -> Explainer.Facts {
    var library = scan.library
    let ignored = settings.plan.library.ignoredArtists
    let minimum = settings[\.library.minimumOwnedTracks]
    library.artists.removeAll { ignored.contains($0.key) || $0.trackCount < minimum }
    var options = catalog.pass
    options.readOnly = true
    let outcome: CatalogOutcome
    do {
      outcome = try await CatalogPass(provider: provider, store: store, options: options, now: settings[\.run.now])
        .run(library)
    } catch {
      throw .catalog(error)
    }
    do {
      let resolution = try await store.resolutions(provider: provider.name)[artist.key]
      let entries = (resolution?.matches ?? []).map { provider.cacheEntry(for: $0.id) }
      let fetched = try await store.cachedResponses(
        provider: provider.name, kind: entries.first?.kind ?? "", keys: entries.map(\.key))
      return Explainer.Facts(
        library: scan.library, artist: artist, notLookedUpBecause: exclusion(of: artist, settings),
        resolution: resolution, outcome: outcome, seen: told(try await store.seenReleasesOfEveryCatalog()),
        listsFetched: fetched.values.map(\.fetchedAt).min())
    } catch {
      throw .state(error.description)
    }
  }

  /// Every catalog's records as one: what one catalog told is told, whichever lists the release now.
  static func told(_ seen: ReleaseLedger.Seen) -> [LedgerKey: SeenRelease] {
    var merged: [LedgerKey: SeenRelease] = [:]
    for catalog in seen.keys.sorted() {
      for (key, record) in seen[catalog] ?? [:] where merged[key]?.reportedAt == nil {
        merged[key] = record
      }
    }
    return merged
  }

  static func exclusion(of artist: LibraryArtist, _ settings: ReportSettings) -> String? {
    if settings.plan.library.ignoredArtists.contains(artist.key) { return "ignoreArtists in the config names it" }
    let minimum = settings[\.library.minimumOwnedTracks]
    if artist.trackCount < minimum {
      return "you own \(artist.trackCount) of its tracks, fewer than minimumOwnedTracks (\(minimum))"
    }
    return nil
  }

  static func explainer(_ provider: any CatalogProvider, _ catalog: CatalogNight) -> Explainer {
    Explainer(
      provider: provider.name, options: catalog.finder,
      recheckResolvedAfterDays: catalog.pass.recheckResolvedAfterDays,
      recheckUnresolvedAfterDays: catalog.pass.recheckUnresolvedAfterDays,
      listsAreWindows: provider.proof == .ownedTitles,
      pinCommand: "deepcut artists pin --provider \(provider.name)")
  }
}
