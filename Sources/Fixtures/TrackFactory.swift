internal import Basics
internal import Foundation

/// Facts shared by every part of one generated library.
struct LibraryContext {
  let options: GeneratorOptions
  let newline: String
  let todayYear: Int
  /// The export's Date; every other date is earlier.
  let exportTime: Int64
  /// Local-time offset folded into `Play Date` (seconds since 1904 in local time).
  let playDateOffset: Int64
  /// "file:///Users/someone/Music/Music/Media.localized/"
  let mediaFolder: String
  let libraryPersistentID: UInt64
  /// Tracks are not added before the iTunes Store era.
  let earliestAdded: Int64

  init(options: GeneratorOptions) throws {
    guard let today = CivilTime.parseDay(options.today) else {
      throw SyntheticLibraryError.invalidOption("today must be YYYY-MM-DD, got \(options.today)")
    }
    guard today.year >= 2000 else { throw SyntheticLibraryError.invalidOption("today must be in 2000 or later") }
    self.options = options
    newline = options.lineEnding
    todayYear = today.year
    var rng = SplitMix64(seed: options.seed, stream: 0)
    exportTime = today.unixSeconds + Int64(8 * 3_600 + rng.below(10 * 3_600))
    playDateOffset = Int64([-28_800, -18_000, 0, 3_600, 7_200, 32_400][rng.below(6)])
    let users = ["karen", "jmarsh", "alex", "theo.k", "nadia", "sam", "music", "priya"]
    mediaFolder = "file:///Users/\(rng.pick(users))/Music/Music/Media.localized/"
    libraryPersistentID = rng.next()
    earliestAdded = min(CivilTime(year: 2004, month: 1, day: 1).unixSeconds, exportTime - 86_400 * 365)
  }

  /// A release date in the given year, at the hour Apple's catalogue uses.
  func releaseDate(year: Int, rng: inout SplitMix64) -> Int64 {
    let day = CivilTime(year: year, month: rng.int(1...12), day: rng.int(1...28), hour: [7, 8, 12][rng.below(3)])
    return min(day.unixSeconds, exportTime - 86_400)
  }

  /// A moment uniformly between `from` and the export (minus a margin).
  func moment(after from: Int64, rng: inout SplitMix64) -> Int64 {
    let end = exportTime - 3_600
    guard from < end else { return end }
    return from + Int64(rng.below(Int(end - from)))
  }
}

/// Builds the track dicts of planned albums, and of non-music items.
struct TrackFactory {
  let context: LibraryContext
  let plan: LibraryPlan

  // MARK: - Albums

  /// What every track of one album shares, drawn once per album in a fixed order (so a seed always gives the same
  /// library).
  struct AlbumShape {
    var album: AlbumPlan
    var artist: ArtistPlan?
    var albumArtist: String?
    var compilation: Bool
    var release: Int64
    var added: Int64
    var perDisc: Int
    var locationPrefix: String
    var credit: String
    var soloCredit: String
    var hasSortFields: Bool
    var hasReleaseDate: Bool
    var hasDiscFields: Bool
    var hasComposers: Bool
    var hasNormalization: Bool
    var artworkCount: Int?
    var affinity: Double
    var albumRating: Int?
    var explicitShare: Double
    var bitRate: Int
    var sortAlbum: String?
    var sortArtistName: String?
  }

  func albumTracks(_ albumIndex: Int) -> [GeneratedTrack] {
    var rng = SplitMix64(seed: context.options.seed, stream: 2, index: UInt64(albumIndex))
    let shape = shape(of: plan.albums[albumIndex], rng: &rng)
    var nameRNG = SplitMix64(seed: shape.album.nameSeed)
    var tracks: [GeneratedTrack] = []
    tracks.reserveCapacity(shape.album.trackCount)
    var previousPerformer = -1
    for index in 0..<shape.album.trackCount {
      var track = GeneratedTrack()
      track.name =
        index == 0
        ? shape.album.leadTrack ?? NameFactory.trackName(rng: &nameRNG) : NameFactory.trackName(rng: &nameRNG)
      credit(&track, index, shape, previousPerformer: &previousPerformer, rng: &rng)
      tag(&track, index, shape, rng: &rng)
      play(&track, index, shape, rng: &rng)
      tracks.append(track)
    }
    return tracks
  }

  func shape(of album: AlbumPlan, rng: inout SplitMix64) -> AlbumShape {
    let artist: ArtistPlan? = album.artist >= 0 ? plan.artists[album.artist] : nil
    let albumArtist: String? =
      switch album.albumArtist {
      case .artist: artist?.name
      case .none: nil
      case .various(let alias): alias
      }
    let compilation = album.kind == .compilation
    let release = context.releaseDate(year: album.year, rng: &rng)
    let added = context.moment(after: max(release, context.earliestAdded), rng: &rng)
    let folder = compilation ? "Compilations" : (albumArtist ?? artist?.name ?? "Unknown Artist")
    let writers = (0..<rng.int(1...3)).map { _ in NameFactory.person(rng: &rng) }
    // Music.app writes sort fields for catalogue tracks, and where the sort form differs.
    let hasSortFields = album.source == .appleMusic
    let hasReleaseDate = album.source == .appleMusic || album.source == .purchased
    let hasDiscFields = album.discCount > 1 || hasReleaseDate || rng.chance(0.15)
    let hasComposers = compilation || rng.chance(0.3)
    let hasNormalization = album.source.isFile && rng.chance(0.4)
    let artworkCount: Int? = rng.chance(0.85) ? 1 : nil
    let affinity = (artist?.popularity ?? 0.4) * (0.3 + 0.7 * rng.unit())
    let albumRating: Int? = rng.chance(0.06) ? [60, 80, 100][rng.below(3)] : nil
    return AlbumShape(
      album: album, artist: artist, albumArtist: albumArtist, compilation: compilation, release: release,
      added: added, perDisc: (album.trackCount + album.discCount - 1) / album.discCount,
      locationPrefix: context.mediaFolder + "Music/" + Location.component(folder) + "/"
        + Location.component(album.title) + "/",
      credit: NameFactory.composers(writers), soloCredit: writers[0], hasSortFields: hasSortFields,
      hasReleaseDate: hasReleaseDate, hasDiscFields: hasDiscFields, hasComposers: hasComposers,
      hasNormalization: hasNormalization, artworkCount: artworkCount, affinity: affinity, albumRating: albumRating,
      explicitShare: Words.genres[album.genre] == "Hip-Hop/Rap" ? 0.4 : 0.05,
      bitRate: Self.bitRate(album.source, rng: &rng),
      sortAlbum: hasSortFields ? NameFactory.sortName(album.title) ?? album.title : NameFactory.sortName(album.title),
      sortArtistName: hasSortFields
        ? artist.map { NameFactory.sortName($0.name) ?? $0.name } : artist.flatMap { NameFactory.sortName($0.name) })
  }

  static func bitRate(_ source: AudioSource, rng: inout SplitMix64) -> Int {
    switch source {
    case .mp3: [128, 160, 192, 256, 320][rng.weighted([15, 10, 20, 15, 40])]
    case .lossless: rng.int(650...1_050)
    default: 256
    }
  }

  /// Who performs the track: the album's artist (now and then with a guest), or on a compilation another each time.
  func credit(
    _ track: inout GeneratedTrack, _ index: Int, _ shape: AlbumShape, previousPerformer: inout Int,
    rng: inout SplitMix64
  ) {
    guard shape.compilation else {
      var name = shape.artist?.name ?? ""
      if rng.chance(0.06) { name += featuring(rng: &rng) }
      track.artist = name
      track.sortArtist = shape.sortArtistName
      return
    }
    var performer = rng.below(max(plan.artists.count, 1))
    if performer == previousPerformer && plan.artists.count > 1 {
      performer = (performer + 1) % plan.artists.count
    }
    previousPerformer = performer
    var name =
      plan.artists.isEmpty || (plan.artists.count == 1 && index % 2 == 1)
      ? NameFactory.person(rng: &rng) : plan.artists[performer].name
    if rng.chance(0.1) { name += featuring(rng: &rng) }
    track.artist = name
    track.sortArtist = shape.hasSortFields ? NameFactory.sortName(name) ?? name : NameFactory.sortName(name)
  }

  /// The album's tags: album artist, sort names, genre, kind, composer, disc and track numbers, year.
  func tag(_ track: inout GeneratedTrack, _ index: Int, _ shape: AlbumShape, rng: inout SplitMix64) {
    let album = shape.album
    let disc = index / shape.perDisc + 1
    track.albumArtist = shape.albumArtist
    if let albumArtist = shape.albumArtist, let sorted = NameFactory.sortName(albumArtist) {
      track.sortAlbumArtist = sorted
    }
    track.compilation = shape.compilation
    track.album = album.title
    track.sortAlbum = shape.sortAlbum
    track.sortName = NameFactory.sortName(track.name)
    track.genre = Words.genres[album.genre]
    track.kind = album.source.kind
    if shape.hasComposers { track.composer = rng.chance(0.7) ? shape.credit : shape.soloCredit }
    if shape.hasDiscFields {
      track.discNumber = disc
      track.discCount = album.discCount
    }
    track.trackNumber = index % shape.perDisc + 1
    track.trackCount = min(shape.perDisc, album.trackCount - (disc - 1) * shape.perDisc)
    track.year = album.year
    if rng.chance(0.04) { track.bpm = rng.int(70...175) }
  }

  /// The file and its life in the library: size, dates, plays, skips, ratings, where it lives.
  func play(_ track: inout GeneratedTrack, _ index: Int, _ shape: AlbumShape, rng: inout SplitMix64) {
    let source = shape.album.source
    let duration = 95_000 + rng.below(150_000) + rng.below(150_000)
    track.totalTime = duration
    track.size = duration / 8 * shape.bitRate + (shape.artworkCount == nil ? 4_096 : 60_000 + rng.below(400_000))
    track.bitRate = shape.bitRate
    track.sampleRate = source == .lossless && rng.chance(0.3) ? 48_000 : 44_100
    track.dateAdded = shape.added + Int64(index * rng.int(1...6))
    track.dateModified = context.moment(after: track.dateAdded, rng: &rng)
    if rng.chance(0.03) { track.comments = rng.pick(TrackFactory.comments) }
    if rng.chance(0.22 + 0.3 * shape.affinity) {
      let ceiling = 2 + 400 * shape.affinity * shape.affinity
      track.playCount = max(1, Int(exp(rng.unit() * rng.unit() * log(ceiling))))
      track.playDateUTC = context.moment(after: track.dateAdded, rng: &rng)
    }
    if rng.chance(0.12) {
      track.skipCount = rng.int(1...9)
      track.skipDate = context.moment(after: track.dateAdded, rng: &rng)
    }
    if shape.hasReleaseDate { track.releaseDate = shape.release }
    if rng.chance(0.06) { track.rating = [20, 40, 60, 80, 100][rng.below(5)] }
    if let albumRating = shape.albumRating {
      track.albumRating = albumRating
      track.albumRatingComputed = true
    }
    track.loved = rng.chance(0.03)
    if shape.hasNormalization { track.normalization = rng.int(300...12_000) }
    track.artworkCount = shape.artworkCount
    track.persistentID = rng.next()
    track.explicit = rng.chance(shape.explicitShare)
    track.trackType = source.isFile ? .file : .remote
    track.purchased = source == .purchased
    track.appleMusic = source == .appleMusic
    if source.isFile { place(&track, index, shape) }
  }

  func place(_ track: inout GeneratedTrack, _ index: Int, _ shape: AlbumShape) {
    let disc = index / shape.perDisc + 1
    track.location =
      shape.locationPrefix
      + Location.fileName(
        disc: shape.album.discCount > 1 ? disc : nil, number: index % shape.perDisc + 1, name: track.name,
        fileExtension: shape.album.source.fileExtension)
    track.fileFolderCount = 5
    track.libraryFolderCount = 1
  }

  /// " feat. X", " (feat. X)", " ft. X", " featuring X" or " with X".
  func featuring(rng: inout SplitMix64) -> String {
    let guest =
      plan.artists.count > 3 && rng.chance(0.6)
      ? plan.artists[rng.below(plan.artists.count)].name : NameFactory.person(rng: &rng)
    switch rng.weighted([55, 25, 8, 6, 6]) {
    case 0: return " feat. " + guest
    case 1: return " (feat. " + guest + ")"
    case 2: return " ft. " + guest
    case 3: return " featuring " + guest
    default: return " with " + guest
    }
  }

  static let comments = [
    "Ripped from CD", "Amazon.com Song ID: 20847113", "Visit the band at their website", "Bought at the show",
    "Vinyl rip, 24/96 downsampled", "Gift from Theo",
  ]

  // MARK: - Non-music items

  enum MediaKind: CaseIterable {
    case podcast, musicVideo, movie, tvShow, audiobook, voiceMemo
  }

  /// A group of non-music items (one podcast show's episodes, one movie, …).
  func mediaTracks(_ kind: MediaKind, index: Int) -> [GeneratedTrack] {
    var rng = SplitMix64(seed: context.options.seed, stream: 4, index: UInt64(index))
    switch kind {
    case .podcast:
      let show = Words.podcastShows[index % Words.podcastShows.count]
      let host = NameFactory.person(rng: &rng)
      return (1...rng.int(3...8)).map { episode in
        let viaURL = rng.chance(0.2)
        return podcastEpisode(show: show, host: host, episode: episode, viaURL: viaURL, rng: &rng)
      }
    case .musicVideo:
      return [musicVideo(rng: &rng)]
    case .movie:
      return [movie(title: Words.movieTitles[index % Words.movieTitles.count], rng: &rng)]
    case .tvShow:
      let series = Words.tvSeries[index % Words.tvSeries.count]
      let season = rng.int(1...4)
      return (1...rng.int(3...6)).map { tvEpisode(series: series, season: season, episode: $0, rng: &rng) }
    case .audiobook:
      return audiobook(Words.audiobooks[index % Words.audiobooks.count], rng: &rng)
    case .voiceMemo:
      var track = baseItem(rng: &rng, seconds: rng.int(20...900), bytesPerSecond: 8_000)
      let stamp = CivilTime(unixSeconds: track.dateAdded)
      track.name = "Memo \(stamp.year)-\(stamp.month)-\(stamp.day) \(stamp.hour)h\(stamp.minute)"
      track.artist = "iPhone"
      track.album = "Voice Memos"
      track.genre = "Voice Memo"
      track.kind = "AAC audio file"
      track.location = context.mediaFolder + "Voice%20Memos/" + Location.component(track.name + ".m4a")
      return [track]
    }
  }

  func musicVideo(rng: inout SplitMix64) -> GeneratedTrack {
    var track = baseItem(rng: &rng, seconds: rng.int(180...330), bytesPerSecond: 350_000)
    let artist = plan.artists.isEmpty ? NameFactory.person(rng: &rng) : rng.pick(plan.artists).name
    track.name = NameFactory.trackName(rng: &rng)
    track.artist = artist
    track.genre = Words.genres[rng.below(Words.genres.count)]
    track.kind = "Purchased MPEG-4 video file"
    track.purchased = true
    track.musicVideo = true
    track.hasVideo = true
    track.hd = true
    track.videoWidth = 1_920
    track.videoHeight = 1_080
    track.location =
      context.mediaFolder + "Music/" + Location.component(artist) + "/" + Location.component(track.name + ".m4v")
    return track
  }

  func audiobook(_ title: String, rng: inout SplitMix64) -> [GeneratedTrack] {
    let author = NameFactory.person(rng: &rng)
    let parts = rng.int(1...3)
    return (1...parts).map { part in
      var track = baseItem(rng: &rng, seconds: rng.int(3_600...20_000), bytesPerSecond: 8_000)
      track.name = parts > 1 ? "\(title) (Unabridged) Part \(part)" : "\(title) (Unabridged)"
      track.artist = author
      track.albumArtist = author
      track.album = "\(title) (Unabridged)"
      track.genre = "Audiobook"
      track.kind = "Protected AAC audio file"
      track.trackNumber = part
      track.trackCount = parts
      track.purchased = true
      track.location =
        context.mediaFolder + "Audiobooks/" + Location.component(author) + "/"
        + Location.component(track.name + ".m4b")
      return track
    }
  }

  /// A non-music item's common fields; `year` (if any) bounds its Date Added from below.
  func baseItem(rng: inout SplitMix64, seconds: Int, bytesPerSecond: Int, year: Int? = nil) -> GeneratedTrack {
    var track = GeneratedTrack()
    track.totalTime = seconds * 1_000 + rng.below(1_000)
    track.size = seconds * bytesPerSecond + rng.below(100_000)
    track.year = year
    let notBefore = year.map { CivilTime(year: $0, month: 1, day: 1).unixSeconds } ?? 0
    track.dateAdded = context.moment(after: max(context.earliestAdded, notBefore), rng: &rng)
    track.dateModified = context.moment(after: track.dateAdded, rng: &rng)
    track.bitRate = max(32, bytesPerSecond * 8 / 1_000)
    track.persistentID = rng.next()
    track.artworkCount = 1
    track.trackType = .file
    track.fileFolderCount = 4
    track.libraryFolderCount = 1
    if rng.chance(0.4) {
      track.playCount = rng.int(1...6)
      track.playDateUTC = context.moment(after: track.dateAdded, rng: &rng)
    }
    return track
  }

  func podcastEpisode(show: String, host: String, episode: Int, viaURL: Bool, rng: inout SplitMix64) -> GeneratedTrack {
    var track = baseItem(rng: &rng, seconds: rng.int(900...4_800), bytesPerSecond: 16_000)
    track.name = "\(show) #\(episode): \(NameFactory.trackName(rng: &rng))"
    track.artist = host
    track.album = show
    track.genre = "Podcast"
    track.kind = "MPEG audio file"
    track.trackNumber = episode
    track.releaseDate = track.dateAdded - 86_400
    track.podcast = true
    track.unplayed = track.playCount == 0
    let file = Location.component((episode < 10 ? "0\(episode) " : "\(episode) ") + track.name + ".mp3")
    if viaURL {
      track.trackType = .url
      track.location = "https://feeds.example.com/" + Location.component(show.lowercased()) + "/episode-\(episode).mp3"
      track.fileFolderCount = nil
      track.libraryFolderCount = nil
    } else {
      track.location = context.mediaFolder + "Podcasts/" + Location.component(show) + "/" + file
    }
    return track
  }

  func movie(title: String, rng: inout SplitMix64) -> GeneratedTrack {
    let year = rng.int(1970...context.todayYear)
    var track = baseItem(rng: &rng, seconds: rng.int(5_400...9_000), bytesPerSecond: 500_000, year: year)
    track.name = title
    track.artist = NameFactory.person(rng: &rng)
    track.genre = ["Drama", "Comedy", "Thriller", "Documentary"][rng.below(4)]
    track.kind = "MPEG-4 video file"
    track.movie = true
    track.hasVideo = true
    track.hd = true
    track.videoWidth = 1_920
    track.videoHeight = 800
    track.location = context.mediaFolder + "Movies/" + Location.component(title + ".m4v")
    return track
  }

  func tvEpisode(series: String, season: Int, episode: Int, rng: inout SplitMix64) -> GeneratedTrack {
    var track = baseItem(rng: &rng, seconds: rng.int(1_300...3_300), bytesPerSecond: 250_000)
    track.name = "Episode \(episode)"
    track.artist = series
    track.albumArtist = series
    track.album = "\(series), Season \(season)"
    track.genre = "Drama"
    track.kind = "Purchased MPEG-4 video file"
    track.trackNumber = episode
    track.season = season
    track.episode = "S\(season)E\(episode)"
    track.episodeOrder = episode
    track.series = series
    track.purchased = true
    track.tvShow = true
    track.hasVideo = true
    track.videoWidth = 1_280
    track.videoHeight = 720
    track.fileFolderCount = -1
    track.location =
      context.mediaFolder + "TV%20Shows/" + Location.component(series) + "/"
      + Location.component("Season \(season)") + "/" + Location.component("\(episode) Episode \(episode).m4v")
    return track
  }
}
