internal import Basics

/// The hand-made groups of tracks that `GeneratorOptions.edgeCases` sprinkles into the library.
/// Each group is written as one unit (consecutive track dicts) at a seeded position.
struct EdgeCases {
  /// Artists the edge cases introduce; they own albums (5 artists, 9 albums in all).
  static let nfdArtist = "Sigrún Ós"
  static let spacedArtist = "Marisol Achebe"
  static let spacedArtistNBSP = "Marisol\u{00A0}Achebe"
  static let soleCompilationArtist = "Oona Fairweather"
  static let ampersandArtist = "Hart & Lowell"
  static let featuredArtist = "Tomasz Wren"
  /// Artists of skipped tracks only: they must not be counted.
  static let damagedArtist = "Broken Record Society"
  static let playlistOnlyArtist = "Ghostlight Radio"

  static let ownedArtistCount = 5
  static let ownedAlbumCount = 9

  static var reservedNames: [String] {
    [
      nfdArtist, spacedArtist, soleCompilationArtist, ampersandArtist, featuredArtist, damagedArtist,
      playlistOnlyArtist, "Lila Moon", "Ray Okafor", "Sade Lune", "Bex Harlow",
    ]
  }

  let factory: TrackFactory

  var groupCount: Int { 11 }

  func group(_ index: Int) -> [GeneratedTrack] {
    var rng = SplitMix64(seed: factory.context.options.seed, stream: 5, index: UInt64(index))
    switch index {
    case 0: return normalizationAlbum(rng: &rng)
    case 1: return noBreakSpaceArtist(rng: &rng)
    case 2: return variousArtistsCompilation(rng: &rng)
    case 3: return multiInterpretesCompilation(rng: &rng)
    case 4: return flaggedCompilationSeveralArtists(rng: &rng)
    case 5: return ampersandArtistAlbums(rng: &rng)
    case 6: return featuredArtists(rng: &rng)
    case 7: return damagedTracks(rng: &rng)
    case 8: return playlistOnlyTrack(rng: &rng)
    case 9: return nonMusicItems(rng: &rng)
    default: return moreNonMusicItems(rng: &rng)
    }
  }

  // MARK: - Helpers

  /// A plain owned music track, as a local AAC file.
  private func music(
    _ name: String, artist: String, albumArtist: String?, album: String?, number: Int, of count: Int,
    folder albumFolder: String? = nil, rng: inout SplitMix64
  ) -> GeneratedTrack {
    let seconds = rng.int(150...320)
    let year = rng.int(1995...factory.context.todayYear - 1)
    var track = factory.baseItem(rng: &rng, seconds: seconds, bytesPerSecond: 32_000, year: year)
    track.name = name
    track.artist = artist
    track.albumArtist = albumArtist
    track.album = album
    track.genre = Words.genres[rng.below(Words.genres.count)]
    track.kind = AudioSource.aacFile.kind
    track.discNumber = 1
    track.discCount = 1
    track.trackNumber = number
    track.trackCount = count
    track.bitRate = 256
    track.sampleRate = 44_100
    track.normalization = rng.int(500...9_000)
    track.fileFolderCount = 5
    let folder = albumArtist ?? artist
    track.location =
      factory.context.mediaFolder + "Music/" + Location.component(folder) + "/"
      + Location.component(albumFolder ?? album ?? "Unknown Album")
      + "/" + Location.fileName(disc: nil, number: number, name: name, fileExtension: "m4a")
    return track
  }

  // MARK: - Groups

  /// One album whose title is spelled NFC, NFD (e + U+0301), in another case and with spaces
  /// around it: all the same album. Also carries an XML comment, a multi-line Comments value
  /// with tabs, a `<data>` value and a name with `&`, `<` and `>`.
  private func normalizationAlbum(rng: inout SplitMix64) -> [GeneratedTrack] {
    let nfc = "Café Solstice"
    let spellings = [nfc, nfc, "Cafe\u{0301} Solstice", "café solstice", " Café Solstice "]
    let names = ["Morning in Reykjavík", "Tides <Reprise>", "Rock & Roll Heart", "Café au Lait", "Last Light"]
    var tracks: [GeneratedTrack] = []
    for (index, spelling) in spellings.enumerated() {
      var track = music(
        names[index], artist: Self.nfdArtist, albumArtist: Self.nfdArtist, album: spelling, number: index + 1,
        of: spellings.count, folder: nfc, rng: &rng)
      switch index {
      case 0: track.xmlComment = "ripped from the original CD; checked against the sleeve"
      case 1:
        let newline = factory.context.newline
        track.comments =
          "Recorded live at the Harbor Room." + newline + "\t\tTake 3 of 5" + newline + "\tMixed by Ada Moreau"
        track.loved = true
        track.spacedTrue = true
      case 3: track.dataBlob = (0..<96).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
      default: break
      }
      tracks.append(track)
    }
    return tracks
  }

  /// The same artist written with a plain space and with a no-break space: one artist. The
  /// album "Harbor Songs" has one track whose Album Artist uses the no-break space (same album),
  /// and "Night Ferries" is spelled with the no-break space throughout. One dict's Track ID
  /// disagrees with its key.
  private func noBreakSpaceArtist(rng: inout SplitMix64) -> [GeneratedTrack] {
    var tracks: [GeneratedTrack] = []
    for number in 1...4 {
      let albumArtist = number == 4 ? Self.spacedArtistNBSP : Self.spacedArtist
      var track = music(
        NameFactory.trackName(rng: &rng), artist: albumArtist, albumArtist: albumArtist, album: "Harbor Songs",
        number: number, of: 4, rng: &rng)
      if number == 2 { track.trackIDOffset = 1 }
      tracks.append(track)
    }
    for number in 1...3 {
      tracks.append(
        music(
          NameFactory.trackName(rng: &rng), artist: Self.spacedArtistNBSP, albumArtist: Self.spacedArtistNBSP,
          album: "Night Ferries", number: number, of: 3, rng: &rng))
    }
    return tracks
  }

  private func performers(_ count: Int, rng: inout SplitMix64) -> [String] {
    var names: [String] = []
    let artists = factory.plan.artists
    while names.count < count {
      let name =
        artists.count >= count && rng.chance(0.7)
        ? artists[rng.below(artists.count)].name : NameFactory.person(rng: &rng)
      if !names.contains(name) { names.append(name) }
    }
    return names
  }

  /// "Various Artists" as Album Artist, `Compilation` written `<true />`: an album of no artist.
  private func variousArtistsCompilation(rng: inout SplitMix64) -> [GeneratedTrack] {
    var names = performers(5, rng: &rng)
    names[2] += " feat. Lila Moon"
    return names.enumerated().map { index, artist in
      var track = music(
        NameFactory.trackName(rng: &rng), artist: artist, albumArtist: "Various Artists", album: "Sunset Boulevard Mix",
        number: index + 1, of: names.count, rng: &rng)
      track.compilation = true
      track.spacedTrue = true
      track.location = track.location.map { $0.replacingOccurrences(of: "/Various%20Artists/", with: "/Compilations/") }
      return track
    }
  }

  /// "Multi-interprètes" as Album Artist, every track by one artist (once "(feat. …)"): still a
  /// compilation of no one, because the export names it "various artists" outright.
  private func multiInterpretesCompilation(rng: inout SplitMix64) -> [GeneratedTrack] {
    let artists = [
      Self.soleCompilationArtist, Self.soleCompilationArtist + " (feat. Ray Okafor)", Self.soleCompilationArtist,
      Self.soleCompilationArtist,
    ]
    return artists.enumerated().map { index, artist in
      var track = music(
        NameFactory.trackName(rng: &rng), artist: artist, albumArtist: "Multi-interprètes", album: "Les Années Lumière",
        number: index + 1, of: artists.count, rng: &rng)
      track.compilation = true
      return track
    }
  }

  /// `Compilation` with no Album Artist and several track artists: an album of no artist.
  private func flaggedCompilationSeveralArtists(rng: inout SplitMix64) -> [GeneratedTrack] {
    let names = performers(4, rng: &rng)
    return names.enumerated().map { index, artist in
      var track = music(
        NameFactory.trackName(rng: &rng), artist: artist, albumArtist: nil, album: "Roadhouse Jukebox",
        number: index + 1, of: names.count, rng: &rng)
      track.compilation = true
      return track
    }
  }

  /// An artist with "&" in the name: a normal album, and a compilation-flagged "Greatest Hits"
  /// with no Album Artist whose tracks are all theirs (so it is their album).
  private func ampersandArtistAlbums(rng: inout SplitMix64) -> [GeneratedTrack] {
    var tracks: [GeneratedTrack] = []
    for number in 1...2 {
      tracks.append(
        music(
          NameFactory.trackName(rng: &rng), artist: Self.ampersandArtist, albumArtist: Self.ampersandArtist,
          album: "Paper Boats", number: number, of: 2, rng: &rng))
    }
    let artists = [Self.ampersandArtist, Self.ampersandArtist + " feat. Sade Lune", Self.ampersandArtist]
    for (index, artist) in artists.enumerated() {
      var track = music(
        NameFactory.trackName(rng: &rng), artist: artist, albumArtist: nil, album: "Greatest Hits", number: index + 1,
        of: artists.count, rng: &rng)
      track.compilation = true
      tracks.append(track)
    }
    return tracks
  }

  /// No Album Artist; Artist carries "feat.", "ft.", "featuring" and "with": all one artist.
  /// Plus a track of that artist with no Album key at all.
  private func featuredArtists(rng: inout SplitMix64) -> [GeneratedTrack] {
    let artists = [
      Self.featuredArtist + " feat. Lila Moon", Self.featuredArtist + " ft. Ray Okafor",
      Self.featuredArtist + " featuring Sade Lune", Self.featuredArtist + " with Bex Harlow", Self.featuredArtist,
    ]
    var tracks = artists.enumerated().map { index, artist in
      music(
        NameFactory.trackName(rng: &rng), artist: artist, albumArtist: nil, album: "Crossroads Sessions",
        number: index + 1, of: artists.count, rng: &rng)
    }
    var loose = music(
      "Voicemail Demo", artist: Self.featuredArtist, albumArtist: nil, album: nil, number: 1, of: 1, rng: &rng)
    loose.trackNumber = nil
    loose.trackCount = nil
    loose.discNumber = nil
    loose.discCount = nil
    tracks.append(loose)
    return tracks
  }

  /// Three damaged dicts: an album key with no value (skipped: its own album and artist must not count), and,
  /// inside otherwise counted albums, an integer holding text and a key nobody needs without a value (both kept).
  private func damagedTracks(rng: inout SplitMix64) -> [GeneratedTrack] {
    var first = music(
      "Skipping Groove", artist: Self.damagedArtist, albumArtist: Self.damagedArtist, album: "Cracked Vinyl",
      number: 1, of: 1, rng: &rng)
    first.damage = .albumWithoutValue
    var second = music(
      "Scratched Side", artist: Self.featuredArtist, albumArtist: nil, album: "Crossroads Sessions", number: 6, of: 6,
      rng: &rng)
    second.damage = .nonNumericInteger
    var third = music(
      "Worn Groove", artist: Self.featuredArtist, albumArtist: nil, album: "Crossroads Sessions", number: 7, of: 7,
      rng: &rng)
    third.damage = .keyWithoutValue
    return [first, second, third]
  }

  /// An Apple Music track that is only in a playlist, not in the library.
  private func playlistOnlyTrack(rng: inout SplitMix64) -> [GeneratedTrack] {
    var track = music(
      "Static on the Line", artist: Self.playlistOnlyArtist, albumArtist: Self.playlistOnlyArtist,
      album: "Static on the Line - Single", number: 1, of: 1, rng: &rng)
    track.kind = AudioSource.appleMusic.kind
    track.trackType = .remote
    track.appleMusic = true
    track.playlistOnly = true
    track.location = nil
    track.fileFolderCount = nil
    track.libraryFolderCount = nil
    track.normalization = nil
    return [track]
  }

  /// A podcast episode (`<true />`), a URL podcast episode, a 6 GB movie, a TV episode, a music
  /// video, a home video (Has Video only) and an audiobook.
  private func nonMusicItems(rng: inout SplitMix64) -> [GeneratedTrack] {
    var podcast = factory.podcastEpisode(
      show: "Signal & Noise", host: "Ada Moreau", episode: 12, viaURL: false, rng: &rng)
    podcast.spacedTrue = true
    let urlEpisode = factory.podcastEpisode(
      show: "Signal & Noise", host: "Ada Moreau", episode: 13, viaURL: true, rng: &rng)
    var movie = factory.movie(title: "The Long Way North", rng: &rng)
    movie.size = 6_083_053_810
    let episode = factory.tvEpisode(series: "Harbor Lights", season: 2, episode: 5, rng: &rng)
    let video = factory.mediaTracks(.musicVideo, index: 9_999)
    var home = factory.baseItem(rng: &rng, seconds: 95, bytesPerSecond: 900_000)
    home.name = "Birthday Party 2019"
    home.kind = "QuickTime movie file"
    home.hasVideo = true
    home.location = factory.context.mediaFolder + "Home%20Videos/Birthday%20Party%202019.mov"
    let audiobook = factory.mediaTracks(.audiobook, index: 0).prefix(1)
    return [podcast, urlEpisode, movie, episode] + video + [home] + audiobook
  }

  /// An iTunes U lecture, a voice memo, a PDF and an EPUB book, an app and an internet radio stream.
  private func moreNonMusicItems(rng: inout SplitMix64) -> [GeneratedTrack] {
    var lecture = factory.baseItem(rng: &rng, seconds: 3_000, bytesPerSecond: 16_000)
    lecture.name = "Lecture 4: Signals and Systems"
    lecture.artist = "Open University of Nowhere"
    lecture.album = "Introduction to Signal Processing"
    lecture.genre = "Engineering"
    lecture.kind = "MPEG audio file"
    lecture.iTunesU = true
    lecture.location = factory.context.mediaFolder + "iTunes%20U/Signal%20Processing/04%20Lecture%204.mp3"
    let memo = factory.mediaTracks(.voiceMemo, index: 1)
    var pdf = factory.baseItem(rng: &rng, seconds: 0, bytesPerSecond: 0)
    pdf.totalTime = nil
    pdf.size = 2_481_337
    pdf = document(
      pdf, "Liner Notes", by: Self.nfdArtist, in: "Café Solstice", "PDF document", at: "Books/Liner%20Notes.pdf")
    var epub = pdf
    epub.persistentID = rng.next()
    epub = document(epub, "The Lighthouse Keeper", by: "Iris Vale", "Book", at: "Books/The%20Lighthouse%20Keeper.epub")
    var app = pdf
    app.persistentID = rng.next()
    app = document(
      app, "Pocket Tuner", by: "Tuneworks Ltd.", "iPhone/iPod touch/iPad app",
      at: "Mobile%20Applications/Pocket%20Tuner%201.2.ipa")
    var stream = factory.baseItem(rng: &rng, seconds: 0, bytesPerSecond: 0)
    stream.totalTime = nil
    stream.size = 0
    stream.name = "Radio Nimbus 128k"
    stream.genre = "Eclectic"
    stream.kind = "Internet audio stream"
    stream.bitRate = 128
    stream.trackType = .url
    stream.location = "http://stream.example.net:8000/nimbus128"
    stream.fileFolderCount = nil
    stream.libraryFolderCount = nil
    return [lecture] + memo + [pdf, epub, app, stream]
  }

  /// A file that is not audio: a PDF, a book, an app.
  private func document(
    _ item: GeneratedTrack, _ name: String, by artist: String, in album: String? = nil, _ kind: String, at path: String
  ) -> GeneratedTrack {
    var item = item
    item.name = name
    item.artist = artist
    item.album = album
    item.kind = kind
    item.location = factory.context.mediaFolder + path
    return item
  }
}
