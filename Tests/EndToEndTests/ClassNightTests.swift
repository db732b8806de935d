import Catalog
import Fixtures
import Foundation
import MusicLibrary
import Report
import TestSupport
import Testing

/// A night over catalogs that list what real ones list beside new music — live albums, remixes, best-ofs,
/// soundtracks, reissues with and without their original in the stores' lists, re-cut singles, and studio releases
/// whose titles only look like those — through the real binary against the fakes: the main list holds new studio
/// music and soundtracks (every look-alike among them), what is also out is one line each with its class named,
/// re-cut versions are nowhere, and the union is as before: everything found, once, nothing owned.
struct ClassNightTests {
  /// A world where half the artists have a release that is not new music, and a fifth a studio look-alike.
  static func setup(seed: UInt64 = 1) async throws -> JointNightTests.Setup {
    try await JointNightTests.setup { options in
      options.seed = seed
      options.noise = .real
      options.noise.chance = 0.5
      options.noise.lookalikeChance = 0.2
    }
  }

  /// Where each release of the world is listed tonight, by its id: the section, and the row.
  struct Listed {
    var section: [Int: String] = [:]
    var rows: [Int: ReportModel.Release] = [:]
    var twice: [Int] = []
    var wrong: [String] = []
  }

  static func listed(_ json: String, in world: JointWorld) throws -> Listed {
    let report = try ReportModel(json: json)
    var listed = Listed()
    let sections = [
      ("new", report.new), ("upcoming", report.upcoming), ("editions", report.editions), ("alsoOut", report.alsoOut),
      ("backfill", report.backfill),
    ]
    for (section, rows) in sections {
      for row in rows {
        let ids = Set(
          row.links.compactMap { link in
            JointWorld.Catalog(rawValue: link.catalog.rawValue).flatMap {
              world.release(in: $0, id: link.id.rawValue)?.id
            }
          })
        if ids.count != 1 { listed.wrong.append("\(row.title): \(ids.count) releases") }
        for id in ids {
          if listed.section.updateValue(section, forKey: id) != nil { listed.twice.append(id) }
          listed.rows[id] = row
        }
      }
    }
    return listed
  }

  @Test func theMainListIsNewMusicAndTheRestIsOneGlanceAway() async throws {
    let setup = try await Self.setup()
    defer { try? FileManager.default.removeItem(atPath: setup.home) }
    let world = setup.world
    try await world.serve { servers in
      let night = try await JointNightTests().report(setup, servers, provider: "deezer,musicbrainz")
      #expect(night.status == 0, "\(night.stderr)")
      let listed = try Self.listed(night.stdout, in: world)
      // What tonight's catalogs list in the window: MusicBrainz files a reissue in its original's group, out years ago.
      let held = { (release: JointWorld.Release) in
        release.listings[.deezer] != nil || (release.listings[.musicBrainz] != nil && release.original == nil)
      }
      func section(_ release: JointWorld.Release) -> String { listed.section[release.id] ?? "none" }
      func described(_ releases: [JointWorld.Release]) -> String {
        releases.map { release in
          let listings = release.listings.map { "\($0.key): \($0.value.title) \($0.value.releaseDate)" }.sorted()
          return
            "\(release.title) [\(release.releaseClass), \(release.status) \(release.releaseDate)] in \(section(release)) "
            + "(\(listings.joined(separator: ", ")))"
        }.joined(separator: "; ")
      }
      #expect(
        listed.twice.isEmpty && listed.wrong.isEmpty,
        "twice: \(described(listed.twice.map { world.releases[$0] })); wrong: \(listed.wrong)")
      let main: Set = ["new", "upcoming"]

      // Not new music: at most 2 % in the main list.
      let noise = world.releases(of: [.live, .remix, .compilation, .reissue, .version]).filter(held)
      let inMain = noise.filter { main.contains(section($0)) }
      #expect(noise.count >= 40, "a world of \(noise.count) noise releases is too small to judge")
      #expect(
        Double(inMain.count) <= 0.02 * Double(noise.count), "\(inMain.count) of \(noise.count): \(described(inMain))")
      // Every studio look-alike and soundtrack in the main list, named as what it is.
      let lookalikes = world.releases(of: [.studio], lookalikes: true).filter(held)
      let hidden = lookalikes.filter { !main.contains(section($0)) }
      #expect(lookalikes.count >= 20 && hidden.isEmpty, "\(lookalikes.count) look-alikes; hidden: \(described(hidden))")
      let soundtracks = world.releases(of: [.soundtrack]).filter(held)
      #expect(soundtracks.allSatisfy { main.contains(section($0)) }, "\(described(soundtracks))")
      #expect(soundtracks.allSatisfy { listed.rows[$0.id]?.classLabel == "soundtrack" })
      // Live albums, remixes, best-ofs and reissues also out, each with its class; versions nowhere.
      let also = noise.filter { $0.releaseClass != .version }
      let misplaced = also.filter { section($0) != "alsoOut" }
      #expect(Double(misplaced.count) <= 0.02 * Double(also.count), "\(described(misplaced))")
      for release in also where section(release) == "alsoOut" {
        #expect(listed.rows[release.id]?.releaseClass == release.releaseClass, "\(release.title)")
      }
      let versions = noise.filter { $0.releaseClass == .version }
      #expect(versions.allSatisfy { section($0) == "none" }, "\(described(versions))")
      // A reissue names the album it reissues wherever a catalog tells it.
      let reissues = also.filter { $0.releaseClass == .reissue && section($0) == "alsoOut" }
      let named = reissues.filter { release in
        guard let original = release.original.map({ world.releases[$0] }) else { return false }
        return listed.rows[release.id]?.reissueOf
          == OriginalRelease(title: original.title, year: original.releaseDate.year)
      }
      #expect(Double(named.count) >= 0.6 * Double(reissues.count), "\(named.count) of \(reissues.count) named")
      // The union as before: the new music any catalog holds is all listed.
      let studio = world.releases(of: [.studio]).filter(held) + lookalikes
      let found = studio.filter { section($0) != "none" }
      #expect(Double(found.count) >= 0.995 * Double(studio.count), "\(found.count) of \(studio.count) found")
    }
  }

  @Test func theSameNightAgainAsksNoBarcodeAndAPersonMayPlaceAClassElsewhere() async throws {
    let setup = try await Self.setup(seed: 2)
    defer { try? FileManager.default.removeItem(atPath: setup.home) }
    let world = setup.world
    try await world.serve { servers in
      let musicBrainz = try #require(servers[.musicBrainz])
      let first = try await JointNightTests().report(setup, servers, provider: "deezer,musicbrainz")
      #expect(first.status == 0, "\(first.stderr)")
      let barcodes = { () async throws -> Int in
        try await musicBrainz.requestLog().count { $0.query["query"]?.contains("barcode:") == true }
      }
      let asked = try await barcodes()
      // Two searches a page of 25 barcodes at most: a few requests, not one a release.
      let alsoOut = try ReportModel(json: first.stdout).alsoOut.count
      #expect(asked >= 1 && asked <= alsoOut / 10 + 2, "\(asked) barcode searches for \(alsoOut) rows also out")
      try await musicBrainz.clearLog()
      let again = try await JointNightTests().report(setup, servers, provider: "deezer,musicbrainz")
      let askedAgain = try await barcodes()
      #expect(again.status == 0 && askedAgain == 0)
      #expect(try ReportModel(json: again.stdout).alsoOut == (try ReportModel(json: first.stdout).alsoOut))

      // Live albums in the main list, versions under Also out, best-ofs nowhere: one setting says it.
      let placed = try await JointNightTests().report(
        setup, servers, provider: "deezer,musicbrainz", extra: ["--classes", "live=main,version=also,compilation=none"])
      #expect(placed.status == 0, "\(placed.stderr)")
      let report = try ReportModel(json: placed.stdout)
      #expect(report.new.contains { $0.releaseClass == .live } || report.upcoming.contains { $0.releaseClass == .live })
      #expect(report.alsoOut.contains { $0.releaseClass == .version })
      #expect(!report.alsoOut.contains { $0.releaseClass == .live || $0.releaseClass == .compilation })
      #expect(!(report.new + report.upcoming).contains { $0.releaseClass == .compilation })
    }
  }
}
