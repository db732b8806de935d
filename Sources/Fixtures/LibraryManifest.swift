/// What a correct reader should find in the generated file (see README-level rules in
/// `SyntheticLibrary`). Computed from the track dicts exactly as they were written.
public struct LibraryManifest: Sendable, Codable, Equatable {
  /// Every track dict under `Tracks`.
  public var tracks: Int
  /// `tracks` minus every skipped track.
  public var musicTracks: Int
  /// Distinct (artist-or-compilation, album title) pairs among owned music tracks.
  public var albums: Int
  /// Distinct artists to look up.
  public var artists: Int
  /// Skipped tracks by reason (`podcast`, `iTunesU`, `movie`, `tvShow`, `musicVideo`, `video`,
  /// `audiobook`, `book`, `app`, `voiceMemo`, `stream`, `playlistOnly`, `damaged`); only reasons
  /// that occur are listed.
  public var skipped: [String: Int]
  /// One per damaged track.
  public var warnings: Int
  /// Display names of the artists to look up (first spelling met in file order), sorted.
  public var artistNames: [String]
  /// Albums that belong to no artist (compilations by several artists).
  public var compilationAlbums: Int
  /// Owned music tracks with no (or an empty) Album.
  public var tracksWithoutAlbum: Int
  /// Entries in the `Playlists` array.
  public var playlists: Int
  /// Size of the file in bytes.
  public var bytes: Int
  /// The options' seed and edge-case switch, for the record.
  public var seed: UInt64
  public var edgeCases: Bool

  public init(
    tracks: Int, musicTracks: Int, albums: Int, artists: Int, skipped: [String: Int], warnings: Int,
    artistNames: [String], compilationAlbums: Int, tracksWithoutAlbum: Int, playlists: Int, bytes: Int,
    seed: UInt64, edgeCases: Bool
  ) {
    self.tracks = tracks
    self.musicTracks = musicTracks
    self.albums = albums
    self.artists = artists
    self.skipped = skipped
    self.warnings = warnings
    self.artistNames = artistNames
    self.compilationAlbums = compilationAlbums
    self.tracksWithoutAlbum = tracksWithoutAlbum
    self.playlists = playlists
    self.bytes = bytes
    self.seed = seed
    self.edgeCases = edgeCases
  }
}
