/// One track dict, field by field, before it is written. Absent optionals are not written.
struct GeneratedTrack {
  enum TrackType: String {
    case file = "File"
    case remote = "Remote"
    case url = "URL"
  }

  /// A deliberate defect in the dict: each is a warning; only one in what decides ownership skips the track.
  enum Damage {
    /// `<key>Work</key>` directly followed by the next `<key>`: the track is kept.
    case keyWithoutValue
    /// `<key>BPM</key><integer>unknown</integer>`: the track is kept.
    case nonNumericInteger
    /// `<key>Album</key>` directly followed by the next `<key>`: the track is skipped.
    case albumWithoutValue

    var skipsTrack: Bool { self == .albumWithoutValue }
  }

  var key = 0
  /// Added to the dict key to give the Track ID value; non-zero only when they disagree.
  var trackIDOffset = 0
  var size = 0
  var totalTime: Int?
  var discNumber: Int?
  var discCount: Int?
  var trackNumber: Int?
  var trackCount: Int?
  var year: Int?
  var bpm: Int?
  var dateModified: Int64 = 0
  var dateAdded: Int64 = 0
  var bitRate: Int?
  var sampleRate: Int?
  var comments: String?
  var playCount = 0
  var playDateUTC: Int64 = 0
  var skipCount = 0
  var skipDate: Int64 = 0
  var releaseDate: Int64?
  var rating: Int?
  var albumRating: Int?
  var albumRatingComputed = false
  var loved = false
  var normalization: Int?
  var compilation = false
  var artworkCount: Int?
  var season: Int?
  var episode: String?
  var episodeOrder: Int?
  var series: String?
  var sortAlbum: String?
  var sortAlbumArtist: String?
  var sortArtist: String?
  var sortName: String?
  var persistentID: UInt64 = 0
  var explicit = false
  var trackType = TrackType.file
  var purchased = false
  var appleMusic = false
  var playlistOnly = false
  var podcast = false
  var unplayed = false
  var iTunesU = false
  var movie = false
  var tvShow = false
  var musicVideo = false
  var hasVideo = false
  var hd = false
  var videoWidth: Int?
  var videoHeight: Int?
  var location: String?
  var fileFolderCount: Int?
  var libraryFolderCount: Int?
  var name = ""
  var artist: String?
  var albumArtist: String?
  var composer: String?
  var album: String?
  var genre: String?
  var kind: String?

  // Edge-case decorations.
  /// Write every `true` of this dict as `<true />`.
  var spacedTrue = false
  /// An XML comment written inside the dict.
  var xmlComment: String?
  /// A `<data>` value written inside the dict.
  var dataBlob: [UInt8]?
  var damage: Damage?

  var trackID: Int { key + trackIDOffset }
}

/// Field prefixes of a track dict (three tabs deep) and of the dict's surroundings.
struct TrackKeys {
  let dictKeyOpen = Array("\t\t<key>".utf8)
  let dictKeyClose = Array("</key>".utf8)
  let dictOpen = Array("\t\t<dict>".utf8)
  let dictClose = Array("\t\t</dict>".utf8)

  let trackID = FieldPrefix("Track ID", "integer", indent: 3)
  let size = FieldPrefix("Size", "integer", indent: 3)
  let totalTime = FieldPrefix("Total Time", "integer", indent: 3)
  let discNumber = FieldPrefix("Disc Number", "integer", indent: 3)
  let discCount = FieldPrefix("Disc Count", "integer", indent: 3)
  let trackNumber = FieldPrefix("Track Number", "integer", indent: 3)
  let trackCount = FieldPrefix("Track Count", "integer", indent: 3)
  let year = FieldPrefix("Year", "integer", indent: 3)
  let bpm = FieldPrefix("BPM", "integer", indent: 3)
  let dateModified = FieldPrefix("Date Modified", "date", indent: 3)
  let dateAdded = FieldPrefix("Date Added", "date", indent: 3)
  let bitRate = FieldPrefix("Bit Rate", "integer", indent: 3)
  let sampleRate = FieldPrefix("Sample Rate", "integer", indent: 3)
  let comments = FieldPrefix("Comments", "string", indent: 3)
  let playCount = FieldPrefix("Play Count", "integer", indent: 3)
  let playDate = FieldPrefix("Play Date", "integer", indent: 3)
  let playDateUTC = FieldPrefix("Play Date UTC", "date", indent: 3)
  let skipCount = FieldPrefix("Skip Count", "integer", indent: 3)
  let skipDate = FieldPrefix("Skip Date", "date", indent: 3)
  let releaseDate = FieldPrefix("Release Date", "date", indent: 3)
  let rating = FieldPrefix("Rating", "integer", indent: 3)
  let albumRating = FieldPrefix("Album Rating", "integer", indent: 3)
  let albumRatingComputed = FieldPrefix("Album Rating Computed", nil, indent: 3)
  let loved = FieldPrefix("Loved", nil, indent: 3)
  let normalization = FieldPrefix("Normalization", "integer", indent: 3)
  let compilation = FieldPrefix("Compilation", nil, indent: 3)
  let artworkCount = FieldPrefix("Artwork Count", "integer", indent: 3)
  let season = FieldPrefix("Season", "integer", indent: 3)
  let episode = FieldPrefix("Episode", "string", indent: 3)
  let episodeOrder = FieldPrefix("Episode Order", "integer", indent: 3)
  let series = FieldPrefix("Series", "string", indent: 3)
  let sortAlbum = FieldPrefix("Sort Album", "string", indent: 3)
  let sortAlbumArtist = FieldPrefix("Sort Album Artist", "string", indent: 3)
  let sortArtist = FieldPrefix("Sort Artist", "string", indent: 3)
  let sortName = FieldPrefix("Sort Name", "string", indent: 3)
  let persistentID = FieldPrefix("Persistent ID", "string", indent: 3)
  let explicit = FieldPrefix("Explicit", nil, indent: 3)
  let trackType = FieldPrefix("Track Type", "string", indent: 3)
  let purchased = FieldPrefix("Purchased", nil, indent: 3)
  let appleMusic = FieldPrefix("Apple Music", nil, indent: 3)
  let playlistOnly = FieldPrefix("Playlist Only", nil, indent: 3)
  let podcast = FieldPrefix("Podcast", nil, indent: 3)
  let unplayed = FieldPrefix("Unplayed", nil, indent: 3)
  let iTunesU = FieldPrefix("iTunesU", nil, indent: 3)
  let movie = FieldPrefix("Movie", nil, indent: 3)
  let tvShow = FieldPrefix("TV Show", nil, indent: 3)
  let musicVideo = FieldPrefix("Music Video", nil, indent: 3)
  let hasVideo = FieldPrefix("Has Video", nil, indent: 3)
  let hd = FieldPrefix("HD", nil, indent: 3)
  let videoWidth = FieldPrefix("Video Width", "integer", indent: 3)
  let videoHeight = FieldPrefix("Video Height", "integer", indent: 3)
  let location = FieldPrefix("Location", "string", indent: 3)
  let fileFolderCount = FieldPrefix("File Folder Count", "integer", indent: 3)
  let libraryFolderCount = FieldPrefix("Library Folder Count", "integer", indent: 3)
  let artworkData = FieldPrefix("Cloud Asset Data", nil, indent: 3)
  let name = FieldPrefix("Name", "string", indent: 3)
  let artist = FieldPrefix("Artist", "string", indent: 3)
  let albumArtist = FieldPrefix("Album Artist", "string", indent: 3)
  let composer = FieldPrefix("Composer", "string", indent: 3)
  let album = FieldPrefix("Album", "string", indent: 3)
  let genre = FieldPrefix("Genre", "string", indent: 3)
  let kind = FieldPrefix("Kind", "string", indent: 3)
  let danglingKey = FieldPrefix("Work", nil, indent: 3)
  let danglingAlbum = FieldPrefix("Album", nil, indent: 3)
  let brokenInteger = Array("\t\t\t<key>BPM</key><integer>unknown</integer>".utf8)
  let commentOpen = Array("\t\t\t<!-- ".utf8)
  let commentClose = Array(" -->".utf8)
}

extension PlistWriter {
  /// Writes `<key>id</key><dict>…</dict>` for one track, keys in the order Music.app writes them.
  mutating func track(_ track: GeneratedTrack, keys k: TrackKeys, playDateOffset: Int64) {
    append(k.dictKeyOpen)
    appendInteger(track.key)
    line(k.dictKeyClose)
    line(k.dictOpen)
    numbers(track, k)
    history(track, k, playDateOffset: playDateOffset)
    flagsAndSorting(track, k)
    kinds(track, k)
    names(track, k)
    line(k.dictClose)
  }

  /// Id, size, time, disc and track numbers, year, tempo: the numbers Music writes first.
  private mutating func numbers(_ track: GeneratedTrack, _ k: TrackKeys) {
    integer(k.trackID, track.trackID)
    integer(k.size, track.size)
    if let value = track.totalTime { integer(k.totalTime, value) }
    if let value = track.discNumber { integer(k.discNumber, value) }
    if let value = track.discCount { integer(k.discCount, value) }
    if let value = track.trackNumber { integer(k.trackNumber, value) }
    if let value = track.trackCount { integer(k.trackCount, value) }
    if let value = track.year { integer(k.year, value) }
    if track.damage == .keyWithoutValue { line(k.danglingKey.bytes) }
    if let value = track.bpm { integer(k.bpm, value) }
    if track.damage == .nonNumericInteger { line(k.brokenInteger) }
  }

  /// Dates, rates, plays, skips and ratings.
  private mutating func history(_ track: GeneratedTrack, _ k: TrackKeys, playDateOffset: Int64) {
    date(k.dateModified, track.dateModified)
    date(k.dateAdded, track.dateAdded)
    if let value = track.bitRate { integer(k.bitRate, value) }
    if let value = track.sampleRate { integer(k.sampleRate, value) }
    if let value = track.comments { string(k.comments, value) }
    if track.playCount > 0 {
      integer(k.playCount, track.playCount)
      integer(k.playDate, Int(track.playDateUTC + CivilTime.macEpochOffset + playDateOffset))
      date(k.playDateUTC, track.playDateUTC)
    }
    if track.skipCount > 0 {
      integer(k.skipCount, track.skipCount)
      date(k.skipDate, track.skipDate)
    }
    if let value = track.releaseDate { date(k.releaseDate, value) }
    if let value = track.rating { integer(k.rating, value) }
    if let value = track.albumRating { integer(k.albumRating, value) }
  }

  /// Loved, compilation and artwork, TV fields, sort names, the persistent id, explicitness and the track type.
  private mutating func flagsAndSorting(_ track: GeneratedTrack, _ k: TrackKeys) {
    let spaced = track.spacedTrue
    if track.albumRatingComputed { flag(k.albumRatingComputed, spaced: spaced) }
    if track.loved { flag(k.loved, spaced: spaced) }
    if let value = track.normalization { integer(k.normalization, value) }
    if track.compilation { flag(k.compilation, spaced: spaced) }
    if let value = track.artworkCount { integer(k.artworkCount, value) }
    if let value = track.season { integer(k.season, value) }
    if let value = track.episode { string(k.episode, value) }
    if let value = track.episodeOrder { integer(k.episodeOrder, value) }
    if let value = track.series { string(k.series, value) }
    if let value = track.sortAlbum { string(k.sortAlbum, value) }
    if let value = track.sortAlbumArtist { string(k.sortAlbumArtist, value) }
    if let value = track.sortArtist { string(k.sortArtist, value) }
    if let value = track.sortName { string(k.sortName, value) }
    hex(k.persistentID, track.persistentID)
    if track.explicit { flag(k.explicit, spaced: spaced) }
    string(k.trackType, track.trackType.rawValue)
    if let comment = track.xmlComment {
      append(k.commentOpen)
      appendASCII(comment)
      line(k.commentClose)
    }
  }

  /// What kind of item it is (purchased, a podcast, a movie, ...), and where its file lives.
  private mutating func kinds(_ track: GeneratedTrack, _ k: TrackKeys) {
    let spaced = track.spacedTrue
    let flags: [(Bool, FieldPrefix)] = [
      (track.purchased, k.purchased), (track.appleMusic, k.appleMusic), (track.playlistOnly, k.playlistOnly),
      (track.podcast, k.podcast), (track.unplayed, k.unplayed), (track.iTunesU, k.iTunesU), (track.movie, k.movie),
      (track.tvShow, k.tvShow), (track.musicVideo, k.musicVideo), (track.hasVideo, k.hasVideo), (track.hd, k.hd),
    ]
    for (isSet, key) in flags where isSet { flag(key, spaced: spaced) }
    if let value = track.videoWidth { integer(k.videoWidth, value) }
    if let value = track.videoHeight { integer(k.videoHeight, value) }
    if let value = track.location { string(k.location, value) }
    if let value = track.fileFolderCount { integer(k.fileFolderCount, value) }
    if let value = track.libraryFolderCount { integer(k.libraryFolderCount, value) }
    if let blob = track.dataBlob { data(key: k.artworkData, indent: 3, payload: blob) }
  }

  /// The name, the artists, the album, the genre and the kind: what Music writes last.
  private mutating func names(_ track: GeneratedTrack, _ k: TrackKeys) {
    string(k.name, track.name)
    if let value = track.artist { string(k.artist, value) }
    if let value = track.albumArtist { string(k.albumArtist, value) }
    if let value = track.composer { string(k.composer, value) }
    if track.damage == .albumWithoutValue {
      line(k.danglingAlbum.bytes)
    } else if let value = track.album {
      string(k.album, value)
    }
    if let value = track.genre { string(k.genre, value) }
    if let value = track.kind { string(k.kind, value) }
  }
}
