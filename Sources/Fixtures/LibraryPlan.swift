internal import Basics

/// Where a track's audio lives and how Music.app describes it.
enum AudioSource: Int, CaseIterable {
  case aacFile, purchased, mp3, lossless, matched, appleMusic

  static let weights: [Double] = [30, 8, 14, 3, 20, 25]

  var kind: String {
    switch self {
    case .aacFile: "AAC audio file"
    case .purchased: "Purchased AAC audio file"
    case .mp3: "MPEG audio file"
    case .lossless: "Apple Lossless audio file"
    case .matched: "Matched AAC audio file"
    case .appleMusic: "Apple Music AAC audio file"
    }
  }

  var isFile: Bool { self != .matched && self != .appleMusic }
  var fileExtension: String { self == .mp3 ? "mp3" : "m4a" }
}

struct ArtistPlan {
  let name: String
  let genre: Int
  let firstYear: Int
  /// 0…1, drives play counts.
  let popularity: Double
}

struct AlbumPlan {
  enum Kind { case lp, single, ep, edition, compilation }
  enum AlbumArtist: Equatable {
    /// The owning artist's name.
    case artist
    /// No Album Artist key at all (old rips; compilations flagged `Compilation`).
    case none
    /// A "various artists" alias.
    case various(String)
  }

  /// Index into `LibraryPlan.artists`; -1 for compilations.
  var artist: Int
  var title: String
  var kind: Kind
  var year: Int
  var trackCount: Int
  var discCount: Int
  var source: AudioSource
  var albumArtist: AlbumArtist
  var genre: Int
  /// Seed of the track-name stream; an edition shares its original's, so it repeats its track names.
  var nameSeed: UInt64
  /// For singles: the title track's name.
  var leadTrack: String?
}

/// The artists and albums of a library, planned up front (a few hundred bytes each), so that
/// tracks can then be generated album by album and streamed.
struct LibraryPlan {
  var artists: [ArtistPlan] = []
  var albums: [AlbumPlan] = []
  var names = NameFactory()

  init(options: GeneratorOptions, todayYear: Int, reservedNames: [String]) {
    var rng = SplitMix64(seed: options.seed, stream: 1)
    for name in reservedNames { names.reserve(name) }
    let compilationCount = options.albums >= 12 ? max(1, Int((Double(options.albums) * 0.03).rounded())) : 0
    let artistAlbumCount = options.albums - compilationCount
    let artistCount = min(options.artists, artistAlbumCount)

    // Album counts per artist: one each, the rest by a flattened Zipf law, capped.
    var counts = [Int](repeating: 1, count: artistCount)
    if artistAlbumCount > artistCount {
      var cumulative: [Double] = []
      cumulative.reserveCapacity(artistCount)
      var total = 0.0
      for rank in 0..<artistCount {
        let shifted = Double(rank + 20)
        total += 1 / (shifted.squareRoot() * shifted.squareRoot().squareRoot())  // shifted^-0.75
        cumulative.append(total)
      }
      var remaining = artistAlbumCount - artistCount
      while remaining > 0 {
        let target = rng.unit() * total
        var low = 0
        var high = artistCount - 1
        while low < high {
          let middle = (low + high) / 2
          if cumulative[middle] <= target { low = middle + 1 } else { high = middle }
        }
        if counts[low] < 90 {
          counts[low] += 1
          remaining -= 1
        }
      }
    }

    artists.reserveCapacity(artistCount)
    albums.reserveCapacity(options.albums)
    for index in 0..<artistCount {
      let name = names.artistName(index: index, rng: &rng)
      let popularity = max(0.05, 1 - Double(index) / Double(max(artistCount, 1))) * (0.5 + rng.unit() / 2)
      let artist = ArtistPlan(
        name: name, genre: rng.below(Words.genres.count), firstYear: rng.int(1965...max(1965, todayYear - 1)),
        popularity: popularity)
      artists.append(artist)
      planAlbums(of: index, count: counts[index], todayYear: todayYear, rng: &rng)
    }
    planCompilations(count: compilationCount, todayYear: todayYear, rng: &rng)
  }

  private mutating func planAlbums(of artistIndex: Int, count: Int, todayYear: Int, rng: inout SplitMix64) {
    let artist = artists[artistIndex]
    var titles = Set<String>()
    var year = artist.firstYear
    var lpIndices: [Int] = []
    var editioned = Set<Int>()
    for ordinal in 0..<count {
      var kind: AlbumPlan.Kind
      if ordinal == 0 {
        kind = [AlbumPlan.Kind.lp, .ep, .single][rng.weighted([85, 10, 5])]
      } else {
        kind = [AlbumPlan.Kind.lp, .single, .ep, .edition][rng.weighted([62, 13, 9, 16])]
      }
      let unedited = lpIndices.filter { !editioned.contains($0) }
      if kind == .edition && unedited.isEmpty { kind = .lp }
      let source = AudioSource(rawValue: rng.weighted(AudioSource.weights)) ?? .aacFile
      let albumArtist: AlbumPlan.AlbumArtist =
        source.isFile && source != .purchased && rng.chance(0.15) ? .none : .artist
      var plan = AlbumPlan(
        artist: artistIndex, title: "", kind: kind, year: year, trackCount: 1, discCount: 1, source: source,
        albumArtist: albumArtist, genre: rng.chance(0.85) ? artist.genre : rng.below(Words.genres.count),
        nameSeed: rng.next(), leadTrack: nil)
      switch kind {
      case .lp, .compilation:
        plan.title = uniqueTitle(artist: artist.name, ordinal: ordinal, suffix: "", titles: &titles, rng: &rng)
        Self.size(lp: &plan, rng: &rng)
      case .single:
        var lead = NameFactory.trackName(rng: &rng)
        while !titles.insert(TextKey.normalized(lead + " - Single")).inserted {
          lead = NameFactory.trackName(rng: &rng)
        }
        plan.title = lead + " - Single"
        plan.leadTrack = lead
        plan.trackCount = [1, 2, 3][rng.weighted([45, 40, 15])]
      case .ep:
        plan.title = uniqueTitle(artist: artist.name, ordinal: ordinal, suffix: " - EP", titles: &titles, rng: &rng)
        plan.trackCount = rng.int(3...5)
      case .edition:
        let originalIndex = rng.pick(unedited)
        editioned.insert(originalIndex)
        if !edition(&plan, of: albums[originalIndex], todayYear: todayYear, titles: &titles, rng: &rng) {
          plan.kind = .lp
          plan.title = uniqueTitle(artist: artist.name, ordinal: ordinal, suffix: "", titles: &titles, rng: &rng)
          plan.trackCount = rng.int(8...16)
        }
      }
      if plan.kind == .lp { lpIndices.append(albums.count) }
      albums.append(plan)
      if kind != .edition { year = min(todayYear, year + [0, 1, 1, 2, 2, 3, 4][rng.below(7)]) }
    }
  }

  /// An album's size: now and then two or three discs.
  private static func size(lp plan: inout AlbumPlan, rng: inout SplitMix64) {
    if rng.chance(0.05) {
      plan.discCount = rng.chance(0.8) ? 2 : 3
      plan.trackCount = plan.discCount * rng.int(9...15)
    } else {
      plan.trackCount = rng.int(5...10) + rng.int(1...4)
    }
  }

  /// A Deluxe, Remastered, ... edition of `original`, with its tracks and more; false when its title is taken.
  private func edition(
    _ plan: inout AlbumPlan, of original: AlbumPlan, todayYear: Int, titles: inout Set<String>,
    rng: inout SplitMix64
  ) -> Bool {
    var suffix = rng.pick(Words.editionSuffixes)
    var editionYear = min(todayYear, original.year + rng.int(1...25))
    if let remasterYear = Int(suffix.filter(\.isNumber)) {
      if remasterYear >= original.year && remasterYear <= todayYear {
        editionYear = remasterYear
      } else {
        suffix = " (Remastered)"
      }
    }
    guard titles.insert(TextKey.normalized(original.title + suffix)).inserted else { return false }
    plan.title = original.title + suffix
    plan.year = editionYear
    plan.nameSeed = original.nameSeed
    plan.genre = original.genre
    plan.albumArtist = original.albumArtist == .none && plan.source.isFile ? .none : .artist
    let bonus = rng.int(2...6)
    plan.discCount = original.discCount > 1 || (bonus >= 6 && rng.chance(0.4)) ? original.discCount + 1 : 1
    plan.trackCount = original.trackCount + bonus
    return true
  }

  private func uniqueTitle(
    artist: String, ordinal: Int, suffix: String, titles: inout Set<String>, rng: inout SplitMix64
  ) -> String {
    for attempt in 0..<50 {
      var title = NameFactory.albumTitle(artist: artist, ordinal: ordinal, rng: &rng)
      if attempt > 20 { title += " \(rng.int(2...99))" }
      if titles.insert(TextKey.normalized(title + suffix)).inserted { return title + suffix }
    }
    var number = 100
    while !titles.insert(TextKey.normalized("Untitled \(number)\(suffix)")).inserted { number += 1 }
    return "Untitled \(number)\(suffix)"
  }

  private mutating func planCompilations(count: Int, todayYear: Int, rng: inout SplitMix64) {
    var titles = Set<String>()
    for _ in 0..<count {
      var title = ""
      var attempt = 0
      repeat {
        let base = rng.pick(Words.compilationTitles)
        switch attempt < 30 ? rng.below(3) : 3 {
        case 0: title = base
        case 1: title = "\(base), Vol. \(rng.int(1...12))"
        case 2: title = "\(base) \(rng.int(1995...todayYear))"
        default: title = "\(base), Vol. \(12 + attempt)"
        }
        attempt += 1
      } while !titles.insert(TextKey.normalized(title)).inserted
      let discs = rng.chance(0.2) ? 2 : 1
      albums.append(
        AlbumPlan(
          artist: -1, title: title, kind: .compilation, year: rng.int(1990...todayYear),
          trackCount: discs * rng.int(12...20), discCount: discs,
          source: AudioSource(rawValue: rng.weighted(AudioSource.weights)) ?? .aacFile,
          albumArtist: rng.chance(0.5) ? .various("Various Artists") : .none, genre: rng.below(Words.genres.count),
          nameSeed: rng.next(), leadTrack: nil))
    }
  }
}
