internal import Basics
public import Catalog
internal import Foundation
internal import HTTP
public import Identity
public import MusicLibrary

/// A catalog and a library generated together, with every catalog release labelled by what it truly is to
/// the user, so a run can be scored: which new releases it found, and whether it called anything else new.
///
/// Besides plain artists it holds the cases that trip a resolver up: one library name covering two catalog
/// artists ("The Young Rivers" and "Young Rivers", the library spelling them both ways), two real bands with one
/// name whose albums the user owns, namesakes the user owns nothing of (with new releases of their own), and
/// artists the catalog does not have.
public struct LabelledWorld {
  public enum Label: Equatable {
    case new
    case upcoming
    case owned
    case edition
    case old
    /// A release of a namesake the user does not listen to.
    case stranger
  }

  public var catalog: [InProcessCatalog.Artist] = []
  public var library: OwnedLibrary
  /// Catalog release id → what it is.
  public var labels: [String: Label] = [:]
  /// Catalog release id → the library artists it is credited to, for releases credited to several.
  public var credits: [String: [ArtistKey]] = [:]

  public static let today = CalendarDay(iso8601: "2026-11-29") ?? CalendarDay(daysSinceEpoch: 0)

  /// With `trustCases`, also what a person who buys a single the week it comes out, and who listens to artists
  /// that work together, meets: owned singles and EPs released in the last weeks (typed by the catalog, titled by
  /// the library), singles of owned albums, albums of owned singles, collaborations between two and three library
  /// artists (new, and owned under one of them), and covers for some of the new releases only.
  public init(artists count: Int, seed: UInt64, trustCases: Bool = false) {
    var random = SplitMix64(seed: seed)
    var libraryArtists: [LibraryArtist] = []
    var owned: [OwnedAlbum] = []
    var nextID = 1
    func id() -> Int {
      nextID += 1
      return nextID
    }
    var names = Set<String>()
    func uniqueName() -> String {
      while true {
        let name =
          "\(Self.first.randomElement(using: &random) ?? "Blue") \(Self.second.randomElement(using: &random) ?? "Hours")"
        // "The X" has the key of "X", so one key covers both.
        if names.insert(ArtistKey(name).rawValue).inserted { return name }
      }
    }
    func date(_ range: ClosedRange<Int>) -> String {
      Self.today.adding(days: Int.random(in: range, using: &random)).description
    }

    // Library artist → their one catalog artist's place in `catalog` (artists with several have none).
    var positions: [Int: Int] = [:]
    for index in 0..<count {
      let name = uniqueName()
      let key = ArtistKey(name)
      let roll = Double.random(in: 0..<1, using: &random)
      // Most artists are one catalog artist; a few are two under one key, or two bands of one name.
      let catalogNames: [String] =
        roll < 0.04 ? [name, "The " + name] : roll < 0.07 ? [name, name] : [name]
      let missing = roll > 0.98
      var spellings: [String: Int] = [:]
      var albumCount = 0
      var tracks = 0
      for (band, catalogName) in catalogNames.enumerated() {
        var albums: [InProcessCatalog.Album] = []
        let ownedCount = Int.random(in: 1...4, using: &random)
        for number in 0..<ownedCount {
          let title = "\(Self.titles.randomElement(using: &random) ?? "Songs") \(index)-\(band)-\(number)"
          let album = InProcessCatalog.Album(id: id(), title: title, date: date(-9_000 ... -400))
          albums.append(album)
          labels[String(album.id)] = .owned
          owned.append(
            OwnedAlbum(artistKey: key, artistName: catalogName, title: title, key: AlbumKey(title), trackCount: 10))
          spellings[catalogName, default: 0] += 10
          albumCount += 1
          tracks += 10
          // Now and then a deluxe edition of an owned album comes out this month.
          if Double.random(in: 0..<1, using: &random) < 0.08 {
            let edition = InProcessCatalog.Album(id: id(), title: title + " (Deluxe Edition)", date: date(-20 ... -1))
            albums.append(edition)
            labels[String(edition.id)] = .edition
          }
        }
        // The back catalog the user does not own.
        for number in 0..<Int.random(in: 0...3, using: &random) {
          let album = InProcessCatalog.Album(
            id: id(), title: "Early Days \(index)-\(band)-\(number)", date: date(-8_000 ... -60))
          albums.append(album)
          labels[String(album.id)] = .old
        }
        if Double.random(in: 0..<1, using: &random) < 0.45 {
          let album = InProcessCatalog.Album(id: id(), title: "New Light \(index)-\(band)", date: date(-28...0))
          albums.append(album)
          labels[String(album.id)] = .new
        }
        if Double.random(in: 0..<1, using: &random) < 0.15 {
          let album = InProcessCatalog.Album(id: id(), title: "Coming \(index)-\(band)", date: date(5...200))
          albums.append(album)
          labels[String(album.id)] = .upcoming
        }
        if !missing {
          if catalogNames.count == 1 { positions[index] = catalog.count }
          catalog.append(InProcessCatalog.Artist(id: id(), name: catalogName, albums: albums))
        }
      }
      // A namesake nobody here listens to, busy releasing.
      if Double.random(in: 0..<1, using: &random) < 0.06, !missing {
        let album = InProcessCatalog.Album(id: id(), title: "Stranger Things \(index)", date: date(-10...0))
        labels[String(album.id)] = .stranger
        catalog.append(InProcessCatalog.Artist(id: id(), name: name, genre: "Electronic", albums: [album]))
      }
      let display = spellings.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? name
      libraryArtists.append(
        LibraryArtist(
          key: key, name: display, albumCount: albumCount, trackCount: tracks,
          playCount: Int.random(in: 0...500, using: &random),
          otherSpellings: spellings.keys.filter { $0 != display }.sorted()))
    }
    if trustCases {
      var trust = TrustCases(
        catalog: catalog, artists: libraryArtists, owned: owned, positions: positions, nextID: nextID,
        random: SplitMix64(seed: seed &+ 1_000))
      trust.add(date: date)
      catalog = trust.catalog
      libraryArtists = trust.artists
      owned = trust.owned
      labels.merge(trust.labels) { _, new in new }
      credits = trust.credits
      // Covers for half the news only: a release out this week often has none yet.
      for position in catalog.indices {
        for album in catalog[position].albums.indices {
          let id = catalog[position].albums[album].id
          catalog[position].albums[album].cover = [.new, .upcoming].contains(labels[String(id)]) && id % 2 == 0
        }
      }
    }
    catalog.shuffle(using: &random)
    library = OwnedLibrary(artists: libraryArtists, albums: owned)
  }

  public static let first = [
    "Amber", "Blue", "Broken", "Cold", "Crimson", "Dark", "Electric", "Empty", "Fading", "Golden", "Hollow", "Iron",
    "Lonely", "Midnight", "Neon", "Northern", "Pale", "Quiet", "Restless", "Silver", "Static", "Velvet", "Wild",
    "Young", "Burning", "Distant", "Glass", "Paper", "Secret", "Sleeping",
  ]
  public static let second = [
    "Rivers", "Owls", "Harbours", "Lanterns", "Foxes", "Engines", "Tides", "Ghosts", "Horses", "Mirrors", "Saints",
    "Sparrows", "Wolves", "Satellites", "Gardens", "Kings", "Pilots", "Shadows", "Oceans", "Machines", "Cities",
    "Hearts", "Comets", "Bridges", "Islands", "Storms", "Echoes", "Valleys", "Towers", "Signals",
  ]
  public static let titles = ["Songs", "Nights", "Letters", "Weather", "Dreams", "Fires", "Roads", "Rooms", "Waves"]
}

/// The cases of ``LabelledWorld/init(artists:seed:trustCases:)`` beyond the plain ones, added to artists that are
/// one catalog artist each.
private struct TrustCases {
  var catalog: [InProcessCatalog.Artist]
  var artists: [LibraryArtist]
  var owned: [OwnedAlbum]
  let positions: [Int: Int]
  var nextID: Int
  var random: SplitMix64
  var labels: [String: LabelledWorld.Label] = [:]
  var credits: [String: [ArtistKey]] = [:]

  mutating func add(date: (ClosedRange<Int>) -> String) {
    for index in positions.keys.sorted() {
      switch index % 10 {
      case 0: ownSingle(index, "Hit \(index)", catalogKind: .single, date: date(-21 ... -1))
      case 3: ownSingle(index, "Tales \(index)", libraryKind: .ep, catalogKind: .ep, date: date(-21 ... -1))
      case 4: ownSingle(index, "Stories \(index)", libraryKind: .single, catalogKind: .ep, date: date(-21 ... -1))
      case 5: ownSingle(index, "Origin \(index)", catalogKind: .album, label: .new, date: date(-21 ... -1))
      case 7: ownSingle(index, "Shout \(index)", libraryKind: .album, catalogKind: .single, date: date(-21 ... -1))
      case 8: ownSingle(index, "Later \(index)", catalogKind: .single, date: date(5...60))
      default: break
      }
      if index % 15 == 1, positions[index + 1] != nil {
        collaborate([index, index + 1], "Together \(index)", label: .new, date: date(-25 ... -1))
      }
      if index % 40 == 2, positions[index + 1] != nil, positions[index + 2] != nil {
        collaborate([index, index + 1, index + 2], "Summit \(index)", label: .new, date: date(-25 ... -1))
      }
      if index % 25 == 6, positions[index + 1] != nil {
        // Owned under the first of them, as the library files a collaboration under its main artist.
        own(index, "Duet \(index)")
        collaborate([index, index + 1], "Duet \(index)", label: .owned, date: date(-25 ... -1))
      }
      if index % 30 == 9, positions[index + 1] != nil {
        collaborate([index, index + 1], "Announced \(index)", label: .upcoming, date: date(10...90))
      }
    }
  }

  /// The library owns `title` as a single or EP (or an album); the catalog lists it typed `catalogKind`.
  mutating func ownSingle(
    _ index: Int, _ title: String, libraryKind: ReleaseKind = .single, catalogKind: ReleaseKind,
    label: LabelledWorld.Label = .owned, date: String
  ) {
    let suffix = libraryKind == .single ? " - Single" : libraryKind == .ep ? " - EP" : ""
    own(index, title + suffix)
    guard let position = positions[index] else { return }
    nextID += 1
    catalog[position].albums.append(.init(id: nextID, title: title, date: date, kind: catalogKind))
    labels[String(nextID)] = label
  }

  mutating func own(_ index: Int, _ title: String) {
    let artist = artists[index]
    owned.append(
      OwnedAlbum(artistKey: artist.key, artistName: artist.name, title: title, key: AlbumKey(title), trackCount: 4))
    artists[index].albumCount += 1
    artists[index].trackCount += 4
  }

  /// One release credited to several library artists, listed under each of them as iTunes lists it.
  mutating func collaborate(_ indices: [Int], _ title: String, label: LabelledWorld.Label, date: String) {
    let places = indices.compactMap { positions[$0] }
    guard places.count == indices.count, let first = places.first else { return }
    nextID += 1
    let credit = indices.map { artists[$0].name }.joined(separator: " & ")
    let album = InProcessCatalog.Album(
      id: nextID, title: title, date: date, creditedID: catalog[first].id, creditedName: credit)
    for place in places { catalog[place].albums.append(album) }
    labels[String(nextID)] = label
    credits[String(nextID)] = indices.map { artists[$0].key }
  }
}

extension LabelledWorld {
  /// What a report on `today` would call new or upcoming in `outcome`, by release id: the scoring every labelled
  /// world test shares.
  public func reported(_ outcome: CatalogOutcome, groupsEditions: Bool = false) -> [String: ReleaseCategory] {
    var options = FinderOptions(today: Self.today, days: 30)
    options.catalogGroupsEditions = groupsEditions
    let finder = ReleaseFinder(options: options)
    let owned = library.albumsByArtist()
    var reported: [String: ReleaseCategory] = [:]
    for followed in outcome.followed {
      for finding in finder.findings(
        for: followed.artist, releases: followed.releases, owned: owned[followed.artist.key] ?? [])
      where finding.category == .new || finding.category == .upcoming {
        reported[finding.release.id.rawValue] = finding.category
      }
    }
    return reported
  }
}
