/// The keys of a track dict that the reader uses; everything else is `.other` and read past.
enum Field: Equatable {
  case artist, albumArtist, album, genre, location, trackType
  case podcast, iTunesU, movie, tvShow, musicVideo, hasVideo, playlistOnly, compilation
  case year, playCount, releaseDate
  /// A key of the top-level dict: the one that holds the tracks.
  case tracks
  case other

  /// Matches raw key bytes without making a String: this runs for every key of every track.
  init(key: [UInt8]) {
    self = .other
    for (candidate, field) in Self.table[min(key.count, Self.table.count - 1)] where candidate == key {
      self = field
      return
    }
  }

  /// Known keys bucketed by byte length, so most keys are rejected by one array index.
  private static let table: [[([UInt8], Field)]] = {
    let known: [(String, Field)] = [
      ("Artist", .artist), ("Album Artist", .albumArtist), ("Album", .album), ("Genre", .genre),
      ("Location", .location), ("Track Type", .trackType), ("Podcast", .podcast), ("iTunesU", .iTunesU),
      ("iTunes U", .iTunesU), ("Movie", .movie), ("TV Show", .tvShow), ("Music Video", .musicVideo),
      ("Has Video", .hasVideo), ("Playlist Only", .playlistOnly), ("Compilation", .compilation), ("Year", .year),
      ("Play Count", .playCount), ("Release Date", .releaseDate),
    ]
    let longest = known.map(\.0.utf8.count).max() ?? 0
    var table = Array(repeating: [([UInt8], Field)](), count: longest + 2)
    for (name, field) in known { table[name.utf8.count].append((Array(name.utf8), field)) }
    return table
  }()

  /// Whether the value's text is needed; booleans need none, unknown keys are skipped.
  func keepsText(of element: Element) -> Bool {
    switch (self, element) {
    case (.artist, .string), (.albumArtist, .string), (.album, .string), (.genre, .string), (.location, .string),
      (.trackType, .string), (.year, .integer), (.playCount, .integer), (.releaseDate, .date):
      true
    default:
      false
    }
  }

  /// The key as the export spells it, for warnings.
  var label: String {
    switch self {
    case .artist: "Artist"
    case .albumArtist: "Album Artist"
    case .album: "Album"
    case .genre: "Genre"
    case .location: "Location"
    case .trackType: "Track Type"
    case .podcast: "Podcast"
    case .iTunesU: "iTunesU"
    case .movie: "Movie"
    case .tvShow: "TV Show"
    case .musicVideo: "Music Video"
    case .hasVideo: "Has Video"
    case .playlistOnly: "Playlist Only"
    case .compilation: "Compilation"
    case .year: "Year"
    case .playCount: "Play Count"
    case .releaseDate: "Release Date"
    case .tracks: "Tracks"
    case .other: "a value"
    }
  }
}

extension TrackRecord {
  mutating func apply(flag field: Field, value: Bool) {
    switch field {
    case .podcast: isPodcast = value
    case .iTunesU: isITunesU = value
    case .movie: isMovie = value
    case .tvShow: isTVShow = value
    case .musicVideo: isMusicVideo = value
    case .hasVideo: hasVideo = value
    case .playlistOnly: isPlaylistOnly = value
    case .compilation: isCompilation = value
    default: break
    }
  }

  mutating func apply(integer field: Field, digits: [UInt8]) {
    var value = 0
    var negative = false
    for byte in digits {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        let (product, overflow) = value.multipliedReportingOverflow(by: 10)
        if overflow { return }
        value = product + Int(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "-"): negative = true
      default: continue
      }
    }
    if negative { value = -value }
    switch field {
    case .year: year = value > 0 ? value : nil
    case .playCount: playCount = max(0, value)
    default: break
    }
  }

  mutating func apply(text field: Field, bytes: [UInt8]) {
    switch field {
    case .artist: artist = String(decoding: bytes, as: UTF8.self)
    case .albumArtist: albumArtist = String(decoding: bytes, as: UTF8.self)
    case .album: album = String(decoding: bytes, as: UTF8.self)
    case .genre: isVoiceMemoGenre = bytes.count < 32 && Self.isVoiceMemo(genre: String(decoding: bytes, as: UTF8.self))
    case .location: fileClass = Self.fileClass(forLocation: bytes)
    case .trackType:
      if bytes.elementsEqual("File".utf8) {
        trackType = .file
      } else if bytes.elementsEqual("URL".utf8) {
        trackType = .url
      } else if bytes.elementsEqual("Remote".utf8) {
        trackType = .remote
      }
    case .releaseDate:
      // "2019-03-01T08:00:00Z": the year is the first four digits.
      let digits = bytes.prefix(4)
      if digits.count == 4, digits.allSatisfy({ (0x30...0x39).contains($0) }) {
        releaseYear = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
      }
    default: break
    }
  }

  /// The extension of a file URL's last path component, read from bytes without decoding the URL.
  static func fileClass(forLocation bytes: [UInt8]) -> FileClass {
    guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")),
      !bytes[dot...].contains(UInt8(ascii: "/")), bytes.count - dot <= 7
    else { return .other }
    return fileClass(forExtension: String(decoding: bytes[(dot + 1)...], as: UTF8.self))
  }
}
