import Identity
import MusicLibrary
import TestSupport
import Testing

/// Which tracks count as owned music, and whose albums they are.
struct OwnershipTests {
  static func song(
    artist: String? = "Artist",
    album: String? = "Album",
    albumArtist: String? = nil,
    configure: (inout TrackRecord) -> Void = { _ in }
  ) -> TrackRecord {
    var record = TrackRecord()
    record.artist = artist
    record.album = album
    record.albumArtist = albumArtist
    record.trackType = .file
    configure(&record)
    return record
  }

  static let skipCases: [(String, SkipReason, @Sendable (inout TrackRecord) -> Void)] = [
    ("podcast flag", .podcast, { $0.isPodcast = true }),
    (
      "podcast streamed from a URL", .podcast,
      {
        $0.isPodcast = true; $0.trackType = .url
      }
    ),
    ("iTunes U", .iTunesU, { $0.isITunesU = true }),
    (
      "movie", .movie,
      {
        $0.isMovie = true; $0.hasVideo = true
      }
    ),
    (
      "TV show", .tvShow,
      {
        $0.isTVShow = true; $0.hasVideo = true
      }
    ),
    (
      "music video", .musicVideo,
      {
        $0.isMusicVideo = true; $0.hasVideo = true
      }
    ),
    ("home video", .video, { $0.hasVideo = true }),
    ("audiobook file", .audiobook, { $0.fileClass = .audiobook }),
    ("PDF booklet", .book, { $0.fileClass = .book }),
    ("app", .app, { $0.fileClass = .app }),
    ("voice memo", .voiceMemo, { $0.isVoiceMemoGenre = true }),
    ("internet radio", .stream, { $0.trackType = .url }),
    ("Apple Music playlist-only", .playlistOnly, { $0.isPlaylistOnly = true }),
    ("damaged", .damaged, { $0.isDamaged = true }),
  ]

  @Test(arguments: skipCases.map { ($0.0, $0.1) })
  func nonMusicIsSkippedWithItsReason(_ name: String, _ reason: SkipReason) throws {
    let configure = try #require(Self.skipCases.first { $0.0 == name }?.2)
    var aggregator = LibraryAggregator()
    aggregator.add(Self.song(configure: configure))
    #expect(aggregator.skipped == [reason: 1])
    #expect(aggregator.musicTracks == 0)
    #expect(aggregator.finish().albums.isEmpty)
  }

  @Test func cloudAndAppleMusicLibraryTracksAreOwned() {
    var aggregator = LibraryAggregator()
    aggregator.add(Self.song { $0.trackType = .remote })
    aggregator.add(Self.song(album: "Other") { $0.trackType = .unknown })
    #expect(aggregator.musicTracks == 2)
    #expect(aggregator.finish().albums.count == 2)
  }

  @Test(arguments: ["m4b", "M4B", "aax", "aa"])
  func audiobookExtensions(_ ext: String) {
    #expect(TrackRecord(plistTrack: ["Location": "file:///Books/Story.\(ext)"]).fileClass == .audiobook)
  }

  @Test func extensionsAreReadFromTheLastPathComponentOnly() {
    #expect(TrackRecord(plistTrack: ["Location": "file:///Music/my.pdf.folder/song"]).fileClass == .other)
    #expect(TrackRecord(plistTrack: ["Location": "file:///Music/Booklet.pdf"]).fileClass == .book)
  }

  @Test func variousArtistsIsNeverAnArtistToLookUp() {
    var aggregator = LibraryAggregator()
    aggregator.add(Self.song(artist: "Miley Cyrus", album: "Pop Nostalgia", albumArtist: "Multi-interprètes"))
    aggregator.add(Self.song(artist: "Various Artists", album: "Grease"))
    let library = aggregator.finish()
    #expect(library.artists.isEmpty)
    #expect(library.albums.count == 2)
    #expect(library.albums.allSatisfy { $0.artistKey == nil && $0.isCompilation })
  }

  @Test func aCompilationOfOneArtistWithoutAlbumArtistIsTheirAlbum() {
    var aggregator = LibraryAggregator()
    for _ in 0..<3 {
      aggregator.add(Self.song(artist: "Queen", album: "Greatest Hits") { $0.isCompilation = true })
    }
    let library = aggregator.finish()
    #expect(library.albums.first?.artistKey == ArtistKey("Queen"))
    #expect(library.artists.first?.albumCount == 1)
    #expect(library.artists.first?.trackCount == 3)
  }

  @Test func aCompilationOfManyArtistsBelongsToNoOne() {
    var aggregator = LibraryAggregator()
    aggregator.add(Self.song(artist: "Rob Dougan", album: "The Matrix Reloaded") { $0.isCompilation = true })
    aggregator.add(Self.song(artist: "Fluke", album: "The Matrix Reloaded") { $0.isCompilation = true })
    let library = aggregator.finish()
    #expect(library.albums.count == 1)
    #expect(library.albums.first?.artistKey == nil)
    #expect(library.artists.isEmpty)
  }

  @Test func aCompilationWithAnAlbumArtistIsThatArtists() {
    var aggregator = LibraryAggregator()
    aggregator.add(
      Self.song(artist: "Eminem feat. Dr. Dre", album: "Curtain Call", albumArtist: "Eminem") {
        $0.isCompilation = true
      })
    let library = aggregator.finish()
    #expect(library.artists.map(\.name) == ["Eminem"])
    #expect(library.albums.first?.isCompilation == true)
  }

  @Test func featuredArtistsAreNotLookedUp() {
    var aggregator = LibraryAggregator()
    aggregator.add(Self.song(artist: "Calvin Harris featuring Rihanna", album: "18 Months"))
    aggregator.add(Self.song(artist: "Calvin Harris ft. Ellie Goulding", album: "18 Months"))
    let library = aggregator.finish()
    #expect(library.artists.map(\.name) == ["Calvin Harris"])
    #expect(library.albums.count == 1)
  }

  @Test func spellingsOfOneAlbumAreOneAlbumAndEditionsAreTheirOwn() {
    var aggregator = LibraryAggregator()
    aggregator.add(Self.song(artist: "Sigur Rós", album: "Ágætis byrjun"))
    aggregator.add(Self.song(artist: "Sigur Ro\u{301}s", album: "A\u{301}gætis byrjun"))
    aggregator.add(Self.song(artist: "sigur rós", album: "Ágætis Byrjun "))
    aggregator.add(Self.song(artist: "Sigur Rós", album: "Ágætis byrjun (Deluxe Edition)"))
    let library = aggregator.finish()
    #expect(library.artists.count == 1)
    #expect(library.artists.first?.name == "Sigur Rós")
    #expect(library.albums.count == 2)
    #expect(library.albums.map(\.key.isEdition).sorted { !$0 && $1 } == [false, true])
    #expect(library.albums.first { !$0.key.isEdition }?.trackCount == 3)
  }

  @Test func artistStatsCountEveryOwnedTrack() {
    var aggregator = LibraryAggregator()
    aggregator.add(
      Self.song(artist: "Nina Simone", album: "Pastel Blues") {
        $0.playCount = 3; $0.year = 1965
      })
    aggregator.add(
      Self.song(artist: "Nina Simone", album: "Baltimore") {
        $0.playCount = 4; $0.releaseYear = 1978
      })
    aggregator.add(Self.song(artist: "Nina Simone", album: nil) { $0.playCount = 1 })
    let nina = aggregator.finish().artists.first
    #expect(nina?.albumCount == 2)
    #expect(nina?.trackCount == 3)
    #expect(nina?.playCount == 8)
    #expect(nina?.newestYear == 1978)
  }
}
