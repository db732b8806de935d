import Catalog
import Fixtures
import Foundation
import MusicLibrary
import Report
import TestSupport
import Testing

/// A night over several catalogs that share releases, as real ones do (each missing some, titles written their own
/// way, dates a day or two apart, UPCs where they tell them), through the real binary against the three fakes:
/// every release any catalog has is listed, once, with each catalog's link; nothing owned is.
struct JointNightTests {
  static let today = CalendarDay(iso8601: "2026-11-29") ?? CalendarDay(daysSinceEpoch: 0)

  /// A generated library, its export, and the joint world made from it.
  struct Setup {
    var home: String
    var libraryPath: String
    var world: JointWorld
  }

  /// The world's options as `configure` leaves them (the world of the real miss rates by default).
  static func setup(_ configure: (inout JointWorld.Options) -> Void = { _ in }) async throws -> Setup {
    let home = NSTemporaryDirectory() + "deepcut-joint-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    let libraryPath = home + "/Library.xml"
    let library = try await onAThreadOfItsOwn {
      _ = try SyntheticLibrary.write(GeneratorOptions(artists: 300, albums: 900, seed: 11), to: libraryPath)
      return try LibraryReader.read(path: libraryPath).library
    }
    var options = JointWorld.Options(seed: 1, today: today)
    configure(&options)
    return Setup(home: home, libraryPath: libraryPath, world: JointWorld(library: library, options: options))
  }

  /// The report's rows (every listed section), each as the catalogs and ids it links to.
  static func rows(_ json: String) throws -> [[(catalog: JointWorld.Catalog, id: String)]] {
    let report = try ReportModel(json: json)
    return (report.new + report.upcoming + report.editions + report.backfill + report.alsoOut).map { row in
      row.links.compactMap { link in
        JointWorld.Catalog(rawValue: link.catalog.rawValue).map { (catalog: $0, id: link.id.rawValue) }
      }
    }
  }

  func report(
    _ setup: Setup, _ servers: [JointWorld.Catalog: FakeCatalogServer], provider: String, links: String? = nil,
    listen: String? = nil, extra: [String] = []
  ) async throws -> DeepcutProcess.Result {
    // Only tonight's catalogs take values: another's would be refused.
    let listened = listen == "applemusic" ? "itunes" : ""
    let tonight = Set((provider + "," + (links ?? "") + "," + listened).split(separator: ",").map(String.init))
    let urls = servers.compactMap { catalog, server in
      tonight.contains(catalog.rawValue) ? "\(catalog.rawValue)=\(server.baseURL.absoluteString)" : nil
    }.sorted()
    let covers =
      tonight.contains("musicbrainz") ? ["--cover-art-url", servers[.musicBrainz]?.baseURL.absoluteString ?? ""] : []
    return try await DeepcutProcess.run(
      [
        "report", "--library", setup.libraryPath, "--provider", provider, "--contact", "tests@example.org",
        "--rate-limit", "0", "--state-dir", setup.home + "/state-\(provider)-\(links ?? "")-\(listen ?? "")", "--now",
        "2026-11-29", "--format", "json", "--quiet",
      ] + covers + urls.flatMap { ["--base-url", $0] } + (links.map { ["--links", $0] } ?? [])
        + (listen.map { ["--listen", $0] } ?? []) + extra)
  }

  @Test func allThreeCatalogsListEveryReleaseAnyHasOnceWithEachCatalogsLinkAndNothingOwned() async throws {
    let setup = try await Self.setup()
    defer { try? FileManager.default.removeItem(atPath: setup.home) }
    let world = setup.world
    try await world.serve { servers in
      let result = try await report(setup, servers, provider: "itunes,deezer,musicbrainz")
      #expect(result.status == 0, "\(result.stderr)")
      let rows = try Self.rows(result.stdout)
      // Each row is one release of the world; a release in two rows is listed twice.
      var rowOf: [Int: Int] = [:]
      var twice: [Int] = []
      var owned: [String] = []
      for (index, row) in rows.enumerated() {
        let releases = Set(row.compactMap { world.release(in: $0.catalog, id: $0.id)?.id })
        #expect(releases.count == 1, "row \(index) joins \(releases.count) releases: \(row)")
        for release in releases {
          if rowOf.updateValue(index, forKey: release) != nil { twice.append(release) }
          if world.releases.first(where: { $0.id == release })?.status == .owned { owned.append("\(release)") }
        }
      }
      let held = world.releasesAnyCatalogHas()
      let found = held.count { rowOf[$0.id] != nil }
      let missing = held.filter { rowOf[$0.id] == nil }.map { release in
        "\(release.title) [\(release.status)] "
          + release.listings.map { "\($0.key): \($0.value.title) \($0.value.releaseDate)" }.joined(separator: "; ")
      }
      #expect(Double(found) >= 0.995 * Double(held.count), "\(found) of \(held.count) found; missing: \(missing)")
      #expect(twice.isEmpty, "listed twice: \(twice)")
      #expect(owned.isEmpty, "owned but listed: \(owned)")
      // Every catalog that has a listed release links it.
      let pairs = world.pairs().filter { rowOf[$0.release] != nil }
      let linked = pairs.count { pair in
        guard let row = rowOf[pair.release] else { return false }
        return rows[row].contains { $0.catalog == pair.catalog }
      }
      #expect(Double(linked) >= 0.99 * Double(pairs.count), "\(linked) of \(pairs.count) pairs linked")
    }
  }

  @Test func aLinkedCatalogIsAskedOnlyAboutTheListedReleasesAndNeverSearched() async throws {
    let setup = try await Self.setup()
    defer { try? FileManager.default.removeItem(atPath: setup.home) }
    let world = setup.world
    try await world.serve { servers in
      let itunes = try #require(servers[.iTunes])
      let result = try await report(setup, servers, provider: "deezer", links: "itunes")
      #expect(result.status == 0, "\(result.stderr)")
      let rows = try Self.rows(result.stdout)
      let log = try await itunes.requestLog()
      #expect(!log.isEmpty)
      #expect(log.allSatisfy { ($0.path) == "/lookup" }, "iTunes was searched")
      #expect(log.count <= rows.count, "\(log.count) iTunes requests for \(rows.count) rows")
      // Every listed release whose UPC iTunes sells it under carries its Apple Music link, first; no link is to
      // another release (Deezer now and then shows another edition's UPC: that one goes without).
      var sameUPC = 0
      var linkedSameUPC = 0
      for row in rows {
        guard let deezer = row.first(where: { $0.catalog == .deezer }),
          let release = world.release(in: .deezer, id: deezer.id)
        else { continue }
        if let apple = row.first(where: { $0.catalog == .iTunes }) {
          #expect(world.release(in: .iTunes, id: apple.id)?.id == release.id, "\(row) links another release")
          #expect(row.first?.catalog == .iTunes)
        }
        guard let sold = release.listings[.iTunes]?.gtin, sold == release.listings[.deezer]?.gtin else { continue }
        sameUPC += 1
        if row.contains(where: { $0.catalog == .iTunes }) { linkedSameUPC += 1 }
      }
      #expect(sameUPC > 100 && linkedSameUPC == sameUPC, "\(linkedSameUPC) of \(sameUPC) linked")

      // The same night again asks iTunes nothing: its answers are kept.
      try await itunes.clearLog()
      let again = try await report(setup, servers, provider: "deezer", links: "itunes")
      #expect(again.status == 0, "\(again.stderr)")
      #expect(try await itunes.requestCount == 0)
      #expect(try Self.rows(again.stdout).map { $0.map(\.id) } == rows.map { $0.map(\.id) })
    }
  }
}
