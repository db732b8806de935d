internal import Basics

/// Deterministic generator of realistic synthetic iTunes / Music "Library.xml" exports.
///
/// The manifest states what a correct reader should count:
/// - `tracks`: every track dict under `Tracks`.
/// - A track is skipped with the first matching reason: `podcast` (Podcast true), `iTunesU`,
///   `movie`, `tvShow`, `musicVideo`, `video` (Has Video only), `audiobook` (Location ending
///   .m4b/.aa/.aax), `book` (.pdf/.epub/.ibooks), `app` (.ipa), `voiceMemo` (Genre "Voice Memo"),
///   `stream` (Track Type URL), `playlistOnly` (Playlist Only true), `damaged` (a key with no value
///   or an integer holding text; one warning each). `musicTracks` = tracks − skipped.
/// - An album credited to a "various artists" alias (as Album Artist, or as Artist when there is no
///   Album Artist) is a compilation that belongs to no one. Otherwise an owned track's artist is its
///   Album Artist; without one, if Compilation is true, the album is a compilation (which belongs to
///   its artist when all its owned tracks share one featured-stripped Artist, else to no one);
///   otherwise the track's Artist with any " feat. X", " ft. X", " featuring X", " with X",
///   "(feat. X)" cut off.
/// - `albums`: distinct (artist or compilation, title) pairs of owned tracks with an Album;
///   titles and names compare after NFC, lower-casing and whitespace folding (U+00A0 included).
/// - `artists`: distinct owners of those albums, and artists of owned tracks without an Album;
///   various-artists aliases never count.
public enum SyntheticLibrary {
  /// Generates the library described by `options` into the file at `path` (replacing it),
  /// streaming through a 1 MB buffer, and returns what a correct reader should find.
  public static func write(_ options: GeneratorOptions, to path: String) throws -> LibraryManifest {
    try write(options, to: path, bufferCapacity: 1 << 20).manifest
  }

  /// Same, with the buffer size chosen and the writer's statistics returned (for tests).
  static func write(
    _ options: GeneratorOptions, to path: String, bufferCapacity: Int
  ) throws -> (manifest: LibraryManifest, statistics: WriterStatistics) {
    try validate(options)
    var generator = try LibraryGenerator(options: options)
    return try generator.write(to: path, bufferCapacity: bufferCapacity)
  }

  static func validate(_ options: GeneratorOptions) throws {
    guard (1...5_000_000).contains(options.artists) else {
      throw SyntheticLibraryError.invalidOption("artists must be between 1 and 5,000,000")
    }
    guard (1...5_000_000).contains(options.albums) else {
      throw SyntheticLibraryError.invalidOption("albums must be between 1 and 5,000,000")
    }
    guard ["\n", "\r\n", "\r"].contains(options.lineEnding) else {
      throw SyntheticLibraryError.invalidOption("lineEnding must be \\n, \\r\\n or \\r")
    }
  }
}

/// One run of the generator: plans the artists and albums, then streams header, tracks and playlists.
struct LibraryGenerator {
  enum Unit {
    case album(Int)
    case media(TrackFactory.MediaKind, Int)
    case edge(Int)
  }

  let options: GeneratorOptions
  let context: LibraryContext
  let factory: TrackFactory
  private var accountant = Accountant()

  init(options: GeneratorOptions) throws {
    self.options = options
    context = try LibraryContext(options: options)
    var planned = options
    if options.edgeCases {
      // The edge cases bring their own artists and albums; keep the totals near the options.
      planned.artists = max(1, options.artists - EdgeCases.ownedArtistCount)
      planned.albums = max(1, options.albums - EdgeCases.ownedAlbumCount)
    }
    let plan = LibraryPlan(
      options: planned, todayYear: context.todayYear, reservedNames: options.edgeCases ? EdgeCases.reservedNames : [])
    factory = TrackFactory(context: context, plan: plan)
  }

  /// Every group of tracks, in the seeded order they are written.
  func units() -> [Unit] {
    var units: [Unit] = (0..<factory.plan.albums.count).map { .album($0) }
    let albums = options.albums
    let media: [(TrackFactory.MediaKind, Int)] = [
      (.podcast, albums / 450), (.musicVideo, albums / 120), (.movie, albums / 900), (.tvShow, albums / 1_500),
      (.audiobook, albums / 1_500), (.voiceMemo, albums / 2_500),
    ]
    for (kind, count) in media {
      for index in 0..<count { units.append(.media(kind, index)) }
    }
    if options.edgeCases {
      for index in 0..<EdgeCases(factory: factory).groupCount { units.append(.edge(index)) }
    }
    var rng = SplitMix64(seed: options.seed, stream: 3)
    rng.shuffle(&units)
    return units
  }

  mutating func write(to path: String, bufferCapacity: Int) throws -> (
    manifest: LibraryManifest, statistics: WriterStatistics
  ) {
    var out = try PlistWriter(path: path, capacity: max(4_096, bufferCapacity), newline: options.lineEnding)
    writeHeader(&out)
    let keys = TrackKeys()
    let edges = EdgeCases(factory: factory)
    var rng = SplitMix64(seed: options.seed, stream: 6)
    let firstKey = 2 * rng.int(100...4_000)
    var nextKey = firstKey
    var excluded = Set<Int>()
    var playlistOnly: [Int] = []
    if options.edgeCases { out.line(Array("\t\t<!-- exported by deepcut's synthetic library generator -->".utf8)) }
    for unit in units() {
      let tracks: [GeneratedTrack]
      switch unit {
      case .album(let index): tracks = factory.albumTracks(index)
      case .media(let kind, let index): tracks = factory.mediaTracks(kind, index: index)
      case .edge(let index): tracks = edges.group(index)
      }
      for var track in tracks {
        track.key = nextKey
        nextKey += 2
        out.track(track, keys: keys, playDateOffset: context.playDateOffset)
        if accountant.add(track) != nil {
          excluded.insert(track.key)
          if track.playlistOnly { playlistOnly.append(track.key) }
        }
      }
      try out.flushIfNeeded()
    }
    out.line(Array("\t</dict>".utf8))
    var playlists = PlaylistsWriter(
      context: context, firstKey: firstKey, endKey: nextKey, excluded: excluded, playlistOnly: playlistOnly)
    let playlistCount = try playlists.write(&out)
    out.line(Array("</dict>".utf8))
    out.line(Array("</plist>".utf8))
    try out.close()
    let manifest = accountant.manifest(playlists: playlistCount, bytes: out.statistics.bytes, options: options)
    return (manifest, out.statistics)
  }

  private func writeHeader(_ out: inout PlistWriter) {
    out.line(Array(#"<?xml version="1.0" encoding="UTF-8"?>"#.utf8))
    out.line(
      Array(
        #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#.utf8)
    )
    out.line(Array(#"<plist version="1.0">"#.utf8))
    out.line(Array("<dict>".utf8))
    out.integer(FieldPrefix("Major Version", "integer", indent: 1), 1)
    out.integer(FieldPrefix("Minor Version", "integer", indent: 1), 1)
    out.date(FieldPrefix("Date", "date", indent: 1), context.exportTime)
    out.string(FieldPrefix("Application Version", "string", indent: 1), "1.6.2.41")
    out.integer(FieldPrefix("Features", "integer", indent: 1), 5)
    out.flag(FieldPrefix("Show Content Ratings", nil, indent: 1))
    out.string(FieldPrefix("Music Folder", "string", indent: 1), context.mediaFolder)
    out.hex(FieldPrefix("Library Persistent ID", "string", indent: 1), context.libraryPersistentID)
    out.line(Array("\t<key>Tracks</key>".utf8))
    out.line(Array("\t<dict>".utf8))
  }
}
