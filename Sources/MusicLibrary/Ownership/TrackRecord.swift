/// The fields of one track entry that decide whether and how it counts, as the reader found them.
///
/// Only these are turned into Swift values; every other field of the export is skipped unread.
struct TrackRecord {
  enum TrackType {
    case file
    case remote
    case url
    case unknown
  }

  /// What a file's extension says about it, when it says anything.
  enum FileClass {
    case audiobook
    case book
    case app
    case other
  }

  var artist: String?
  var albumArtist: String?
  var album: String?
  var trackType = TrackType.unknown
  var fileClass = FileClass.other
  var isVoiceMemoGenre = false
  var isPodcast = false
  var isITunesU = false
  var isMovie = false
  var isTVShow = false
  var isMusicVideo = false
  var hasVideo = false
  var isPlaylistOnly = false
  var isCompilation = false
  var year: Int?
  var releaseYear: Int?
  var playCount = 0
  var isDamaged = false

  /// Why this track is not owned music, or nil when it is. Uses the flags Music writes and file
  /// types, never the localized Kind text, so exports in any language agree.
  var skipReason: SkipReason? {
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
  var effectiveYear: Int? { year ?? releaseYear }

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
