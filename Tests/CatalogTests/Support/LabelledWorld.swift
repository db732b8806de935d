import Catalog
import Foundation
import MusicLibrary

@testable import CatalogHTTP

/// A catalog and a library generated together, with every catalog release labelled by what it truly is to
/// the user, so a run can be scored: which new releases it found, and whether it called anything else new.
///
/// Besides plain artists it holds the cases that trip a resolver up: one library name covering two catalog
/// artists ("The Young Rivers" and "Young Rivers", the library spelling them both ways), two real bands with one
/// name whose albums the user owns, namesakes the user owns nothing of (with new releases of their own), and
/// artists the catalog does not have.
struct LabelledWorld {
  enum Label: Equatable {
    case new
    case upcoming
    case owned
    case edition
    case old
    /// A release of a namesake the user does not listen to.
    case stranger
  }

  var catalog: [InProcessCatalog.Artist] = []
  var library: OwnedLibrary
  /// Catalog release id → what it is.
  var labels: [String: Label] = [:]

  static let today = CalendarDay(iso8601: "2026-11-29") ?? CalendarDay(daysSinceEpoch: 0)

  init(artists count: Int, seed: UInt64) {
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
        if !missing { catalog.append(InProcessCatalog.Artist(id: id(), name: catalogName, albums: albums)) }
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
    catalog.shuffle(using: &random)
    library = OwnedLibrary(artists: libraryArtists, albums: owned)
  }

  static let first = [
    "Amber", "Blue", "Broken", "Cold", "Crimson", "Dark", "Electric", "Empty", "Fading", "Golden", "Hollow", "Iron",
    "Lonely", "Midnight", "Neon", "Northern", "Pale", "Quiet", "Restless", "Silver", "Static", "Velvet", "Wild",
    "Young", "Burning", "Distant", "Glass", "Paper", "Secret", "Sleeping",
  ]
  static let second = [
    "Rivers", "Owls", "Harbours", "Lanterns", "Foxes", "Engines", "Tides", "Ghosts", "Horses", "Mirrors", "Saints",
    "Sparrows", "Wolves", "Satellites", "Gardens", "Kings", "Pilots", "Shadows", "Oceans", "Machines", "Cities",
    "Hearts", "Comets", "Bridges", "Islands", "Storms", "Echoes", "Valleys", "Towers", "Signals",
  ]
  static let titles = ["Songs", "Nights", "Letters", "Weather", "Dreams", "Fires", "Roads", "Rooms", "Waves"]
}
