internal import Basics
internal import Catalog
internal import Fixtures
internal import Foundation
import Identity
internal import MusicLibrary
internal import State

/// What telling new music from the rest costs a night, in requests and in time at the catalogs' real pace, and what
/// it buys: the default night (Deezer and MusicBrainz searched) on a world whose catalogs list live albums, remixes,
/// best-ofs, soundtracks, reissues, re-cut singles and studio look-alikes beside new music.
///
/// The passes run against the fakes with their limits lifted; then the listed releases MusicBrainz did not list are
/// asked about by barcode as a night does (their codes at Deezer, then MusicBrainz a page of barcodes at a time), and
/// every request is counted where it arrived and timed at its catalog's real pace: MusicBrainz one a second, Deezer
/// 50 every 5 seconds. A first night asks about every listed release; an ordinary night only about what came out
/// since the night before — one day of the window, as a nightly e-mail tells it.
enum ClassesBenchmark {
  static let searched: [CatalogName] = ["deezer", "musicbrainz"]

  struct Row {
    var label: String
    var rows = 0
    var alsoOut = 0
    var asked = 0
    var codeRequests = 0
    var barcodeRequests = 0
    var passMinutes = 0.0
    var noise = 0
    var noiseInMainBefore = 0
    var noiseInMainAfter = 0
    var lookalikes = 0
    var lookalikesHidden = 0
    var ordinaryRows = 0.0
    var ordinaryRequests = 0.0
    var ordinaryMost = 0
  }

  static func run(sizes: [(artists: Int, albums: Int, newChance: Double)], directory: String) async throws {
    var rows: [Row] = []
    for size in sizes {
      rows.append(try await measure(size.artists, size.albums, newChance: size.newChance, directory: directory))
    }
    print(
      "\nlibrary               rows  also out  asked   Deezer codes  MB searches  seconds (MB 1/s + Deezer)  "
        + "first night min (passes → with classes)")
    for row in rows {
      let seconds = Double(row.barcodeRequests) + Double(row.codeRequests) / 10
      print(
        [
          row.label.padding(toLength: 20, withPad: " ", startingAt: 0), "\(row.rows)".leftPadded(to: 5),
          "\(row.alsoOut)".leftPadded(to: 9), "\(row.asked)".leftPadded(to: 6),
          "\(row.codeRequests)".leftPadded(to: 13),
          "\(row.barcodeRequests)".leftPadded(to: 12),
          "\(format(Double(row.barcodeRequests), 0)) + \(format(Double(row.codeRequests) / 10, 1))".leftPadded(to: 26),
          "\(format(row.passMinutes, 1)) → \(format(row.passMinutes + seconds / 60, 1))".leftPadded(to: 20),
        ].joined(separator: " "))
    }
    print(
      "\nordinary night (one day of the window, mean of 30):  rows asked, requests (most), seconds at the real pace")
    for row in rows {
      print(
        "\(row.label.padding(toLength: 20, withPad: " ", startingAt: 0)) \(format(row.ordinaryRows, 1)) rows, "
          + "\(format(row.ordinaryRequests, 1)) requests (most \(row.ordinaryMost)), about "
          + "\(format(row.ordinaryRequests, 0)) s")
    }
    print("\nnot new music in the main list, before the barcodes were asked → after; studio look-alikes hidden")
    for row in rows {
      print(
        "\(row.label.padding(toLength: 20, withPad: " ", startingAt: 0)) \(row.noiseInMainBefore) → "
          + "\(row.noiseInMainAfter) of \(row.noise) (\(format(100 * Double(row.noiseInMainAfter) / Double(max(1, row.noise)), 1)) %); "
          + "\(row.lookalikesHidden) of \(row.lookalikes) look-alikes hidden")
    }
  }

  static func measure(_ artists: Int, _ albums: Int, newChance: Double, directory: String) async throws -> Row {
    let library = try CatalogBenchmark.library(artists: artists, albums: albums, directory: directory)
    let today = CalendarDay(daysSinceEpoch: Int(ProvidersBenchmark.firstNight.timeIntervalSince1970 / 86_400))
    var options = JointWorld.Options(seed: 1, today: today, newReleaseChance: newChance)
    // About a third of what a night lists is not new music, as the reports that prompted this show; a studio title
    // that only looks like noise for one artist in thirty.
    options.noise = .real
    options.noise.chance = 0.5 * (newChance * 1.25 + options.upcomingReleaseChance)
    options.noise.lookalikeChance = 1.0 / 30
    let world = JointWorld(library: library, options: options)
    var row = Row(label: "\(artists) / \(albums)")
    try await world.serve { served in
      var servers: [CatalogName: FakeCatalogServer] = [:]
      for (catalog, server) in served { servers[CatalogName(catalog.rawValue)] = server }
      try await servers["deezer"]?.setKnobs(FakeKnobs { $0.quota = .null })
      let store = try ProvidersBenchmark.freshStore(directory)
      var results: [CatalogResult] = []
      var providers: [CatalogName: any CatalogProvider] = [:]
      let finder = FinderOptions(today: today, days: 30)
      for name in searched {
        guard let definition = ProviderRegistry.standard.named(name), let server = servers[name] else { continue }
        let pass = ProvidersBenchmark.pass(definition, server, store, .infinity, at: 0)
        providers[name] = pass.provider
        var options = finder
        options.catalogGroupsEditions = definition.groupsEditions
        results.append(
          CatalogResult(
            catalog: name, linkTitle: definition.linkTitle, outcome: try await pass.run(library), options: options))
      }
      let passRequests = try await ListenBenchmark.requests(of: searched, servers)
      row.passMinutes = passRequests.map { Double($1) / ListenBenchmark.pace($0) }.max() ?? 0
      let findings = NightOutcome(results).findings(owned: library.albumsByArtist())
      // Judged: every release a list could show; asked about: those a list does show (a version is known by its title).
      let judged = findings.filter { $0.category.isListed && $0.category != .edition }
      let listed = mostPlayedFirst(judged.filter(finder.placements.lists), library)
      row.rows = listed.count
      tally(judged, world, &row, before: true)
      let result = await check(providers, store).records(for: listed)
      let typed = BarcodeCheck.applying(result.records, to: listed)
      tally(typed + judged.filter { !finder.placements.lists($0) }, world, &row, before: false)
      row.alsoOut = typed.count { finder.placements.placement(of: $0) == .also }
      row.asked = listed.count { !$0.links.contains { $0.catalog == "musicbrainz" } }
      let counted = try await ListenBenchmark.requests(of: searched, servers)
      row.codeRequests = counted["deezer", default: 0] - passRequests["deezer", default: 0]
      row.barcodeRequests = counted["musicbrainz", default: 0] - passRequests["musicbrainz", default: 0]
      try await ordinary(listed, providers, directory: directory, &row)
    }
    return row
  }

  /// The check a night makes: MusicBrainz asked by barcode, the codes asked of Deezer.
  static func check(_ providers: [CatalogName: any CatalogProvider], _ store: StateStore) -> BarcodeCheck {
    var sources: [CatalogName: any GTINSource] = [:]
    if let deezer = providers["deezer"]?.gtins { sources["deezer"] = deezer }
    let gtins = ReleaseGTINs(sources: sources, store: store, now: ProvidersBenchmark.firstNight)
    let source = providers["musicbrainz"]?.barcodeTypes ?? Unasked()
    return BarcodeCheck(
      catalog: "musicbrainz", source: source, gtins: gtins, store: store, now: ProvidersBenchmark.firstNight)
  }

  /// One day of the window at a time, each asked of a fresh state as the night after it came out asks it: the mean
  /// and the most requests.
  static func ordinary(
    _ listed: [Finding], _ providers: [CatalogName: any CatalogProvider], directory: String, _ row: inout Row
  ) async throws {
    var total = 0
    var rows = 0
    var most = 0
    let byDay = Dictionary(grouping: listed) { $0.release.releaseDate?.description ?? "" }
    let days = byDay.keys.filter { !$0.isEmpty }.sorted().suffix(30)
    for day in days {
      let store = try ProvidersBenchmark.freshStore(directory)
      let result = await check(providers, store).records(for: byDay[day] ?? [])
      total += result.requests
      most = max(most, result.requests)
      rows += (byDay[day] ?? []).count { !$0.links.contains { $0.catalog == "musicbrainz" } }
    }
    row.ordinaryRows = Double(rows) / Double(max(1, days.count))
    row.ordinaryRequests = Double(total) / Double(max(1, days.count))
    row.ordinaryMost = most
  }

  /// How many of the world's noise releases the main list holds, and how many look-alikes it does not.
  static func tally(_ findings: [Finding], _ world: JointWorld, _ row: inout Row, before: Bool) {
    let placements = ClassPlacements()
    var inMain = 0
    var noise = 0
    var lookalikes = 0
    var hidden = 0
    for finding in findings {
      let release = finding.links.lazy.compactMap { link in
        JointWorld.Catalog(rawValue: link.catalog.rawValue).flatMap {
          world.release(in: $0, id: link.release.id.rawValue)
        }
      }.first
      guard let release else { continue }
      let main = placements.placement(of: finding) == .main
      if release.lookalike {
        lookalikes += 1
        if !main { hidden += 1 }
      } else if [.live, .remix, .compilation, .reissue, .version].contains(release.releaseClass) {
        noise += 1
        if main { inMain += 1 }
      }
    }
    row.noise = noise
    row.lookalikes = lookalikes
    if before {
      row.noiseInMainBefore = inMain
    } else {
      row.noiseInMainAfter = inMain
      row.lookalikesHidden = hidden
    }
  }

  static func mostPlayedFirst(_ findings: [Finding], _ library: OwnedLibrary) -> [Finding] {
    var ranks: [ArtistKey: Int] = [:]
    for (rank, artist) in library.artists.enumerated() where ranks[artist.key] == nil { ranks[artist.key] = rank }
    return findings.enumerated().sorted {
      (ranks[$0.element.artist.key] ?? Int.max, $0.offset) < (ranks[$1.element.artist.key] ?? Int.max, $1.offset)
    }.map(\.element)
  }

  /// A typing catalog that is never there: what a night without MusicBrainz would ask.
  struct Unasked: BarcodeTypeSource {
    var requestsPerMinute: Double { 60 }
    var barcodesPerQuestion: Int { 25 }
    func records(of gtins: [GTIN]) async throws(CatalogError) -> (records: [GTIN: CatalogRelease], requests: Int) {
      ([:], 0)
    }
  }
}
