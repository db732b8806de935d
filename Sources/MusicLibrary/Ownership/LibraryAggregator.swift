/// Folds track records into owned albums and artists as they stream past, so memory grows with
/// the number of albums, never with the number of tracks.
///
/// Every distinct spelling is normalized once: the same artist and album names repeat on every
/// track of an album, and a dictionary hit is far cheaper than folding the text again.
public struct LibraryAggregator: Sendable {
  public private(set) var tracks = 0
  public private(set) var musicTracks = 0
  public private(set) var skipped: [SkipReason: Int] = [:]
  /// Time spent folding names into keys: each distinct spelling once, so it is its own phase in `--timings`.
  public private(set) var keyBuilding: Duration = .zero

  public init() {}

  private struct ArtistEntry {
    var key: ArtistKey
    var spellings: [String: Int] = [:]
    var trackCount = 0
    var playCount = 0
  }

  private struct AlbumEntry {
    var owner: Int?
    var title: String
    var key: AlbumKey
    var year: Int?
    var trackCount = 0
    var playCount = 0
    var isCompilation: Bool
    /// Credited to "Various Artists" (or an alias) by name, so never anyone's own album.
    var isNamedVarious = false
    /// Track artists of a compilation without an album artist; one alone makes it their album
    /// (Music marks a single artist's "Greatest Hits" as a compilation without naming the album artist).
    var trackArtists: Set<Int> = []
  }

  /// What an artist field says; `.artist` carries the artist's index and the name as credited.
  private enum Credit {
    case none
    case various
    case artist(Int, String)
  }

  /// Memos keyed by the raw field text, so each spelling is folded once per run.
  private var albumArtistBySpelling: [String: Credit] = [:]
  private var trackArtistBySpelling: [String: Credit] = [:]
  /// The previous track's answers: an album's tracks sit together and repeat the same text, and
  /// comparing with the same String is cheaper than hashing it again.
  private var lastAlbumArtist: (spelling: String, credit: Credit)?
  private var lastTrackArtist: (spelling: String, credit: Credit)?
  private var lastAlbum: (spelling: String, index: Int?)?
  private var artistIndexByKey: [ArtistKey: Int] = [:]
  private var artistEntries: [ArtistEntry] = []

  private var albumKeyIndexBySpelling: [String: Int?] = [:]
  private var albumKeyIndexByKey: [AlbumKey: Int] = [:]
  private var albumKeys: [AlbumKey] = []
  /// (owner, album key) packed into one integer; the owner is the artist index + 1, 0 for compilations.
  private var albumIndexByID: [UInt64: Int] = [:]
  private var albumEntries: [AlbumEntry] = []

  /// Tracks of an artist not on any album still say the user likes that artist.
  private var looseTrackArtists: [Int: (tracks: Int, plays: Int)] = [:]

  public mutating func add(_ track: TrackRecord) {
    tracks += 1
    if let reason = track.skipReason {
      skipped[reason, default: 0] += 1
      return
    }
    musicTracks += 1

    var owner: Int?
    var isCompilation = track.isCompilation
    var isNamedVarious = false
    // The album artist decides; without one, the track artist does, unless Music marked a compilation.
    var credit = track.albumArtist.map { albumArtist($0) } ?? .none
    var trackCredit = Credit.none
    if case .none = credit, let artist = track.artist {
      trackCredit = trackArtist(artist)
      if case .various = trackCredit {
        credit = .various
      } else if !track.isCompilation {
        credit = trackCredit
      }
    }
    switch credit {
    case .artist(let index, _):
      owner = index
    case .various:
      isCompilation = true
      isNamedVarious = true
    case .none:
      break
    }

    guard let rawTitle = track.album, let keyIndex = albumKeyIndex(rawTitle) else {
      if let owner {
        looseTrackArtists[owner, default: (0, 0)].tracks += 1
        looseTrackArtists[owner, default: (0, 0)].plays += track.playCount
      }
      return
    }

    let ownerSlot = UInt64(owner.map { $0 + 1 } ?? 0)
    let id = ownerSlot << 32 | UInt64(keyIndex)
    let albumIndex: Int
    if let existing = albumIndexByID[id] {
      albumIndex = existing
    } else {
      albumIndex = albumEntries.count
      albumIndexByID[id] = albumIndex
      albumEntries.append(
        AlbumEntry(
          owner: owner,
          title: ArtistCredit.trimmed(rawTitle),
          key: albumKeys[keyIndex],
          isCompilation: isCompilation,
          isNamedVarious: isNamedVarious
        )
      )
    }
    albumEntries[albumIndex].trackCount += 1
    albumEntries[albumIndex].playCount += track.playCount
    if let year = track.effectiveYear, year > (albumEntries[albumIndex].year ?? Int.min) {
      albumEntries[albumIndex].year = year
    }
    if owner == nil, !isNamedVarious, case .artist(let index, _) = trackCredit {
      albumEntries[albumIndex].trackArtists.insert(index)
    }
  }

  /// Settles compilations, counts albums per artist and sorts the result.
  public func finish() -> OwnedLibrary {
    var artistStats = artistEntries.map { (tracks: $0.trackCount, plays: $0.playCount, albums: 0, newest: Int?.none) }
    var albums: [OwnedAlbum] = []
    albums.reserveCapacity(albumEntries.count)

    for entry in albumEntries {
      var owner = entry.owner
      if owner == nil, entry.trackArtists.count == 1 { owner = entry.trackArtists.first }
      if let owner {
        artistStats[owner].tracks += entry.trackCount
        artistStats[owner].plays += entry.playCount
        artistStats[owner].albums += 1
        if let year = entry.year, year > (artistStats[owner].newest ?? Int.min) { artistStats[owner].newest = year }
      }
      albums.append(
        OwnedAlbum(
          artistKey: owner.map { artistEntries[$0].key },
          artistName: owner.map { displayName(of: artistEntries[$0]) } ?? "Various Artists",
          title: entry.title,
          key: entry.key,
          year: entry.year,
          trackCount: entry.trackCount,
          playCount: entry.playCount,
          isCompilation: entry.isCompilation
        )
      )
    }
    for (index, loose) in looseTrackArtists {
      artistStats[index].tracks += loose.tracks
      artistStats[index].plays += loose.plays
    }

    var artists: [LibraryArtist] = []
    for (index, entry) in artistEntries.enumerated() where artistStats[index].tracks > 0 {
      let stats = artistStats[index]
      artists.append(
        LibraryArtist(
          key: entry.key,
          name: displayName(of: entry),
          albumCount: stats.albums,
          trackCount: stats.tracks,
          playCount: stats.plays,
          newestYear: stats.newest
        )
      )
    }
    artists.sort {
      ($1.playCount, $1.trackCount, $0.key) < ($0.playCount, $0.trackCount, $1.key)
    }
    return OwnedLibrary(artists: artists, albums: albums)
  }

  private func displayName(of entry: ArtistEntry) -> String {
    // Most used spelling; ties go to the alphabetically first so output stays reproducible.
    entry.spellings.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? entry.key.rawValue
  }

  private mutating func albumArtist(_ spelling: String) -> Credit {
    let meaning: Credit
    if let last = lastAlbumArtist, last.spelling == spelling {
      meaning = last.credit
    } else if let known = albumArtistBySpelling[spelling] {
      meaning = known
    } else {
      let start = ContinuousClock.now
      let name = ArtistCredit.trimmed(spelling)
      if name.isEmpty {
        meaning = .none
      } else if ArtistCredit.isVariousArtists(name) {
        meaning = .various
      } else {
        meaning = .artist(artistIndex(for: ArtistKey(name)), name)
      }
      albumArtistBySpelling[spelling] = meaning
      keyBuilding += ContinuousClock.now - start
    }
    lastAlbumArtist = (spelling, meaning)
    if case .artist(let index, let name) = meaning {
      artistEntries[index].spellings[name, default: 0] += 1
    }
    return meaning
  }

  /// The primary artist of a track credit, featured artists cut off.
  private mutating func trackArtist(_ spelling: String) -> Credit {
    let meaning: Credit
    if let last = lastTrackArtist, last.spelling == spelling {
      meaning = last.credit
    } else if let known = trackArtistBySpelling[spelling] {
      meaning = known
    } else {
      let start = ContinuousClock.now
      let primary = ArtistCredit.primaryArtist(spelling)
      if primary.isEmpty {
        meaning = .none
      } else if ArtistCredit.isVariousArtists(primary) {
        meaning = .various
      } else {
        meaning = .artist(artistIndex(for: ArtistKey(primary)), primary)
      }
      trackArtistBySpelling[spelling] = meaning
      keyBuilding += ContinuousClock.now - start
    }
    lastTrackArtist = (spelling, meaning)
    if case .artist(let index, let name) = meaning {
      artistEntries[index].spellings[name, default: 0] += 1
    }
    return meaning
  }

  private mutating func artistIndex(for key: ArtistKey) -> Int {
    if let index = artistIndexByKey[key] { return index }
    artistEntries.append(ArtistEntry(key: key))
    artistIndexByKey[key] = artistEntries.count - 1
    return artistEntries.count - 1
  }

  private mutating func albumKeyIndex(_ spelling: String) -> Int? {
    if let last = lastAlbum, last.spelling == spelling { return last.index }
    defer { lastAlbum = (spelling, albumKeyIndexBySpelling[spelling] ?? nil) }
    if let index = albumKeyIndexBySpelling[spelling] { return index }
    let start = ContinuousClock.now
    defer { keyBuilding += ContinuousClock.now - start }
    let title = ArtistCredit.trimmed(spelling)
    var index: Int?
    if !title.isEmpty {
      let key = AlbumKey(title)
      if let existing = albumKeyIndexByKey[key] {
        index = existing
      } else {
        index = albumKeys.count
        albumKeys.append(key)
        albumKeyIndexByKey[key] = albumKeys.count - 1
      }
    }
    albumKeyIndexBySpelling[spelling] = index
    return index
  }
}
