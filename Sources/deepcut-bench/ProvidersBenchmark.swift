internal import Basics
internal import Catalog
internal import Fixtures
internal import Foundation
internal import HTTP
import Identity
internal import MusicLibrary
internal import State

/// Every catalog the registry lists, side by side over one library, each against its fake service: the first
/// night, the next night, the same night again, and a first night stopped halfway and resumed; counted in each
/// server's own log, timed at each catalog's real limit. No provider is named: each comes from the registry and
/// its fake is `Tests/Fakes/fake_NAME.py`.
enum ProvidersBenchmark {
  struct Row {
    var catalog: CatalogName
    var cold = 0
    var next = 0
    var same = 0
    var stopped = 0
    var resumed = 0
    var repeated = 0
    var complete = true
    var perMinute = 0.0
    var realPaceSeconds: Double?

    func minutes(_ requests: Int) -> Double { Double(requests) / perMinute }
  }

  static func run(
    artists: Int, albums: Int, realPace: Set<String>, directory: String
  ) async throws {
    let library = try CatalogBenchmark.library(artists: artists, albums: albums, directory: directory)
    var rows: [Row] = []
    for definition in ProviderRegistry.standard.searchable {
      print("measuring \(definition.name)…")
      rows.append(
        try await measure(
          definition, library, realPace: realPace.contains(definition.name.rawValue), directory: directory))
    }
    report(rows)
  }

  /// MusicBrainz holds its own world (release groups, ids of its own); the others read the iTunes-shaped one.
  static func world(for definition: any ProviderDefinition, _ library: OwnedLibrary) -> FakeWorld {
    definition.name == MusicBrainzCatalog().name
      ? LibraryWorlds.musicBrainz(for: library) : LibraryWorlds.iTunes(for: library)
  }

  static func measure(
    _ definition: any ProviderDefinition, _ library: OwnedLibrary, realPace: Bool, directory: String
  ) async throws -> Row {
    let worldPath = directory + "/deepcut-bench-\(definition.name)-\(library.artists.count).json"
    try world(for: definition, library).json().write(to: URL(fileURLWithPath: worldPath))
    var row = Row(catalog: definition.name, perMinute: Double(definition.defaultRequestsPerMinute))
    let pace = realPace ? row.perMinute : .infinity
    try await FakeCatalogServer.with(.init(catalog: definition.name), arguments: ["--world", worldPath]) { server in
      let store = try freshStore(directory)
      let began = ContinuousClock.now
      var outcome = try await night(definition, library, server, store, pace, at: 0)
      if realPace { row.realPaceSeconds = (ContinuousClock.now - began).inSeconds }
      row.cold = try await server.requestCount
      row.complete = outcome.coverage.complete
      for (offset, keyPath) in [(86_400.0, \Row.next), (86_400.0 + 3_600, \Row.same)] {
        try await server.clearLog()
        outcome = try await night(definition, library, server, store, .infinity, at: offset)
        row[keyPath: keyPath] = try await server.requestCount
        row.complete = row.complete && outcome.coverage.complete
      }
      try await stopAndResume(definition, library, server, directory, into: &row)
    }
    return row
  }

  /// A first night stopped after half its requests, then run again: what the second run asks that the first had
  /// already been answered is the cost of the stop.
  static func stopAndResume(
    _ definition: any ProviderDefinition, _ library: OwnedLibrary, _ server: FakeCatalogServer, _ directory: String,
    into row: inout Row
  ) async throws {
    try await server.clearLog()
    let store = try freshStore(directory)
    let half = max(1, row.cold / 2)
    let first = Task { try await night(definition, library, server, store, .infinity, at: 0) }
    while try await server.requestCount < half { try await Task.sleep(for: .milliseconds(250)) }
    first.cancel()
    _ = try? await first.value
    let before = try await server.requestLog()
    row.stopped = before.count
    try await server.clearLog()
    _ = try await night(definition, library, server, store, .infinity, at: 0)
    let after = try await server.requestLog()
    row.resumed = after.count
    let asked = Set(before.filter { $0.status == 200 }.map(target))
    row.repeated = after.count { asked.contains(target($0)) }
  }

  static func target(_ entry: FakeRequest) -> String {
    let query = entry.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    return entry.path + "?" + query.joined(separator: "&")
  }

  static func freshStore(_ directory: String) throws -> StateStore {
    try StateStore(directory: directory + "/deepcut-bench-providers-state-\(UUID().uuidString)")
  }

  static func night(
    _ definition: any ProviderDefinition, _ library: OwnedLibrary, _ server: FakeCatalogServer, _ store: StateStore,
    _ pace: Double, at offset: Double
  ) async throws -> CatalogOutcome {
    try await pass(definition, server, store, pace, at: offset).run(library)
  }

  /// A catalog pass as a run makes it, against `server`, `offset` seconds after the first night; every address of
  /// the catalog's own settings (a cover service) is the server too.
  /// When the first night of a benchmark runs: 2026-11-29 12:00 UTC.
  static let firstNight = Date(timeIntervalSince1970: 1_795_953_600)

  static func pass(
    _ definition: any ProviderDefinition, _ server: FakeCatalogServer, _ store: StateStore, _ pace: Double,
    at offset: Double
  ) -> CatalogPass {
    let now = firstNight.addingTimeInterval(offset)
    let run = run(definition, server, at: offset, pace: pace)
    return CatalogPass(provider: definition.provider(for: run), store: store, options: CatalogPassOptions(), now: now)
  }

  /// The run a night hands the catalog, against `server`, `offset` seconds after the first night.
  static func run(
    _ definition: any ProviderDefinition, _ server: FakeCatalogServer, at offset: Double, pace: Double
  ) -> ProviderRun {
    let now = firstNight.addingTimeInterval(offset)
    let today = CalendarDay(daysSinceEpoch: Int(now.timeIntervalSince1970 / 86_400))
    return ProviderRun(
      baseURL: server.baseURL, country: "US", today: today, since: today.adding(days: -30), requestsPerMinute: pace,
      settingValues: addresses(of: definition, at: server.baseURL)
    ) { pace in
      var configuration = HTTPClientConfiguration()
      configuration.requestsPerMinute = pace
      configuration.userAgent = "deepcut-bench/1 ( benchmarks@example.org )"
      definition.tune(&configuration)
      return LiveTransport(client: HTTPClient(configuration: configuration))
    }
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The catalog's own settings that are addresses, each `url`.
  static func addresses(of definition: any ProviderDefinition, at url: URL) -> ProviderSettingValues {
    var values = ProviderSettingValues()
    func point<Setting: ProviderSettingDeclaration>(_ setting: Setting) {
      if let address = url as? Setting.Value { values[setting.declared] = address }
    }
    for setting in definition.settings { point(setting) }
    return values
  }

  static func report(_ rows: [Row]) {
    print(
      "\ncatalog       limit/min   first night (min)   next night (min)   same night   stopped+resumed   repeated"
        + "   real pace")
    for row in rows {
      let columns = [
        row.catalog.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0),
        "\(Int(row.perMinute))".leftPadded(to: 10),
        "\(row.cold) (\(format(row.minutes(row.cold), 1)))".leftPadded(to: 19),
        "\(row.next) (\(format(row.minutes(row.next), 1)))".leftPadded(to: 18), "\(row.same)".leftPadded(to: 12),
        "\(row.stopped)+\(row.resumed)".leftPadded(to: 17), "\(row.repeated)".leftPadded(to: 10),
        (row.realPaceSeconds.map { format($0 / 60, 1) + " min" } ?? "-").leftPadded(to: 11),
      ]
      print(columns.joined(separator: " ") + (row.complete ? "" : "  (library not covered!)"))
    }
    print(
      "\nrequests of the catalog pass (covers are asked by the report step, not here), and minutes at each catalog's "
        + "default pace (a little under its limit); real pace: the first night run at that pace against the fake, "
        + "its limit on")
  }
}
