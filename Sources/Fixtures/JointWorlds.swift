internal import Basics
public import Catalog
public import Identity
public import MusicLibrary

/// One set of releases held by three catalogs the way real ones differ, and the truth of it, for the tests of a
/// night that asks several catalogs and joins what they found into one row per release.
///
/// From a library it makes, once, the releases of its artists: the owned albums as back catalog, releases of the
/// last 30 days and announced ones. Each catalog then holds them in its own way: it lacks some of the new and
/// upcoming ones (exactly the configured share of them, chosen at random), writes titles its own way (iTunes puts
/// the kind in the title as " - Single" or " - EP" where Deezer and MusicBrainz type it; case, "&" or "and", and
/// edition words such as "(Deluxe Edition)" or "(Deluxe)" differ, but only so that the title still folds to the
/// same ``AlbumKey``), dates some a day or two later, lists explicit and clean versions side by side where
/// MusicBrainz keeps one release group, and knows each release's GTIN its own way: iTunes finds it by
/// `/lookup?upc=` and names it in most artwork paths, Deezer's `/album/{id}` carries it (and now and then another
/// edition's), MusicBrainz's release-group answers carry none.
///
/// ``iTunesWorld``, ``deezerWorld`` and ``musicBrainzWorld`` are the worlds the fakes in `Tests/Fakes` serve;
/// ``releases`` is the truth to measure a joint night against.
public struct JointWorld: Sendable {
  /// A catalog the world is served by.
  public enum Catalog: String, CaseIterable, Sendable, Hashable, Codable {
    case iTunes = "itunes"
    case deezer
    case musicBrainz = "musicbrainz"
  }

  /// What a release is to the user, by its date (every catalog's date of it says the same) or because they own it.
  public enum Status: String, CaseIterable, Sendable, Hashable, Codable {
    /// Released in the last 30 days, today included.
    case new
    /// Released after today.
    case upcoming
    /// One of the library's albums, as back catalog.
    case owned
    /// Out years ago and not owned: back catalog a store lists (the album a reissue reissues).
    case older
  }

  /// How the world comes out. The same library and options always give the same world.
  public struct Options: Sendable, Equatable {
    public var seed: UInt64
    /// The night the world is made for: new releases are of the 30 days up to it, upcoming ones after it.
    public var today: CalendarDay
    /// The share of the new and upcoming releases each catalog lacks; exactly that share (rounded) of them.
    public var missRates: [Catalog: Double]
    /// The chance an artist has a release in the last 30 days; a second one comes with a quarter of it.
    public var newReleaseChance: Double
    /// The chance an artist has announced one.
    public var upcomingReleaseChance: Double
    /// Of the new and upcoming albums by an artist the user owns an album by, the share that is an edition of it.
    public var editionShare: Double
    /// The share of releases with explicit and clean versions.
    public var twinShare: Double
    /// The chance a catalog dates a release one or two days after its release date.
    public var dateDriftChance: Double
    /// The chance an iTunes artwork path does not name the GTIN (`…/source/100x100bb.jpg`).
    public var artworkWithoutGTINChance: Double
    /// The chance Deezer lists another edition's GTIN for a release.
    public var otherGTINChance: Double
    /// What catalogs list beside new music: live albums, remixes, best-ofs, reissues, re-cut versions, and studio
    /// titles that only look like them; none unless asked.
    public var noise = Noise.none

    /// The miss rates seen across catalogs: Deezer 5 %, iTunes 6 %, MusicBrainz 29 % of new and upcoming releases.
    public static let realMissRates: [Catalog: Double] = [.deezer: 0.05, .iTunes: 0.06, .musicBrainz: 0.29]

    public init(
      seed: UInt64 = 1, today: CalendarDay, missRates: [Catalog: Double] = Options.realMissRates,
      newReleaseChance: Double = 0.4, upcomingReleaseChance: Double = 0.15, editionShare: Double = 0.08,
      twinShare: Double = 0.08, dateDriftChance: Double = 0.15, artworkWithoutGTINChance: Double = 0.15,
      otherGTINChance: Double = 0.02
    ) {
      self.seed = seed
      self.today = today
      self.missRates = missRates
      self.newReleaseChance = newReleaseChance
      self.upcomingReleaseChance = upcomingReleaseChance
      self.editionShare = editionShare
      self.twinShare = twinShare
      self.dateDriftChance = dateDriftChance
      self.artworkWithoutGTINChance = artworkWithoutGTINChance
      self.otherGTINChance = otherGTINChance
    }
  }

  /// A library artist and its id in each catalog; every catalog knows every artist.
  public struct Artist: Sendable, Hashable {
    public var key: ArtistKey
    public var name: String
    public var ids: [Catalog: String]
  }

  /// The version of a release listed beside the explicit one.
  public struct Twin: Sendable, Hashable {
    public var id: String
    /// As ``Listing/gtin``.
    public var gtin: String?
  }

  /// How one catalog holds one release.
  public struct Listing: Sendable, Hashable {
    public var catalog: Catalog
    /// The catalog's id of the release: an iTunes collection id, a Deezer album id, a MusicBrainz release group.
    public var id: String
    /// The catalog's id of the artist it is listed under.
    public var artistID: String
    /// The title as this catalog writes it.
    public var title: String
    /// The kind as the catalog types it (`record_type`, `primary-type`); nil where only the title says it (iTunes).
    public var typedKind: ReleaseKind?
    public var releaseDate: CalendarDay
    /// The GTIN the catalog gives for it and finds it by (iTunes `/lookup?upc=`, Deezer `/album/upc:` and the
    /// `upc` of `/album/{id}`); usually the release's own, now and then another edition's on Deezer; nil where
    /// the catalog's answers carry none (MusicBrainz).
    public var gtin: String?
    /// Whether the release list itself names the GTIN (the iTunes artwork path), so no lookup is needed.
    public var gtinInList: Bool
    /// Whether this version carries the explicit advisory.
    public var isExplicit: Bool
    /// The clean version listed beside it, where the catalog lists both.
    public var cleanTwin: Twin?
    /// MusicBrainz's secondary types of its group ("Live"); empty where it has none, and on other catalogs.
    public var secondaryTypes: [String] = []
    /// Deezer types it `compile` (rightly for a best-of, now and then wrongly for a studio album).
    public var compile = false

    /// The key the project reads from what the catalog sends: the title's, with the kind the catalog types.
    public var key: AlbumKey {
      CatalogRelease(id: CatalogReleaseID(id), artistName: "", title: title, releaseDate: releaseDate, kind: typedKind)
        .key
    }
  }

  /// One release, whichever catalogs hold it.
  public struct Release: Sendable, Equatable, Identifiable {
    /// Its place in ``JointWorld/releases``.
    public var id: Int
    public var artist: ArtistKey
    public var artistName: String
    /// The title as the label gives it.
    public var title: String
    /// What every catalog's title of it folds to, with the kind the catalog types.
    public var key: AlbumKey
    public var kind: ReleaseKind
    public var status: Status
    /// The date as the label gives it; a catalog's may be a day or two later.
    public var releaseDate: CalendarDay
    /// Its GTIN (a 12-digit UPC or a 13-digit EAN), with a valid check digit; unique in the world.
    public var gtin: String
    /// The clean version's GTIN, where there are explicit and clean versions.
    public var cleanGTIN: String?
    public var trackCount: Int
    /// For a new or upcoming edition: the title of the owned album it repackages.
    public var editionOf: String?
    /// For an owned release: the library's album.
    public var owned: OwnedAlbum?
    /// The catalogs that hold it, and how.
    public var listings: [Catalog: Listing]
    /// What it is besides its kind: studio music unless the world made it noise.
    public var releaseClass: ReleaseClass = .studio
    /// A studio release whose title only looks like noise ("Live Forever"): it must stay in the main list.
    public var lookalike = false
    /// For a reissue: the release it reissues, which is in the world too (older, not owned).
    public var original: Int?
    /// For noise: whether MusicBrainz holds it (with its types; a reissue in its original's group).
    public var heldByMusicBrainz = true
    /// For an older release: whether the stores list it (a reissue's original, or not).
    public var listedByStores = true
    /// Deezer types it `compile`.
    public var typedCompile = false

    public func isHeld(by catalog: Catalog) -> Bool { listings[catalog] != nil }
    public var isHeldByAny: Bool { !listings.isEmpty }
  }

  /// A release as held by one catalog, for counting what a joint night has to find.
  public struct Pair: Sendable, Hashable {
    public var release: Int
    public var catalog: Catalog
  }

  public let options: Options
  /// In the library's listening order.
  public let artists: [Artist]
  public let releases: [Release]

  public init(library: OwnedLibrary, today: CalendarDay, seed: UInt64 = 1) {
    self.init(library: library, options: Options(seed: seed, today: today))
  }

  public init(library: OwnedLibrary, options: Options) {
    var builder = Builder(options: options)
    let artists = builder.artists(of: library)
    var releases = builder.releases(of: library, artists: artists)
    builder.addNoise(to: &releases, artists: artists)
    builder.list(&releases, artists: artists)
    builder.typeNoise(&releases)
    self.options = options
    self.artists = artists
    self.releases = releases
  }

  // MARK: - The truth, counted

  /// The releases of these statuses, every catalog's or none's.
  public func releases(_ statuses: Set<Status>) -> [Release] {
    releases.filter { statuses.contains($0.status) }
  }

  /// The releases of these statuses that at least one catalog holds: what a night asking every catalog can find.
  public func releasesAnyCatalogHas(_ statuses: Set<Status> = [.new, .upcoming]) -> [Release] {
    releases.filter { statuses.contains($0.status) && $0.isHeldByAny }
  }

  /// Every (release, catalog) where the catalog holds the release: what the catalog passes find before joining.
  public func pairs(_ statuses: Set<Status> = [.new, .upcoming]) -> [Pair] {
    releases.filter { statuses.contains($0.status) }.flatMap { release in
      Catalog.allCases.filter(release.isHeld).map { Pair(release: release.id, catalog: $0) }
    }
  }

  /// The share of the new and upcoming releases the catalog lacks, as the world came out.
  public func missRate(of catalog: Catalog) -> Double {
    let judged = releases([.new, .upcoming])
    guard !judged.isEmpty else { return 0 }
    return Double(judged.count { !$0.isHeld(by: catalog) }) / Double(judged.count)
  }

  /// The release a catalog lists under an id, its clean twin's id included.
  public func release(in catalog: Catalog, id: String) -> Release? {
    releases.first { release in
      guard let listing = release.listings[catalog] else { return false }
      return listing.id == id || listing.cleanTwin?.id == id
    }
  }
}

// MARK: - Making the world

extension JointWorld {
  /// Random streams, each its own so that one part of the world comes out the same whatever another draws.
  enum Stream: UInt64 {
    case plan = 101, gtin, listing, miss, ids, order, urls, noise
  }

  struct Builder {
    let options: Options
    var gtins: GTINMaker

    init(options: Options) {
      self.options = options
      gtins = GTINMaker(rng: SplitMix64(seed: options.seed, stream: Stream.gtin.rawValue))
    }

    func artists(of library: OwnedLibrary) -> [Artist] {
      library.artists.enumerated().map { index, artist in
        Artist(
          key: artist.key, name: artist.name,
          ids: [
            .iTunes: String(400_000_000 + index), .deezer: String(9_000_000 + index),
            .musicBrainz: JointWorld.uuid(index, kind: "3"),
          ])
      }
    }

    /// Every artist's owned albums (once per key), then what they released lately and announced.
    mutating func releases(of library: OwnedLibrary, artists: [Artist]) -> [Release] {
      let owned = library.albumsByArtist()
      var releases: [Release] = []
      for (index, artist) in artists.enumerated() {
        var rng = SplitMix64(seed: options.seed, stream: Stream.plan.rawValue, index: UInt64(index))
        var keys = Set<AlbumKey>()
        var bases = Set<String>()
        var albums: [OwnedAlbum] = []
        for album in owned[artist.key] ?? [] where keys.insert(album.key).inserted {
          bases.insert(album.key.base)
          albums.append(album)
          releases.append(
            Release(
              id: releases.count, artist: artist.key, artistName: artist.name, title: album.title, key: album.key,
              kind: album.key.kind, status: .owned, releaseDate: ownedDate(album, rng: &rng),
              gtin: gtins.make(), cleanGTIN: rng.chance(options.twinShare) ? gtins.make() : nil,
              trackCount: max(1, album.trackCount), editionOf: nil, owned: album, listings: [:]))
        }
        var statuses: [Status] = []
        if rng.chance(options.newReleaseChance) { statuses.append(.new) }
        if rng.chance(options.newReleaseChance / 4) { statuses.append(.new) }
        if rng.chance(options.upcomingReleaseChance) { statuses.append(.upcoming) }
        for status in statuses {
          var release = planned(status, by: artist, owning: albums, keys: &keys, bases: &bases, rng: &rng)
          release.id = releases.count
          releases.append(release)
        }
      }
      return releases
    }

    /// An owned album's date: in its year when the library has one, and never within 40 days of today, so no
    /// catalog's later date of it makes it new.
    private func ownedDate(_ album: OwnedAlbum, rng: inout SplitMix64) -> CalendarDay {
      let year = min(album.year ?? 2001, options.today.year)
      let month = rng.int(1...12)
      let date = CalendarDay(year: year, month: month, day: rng.int(1...28)) ?? options.today
      let latest = options.today.adding(days: -40)
      return date > latest ? latest.adding(days: -rng.int(0...200)) : date
    }

    private mutating func planned(
      _ status: Status, by artist: Artist, owning albums: [OwnedAlbum], keys: inout Set<AlbumKey>,
      bases: inout Set<String>, rng: inout SplitMix64
    ) -> Release {
      let date =
        status == .new ? options.today.adding(days: -rng.int(2...29)) : options.today.adding(days: rng.int(1...90))
      let plainAlbums = albums.filter { $0.key.kind == .album && !$0.key.isEdition }
      var title: String
      var key: AlbumKey
      var kind: ReleaseKind
      var trackCount: Int
      var editionOf: String?
      if !plainAlbums.isEmpty, rng.chance(options.editionShare),
        let edition = Self.edition(of: rng.pick(plainAlbums), keys: keys, rng: &rng)
      {
        (title, key, kind) = (edition.title, edition.key, .album)
        editionOf = edition.original.title
        trackCount = max(1, edition.original.trackCount) + rng.int(2...6)
      } else {
        kind = [ReleaseKind.album, .single, .ep][rng.weighted([50, 30, 20])]
        (title, key) = Self.freshTitle(kind, artist: artist.name, bases: bases, rng: &rng)
        trackCount = kind == .single ? rng.int(1...3) : kind == .ep ? rng.int(4...6) : rng.int(8...14)
      }
      keys.insert(key)
      bases.insert(key.base)
      return Release(
        id: 0, artist: artist.key, artistName: artist.name, title: title, key: key, kind: kind, status: status,
        releaseDate: date, gtin: gtins.make(), cleanGTIN: rng.chance(options.twinShare) ? gtins.make() : nil,
        trackCount: trackCount, editionOf: editionOf, owned: nil, listings: [:])
    }

    /// A title of its own: a base no other release of the artist has, so no owned album covers it (an owned album
    /// covers a single of its name), without edition words, and saying nothing of a class ("Live at the Harbour"
    /// would be a live album).
    static func freshTitle(
      _ kind: ReleaseKind, artist: String, bases: Set<String>, rng: inout SplitMix64
    ) -> (String, AlbumKey) {
      for attempt in 0..<60 {
        var title =
          kind == .single
          ? NameFactory.trackName(rng: &rng) : NameFactory.albumTitle(artist: artist, ordinal: 1, rng: &rng)
        if attempt >= 30 { title += " \(rng.int(2...99))" }
        let titled = AlbumKey(title)
        if titled.kind == .album, !titled.isEdition, !bases.contains(titled.base),
          TitleGrammar.classify(title, kind: kind) == nil
        {
          return (title, AlbumKey(base: titled.base, kind: kind))
        }
      }
      var number = 100
      while bases.contains(AlbumKey("Untitled \(number)").base) { number += 1 }
      let title = "Untitled \(number)"
      return (title, AlbumKey(base: AlbumKey(title).base, kind: kind))
    }

    /// A Deluxe, Expanded or Anniversary edition of an owned album, unless the artist has that one already.
    private static func edition(
      of original: OwnedAlbum, keys: Set<AlbumKey>, rng: inout SplitMix64
    ) -> (title: String, key: AlbumKey, original: OwnedAlbum)? {
      let title = original.title + " " + rng.pick(TitleVariants.editionSpellings).spellings[0]
      let key = AlbumKey(title)
      guard key.base == original.key.base, key.isEdition, key.kind == .album, !keys.contains(key) else { return nil }
      return (title, key, original)
    }

    /// Each catalog's listing of each release it holds, then the ids, handed out in an order of their own so an id
    /// tells nothing of what a release is.
    mutating func list(_ releases: inout [Release], artists: [Artist]) {
      let ids = Dictionary(uniqueKeysWithValues: artists.map { ($0.key, $0.ids) })
      for catalog in Catalog.allCases {
        let missed = self.missed(in: catalog, releases)
        var slots: [(release: Int, twin: Bool)] = []
        for index in releases.indices where !missed.contains(index) {
          var rng = SplitMix64(
            seed: options.seed, stream: Stream.listing.rawValue &+ catalog.stream, index: UInt64(index))
          let release = releases[index]
          releases[index].listings[catalog] = listing(
            of: release, in: catalog, artistID: ids[release.artist]?[catalog] ?? "", rng: &rng)
          slots.append((index, false))
          if releases[index].listings[catalog]?.cleanTwin != nil { slots.append((index, true)) }
        }
        var rng = SplitMix64(seed: options.seed, stream: Stream.ids.rawValue &+ catalog.stream)
        rng.shuffle(&slots)
        for (number, slot) in slots.enumerated() {
          let id = catalog.releaseID(number)
          if slot.twin {
            releases[slot.release].listings[catalog]?.cleanTwin?.id = id
          } else {
            releases[slot.release].listings[catalog]?.id = id
          }
        }
      }
    }

    /// The new and upcoming releases the catalog lacks: exactly its share of them, rounded. MusicBrainz holds noise
    /// by its own share, and no catalog lists a reissue's original but by its choice.
    private func missed(in catalog: Catalog, _ releases: [Release]) -> Set<Int> {
      let noise = Set(releases.indices.filter { releases[$0].releaseClass != .studio || releases[$0].lookalike })
      let apart = Set(releases.indices.filter { releases[$0].status == .older })
      var judged = releases.indices.filter {
        [.new, .upcoming].contains(releases[$0].status) && !(catalog == .musicBrainz && noise.contains($0))
      }
      var rng = SplitMix64(seed: options.seed, stream: Stream.miss.rawValue &+ catalog.stream)
      rng.shuffle(&judged)
      let rate = min(1, max(0, options.missRates[catalog] ?? 0))
      let notHeld = catalog == .musicBrainz ? noise.filter { !releases[$0].heldByMusicBrainz } : []
      return Set(judged.prefix(Int((rate * Double(judged.count)).rounded()))).union(notHeld)
        .union(catalog == .musicBrainz ? apart : apart.filter { !releases[$0].listedByStores })
    }

    private mutating func listing(
      of release: Release, in catalog: Catalog, artistID: String, rng: inout SplitMix64
    ) -> Listing {
      let title = TitleVariants.title(of: release, in: catalog, rng: &rng)
      let drift = rng.chance(options.dateDriftChance) ? rng.int(1...2) : 0
      var gtin: String? = release.gtin
      var cleanGTIN = release.cleanGTIN
      var inList = false
      switch catalog {
      case .iTunes:
        inList = !rng.chance(options.artworkWithoutGTINChance)
      case .deezer:
        if rng.chance(options.otherGTINChance) { gtin = gtins.make() }
      case .musicBrainz:
        gtin = nil
        cleanGTIN = nil
      }
      // MusicBrainz keeps both versions in one release group; the stores list them side by side.
      let twin = catalog == .musicBrainz ? nil : release.cleanGTIN.map { _ in Twin(id: "", gtin: cleanGTIN) }
      return Listing(
        catalog: catalog, id: "", artistID: artistID, title: title.text, typedKind: title.typedKind,
        releaseDate: release.releaseDate.adding(days: drift), gtin: gtin, gtinInList: inList,
        isExplicit: release.cleanGTIN != nil, cleanTwin: twin)
    }
  }

  /// A MusicBrainz-shaped UUID of a number, `kind` telling artists from release groups.
  static func uuid(_ number: Int, kind: Character) -> String {
    let hex = String(number, radix: 16)
    return "\(kind)0000000-0000-4000-8000-" + String(repeating: "0", count: max(0, 12 - hex.count)) + hex
  }
}

extension JointWorld.Catalog {
  var stream: UInt64 {
    switch self {
    case .iTunes: 1_000
    case .deezer: 2_000
    case .musicBrainz: 3_000
    }
  }

  /// The id of the catalog's `number`th release, in the shape of its ids.
  func releaseID(_ number: Int) -> String {
    switch self {
    case .iTunes: String(1_600_000_001 + number)
    case .deezer: String(700_000_001 + number)
    case .musicBrainz: JointWorld.uuid(number + 1, kind: "4")
    }
  }
}
