public import MusicLibrary

/// An artist as the catalog knows it.
public struct CatalogArtist: Hashable, Sendable, Codable {
  /// The catalog's id, as text so every provider fits (iTunes numbers, MusicBrainz UUIDs).
  public var id: String
  public var name: String
  public var genre: String?
  public var url: String?
  /// The All Music Guide id iTunes attaches to established artists; its absence hints at a namesake.
  public var amgID: Int?

  public init(id: String, name: String, genre: String? = nil, url: String? = nil, amgID: Int? = nil) {
    self.id = id
    self.name = name
    self.genre = genre
    self.url = url
    self.amgID = amgID
  }

  public var key: ArtistKey { ArtistKey(name) }
}

/// Whether a release carries an explicit-content advisory.
public enum Explicitness: String, Hashable, Sendable, Codable {
  case explicit
  case clean
  case notExplicit
}

/// One album, EP or single in the catalog.
public struct CatalogRelease: Hashable, Sendable, Codable {
  public var id: String
  /// The artist the catalog credits, which may differ from the artist it was listed under.
  public var artistID: String?
  public var artistName: String
  public var title: String
  public var releaseDate: CalendarDay?
  public var trackCount: Int?
  public var explicitness: Explicitness
  public var url: String?
  public var artworkURL: String?
  public var genre: String?

  public init(
    id: String,
    artistID: String? = nil,
    artistName: String,
    title: String,
    releaseDate: CalendarDay?,
    trackCount: Int? = nil,
    explicitness: Explicitness = .notExplicit,
    url: String? = nil,
    artworkURL: String? = nil,
    genre: String? = nil
  ) {
    self.id = id
    self.artistID = artistID
    self.artistName = artistName
    self.title = title
    self.releaseDate = releaseDate
    self.trackCount = trackCount
    self.explicitness = explicitness
    self.url = url
    self.artworkURL = artworkURL
    self.genre = genre
  }

  public var key: AlbumKey { AlbumKey(title) }
}
