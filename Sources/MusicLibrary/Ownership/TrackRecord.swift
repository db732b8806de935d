/// The fields of one track entry that decide whether and how it counts, as the reader found them.
///
/// Only these are turned into Swift values; every other field of the export is skipped unread.
public struct TrackRecord: Sendable, Equatable {
  public enum TrackType: Sendable, Equatable {
    case file
    case remote
    case url
    case unknown
  }

  /// What a file's extension says about it, when it says anything.
  public enum FileClass: Sendable, Equatable {
    case audiobook
    case book
    case app
    case other
  }

  public var artist: String?
  public var albumArtist: String?
  public var album: String?
  public var trackType = TrackType.unknown
  public var fileClass = FileClass.other
  public var isVoiceMemoGenre = false
  public var isPodcast = false
  public var isITunesU = false
  public var isMovie = false
  public var isTVShow = false
  public var isMusicVideo = false
  public var hasVideo = false
  public var isPlaylistOnly = false
  public var isCompilation = false
  /// Music marks a track the person has from their Apple Music subscription (or matched to it).
  public var isAppleMusic = false
  public var year: Int?
  public var releaseYear: Int?
  public var playCount = 0
  public var isDamaged = false

  public init() {}

  /// Why this track is not owned music, or nil when it is. Uses the flags Music writes and file
  /// types, never the localized Kind text, so exports in any language agree.
  public var skipReason: SkipReason? {
    if isDamaged { return .damaged }
    if isPodcast { return .podcast }
    if isITunesU { return .iTunesU }
    if isMovie { return .movie }
    if isTVShow { return .tvShow }
    if isMusicVideo { return .musicVideo }
    if hasVideo { return .video }
    switch fileClass {
    case .audiobook: return .audiobook
    case .book: return .book
    case .app: return .app
    case .other: break
    }
    if isVoiceMemoGenre { return .voiceMemo }
    if trackType == .url { return .stream }
    if isPlaylistOnly { return .playlistOnly }
    return nil
  }

  /// The release year: the Year field, or the year of the Release Date.
  public var effectiveYear: Int? { year ?? releaseYear }

  static func fileClass(forExtension ext: String) -> FileClass {
    switch ext.lowercased() {
    case "m4b", "aa", "aax": .audiobook
    case "pdf", "epub", "ibooks": .book
    case "ipa": .app
    default: .other
    }
  }

  /// Music files voice memos with this genre in the languages Music exports in.
  static func isVoiceMemo(genre: String) -> Bool {
    switch genre.lowercased() {
    case "voice memo", "voice memos", "mémo vocal", "mémos vocaux", "sprachmemo", "sprachmemos", "nota de voz",
      "notas de voz", "memo vocale", "memo vocali":
      true
    default: false
    }
  }
}
