internal import Foundation

extension TrackRecord {
  /// Builds a record from a track dictionary decoded by Foundation's property-list reader.
  ///
  /// The streaming reader never builds such dictionaries; this exists so the benchmark and the tests
  /// can run a whole-document reader through the very same ownership rules and compare results.
  public init(plistTrack track: [String: Any]) {
    self.init()
    artist = track["Artist"] as? String
    albumArtist = track["Album Artist"] as? String
    album = track["Album"] as? String
    switch track["Track Type"] as? String {
    case "File": trackType = .file
    case "URL": trackType = .url
    case "Remote": trackType = .remote
    default: trackType = .unknown
    }
    if let location = track["Location"] as? String { fileClass = Self.fileClass(forLocation: Array(location.utf8)) }
    if let genre = track["Genre"] as? String { isVoiceMemoGenre = Self.isVoiceMemo(genre: genre) }
    isPodcast = track["Podcast"] as? Bool ?? false
    isITunesU = (track["iTunesU"] as? Bool ?? false) || (track["iTunes U"] as? Bool ?? false)
    isMovie = track["Movie"] as? Bool ?? false
    isTVShow = track["TV Show"] as? Bool ?? false
    isMusicVideo = track["Music Video"] as? Bool ?? false
    hasVideo = track["Has Video"] as? Bool ?? false
    isPlaylistOnly = track["Playlist Only"] as? Bool ?? false
    isCompilation = track["Compilation"] as? Bool ?? false
    isAppleMusic = track["Apple Music"] as? Bool ?? false
    if let value = track["Year"] as? Int, value > 0 { year = value }
    playCount = max(0, track["Play Count"] as? Int ?? 0)
    if let date = track["Release Date"] as? Date {
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
      releaseYear = calendar.component(.year, from: date)
    }
  }
}
