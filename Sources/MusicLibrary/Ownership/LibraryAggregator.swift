import Identity

/// Folds track records into owned albums and artists as they stream past, so memory grows with
/// the number of albums, never with the number of tracks.
///
/// Every distinct spelling is normalized once: the same artist and album names repeat on every
/// track of an album, and a dictionary hit is far cheaper than folding the text again.
public struct LibraryAggregator: Sendable {
  public private(set) var tracks = 0
  public private(set) var musicTracks = 0
  /// Tracks Music marks as Apple Music's, skipped or not: what says the person listens there.
  public private(set) var appleMusicTracks = 0
  public private(set) var skipped: [SkipReason: Int] = [:]
  /// Time spent folding names into keys: each distinct spelling once, so it is its own phase in `--timings`.
  public private(set) var keyBuilding: Duration = .zero

  public init() {}

  /// Reserves room for the albums a file of `bytes` can hold (an album takes at least a few kilobytes of
  /// export), so the album list never grows by copying: pages reserved but never written cost no memory,
  /// while a copy while growing briefly holds the list twice.
  public mutating func reserveCapacity(forFileSize bytes: Int) {
    let albums = min(bytes / 2_048, 4_000_000)
    self.albums.reserveCapacity(albums)
    albumOwners.reserveCapacity(albums)
  }

  private struct ArtistEntry {
    var key: ArtistKey
    var trackCount = 0
    var playCount = 0
    var albumCount = 0
    var newestYear: Int?
    /// The first spelling met and how often it was used; other spellings, rare, only when they occur.
    var spelling = ""
    var spellingUses = 0
    var otherSpellings: [String: Int]?

    mutating func use(_ name: String) {
      if spellingUses == 0 || name == spelling {
        spelling = name
        spellingUses += 1
      } else {
        otherSpellings = otherSpellings ?? [:]
        otherSpellings?[name, default: 0] += 1
      }
    }
  }

  /// Album (owner, key) → index into `albums`. The owner is the artist index, or -1 for compilations.
  private struct AlbumID: Hashable {
    var owner: Int32
    var key: AlbumKey
  }

  /// An open-addressing table of album indexes, 4 bytes a slot: a Dictionary keyed by `AlbumID` would
  /// hold another copy of every key and cost several megabytes at 40,000 albums.
  private struct AlbumIndex {
    private var slots = [Int32](repeating: -1, count: 1024)
    private var count = 0

    func find(_ id: AlbumID, in albums: [OwnedAlbum], owners: [Int32]) -> Int? {
      var slot = id.hashValue & (slots.count - 1)
      while slots[slot] >= 0 {
        let index = Int(slots[slot])
        if owners[index] == id.owner, albums[index].key == id.key { return index }
        slot = (slot + 1) & (slots.count - 1)
      }
      return nil
    }

    mutating func insert(_ id: AlbumID, at index: Int, albums: [OwnedAlbum], owners: [Int32]) {
      if (count + 1) * 2 > slots.count { grow(albums: albums, owners: owners) }
      var slot = id.hashValue & (slots.count - 1)
      while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
      slots[slot] = Int32(index)
      count += 1
    }

    private mutating func grow(albums: [OwnedAlbum], owners: [Int32]) {
      let old = slots
      slots = [Int32](repeating: -1, count: old.count * 2)
      for index in old where index >= 0 {
        let id = AlbumID(owner: owners[Int(index)], key: albums[Int(index)].key)
        var slot = id.hashValue & (slots.count - 1)
        while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
        slots[slot] = index
      }
    }
  }

  /// What an artist field says; `.artist` carries the artist's index and the name as credited.
  private enum Credit {
    case none
    case various
    case artist(Int, String)
  }

  /// The previous track's answers: an album's tracks sit together in an export and repeat the same text,
  /// so each album folds its names once. Remembering every spelling for later albums would cost more
  /// memory (megabytes at 40,000 albums) than folding a name again costs time.
  private var lastAlbumArtist: (spelling: String, credit: Credit)?
  private var lastTrackArtist: (spelling: String, credit: Credit)?
  private var lastAlbum: (spelling: String, key: AlbumKey?)?
  private var artistIndexByKey: [ArtistKey: Int] = [:]
  private var artistEntries: [ArtistEntry] = []

  /// The albums as the result will hold them, built in place: at 40,000 albums a second copy would
  /// cost megabytes. Owners are settled in `finish`.
  private var albums: [OwnedAlbum] = []
  private var albumOwners: [Int32] = []
  private var albumIndex = AlbumIndex()
  /// Albums credited to a various-artists alias by name: never anyone's own.
  private var namedVariousAlbums: Set<Int> = []
  /// Track artists of compilations without an album artist; one alone makes it their album (Music marks
  /// a single artist's "Greatest Hits" as a compilation without naming the album artist).
  private var compilationArtists: [Int: Set<Int>] = [:]

  /// Tracks of an artist not on any album still say the user likes that artist.
  private var looseTrackArtists: [Int: (tracks: Int, plays: Int)] = [:]

  public mutating func add(_ track: TrackRecord) {
    tracks += 1
    if track.isAppleMusic { appleMusicTracks += 1 }
    if let reason = track.skipReason {
      skipped[reason, default: 0] += 1
      return
    }
    musicTracks += 1
    let (credit, trackCredit) = credits(of: track)
    var owner: Int?
    var isNamedVarious = false
    switch credit {
    case .artist(let index, _): owner = index
    case .various: isNamedVarious = true
    case .none: break
    }
    guard let rawTitle = track.album, let key = albumKey(rawTitle) else {
      if let owner {
        looseTrackArtists[owner, default: (0, 0)].tracks += 1
        looseTrackArtists[owner, default: (0, 0)].plays += track.playCount
      }
      return
    }
    let albumIndex = album(
      AlbumID(owner: Int32(owner ?? -1), key: key), title: rawTitle,
      isCompilation: track.isCompilation || isNamedVarious, namedVarious: isNamedVarious)
    albums[albumIndex].trackCount += 1
    albums[albumIndex].playCount += track.playCount
    if let year = track.effectiveYear, year > (albums[albumIndex].year ?? Int.min) {
      albums[albumIndex].year = year
    }
    if owner == nil, !namedVariousAlbums.contains(albumIndex), case .artist(let index, _) = trackCredit {
      compilationArtists[albumIndex, default: []].insert(index)
    }
  }

  /// Who a track's album belongs to, and who its track artist is. The album artist decides; without one, the track
  /// artist does, unless Music marked a compilation.
  @inline(__always)
  private mutating func credits(of track: TrackRecord) -> (album: Credit, track: Credit) {
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
    return (credit, trackCredit)
  }

  /// The album's place in `albums`, added the first time one of its tracks comes.
  @inline(__always)
  private mutating func album(_ id: AlbumID, title: String, isCompilation: Bool, namedVarious: Bool) -> Int {
    if let existing = albumIndex.find(id, in: albums, owners: albumOwners) { return existing }
    let index = albums.count
    albums.append(
      OwnedAlbum(
        artistKey: nil, artistName: "", title: ArtistCredit.trimmed(title), key: id.key,
        isCompilation: isCompilation))
    albumOwners.append(id.owner)
    albumIndex.insert(id, at: index, albums: albums, owners: albumOwners)
    if namedVarious { namedVariousAlbums.insert(index) }
    return index
  }

  /// Settles compilations, counts albums per artist and sorts the result. The aggregator is spent after.
  public mutating func finish() -> OwnedLibrary {
    albumIndex = AlbumIndex()
    var entries = artistEntries
    artistEntries = []
    artistIndexByKey = [:]
    // One display name per artist, shared by all of that artist's albums.
    let names = entries.map(displayName)
    var result = albums
    albums = []

    for index in result.indices {
      var owner = albumOwners[index] >= 0 ? Int(albumOwners[index]) : nil
      if owner == nil, let artists = compilationArtists[index], artists.count == 1 { owner = artists.first }
      if let owner {
        let album = result[index]
        entries[owner].trackCount += album.trackCount
        entries[owner].playCount += album.playCount
        entries[owner].albumCount += 1
        if let year = album.year, year > (entries[owner].newestYear ?? Int.min) { entries[owner].newestYear = year }
        result[index].artistKey = entries[owner].key
        result[index].artistName = names[owner]
      } else {
        result[index].artistName = "Various Artists"
      }
    }
    albumOwners = []
    for (index, loose) in looseTrackArtists {
      entries[index].trackCount += loose.tracks
      entries[index].playCount += loose.plays
    }

    var artists: [LibraryArtist] = []
    artists.reserveCapacity(entries.count)
    for (index, entry) in entries.enumerated() where entry.trackCount > 0 {
      artists.append(
        LibraryArtist(
          key: entry.key,
          name: names[index],
          albumCount: entry.albumCount,
          trackCount: entry.trackCount,
          playCount: entry.playCount,
          newestYear: entry.newestYear,
          otherSpellings: spellings(of: entry).filter { $0 != names[index] }
        )
      )
    }
    entries = []
    artists.sort(by: LibraryArtist.listeningOrder)
    return OwnedLibrary(artists: artists, albums: result)
  }

  private func spellings(of entry: ArtistEntry) -> [String] {
    guard let others = entry.otherSpellings else { return [entry.spelling] }
    return ([entry.spelling] + others.keys).sorted()
  }

  private func displayName(of entry: ArtistEntry) -> String {
    // Most used spelling; ties go to the alphabetically first so output stays reproducible.
    guard let others = entry.otherSpellings else { return entry.spelling }
    var counts = others
    counts[entry.spelling, default: 0] += entry.spellingUses
    return counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? entry.spelling
  }

  private mutating func albumArtist(_ spelling: String) -> Credit {
    let meaning: Credit
    if let last = lastAlbumArtist, last.spelling == spelling {
      meaning = last.credit
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
      keyBuilding += ContinuousClock.now - start
    }
    lastAlbumArtist = (spelling, meaning)
    if case .artist(let index, let name) = meaning {
      artistEntries[index].use(name)
    }
    return meaning
  }

  /// The primary artist of a track credit, featured artists cut off.
  private mutating func trackArtist(_ spelling: String) -> Credit {
    let meaning: Credit
    if let last = lastTrackArtist, last.spelling == spelling {
      meaning = last.credit
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
      keyBuilding += ContinuousClock.now - start
    }
    lastTrackArtist = (spelling, meaning)
    if case .artist(let index, let name) = meaning {
      artistEntries[index].use(name)
    }
    return meaning
  }

  private mutating func artistIndex(for key: ArtistKey) -> Int {
    if let index = artistIndexByKey[key] { return index }
    artistEntries.append(ArtistEntry(key: key))
    artistIndexByKey[key] = artistEntries.count - 1
    return artistEntries.count - 1
  }

  /// The key of an album title. Tracks of an album sit together, so the previous answer is kept; a
  /// title met again later is folded again, which costs less memory than remembering every spelling.
  private mutating func albumKey(_ spelling: String) -> AlbumKey? {
    if let last = lastAlbum, last.spelling == spelling { return last.key }
    let start = ContinuousClock.now
    let title = ArtistCredit.trimmed(spelling)
    let key = title.isEmpty ? nil : AlbumKey(title)
    keyBuilding += ContinuousClock.now - start
    lastAlbum = (spelling, key)
    return key
  }
}
