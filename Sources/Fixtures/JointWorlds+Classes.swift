internal import Basics
public import Catalog
internal import Identity
internal import MusicLibrary

/// What real catalogs list beside new music, in a world: live albums, remixes, best-ofs, soundtracks, reissues of
/// albums out years ago (with and without their original in the stores' lists), re-cut singles, and studio releases
/// whose titles only look like those. Each catalog holds them as real ones do: MusicBrainz a share of them with its
/// types (a reissue in its original's group, found by barcode), Deezer typing some best-ofs `compile` (and now and
/// then a studio album wrongly), the stores with the words of their titles. A title says nothing of its class only
/// where some catalog's evidence does: MusicBrainz holds it, Deezer types it, or the stores list the original.
extension JointWorld {
  public struct Noise: Sendable, Equatable {
    /// The chance an artist has a release that is not new music, in the window or announced; a second comes with a
    /// quarter of it.
    public var chance: Double
    /// The chance an artist has a studio release whose title only looks like noise ("Live Forever", "Alive").
    public var lookalikeChance: Double
    /// Of noise and look-alikes, the share MusicBrainz holds, with its types.
    public var musicBrainzShare = 0.7
    /// Of those a catalog's evidence classes, the share whose title carries no marker ("Alive 2007").
    public var bareShare = 0.3
    /// Of best-ofs, the share Deezer types `compile`; of look-alikes MusicBrainz holds, the share it types so wrongly.
    public var compileShare = 0.5
    public var wrongCompileShare = 0.3
    /// Of reissues, the share whose original the stores list in the artist's back catalog.
    public var originalListedShare = 0.5
    /// The classes drawn, each as likely.
    public var classes: [ReleaseClass] = [.live, .remix, .compilation, .reissue, .version, .soundtrack]

    public init(chance: Double, lookalikeChance: Double) {
      self.chance = chance
      self.lookalikeChance = lookalikeChance
    }

    public static let none = Noise(chance: 0, lookalikeChance: 0)
    /// About a third of artists with one, as a modern catalog has.
    public static let real = Noise(chance: 0.35, lookalikeChance: 0.1)
  }

  /// The releases of `classes` in the window or announced, and the look-alikes: what a night's lists are measured by.
  public func releases(of classes: Set<ReleaseClass>, lookalikes: Bool = false) -> [Release] {
    releases.filter {
      [.new, .upcoming].contains($0.status) && classes.contains($0.releaseClass) && $0.lookalike == lookalikes
    }
  }
}

extension JointWorld.Builder {
  /// Each artist's noise and look-alikes, new or announced, beside what the library planned.
  mutating func addNoise(to releases: inout [JointWorld.Release], artists: [JointWorld.Artist]) {
    let noise = options.noise
    guard noise.chance > 0 || noise.lookalikeChance > 0 else { return }
    var bases: [ArtistKey: Set<String>] = [:]
    for release in releases { bases[release.artist, default: []].insert(release.key.base) }
    for (index, artist) in artists.enumerated() {
      var rng = SplitMix64(seed: options.seed, stream: JointWorld.Stream.noise.rawValue, index: UInt64(index))
      var taken = bases[artist.key] ?? []
      var classes: [ReleaseClass] = []
      if rng.chance(noise.chance) { classes.append(rng.pick(noise.classes)) }
      if rng.chance(noise.chance / 4) { classes.append(rng.pick(noise.classes)) }
      for releaseClass in classes {
        releases += made(releaseClass, by: artist, taken: &taken, rng: &rng, firstID: releases.count)
      }
      if rng.chance(noise.lookalikeChance), let lookalike = lookalike(by: artist, taken: &taken, rng: &rng) {
        var release = lookalike
        release.id = releases.count
        releases.append(release)
      }
    }
  }

  /// One release of the class (and, for a reissue, its original first), numbered from `firstID`.
  private mutating func made(
    _ releaseClass: ReleaseClass, by artist: JointWorld.Artist, taken: inout Set<String>, rng: inout SplitMix64,
    firstID: Int
  ) -> [JointWorld.Release] {
    let noise = options.noise
    let held = rng.chance(noise.musicBrainzShare)
    let compile = releaseClass == .compilation && rng.chance(noise.compileShare)
    var original: JointWorld.Release?
    if releaseClass == .reissue {
      original = self.original(by: artist, taken: &taken, rng: &rng)
      original?.id = firstID
    }
    let evidenced = held || compile || original?.listedByStores == true
    let bare = releaseClass != .version && evidenced && rng.chance(noise.bareShare)
    let kind = Self.kind(of: releaseClass, rng: &rng)
    let fresh =
      original?.title
      ?? JointWorld.Builder.freshTitle(kind, artist: artist.name, bases: taken, rng: &rng).0
    let title =
      bare
      ? fresh
      : Self.marked(fresh, releaseClass, artist: artist.name, original: original, year: options.today.year, rng: &rng)
    var release = planned(title: title, kind: kind, by: artist, rng: &rng)
    guard taken.insert(release.key.base).inserted || releaseClass == .reissue else {
      return original.map { [$0] } ?? []
    }
    release.id = firstID + (original == nil ? 0 : 1)
    release.releaseClass = releaseClass
    release.heldByMusicBrainz = held
    release.typedCompile = compile
    release.original = original?.id
    return (original.map { [$0] } ?? []) + [release]
  }

  /// A studio release whose title only looks like noise.
  private mutating func lookalike(by artist: JointWorld.Artist, taken: inout Set<String>, rng: inout SplitMix64)
    -> JointWorld.Release?
  {
    let noise = options.noise
    let titles = JointWorld.lookalikeTitles.filter { !taken.contains(AlbumKey($0).base) }
    guard !titles.isEmpty else { return nil }
    let title = rng.pick(titles)
    let kind: ReleaseKind = rng.chance(0.7) ? .album : .single
    var release = planned(title: title, kind: kind, by: artist, rng: &rng)
    taken.insert(release.key.base)
    release.lookalike = true
    release.heldByMusicBrainz = rng.chance(noise.musicBrainzShare)
    // Deezer's `compile` stands for an album's type: it never types a single so.
    release.typedCompile = release.heldByMusicBrainz && kind == .album && rng.chance(noise.wrongCompileShare)
    return release
  }

  /// The album a reissue reissues: out five to thirty years ago, not owned, in the stores' lists or not.
  private mutating func original(by artist: JointWorld.Artist, taken: inout Set<String>, rng: inout SplitMix64)
    -> JointWorld.Release
  {
    let (title, key) = JointWorld.Builder.freshTitle(.album, artist: artist.name, bases: taken, rng: &rng)
    taken.insert(key.base)
    let year = options.today.year - rng.int(5...30)
    var original = JointWorld.Release(
      id: 0, artist: artist.key, artistName: artist.name, title: title, key: key, kind: .album, status: .older,
      releaseDate: CalendarDay(year: year, month: rng.int(1...12), day: rng.int(1...28)) ?? options.today,
      gtin: gtins.make(), cleanGTIN: nil, trackCount: rng.int(8...14), editionOf: nil, owned: nil, listings: [:])
    original.listedByStores = rng.chance(options.noise.originalListedShare)
    return original
  }

  /// A new or announced release of this title and kind, as the label gives it.
  private mutating func planned(title: String, kind: ReleaseKind, by artist: JointWorld.Artist, rng: inout SplitMix64)
    -> JointWorld.Release
  {
    let upcoming = rng.chance(0.25)
    let date = upcoming ? options.today.adding(days: rng.int(1...90)) : options.today.adding(days: -rng.int(2...29))
    let titled = AlbumKey(title)
    let key = kind == .album ? titled : AlbumKey(base: titled.base, editions: titled.editions, kind: kind)
    return JointWorld.Release(
      id: 0, artist: artist.key, artistName: artist.name, title: title, key: key, kind: kind,
      status: upcoming ? .upcoming : .new, releaseDate: date, gtin: gtins.make(), cleanGTIN: nil,
      trackCount: kind == .single ? rng.int(1...3) : rng.int(8...16), editionOf: nil, owned: nil, listings: [:])
  }

  private static func kind(of releaseClass: ReleaseClass, rng: inout SplitMix64) -> ReleaseKind {
    switch releaseClass {
    case .version: .single
    case .remix: [ReleaseKind.album, .ep, .single][rng.weighted([50, 25, 25])]
    case .live: rng.chance(0.8) ? .album : .ep
    default: .album
    }
  }

  /// The title with its class's words, as labels write them.
  private static func marked(
    _ title: String, _ releaseClass: ReleaseClass, artist: String, original: JointWorld.Release?, year: Int,
    rng: inout SplitMix64
  ) -> String {
    let place = rng.pick(JointWorld.places)
    switch releaseClass {
    case .live:
      return rng.pick([
        "\(title) (Live)", "Live at \(place)", "Live in \(place)", "\(title) (Ao Vivo)", "\(title) (En Vivo)",
        "\(title) [Live]", "\(title) - Live", "\(title) (Live from \(place))", "\(title) (MTV Unplugged)",
      ])
    case .remix:
      return rng.pick([
        "\(title) (Remixes)", "\(title) Remixed", "\(title) (The Remixes)", "\(title) (\(place) Remix)",
        "\(title) (Club Mix)",
      ])
    case .compilation:
      return rng.pick([
        "Greatest Hits", "The Best of \(artist)", "The Very Best of \(artist)", "The Essential \(artist)",
        "\(title): The Collection", "Grandes Éxitos", "B-Sides & Rarities",
      ])
    case .soundtrack:
      return rng.pick([
        "\(title) (Original Motion Picture Soundtrack)", "\(title) (Music from the Netflix Series)",
        "\(title) Soundtrack", "\(title) (Original Score)",
      ])
    case .version:
      return rng.pick([
        "\(title) (Sped Up)", "\(title) (Slowed + Reverb)", "\(title) (Instrumental)", "\(title) (Karaoke Version)",
        "\(title) (A Cappella)", "\(title) (Radio Edit)", "\(title) (Super Slowed)",
      ])
    case .reissue:
      let first = original?.releaseDate.year ?? year - 20
      return rng.pick([
        "\(title) (Remastered \(year))", "\(title) (\(year - first)th Anniversary Edition)", "\(title) (Remastered)",
        "\(title) (\(year) Remaster)",
      ])
    case .studio, .other:
      return title
    }
  }

  /// Each catalog's word on the noise: MusicBrainz's types (a reissue filed in its original's group, dated by it),
  /// Deezer's `compile`.
  func typeNoise(_ releases: inout [JointWorld.Release]) {
    for index in releases.indices where releases[index].releaseClass != .studio || releases[index].lookalike {
      let release = releases[index]
      releases[index].listings[.deezer]?.compile = release.typedCompile
      guard releases[index].listings[.musicBrainz] != nil else { continue }
      releases[index].listings[.musicBrainz]?.secondaryTypes = JointWorld.musicBrainzTypes[release.releaseClass] ?? []
      if let original = release.original.map({ releases[$0] }) {
        releases[index].listings[.musicBrainz]?.title = original.title
        releases[index].listings[.musicBrainz]?.releaseDate = original.releaseDate
        releases[index].listings[.musicBrainz]?.typedKind = .album
      }
    }
  }
}

extension JointWorld {
  /// MusicBrainz's secondary type of each class.
  static let musicBrainzTypes: [ReleaseClass: [String]] = [
    .live: ["Live"], .remix: ["Remix"], .compilation: ["Compilation"], .soundtrack: ["Soundtrack"],
  ]

  /// Where live albums are recorded.
  static let places = [
    "Wembley", "the Roundhouse", "Red Rocks", "Montreux", "Budokan", "the Apollo", "Paradiso", "Osaka", "Berlin",
    "Glastonbury",
  ]

  /// Studio titles that only look like noise, as real ones do.
  static let lookalikeTitles = [
    "Live Forever", "Alive", "Come Alive", "Still Alive", "Lost", "Live Wire", "Soundtrack to Summer", "Best Days",
    "Greatest Day", "Live and Learn", "Mixed Feelings", "Hit the Lights", "An Evening With Friends", "Live a Little",
  ]
}
