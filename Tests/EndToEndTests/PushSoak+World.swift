import Basics
import Fixtures
import Foundation
import MusicLibrary
import TestSupport

/// The soak's world: a generated library, the fake iTunes catalog made from it, and the releases that come out over
/// the nights (some nights none, most a few, two more than a push shows), a fifth of them announced a few nights
/// ahead; and which channel is down on which night, and how. All of it comes from one seed, so every run is the same.
struct SoakWorld: Sendable {
  static let nights = 30
  /// The nights a flood comes out: the first night, and one in the middle, each more than a push shows.
  static let floods: Set<Int> = [1, 17]
  /// The last nights: every channel up, nothing new, so what waits is told before the end.
  static let quietTail = 28...nights
  static let firstDay = 1

  /// One release of the catalog.
  struct Release: Sendable, Hashable {
    var number: Int
    /// Its artist's place in the library's artists.
    var artist: Int
    var title: String
    /// The night it comes out.
    var out: Int
    /// The night the catalog first lists it: before `out` for one announced ahead.
    var listed: Int
  }

  let libraryPath: String
  let artists: [String]
  /// The catalog's artists with the albums the library owns, as fake_itunes.py's world JSON.
  let base: FakeWorld
  let releases: [Release]

  /// The day of night `night`, in December 2026.
  static func day(_ night: Int) -> String {
    "2026-12-" + (night < 10 ? "0" : "") + String(night)
  }

  /// What `--now` says on night `night`: the evening, after the day's releases are out.
  static func now(_ night: Int) -> String { day(night) + "T21:00:00Z" }

  static func make(home: String, seed: UInt64 = 30) async throws -> SoakWorld {
    let libraryPath = home + "/Library.xml"
    let library = try await onAThreadOfItsOwn {
      _ = try SyntheticLibrary.write(GeneratorOptions(artists: 80, albums: 240, seed: seed), to: libraryPath)
      return try LibraryReader.read(path: libraryPath).library
    }
    // The catalog has every artist and the albums owned, and none of the releases LibraryWorlds adds.
    var world = LibraryWorlds.iTunes(for: library)
    let catalogArtists = world["artists"].array ?? []
    world["artists"] = .array(
      catalogArtists.map { artist in
        var artist = artist
        artist["albums"] = .array(
          (artist["albums"].array ?? []).filter { $0["collectionName"].string?.hasPrefix("New Light") != true })
        return artist
      })
    return SoakWorld(
      libraryPath: libraryPath, artists: library.artists.map(\.name), base: world,
      releases: releases(artists: library.artists.count, seed: seed))
  }

  /// The releases, night by night: none on about a third of the nights, one to nine on most, 32 to 44 on a flood;
  /// a fifth announced two to five nights before they come out.
  static func releases(artists: Int, seed: UInt64) -> [Release] {
    var random = SplitMix64(seed: seed, stream: 1)
    let words = [
      "Tidewater", "Glass Orchard", "Low Meridian", "Paper Comets", "Northern Static", "Quiet Engines",
      "Salt Lanterns", "Copper Rain", "Far Harbour", "Slow Weather",
    ]
    let kinds = ["", "", "", "", " - EP", " - Single"]
    var releases: [Release] = []
    for night in 1...nights {
      var count = 0
      if floods.contains(night) {
        count = random.int(32...44)
      } else if !quietTail.contains(night) && !random.chance(0.3) {
        count = random.int(1...9)
      }
      for _ in 0..<count {
        let number = releases.count + 1
        let lead = random.chance(0.2) ? random.int(2...5) : 0
        releases.append(
          Release(
            number: number, artist: random.below(artists),
            title: "\(random.pick(words)) \(number)\(random.pick(kinds))", out: night,
            listed: max(1, night - lead)))
      }
    }
    return releases
  }

  /// The catalog as it stands on night `night`: what the library owns, and every release listed by then.
  func catalog(onNight night: Int) throws -> FakeWorld {
    var world = base
    let count = world["artists"].array?.count ?? 0
    for release in releases where release.listed <= night && release.artist < count {
      world["artists"][release.artist]["albums"].append([
        "collectionId": .int(900_000_000 + release.number), "collectionName": .string(release.title),
        "releaseDate": .string(Self.day(release.out)), "trackCount": release.title.hasSuffix(" - Single") ? 1 : 10,
      ])
    }
    return world
  }
}

/// A channel of the soak, as the channels file names it and deepcut calls it.
enum SoakChannel: String, CaseIterable, Sendable, Comparable {
  case ntfy, discord, slack, json, gotify

  /// What deepcut calls it on standard error and in `status`.
  var name: String {
    switch self {
    case .ntfy: "ntfy topic de… on 127.0.0.1 #"
    case .discord: "Discord webhook 4242… #"
    case .slack: "Slack webhook T0AA… #"
    case .json: "JSON endpoint on 127.0.0.1 #"
    case .gotify: "gotify:// channel #"
    }
  }

  static func < (left: SoakChannel, right: SoakChannel) -> Bool {
    allCases.firstIndex(of: left) ?? 0 < allCases.firstIndex(of: right) ?? 0
  }
}

/// How a channel is down on a night.
enum SoakOutage: String, CaseIterable, Sendable {
  /// Nothing listens where it is: the connection is refused.
  case refused
  /// 503 to every request, the retry's too.
  case unavailable = "503"
  /// 429 with `Retry-After: 3600`: the push waits for the next night at once.
  case slowDown = "429 Retry-After 3600"
}

extension SoakWorld {
  /// Which channel is down on which night: each one night in five at random, up to night 27, in one of the three
  /// ways; and Slack for the second flood and the night after, so more than a push shows waits for it.
  static func outages(seed: UInt64 = 30) -> [Int: [SoakChannel: SoakOutage]] {
    var outages: [Int: [SoakChannel: SoakOutage]] = [:]
    for channel in SoakChannel.allCases {
      var random = SplitMix64(seed: seed, stream: 2, index: UInt64(SoakChannel.allCases.firstIndex(of: channel) ?? 0))
      for night in 1..<quietTail.lowerBound - 1 where random.chance(0.2) {
        outages[night, default: [:]][channel] = random.pick(SoakOutage.allCases)
      }
    }
    outages[17, default: [:]][.slack] = .unavailable
    outages[18, default: [:]][.slack] = .refused
    return outages
  }
}
