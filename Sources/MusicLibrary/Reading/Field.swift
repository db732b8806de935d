/// The keys of a track dict that the reader uses; everything else is `.other` and read past.
enum Field: Equatable {
  case artist, albumArtist, album, genre, location, trackType
  case podcast, iTunesU, movie, tvShow, musicVideo, hasVideo, playlistOnly, compilation, appleMusic
  case year, playCount, releaseDate
  /// Keys of the top-level dict: the one that holds the tracks, and when Music wrote the export.
  case tracks, exportDate
  case other

  /// Matches raw key bytes without making a String. This runs for every key of every track, so the
  /// length picks at most three candidates and one comparison of bytes settles it.
  init(key: UnsafeBufferPointer<UInt8>) {
    guard let base = key.baseAddress else {
      self = .other
      return
    }
    func matches(_ literal: StaticString) -> Bool {
      // Safety: the switch below only offers literals whose length equals `key.count`.
      sameBytes(base, literal.utf8Start, count: key.count)
    }
    switch key.count {
    case 4: self = matches("Year") ? .year : .other
    case 5: self = matches("Album") ? .album : matches("Genre") ? .genre : matches("Movie") ? .movie : .other
    case 6: self = matches("Artist") ? .artist : .other
    case 7:
      self = matches("Podcast") ? .podcast : matches("TV Show") ? .tvShow : matches("iTunesU") ? .iTunesU : .other
    case 8: self = matches("Location") ? .location : matches("iTunes U") ? .iTunesU : .other
    case 9: self = matches("Has Video") ? .hasVideo : .other
    case 10: self = matches("Track Type") ? .trackType : matches("Play Count") ? .playCount : .other
    case 11:
      self =
        matches("Compilation")
        ? .compilation : matches("Music Video") ? .musicVideo : matches("Apple Music") ? .appleMusic : .other
    case 12: self = matches("Album Artist") ? .albumArtist : matches("Release Date") ? .releaseDate : .other
    case 13: self = matches("Playlist Only") ? .playlistOnly : .other
    default: self = .other
    }
  }

  /// Whether the track cannot be judged without this value: who it is by, which album, and whether it is music
  /// the user owns. Years, counts, ids and the rest are nice to have.
  var decidesOwnership: Bool {
    switch self {
    case .artist, .albumArtist, .album, .genre, .location, .trackType, .podcast, .iTunesU, .movie, .tvShow,
      .musicVideo, .hasVideo, .playlistOnly, .compilation:
      true
    case .year, .playCount, .releaseDate, .appleMusic, .tracks, .exportDate, .other:
      false
    }
  }

  /// Whether the value's text is needed; booleans need none, unknown keys are skipped.
  func keepsText(of element: Element) -> Bool {
    switch (self, element) {
    case (.artist, .string), (.albumArtist, .string), (.album, .string), (.genre, .string), (.location, .string),
      (.trackType, .string), (.year, .integer), (.playCount, .integer), (.releaseDate, .date), (.exportDate, .date):
      true
    default:
      false
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
    case .appleMusic: isAppleMusic = value
    default: break
    }
  }

  mutating func apply(integer field: Field, digits: UnsafeBufferPointer<UInt8>) {
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

  /// The text fields other than artist, album artist and album, which the parser turns into Strings
  /// itself so repeated spellings share one.
  mutating func apply(text field: Field, bytes: UnsafeBufferPointer<UInt8>) {
    switch field {
    case .genre: isVoiceMemoGenre = bytes.count < 32 && Self.isVoiceMemo(genre: String(decoding: bytes, as: UTF8.self))
    case .location: fileClass = Self.fileClass(forLocation: Array(bytes.suffix(8)))
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
