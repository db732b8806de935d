internal import Basics
internal import Catalog
internal import Fixtures
internal import Foundation
internal import HTTP
import Identity
internal import MusicLibrary
internal import State

/// Single catalogs and combinations side by side on one joint world (three catalogs sharing one set of releases,
/// each missing some, as real ones do): requests of the first night, a night after and the same night again, the
/// minutes they take at each catalog's default pace (catalogs of one night ask side by side, so a night takes as
/// long as its slowest), and the share of the releases any catalog has that the night lists.
enum JointBenchmark {
  /// A night's catalogs: those searched, and one linked to by UPC only.
  struct Night {
    var searched: [CatalogName]
    var linked: CatalogName?

    var label: String { searched.map(\.rawValue).joined(separator: ",") + (linked.map { " --links \($0)" } ?? "") }
  }

  static let nights = [
    Night(searched: ["itunes"]), Night(searched: ["deezer"]), Night(searched: ["musicbrainz"]),
    Night(searched: ["deezer", "musicbrainz"]), Night(searched: ["deezer", "musicbrainz"], linked: "itunes"),
    Night(searched: ["itunes", "deezer", "musicbrainz"]),
  ]

  struct Row {
    var night: Night
    /// Requests by catalog: first night, the next, the same again.
    var requests: [[String: Int]] = []
    var found = 0
    var held = 0
    var linked = 0
    var linkable = 0
  }

  static func run(artists: Int, albums: Int, directory: String) async throws {
    let library = try CatalogBenchmark.library(artists: artists, albums: albums, directory: directory)
    let today = CalendarDay(daysSinceEpoch: Int(ProvidersBenchmark.firstNight.timeIntervalSince1970 / 86_400))
    let world = JointWorld(library: library, today: today, seed: 1)
    print("joint world: \(world.releasesAnyCatalogHas().count) new and upcoming releases any catalog has")
    try await world.serve { served in
      var servers: [CatalogName: FakeCatalogServer] = [:]
      for (catalog, server) in served { servers[CatalogName(catalog.rawValue)] = server }
      // Requests are counted and timed at each catalog's pace afterwards; the fake's own quota would only wait.
      try await servers["deezer"]?.setKnobs(FakeKnobs { $0.quota = .null })
      var rows: [Row] = []
      for night in nights {
        print("measuring \(night.label)…")
        rows.append(try await measure(night, library, world, servers, directory))
      }
      report(rows)
    }
  }

  /// Writes `Library.xml` and the world each fake serves (`itunes.json`, `deezer.json`, `musicbrainz.json`) into
  /// `directory`, the world's releases dated around `today` (YYYY-MM-DD; the benchmarks' first night by default).
  static func writeWorld(artists: Int, albums: Int, today: String?, directory: String) throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    var options = GeneratorOptions()
    options.artists = artists
    options.albums = albums
    let libraryPath = directory + "/Library.xml"
    _ = try SyntheticLibrary.write(options, to: libraryPath)
    let library = try LibraryReader.read(path: libraryPath).library
    let firstNight = CalendarDay(
      daysSinceEpoch: Int(ProvidersBenchmark.firstNight.timeIntervalSince1970 / 86_400))
    let day = today.flatMap { CalendarDay(iso8601: $0) } ?? firstNight
    let world = JointWorld(library: library, today: day, seed: 1)
    for catalog in JointWorld.Catalog.allCases {
      let path = directory + "/\(catalog.rawValue).json"
      try world.world(for: catalog).json().write(to: URL(fileURLWithPath: path))
    }
    print(
      "\(library.artists.count) artists, \(library.albums.count) albums; \(world.releasesAnyCatalogHas().count) new and "
        + "upcoming releases any catalog has; today is \(day)")
  }

  static func measure(
    _ night: Night, _ library: OwnedLibrary, _ world: JointWorld, _ servers: [CatalogName: FakeCatalogServer],
    _ directory: String
  ) async throws -> Row {
    var row = Row(night: night)
    let store = try ProvidersBenchmark.freshStore(directory)
    for offset: Double in [0, 86_400, 90_000] {
      for server in servers.values { try await server.clearLog() }
      let findings = try await listed(night, library, servers, store, at: offset)
      var counts: [String: Int] = [:]
      for (name, server) in servers { counts[name.rawValue] = try await server.requestCount }
      row.requests.append(counts)
      if offset == 0 { score(findings, night, world, into: &row) }
    }
    return row
  }

  /// One night: each searched catalog's pass side by side, joined; the linked catalog asked about what is listed.
  static func listed(
    _ night: Night, _ library: OwnedLibrary, _ servers: [CatalogName: FakeCatalogServer], _ store: StateStore,
    at offset: Double
  ) async throws -> [Finding] {
    let now = ProvidersBenchmark.firstNight.addingTimeInterval(offset)
    var results: [CatalogResult] = []
    var sources: [CatalogName: any GTINSource] = [:]
    for name in night.searched {
      guard let definition = ProviderRegistry.standard.named(name), let server = servers[name] else { continue }
      let pass = ProvidersBenchmark.pass(definition, server, store, .infinity, at: offset)
      if let source = pass.provider.gtins { sources[name] = source }
      let today = CalendarDay(daysSinceEpoch: Int(now.timeIntervalSince1970 / 86_400))
      var options = FinderOptions(today: today, days: 30)
      options.catalogGroupsEditions = definition.groupsEditions
      results.append(
        CatalogResult(
          catalog: name, linkTitle: definition.linkTitle, outcome: try await pass.run(library), options: options))
    }
    let findings = NightOutcome(results).findings(owned: library.albumsByArtist()).filter(\.category.isListed)
    guard let linked = night.linked, let definition = ProviderRegistry.standard.named(linked),
      let server = servers[linked],
      let lookup = ProvidersBenchmark.pass(definition, server, store, .infinity, at: offset).provider.gtinLookup
    else { return findings }
    let check = LinkCheck(catalog: linked, lookup: lookup, gtinSources: sources, store: store, now: now)
    let answer = await check.links(for: findings)
    return LinkCheck.applying(answer.links, to: findings, order: [linked] + night.searched)
  }

  /// The share of the releases any catalog has that the night lists, and of the pairs (release, catalog of the
  /// night that has it) that carry that catalog's link.
  static func score(_ findings: [Finding], _ night: Night, _ world: JointWorld, into row: inout Row) {
    var listed: [Int: [CatalogName]] = [:]
    for finding in findings {
      for link in finding.links {
        guard let catalog = JointWorld.Catalog(rawValue: link.catalog.rawValue),
          let release = world.release(in: catalog, id: link.release.id.rawValue)
        else { continue }
        listed[release.id, default: []].append(link.catalog)
      }
    }
    let held = world.releasesAnyCatalogHas()
    row.held = held.count
    row.found = held.count { listed[$0.id] != nil }
    let asked = night.searched + (night.linked.map { [$0] } ?? [])
    for release in held where listed[release.id] != nil {
      for name in asked where JointWorld.Catalog(rawValue: name.rawValue).map(release.isHeld(by:)) == true {
        row.linkable += 1
        if listed[release.id]?.contains(name) == true { row.linked += 1 }
      }
    }
  }

  static func minutes(_ counts: [String: Int]) -> Double {
    counts.compactMap { name, requests -> Double? in
      guard requests > 0, let definition = ProviderRegistry.standard.named(name) else { return nil }
      return Double(requests) / Double(definition.defaultRequestsPerMinute)
    }.max() ?? 0
  }

  static func report(_ rows: [Row]) {
    print(
      "\nnight                                 first night (req, min)   next night (req, min)   same night   found"
        + "     linked")
    for row in rows {
      let (first, next, same) = (row.requests[0], row.requests[1], row.requests[2])
      let total = { (counts: [String: Int]) in counts.values.reduce(0, +) }
      let columns = [
        row.night.label.padding(toLength: 36, withPad: " ", startingAt: 0),
        "\(total(first)) (\(format(minutes(first), 1)))".leftPadded(to: 24),
        "\(total(next)) (\(format(minutes(next), 1)))".leftPadded(to: 23),
        "\(total(same))".leftPadded(to: 12),
        (format(100 * Double(row.found) / Double(max(1, row.held)), 1) + " %").leftPadded(to: 8),
        (format(100 * Double(row.linked) / Double(max(1, row.linkable)), 1) + " %").leftPadded(
          to: 10),
      ]
      print(columns.joined(separator: " "))
    }
    print(
      "\nrequests of the catalog passes and link lookups (covers are asked by the report step, not here); minutes at "
        + "each catalog's default pace, the night as long as its slowest catalog; found: of the new and upcoming "
        + "releases any catalog has, the share the night lists; linked: of the (release, catalog of the night that "
        + "has it) pairs, the share whose row carries that catalog's link")
  }
}
