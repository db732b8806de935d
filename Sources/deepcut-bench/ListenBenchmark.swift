internal import Basics
internal import Catalog
internal import Fixtures
internal import Foundation
internal import HTTP
import Identity
internal import MusicLibrary
internal import State
import Synchronization

/// Minutes to the first e-mail whose every row opens where the person listens, directly where the service holds the
/// release: the default night (Deezer and MusicBrainz searched) with `--listen applemusic` (iTunes looked up by UPC)
/// and `--listen spotify` (the person's app), the links asked after the passes as before, and while they run.
///
/// The night runs against the fakes with their limits lifted, and is timed afterwards at each service's real pace
/// (Deezer 540 a minute, MusicBrainz 50, iTunes 20, Spotify 60): the passes side by side, as long as the slower;
/// each release's link requests one after another (its UPC at Deezer's pace, its lookups at the linked service's),
/// counted from when a pass came to know the release (while they run) or from the end of the passes (after them).
/// One release at a time is slower than the night, which asks a few side by side: both columns are upper bounds.
enum ListenBenchmark {
  struct EarlyKnown: Sendable {
    var catalog: CatalogName
    var finder: FinderOptions
    var artist: LibraryArtist
    var releases: [CatalogRelease]
    var at: Date
  }

  static let searched: [CatalogName] = ["deezer", "musicbrainz"]

  static func run(artists: Int, albums: Int, newChance: Double, directory: String) async throws {
    let library = try CatalogBenchmark.library(artists: artists, albums: albums, directory: directory)
    let today = CalendarDay(daysSinceEpoch: Int(ProvidersBenchmark.firstNight.timeIntervalSince1970 / 86_400))
    let world = JointWorld(
      library: library, options: JointWorld.Options(seed: 1, today: today, newReleaseChance: newChance))
    let app = JointWorld.AppService(name: "spotify")
    let credentials = directory + "/deepcut-bench-spotify-credentials"
    try Data(AppCredentials.fileText(service: "Spotify", clientID: app.clientID, secret: Secret(app.clientSecret)).utf8)
      .write(to: URL(fileURLWithPath: credentials))
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: credentials)
    try await world.serve { served in
      try await FakeCatalogServer.with(.init(catalog: "spotify"), world: world.appWorld(app)) { spotify in
        var servers: [CatalogName: FakeCatalogServer] = ["spotify": spotify]
        for (catalog, server) in served { servers[CatalogName(catalog.rawValue)] = server }
        try await servers["deezer"]?.setKnobs(FakeKnobs { $0.quota = .null })
        print("\(artists) artists; the night lists the releases below")
        print(
          "\nlisten        rows  direct  pass requests (min)       link requests  after passes (min)  while they run (min)"
        )
        for linked: CatalogName in ["itunes", "spotify"] {
          let row = try await measure(linked, library, servers, credentials: credentials, directory: directory)
          print(row)
        }
      }
    }
    print(
      "\nrows: releases the first night lists; direct: rows whose title opens the album on the service; minutes at "
        + "each service's real pace, until the last link is in")
  }

  static func measure(
    _ linked: CatalogName, _ library: OwnedLibrary, _ servers: [CatalogName: FakeCatalogServer], credentials: String,
    directory: String
  ) async throws -> String {
    let store = try ProvidersBenchmark.freshStore(directory)
    for server in servers.values { try await server.clearLog() }
    let known = Mutex<[EarlyKnown]>([])
    var results: [CatalogResult] = []
    var sources: [CatalogName: any GTINSource] = [:]
    let now = ProvidersBenchmark.firstNight
    var passes: [(CatalogName, CatalogPass, FinderOptions)] = []
    for name in searched {
      guard let definition = ProviderRegistry.standard.named(name), let server = servers[name] else { continue }
      var pass = ProvidersBenchmark.pass(definition, server, store, .infinity, at: 0)
      var options = FinderOptions(today: CalendarDay(daysSinceEpoch: Int(now.timeIntervalSince1970 / 86_400)), days: 30)
      options.catalogGroupsEditions = definition.groupsEditions
      let finder = options
      pass.releasesKnown = { artist, releases in
        known.withLock {
          $0.append(EarlyKnown(catalog: name, finder: finder, artist: artist, releases: releases, at: Date()))
        }
      }
      if let source = pass.provider.gtins { sources[name] = source }
      passes.append((name, pass, options))
    }
    for (name, pass, options) in passes {
      let definition = ProviderRegistry.standard.named(name)
      results.append(
        CatalogResult(
          catalog: name, linkTitle: definition?.linkTitle ?? name.rawValue, outcome: try await pass.run(library),
          options: options))
    }
    let passRequests = try await requests(of: searched, servers)
    let timeline = try await passTimeline(servers)
    let check = try linkCheck(linked, servers, store, sources, credentials: credentials, now: now)
    let perRelease = try await perRelease(
      known.withLock { $0 }, linked, library, servers, check: check, timeline: timeline)
    let findings = NightOutcome(results).findings(owned: library.albumsByArtist()).filter(\.category.isListed)
    let final = await check.links(for: findings)
    let direct = final.links.count + findings.count { $0.links.contains { $0.catalog == linked } }
    let counted = try await requests(of: searched + [linked], servers)
    let split =
      "\(counted["deezer", default: 0] - passRequests["deezer", default: 0]) UPCs + \(counted[linked, default: 0]) there"
    let linkRequests =
      counted.filter { $0.key != "musicbrainz" }.values.reduce(0, +) - passRequests["deezer", default: 0]
    return row(
      linked, rows: findings.count, direct: direct, passRequests: passRequests, perRelease: perRelease,
      linkRequests: linkRequests)
      + "   (\(split); \(final.requests) more after the passes)"
  }

  /// Each release as the passes came to know it, its link requests counted one release at a time: when it was known,
  /// and the minutes its links took at each service's pace.
  static func perRelease(
    _ known: [EarlyKnown], _ linked: CatalogName, _ library: OwnedLibrary, _ servers: [CatalogName: FakeCatalogServer],
    check: LinkCheck, timeline: (CatalogName, Date) -> Double
  ) async throws -> [(knownAt: Double, minutes: Double)] {
    var perRelease: [(knownAt: Double, minutes: Double)] = []
    for item in known {
      let listed = ReleaseFinder(options: item.finder).listed(
        for: item.artist, releases: item.releases, owned: library.albumsByArtist()[item.artist.key] ?? [],
        catalog: item.catalog)
      guard !listed.isEmpty else { continue }
      // Counted where they arrived: a lookup may try several forms of a code, and the first asks for a token.
      let before = try await requests(of: ["deezer", linked], servers)
      _ = await check.links(for: listed)
      let sent = try await requests(of: ["deezer", linked], servers)
      // A UPC asked of Deezer takes Deezer's pace; the lookup the linked service's.
      let minutes =
        Double(sent["deezer", default: 0] - before["deezer", default: 0]) / pace("deezer")
        + Double(sent[linked, default: 0] - before[linked, default: 0]) / pace(linked)
      perRelease.append((timeline(item.catalog, item.at), minutes))
    }
    return perRelease
  }

  static func row(
    _ linked: CatalogName, rows: Int, direct: Int, passRequests: [CatalogName: Int],
    perRelease: [(knownAt: Double, minutes: Double)], linkRequests: Int
  ) -> String {
    let passMinutes = passRequests.map { name, count in Double(count) / pace(name) }.max() ?? 0
    let after = passMinutes + perRelease.map(\.minutes).reduce(0, +)
    var end = 0.0
    for release in perRelease.sorted(by: { $0.knownAt < $1.knownAt }) where release.minutes > 0 {
      end = max(end, release.knownAt) + release.minutes
    }
    let during = max(passMinutes, end)
    let listen = linked == "itunes" ? "applemusic" : linked.rawValue
    let passes = passRequests.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.value)" }.joined(separator: "+")
    return [
      listen.padding(toLength: 12, withPad: " ", startingAt: 0), "\(rows)".leftPadded(to: 5),
      "\(direct)".leftPadded(to: 7), "\(passes) (\(format(passMinutes, 1)))".leftPadded(to: 24),
      "\(linkRequests)".leftPadded(to: 14), format(after, 1).leftPadded(to: 19), format(during, 1).leftPadded(to: 21),
    ].joined(separator: " ")
  }

  /// Requests a minute at the real pace.
  static func pace(_ name: CatalogName) -> Double {
    switch name.rawValue {
    case "musicbrainz": 50
    default: Double(ProviderRegistry.standard.named(name)?.defaultRequestsPerMinute ?? 60)
    }
  }

  static func requests(of names: [CatalogName], _ servers: [CatalogName: FakeCatalogServer]) async throws
    -> [CatalogName: Int]
  {
    var counts: [CatalogName: Int] = [:]
    for name in names { counts[name] = try await servers[name]?.requestCount ?? 0 }
    return counts
  }

  /// When, at its real pace, a pass had come to know what it knew at a moment of the lifted run: the minutes its
  /// requests logged before that moment take.
  static func passTimeline(_ servers: [CatalogName: FakeCatalogServer]) async throws
    -> @Sendable (CatalogName, Date) -> Double
  {
    var times: [CatalogName: [Double]] = [:]
    for name in searched {
      times[name] = try await servers[name]?.requestLog().map(\.time).sorted() ?? []
    }
    let kept = times
    return { name, moment in
      let sent = kept[name]?.count { $0 <= moment.timeIntervalSince1970 } ?? 0
      return Double(sent) / pace(name)
    }
  }

  static func linkCheck(
    _ linked: CatalogName, _ servers: [CatalogName: FakeCatalogServer], _ store: StateStore,
    _ sources: [CatalogName: any GTINSource], credentials: String, now: Date
  ) throws -> LinkCheck {
    guard let definition = ProviderRegistry.standard.named(linked), let server = servers[linked] else {
      throw ProvidersBenchmark.Failure(description: "no fake for \(linked)")
    }
    var run = ProvidersBenchmark.run(definition, server, at: 0, pace: .infinity)
    if definition is SpotifyCatalog {
      run.settingValues[SpotifyCatalog.tokenURL] = server.baseURL.appendingPathComponent("api/token")
      run.settingValues[SpotifyCatalog.credentials] = credentials
    }
    guard let lookup = definition.provider(for: run).gtinLookup else {
      throw ProvidersBenchmark.Failure(description: "\(linked) cannot be linked")
    }
    return LinkCheck(catalog: linked, lookup: lookup, gtinSources: sources, store: store, now: now)
  }
}
