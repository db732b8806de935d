public import Foundation
public import Identity

/// Why a track in the export does not count as music the user owns.
public enum SkipReason: String, CaseIterable, Codable, Sendable, Comparable {
  case podcast
  case iTunesU
  case movie
  case tvShow
  case musicVideo
  case video
  case audiobook
  case book
  case app
  case voiceMemo
  case stream
  case playlistOnly
  case damaged

  /// A few words for people, as `deepcut scan` prints them: "1 movie", "3 movies".
  public func label(count: Int) -> String {
    let (one, many) =
      switch self {
      case .podcast: ("podcast episode", "podcast episodes")
      case .iTunesU: ("iTunes U item", "iTunes U items")
      case .movie: ("movie", "movies")
      case .tvShow: ("TV episode", "TV episodes")
      case .musicVideo: ("music video", "music videos")
      case .video: ("other video", "other videos")
      case .audiobook: ("audiobook track", "audiobook tracks")
      case .book: ("book or PDF", "books and PDFs")
      case .app: ("app", "apps")
      case .voiceMemo: ("voice memo", "voice memos")
      case .stream: ("internet stream", "internet streams")
      case .playlistOnly: ("Apple Music playlist-only track", "Apple Music playlist-only tracks")
      case .damaged: ("damaged entry", "damaged entries")
      }
    return "\(count) \(count == 1 ? one : many)"
  }

  public static func < (lhs: SkipReason, rhs: SkipReason) -> Bool {
    allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
  }
}

/// Something in the export that was read around rather than failing the whole run.
public struct LibraryWarning: Sendable, Equatable, Codable, CustomStringConvertible {
  public var line: Int
  public var message: String

  public init(line: Int, message: String) {
    self.line = line
    self.message = message
  }

  public var description: String { "line \(line): \(message)" }
}

/// An artist to look up in the catalog, with what the user owns by them.
public struct LibraryArtist: Sendable, Equatable, Codable {
  public var key: ArtistKey
  /// The spelling the library uses most.
  public var name: String
  public var albumCount: Int
  public var trackCount: Int
  public var playCount: Int
  public var newestYear: Int?
  /// The library's other spellings of this artist ("The Young Rivers" beside "Young Rivers"), sorted; usually none.
  public var otherSpellings: [String]

  public init(
    key: ArtistKey,
    name: String,
    albumCount: Int = 0,
    trackCount: Int = 0,
    playCount: Int = 0,
    newestYear: Int? = nil,
    otherSpellings: [String] = []
  ) {
    self.key = key
    self.name = name
    self.albumCount = albumCount
    self.trackCount = trackCount
    self.playCount = playCount
    self.newestYear = newestYear
    self.otherSpellings = otherSpellings
  }

  /// Most listened first: play count, then owned tracks, then owned albums; the key settles ties.
  public static func listeningOrder(_ lhs: LibraryArtist, _ rhs: LibraryArtist) -> Bool {
    (rhs.playCount, rhs.trackCount, rhs.albumCount, lhs.key) < (lhs.playCount, lhs.trackCount, lhs.albumCount, rhs.key)
  }
}

/// An album with at least one owned music track.
public struct OwnedAlbum: Sendable, Equatable, Codable {
  /// The artist it belongs to; nil for a compilation of many artists.
  public var artistKey: ArtistKey?
  public var artistName: String
  public var title: String
  public var key: AlbumKey
  public var year: Int?
  public var trackCount: Int
  public var playCount: Int
  public var isCompilation: Bool

  public init(
    artistKey: ArtistKey?,
    artistName: String,
    title: String,
    key: AlbumKey,
    year: Int? = nil,
    trackCount: Int = 0,
    playCount: Int = 0,
    isCompilation: Bool = false
  ) {
    self.artistKey = artistKey
    self.artistName = artistName
    self.title = title
    self.key = key
    self.year = year
    self.trackCount = trackCount
    self.playCount = playCount
    self.isCompilation = isCompilation
  }
}

/// What the user owns: the artists to look up and the albums to compare releases against.
public struct OwnedLibrary: Sendable, Equatable {
  /// In ``LibraryArtist/listeningOrder(_:_:)``: the artists the user cares most about first.
  public var artists: [LibraryArtist]
  /// In the order the export first lists them.
  public var albums: [OwnedAlbum]

  public init(artists: [LibraryArtist], albums: [OwnedAlbum]) {
    self.artists = artists
    self.albums = albums
  }

  /// Each artist's albums, compilations of many artists left out.
  public func albumsByArtist() -> [ArtistKey: [OwnedAlbum]] {
    var result: [ArtistKey: [OwnedAlbum]] = [:]
    for album in albums {
      if let key = album.artistKey { result[key, default: []].append(album) }
    }
    return result
  }
}

/// Everything one read of a library export found.
public struct LibraryScan: Sendable, Equatable {
  /// The path read, as the user gave it (`-` for standard input).
  public var source: String
  /// Every entry of the Tracks dictionary.
  public var tracks: Int
  /// Tracks that count as owned music.
  public var musicTracks: Int
  /// Tracks Music marks as Apple Music's (from the subscription, or matched to it), skipped or not.
  public var appleMusicTracks = 0
  public var skipped: [SkipReason: Int]
  public var warnings: [LibraryWarning]
  public var library: OwnedLibrary
  /// Of the time the read took, how much went into building artist and album keys.
  public var keyBuilding: Duration
  /// When Music wrote the export: the top-level `Date`; nil when the export has none, or one that is no date.
  public var exportDate: Date?
  /// When the file last changed; nil for standard input.
  public var fileModified: Date?

  /// Whether most of its tracks are Apple Music's: the person listens there.
  public var isMostlyAppleMusic: Bool { tracks > 0 && appleMusicTracks * 2 > tracks }

  public init(
    source: String,
    tracks: Int,
    musicTracks: Int,
    skipped: [SkipReason: Int],
    warnings: [LibraryWarning],
    library: OwnedLibrary,
    keyBuilding: Duration = .zero
  ) {
    self.keyBuilding = keyBuilding
    self.source = source
    self.tracks = tracks
    self.musicTracks = musicTracks
    self.skipped = skipped
    self.warnings = warnings
    self.library = library
  }
}
