import Basics
import Catalog
import Fixtures
import Foundation
import HTTP
import Identity
import MusicLibrary
import TestSupport
import Testing

/// The 300-artist library the joint worlds are made from, generated and read once for every test here.
private enum JointLibrary {
  static let today = CalendarDay(year: 2026, month: 11, day: 29) ?? CalendarDay(daysSinceEpoch: 0)

  static let shared = Result<OwnedLibrary, any Error> {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "deepcut-joint-\(UUID().uuidString).xml"
    ).path
    defer { try? FileManager.default.removeItem(atPath: path) }
    _ = try SyntheticLibrary.write(GeneratorOptions(artists: 300, albums: 900, seed: 11), to: path)
    return try LibraryReader.read(path: path).library
  }

  /// The library, made on a thread of its own the first time: a test that met a `static let` still being made would
  /// block a thread of the shared pool until it is done.
  static func library() async throws -> OwnedLibrary {
    try await onAThreadOfItsOwn { try shared.get() }
  }

  static func world(seed: UInt64 = 1) async throws -> JointWorld {
    JointWorld(library: try await library(), today: today, seed: seed)
  }
}

/// The GS1 check, written here again rather than taken from the world it checks.
private func hasValidCheckDigit(_ gtin: String) -> Bool {
  let digits = gtin.compactMap(\.wholeNumberValue)
  guard digits.count == gtin.count, [8, 12, 13, 14].contains(digits.count) else { return false }
  let sum = digits.reversed().enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 1 : 3) }
  return sum % 10 == 0
}

private func canonicalJSON(_ world: FakeWorld) throws -> Data {
  try world.json()
}

@Suite struct JointWorldTests {
  @Test func theSameSeedMakesTheSameWorldAndAnotherAnother() async throws {
    let first = try await JointLibrary.world(seed: 7)
    let again = try await JointLibrary.world(seed: 7)
    let other = try await JointLibrary.world(seed: 8)
    #expect(first.releases == again.releases)
    #expect(first.artists == again.artists)
    for catalog in JointWorld.Catalog.allCases {
      #expect(try canonicalJSON(first.world(for: catalog)) == canonicalJSON(again.world(for: catalog)))
      #expect(try canonicalJSON(first.world(for: catalog)) != canonicalJSON(other.world(for: catalog)))
    }
    #expect(first.releases != other.releases)
  }

  @Test func eachCatalogLacksItsShareOfTheNewAndUpcomingReleases() async throws {
    let world = try await JointLibrary.world()
    let judged = world.releases([.new, .upcoming])
    #expect(judged.count > 150)
    #expect(world.releases([.new]).count > 100 && world.releases([.upcoming]).count > 25)
    for (catalog, rate) in JointWorld.Options.realMissRates {
      let missing = judged.count { !$0.isHeld(by: catalog) }
      #expect(abs(Double(missing) / Double(judged.count) - rate) <= 0.5 / Double(judged.count), "\(catalog)")
      #expect(world.missRate(of: catalog) == Double(missing) / Double(judged.count))
    }
    // Each catalog's misses are its own: some releases only one catalog lacks, few that all three do.
    let lackedByAll = judged.count { !$0.isHeldByAny }
    #expect(lackedByAll < judged.count / 50 + 2)
    #expect(world.releasesAnyCatalogHas().count == judged.count - lackedByAll)
    #expect(world.pairs().count == judged.reduce(0) { $0 + $1.listings.count })
    #expect(judged.contains { $0.isHeld(by: .iTunes) && $0.isHeld(by: .deezer) && !$0.isHeld(by: .musicBrainz) })
    #expect(judged.contains { !$0.isHeld(by: .iTunes) && $0.isHeld(by: .deezer) })

    var options = JointWorld.Options(today: JointLibrary.today, missRates: [.deezer: 0.5, .musicBrainz: 1])
    options.seed = 3
    let configured = JointWorld(library: try await JointLibrary.library(), options: options)
    #expect(abs(configured.missRate(of: .deezer) - 0.5) <= 0.01)
    #expect(configured.missRate(of: .musicBrainz) == 1 && configured.missRate(of: .iTunes) == 0)
  }

  @Test func everyTitleFoldsToTheReleasesKeyWithTheKindItsCatalogTypes() async throws {
    let world = try await JointLibrary.world()
    var differing = 0
    var respelledEditions = 0
    for release in world.releases {
      for (catalog, listing) in release.listings {
        let read = CatalogRelease(
          id: CatalogReleaseID(listing.id), artistName: release.artistName, title: listing.title,
          releaseDate: listing.releaseDate,
          kind: listing.typedKind)
        #expect(read.key == release.key, "\(catalog) \(listing.title) for \(release.title)")
        #expect(listing.key == release.key)
        if catalog == .iTunes {
          #expect(listing.typedKind == nil && AlbumKey(listing.title).kind == release.kind)
        } else {
          #expect(listing.typedKind == release.kind)
          #expect(!listing.title.hasSuffix(" - Single") && !listing.title.hasSuffix(" - EP"))
        }
      }
      let titles = Set(release.listings.values.map(\.title))
      if titles.count > 1 { differing += 1 }
      // Beyond case and "&": the edition's words.
      let spellings = Set(titles.map { $0.lowercased().replacingOccurrences(of: " & ", with: " and ") })
      if release.key.isEdition, spellings.count > 1 { respelledEditions += 1 }
    }
    // The catalogs do write titles differently: the kind, case, "&" and edition words.
    #expect(differing > world.releases.count / 4)
    #expect(respelledEditions > 5)
    let deezerTitles = world.releases.compactMap { $0.listings[.deezer]?.title }
    #expect(deezerTitles.contains { $0 == $0.lowercased() && $0 != $0.uppercased() })
    #expect(
      world.releases.contains { release in
        let titles = release.listings.values.map(\.title)
        return titles.contains { $0.contains(" & ") } && titles.contains { $0.contains(" and ") }
      })
    let editions = world.releases([.new, .upcoming]).filter { $0.editionOf != nil }
    #expect(!editions.isEmpty && editions.allSatisfy { $0.key.isEdition && $0.kind == .album })
  }

  @Test func everyGTINHasAValidCheckDigitAndNamesOneRelease() async throws {
    let world = try await JointLibrary.world()
    var gtins: [String] = []
    for release in world.releases {
      gtins.append(release.gtin)
      if let clean = release.cleanGTIN { gtins.append(clean) }
      #expect(release.gtin.count == 12 || (release.gtin.count == 13 && !release.gtin.hasPrefix("0")))
      for listing in release.listings.values {
        if let gtin = listing.gtin { #expect(hasValidCheckDigit(gtin)) }
        if let gtin = listing.cleanTwin?.gtin { #expect(hasValidCheckDigit(gtin)) }
      }
      #expect(release.listings[.iTunes].map { $0.gtin == release.gtin } ?? true)
      #expect(release.listings[.musicBrainz].map { $0.gtin == nil && $0.cleanTwin == nil } ?? true)
    }
    #expect(gtins.allSatisfy(hasValidCheckDigit))
    #expect(gtins.allSatisfy(JointWorld.GTIN.isValid))
    #expect(Set(gtins.compactMap { Int($0) }).count == gtins.count)
    #expect(!JointWorld.GTIN.isValid("602445868163") && JointWorld.GTIN.isValid("602445868162"))
    #expect(JointWorld.GTIN.padded("602445868162") == "00602445868162")

    // Most iTunes artwork names the GTIN; Deezer now and then gives another edition's.
    let iTunes = world.releases.compactMap { $0.listings[.iTunes] }
    let named = Double(iTunes.count { $0.gtinInList }) / Double(iTunes.count)
    #expect(named > 0.75 && named < 0.95)
    let deezer = world.releases.filter { $0.isHeld(by: .deezer) }
    #expect(deezer.allSatisfy { $0.listings[.deezer]?.gtin != nil })
    #expect(deezer.count { $0.listings[.deezer]?.gtin != $0.gtin } < deezer.count / 10)
    #expect(world.releases.contains { $0.cleanGTIN != nil && $0.listings[.deezer]?.cleanTwin != nil })
  }

  @Test func theOwnedAlbumsAreInEveryCatalogAsOwned() async throws {
    let library = try await JointLibrary.library()
    let world = try await JointLibrary.world()
    let owned = world.releases([.owned])
    var expected = 0
    for (artist, albums) in library.albumsByArtist() {
      var keys = Set<AlbumKey>()
      for album in albums where keys.insert(album.key).inserted {
        expected += 1
        let release = owned.first { $0.artist == artist && $0.key == album.key }
        #expect(release?.owned == album, "\(album.title)")
        for catalog in JointWorld.Catalog.allCases {
          #expect(release?.listings[catalog]?.key == album.key, "\(catalog) \(album.title)")
        }
      }
    }
    #expect(owned.count == expected && expected > 500)
    #expect(owned.allSatisfy { $0.listings.count == 3 && $0.releaseDate < JointLibrary.today.adding(days: -30) })
  }

  @Test func catalogsDateSomeReleasesADayOrTwoLaterButNoneOutOfItsStatus() async throws {
    let world = try await JointLibrary.world()
    let today = JointLibrary.today
    var drifted = 0
    for release in world.releases {
      let dates = release.listings.values.map(\.releaseDate)
      #expect(dates.allSatisfy { (0...2).contains($0 - release.releaseDate) })
      if Set(dates).count > 1 { drifted += 1 }
      switch release.status {
      case .new: #expect(dates.allSatisfy { (today.adding(days: -29)...today).contains($0) })
      case .upcoming: #expect(dates.allSatisfy { $0 > today })
      case .owned, .older: #expect(dates.allSatisfy { $0 < today.adding(days: -30) })
      }
    }
    #expect(drifted > world.releases.count / 10)
  }

  @Test func theWorldsHoldEveryListingOnceAndTheTwinsBesideThem() async throws {
    let world = try await JointLibrary.world()
    func ids(_ catalog: JointWorld.Catalog) -> [String] {
      world.releases.compactMap { $0.listings[catalog] }.flatMap { [$0.id] + ($0.cleanTwin.map { [$0.id] } ?? []) }
    }
    let iTunesAlbums = (world.iTunesWorld["artists"].array ?? []).flatMap { $0["albums"].array ?? [] }
    #expect(iTunesAlbums.compactMap { $0["collectionId"].int.map(String.init) }.sorted() == ids(.iTunes).sorted())
    let deezerAlbums = (world.deezerWorld["artists"].array ?? []).flatMap { $0["albums"].array ?? [] }
    #expect(deezerAlbums.compactMap { $0["id"].int.map(String.init) }.sorted() == ids(.deezer).sorted())
    let groups = (world.musicBrainzWorld["artists"].array ?? []).flatMap { $0["release-groups"].array ?? [] }
    #expect(groups.compactMap { $0["id"].string }.sorted() == ids(.musicBrainz).sorted())
    #expect(Set(ids(.iTunes)).count == ids(.iTunes).count && Set(ids(.musicBrainz)).count == ids(.musicBrainz).count)
    // The stores list a clean twin as an album of its own; MusicBrainz keeps both in one release group.
    for catalog in [JointWorld.Catalog.iTunes, .deezer] {
      let release = try #require(world.releases.first { $0.listings[catalog]?.cleanTwin != nil })
      let listing = try #require(release.listings[catalog])
      #expect(world.release(in: catalog, id: listing.id) == release)
      #expect(world.release(in: catalog, id: listing.cleanTwin?.id ?? "") == release)
      #expect(release.listings[.musicBrainz].map { $0.cleanTwin == nil } ?? true)
    }
  }

  /// One release held by every catalog, found through each fake in its own wire format.
  @Test func oneReleaseIsFoundInEveryCatalogsWireFormat() async throws {
    let world = try await JointLibrary.world()
    let release = try #require(
      world.releases([.new]).first { release in
        release.listings.count == 3 && release.listings[.deezer]?.gtin == release.gtin
          && release.listings[.iTunes]?.gtinInList == true && release.kind != .album
      })
    let artist = try #require(world.artists.first { $0.key == release.artist })
    let client = makeClient { $0.userAgent = Product.userAgent(contact: "tests@example.org") }
    func object(_ data: Data) throws -> [String: Any] {
      try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    try await FakeCatalogServer.with(.itunes, world: world.iTunesWorld) { iTunes in
      let listing = try #require(release.listings[.iTunes])
      let byUPC = try await client.get(iTunes.url("/lookup", ["upc": release.gtin, "country": "US"]))
      #expect(String(decoding: byUPC, as: UTF8.self).hasPrefix("\n\n\n{\n \"resultCount\":1,\n \"results\": [\n"))
      let found = try #require((try object(byUPC)["results"] as? [[String: Any]])?.first)
      #expect(found["collectionId"] as? Int == Int(listing.id))
      #expect(found["collectionName"] as? String == listing.title)
      #expect(AlbumKey(listing.title).kind == release.kind)
      #expect(found["releaseDate"] as? String == "\(listing.releaseDate)T07:00:00Z")
      #expect(
        (found["artworkUrl100"] as? String)?.hasSuffix("/\(JointWorld.GTIN.padded(release.gtin)).rgb.jpg/100x100bb.jpg")
          == true)
      let albums = try await client.get(
        iTunes.url("/lookup", ["id": artist.ids[.iTunes] ?? "", "entity": "album", "limit": "200"]))
      let listed = try #require(try object(albums)["results"] as? [[String: Any]])
      #expect(listed.contains { $0["collectionId"] as? Int == Int(listing.id) })

      try await FakeCatalogServer.with(.init(catalog: "deezer"), world: world.deezerWorld) { deezer in
        let listing = try #require(release.listings[.deezer])
        let album = try object(try await client.get(deezer.url("/album/upc:\(release.gtin)")))
        #expect(album["id"] as? Int == Int(listing.id))
        #expect(album["upc"] as? String == release.gtin)
        #expect(album["title"] as? String == listing.title)
        #expect(album["record_type"] as? String == release.kind.rawValue)
        #expect(album["release_date"] as? String == listing.releaseDate.description)
        let page = try object(
          try await client.get(deezer.url("/artist/\(artist.ids[.deezer] ?? "")/albums", ["limit": "100"])))
        let items = try #require(page["data"] as? [[String: Any]])
        let item = try #require(items.first { $0["id"] as? Int == Int(listing.id) })
        #expect(item["upc"] == nil && item["title"] as? String == listing.title)

        try await FakeCatalogServer.with(.musicbrainz, world: world.musicBrainzWorld) { musicBrainz in
          let listing = try #require(release.listings[.musicBrainz])
          let browse = try object(
            try await client.get(
              musicBrainz.url(
                "/ws/2/release-group", ["artist": artist.ids[.musicBrainz] ?? "", "limit": "100", "fmt": "json"])))
          let groups = try #require(browse["release-groups"] as? [[String: Any]])
          let group = try #require(groups.first { $0["id"] as? String == listing.id })
          #expect(group["title"] as? String == listing.title)
          #expect(group["primary-type"] as? String == (release.kind == .ep ? "EP" : "Single"))
          #expect(group["first-release-date"] as? String == listing.releaseDate.description)
          #expect(group["barcode"] == nil)
        }
      }
    }
  }
}

/// A world with what catalogs list beside new music: every class in every catalog as real ones hold it, MusicBrainz
/// with its types for about seven in ten, reissues with and without their original listed, titles that say nothing
/// only where some catalog's evidence does.
@Suite struct NoiseWorldTests {
  static func world() async throws -> JointWorld {
    var options = JointWorld.Options(today: JointLibrary.today)
    options.noise = .real
    options.noise.chance = 0.6
    options.noise.lookalikeChance = 0.2
    return JointWorld(library: try await JointLibrary.library(), options: options)
  }

  @Test func everyCatalogListsEveryClassAndMusicBrainzTypesMostOfThem() async throws {
    let world = try await Self.world()
    let noise = world.releases(of: [.live, .remix, .compilation, .reissue, .version, .soundtrack])
    #expect(noise.count > 100)
    for releaseClass in [ReleaseClass.live, .remix, .compilation, .reissue, .version, .soundtrack] {
      let ofClass = noise.filter { $0.releaseClass == releaseClass }
      for catalog in JointWorld.Catalog.allCases {
        #expect(ofClass.contains { $0.isHeld(by: catalog) }, "no \(releaseClass) in \(catalog)")
      }
    }
    let held = Double(noise.count(where: \.heldByMusicBrainz)) / Double(noise.count)
    #expect((0.6...0.8).contains(held), "MusicBrainz holds \(held) of the noise")
    // Its types where it holds them; a reissue filed in its original's group, dated by it, never in the window.
    for release in noise where release.releaseClass == .live {
      #expect(release.listings[.musicBrainz].map { $0.secondaryTypes == ["Live"] } ?? true)
    }
    let reissues = noise.filter { $0.releaseClass == .reissue }
    for reissue in reissues {
      let original = try #require(reissue.original.map { world.releases[$0] })
      #expect(original.status == .older && original.key.base == reissue.key.base)
      if let group = reissue.listings[.musicBrainz] {
        #expect(group.releaseDate == original.releaseDate && group.title == original.title)
      }
    }
    #expect(reissues.contains { world.releases[$0.original ?? 0].listedByStores })
    #expect(reissues.contains { !world.releases[$0.original ?? 0].listedByStores })
  }

  @Test func aTitleSaysNothingOnlyWhereACatalogsEvidenceDoes() async throws {
    let world = try await Self.world()
    for release in world.releases(of: [.live, .remix, .compilation, .reissue, .version, .soundtrack]) {
      guard TitleGrammar.classify(release.title, kind: release.kind) == nil else { continue }
      let listed = release.original.map { world.releases[$0].listedByStores } ?? false
      #expect(
        release.heldByMusicBrainz || release.typedCompile || listed, "\(release.title) [\(release.releaseClass)]")
    }
    let lookalikes = world.releases(of: [.studio], lookalikes: true)
    #expect(lookalikes.count > 20)
    #expect(lookalikes.allSatisfy { TitleGrammar.classify($0.title, kind: $0.kind) == nil })
    #expect(lookalikes.contains { $0.typedCompile && $0.heldByMusicBrainz })
    // Without noise asked for, no new title of the world says a class (an edition of an owned album may: it is an
    // edition whatever it is).
    let plain = try await JointLibrary.world()
    let fresh = plain.releases([.new, .upcoming]).filter { $0.editionOf == nil }
    #expect(fresh.allSatisfy { TitleGrammar.classify($0.title, kind: $0.kind) == nil })
  }

  @Test func theFakesWorldsCarryTheTypesAndTheBarcodes() async throws {
    let world = try await Self.world()
    let deezer = (world.deezerWorld["artists"].array ?? []).flatMap { $0["albums"].array ?? [] }
    #expect(deezer.contains { $0["record_type"].string == "compile" })
    let groups = (world.musicBrainzWorld["artists"].array ?? []).flatMap { $0["release-groups"].array ?? [] }
    #expect(groups.contains { $0["secondary-types"] == ["Remix"] })
    #expect(groups.allSatisfy { $0["releases"][0]["barcode"].string != nil })
  }
}
