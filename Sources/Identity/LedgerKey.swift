/// What the ledger of releases told keys a release by: the library artist it is told to and its album key, so a
/// clean twin or a re-listing of the same release is the same release.
public struct LedgerKey: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var artist: ArtistKey
  public var album: AlbumKey

  public init(artist: ArtistKey, album: AlbumKey) {
    self.artist = artist
    self.album = album
  }

  /// "radiohead / kid a [deluxe]", for messages and `why`.
  public var description: String { "\(artist) / \(album)" }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.artist.rawValue, lhs.album.description) < (rhs.artist.rawValue, rhs.album.description)
  }
}
