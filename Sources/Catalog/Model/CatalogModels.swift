public import Identity
import MusicLibrary

/// An artist as the catalog knows it.
public struct CatalogArtist: Hashable, Sendable, Codable {
  /// The catalog's id, as text so every provider fits (iTunes numbers, MusicBrainz UUIDs).
  public var id: CatalogArtistID
  public var name: String
  public var genre: String?
  public var url: String?
  /// What tells namesakes apart in the catalog's own words ("epic doom metal band from United Kingdom").
  public var disambiguation: String?

  public init(
    id: CatalogArtistID, name: String, genre: String? = nil, url: String? = nil, disambiguation: String? = nil
  ) {
    self.id = id
    self.name = name
    self.genre = genre
    self.url = url
    self.disambiguation = disambiguation
  }

  public var key: ArtistKey { ArtistKey(name) }
}

/// A catalog's type fields, beside a release's kind.
public struct CatalogTypes: Hashable, Sendable, Codable {
  /// As the catalog writes them: "Album + Live", "Single", "compile".
  public var words: String
  /// Whether the catalog types every release it lists, so that one of no secondary type is studio music
  /// (MusicBrainz's curated types); false where a type is given only now and then (Deezer's `compile`).
  public var complete: Bool

  public init(words: String, complete: Bool) {
    self.words = words
    self.complete = complete
  }
}

/// Whether a release carries an explicit-content advisory.
public enum Explicitness: String, Hashable, Sendable, Codable {
  case explicit
  case clean
  case notExplicit
}

/// How much of a release date the catalog knows.
public enum DatePrecision: String, Hashable, Sendable, Codable {
  case day
  /// "2026-11": some day that month.
  case month
  /// "2026": some day that year.
  case year
}

/// One album, EP or single in the catalog.
public struct CatalogRelease: Hashable, Sendable, Codable {
  public var id: CatalogReleaseID
  /// The artist the catalog credits, which may differ from the artist it was listed under.
  public var artistID: CatalogArtistID?
  public var artistName: String
  public var title: String
  /// The first day the release can have come out: the day itself, or the first of its month or year.
  public var releaseDate: CalendarDay?
  public var datePrecision: DatePrecision = .day
  /// The kind as the catalog types it; nil when only the title tells (" - Single", " - EP").
  public var kind: ReleaseKind?
  public var trackCount: Int?
  public var explicitness: Explicitness
  public var url: String?
  public var artworkURL: String?
  public var genre: String?
  /// What else the catalog says it is besides its kind ("live", "compilation", "remix"), lowercased; a
  /// release of a secondary type is reported only when the user asks for that type.
  public var secondaryTypes: [String] = []
  /// Its UPC/EAN where the catalog tells it: what names the same release in another catalog.
  public var gtin: GTIN?
  /// The catalog's type fields in its own words, when they say more than the kind (MusicBrainz's "Album + Live",
  /// Deezer's "compile"): evidence of its class, read with `secondaryTypes`.
  public var types: CatalogTypes?
  /// The album this one is a reissue of, as the catalog's own list shows it: the same title, listed a year or more
  /// earlier. Set by the finder from the artist's list.
  public var listedOriginal: OriginalRelease?

  public init(
    id: CatalogReleaseID,
    artistID: CatalogArtistID? = nil,
    artistName: String,
    title: String,
    releaseDate: CalendarDay?,
    trackCount: Int? = nil,
    explicitness: Explicitness = .notExplicit,
    url: String? = nil,
    artworkURL: String? = nil,
    genre: String? = nil,
    datePrecision: DatePrecision = .day,
    kind: ReleaseKind? = nil,
    secondaryTypes: [String] = [],
    gtin: GTIN? = nil,
    types: CatalogTypes? = nil
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
    self.datePrecision = datePrecision
    self.kind = kind
    self.secondaryTypes = secondaryTypes
    self.gtin = gtin
    self.types = types
  }

  /// The title's key with the kind the catalog gives: MusicBrainz calls the single "One Kiss" what iTunes calls
  /// "One Kiss - Single", and both are the single, not an album of that name. A title that names its kind is read
  /// as the library's titles are, whatever the catalog types it: Deezer types "Song Machine Episode 2 – EP (Deluxe)"
  /// an album, and owning the EP must make it the EP's edition, as the same title in the library would be.
  public var key: AlbumKey {
    let titled = AlbumKey(title)
    guard let kind, titled.kind == .album, kind != .album else { return titled }
    return AlbumKey(base: titled.base, editions: titled.editions, kind: kind)
  }

  /// The kind the title tells, else the one the catalog gives: the kind its key has, so a release is listed as
  /// what it was judged as.
  public var releaseKind: ReleaseKind { key.kind }

  /// The last day the release can have come out.
  public var latestDate: CalendarDay? {
    guard let date = releaseDate else { return nil }
    switch datePrecision {
    case .day: return date
    case .month: return CalendarDay(year: date.year, month: date.month, day: 1)?.lastOfMonth ?? date
    case .year: return CalendarDay(year: date.year, month: 12, day: 31) ?? date
    }
  }

  /// "20 Nov 2026", or as much as the catalog knows: "Nov 2026", "2026".
  public var dateLabel: String? {
    guard let date = releaseDate else { return nil }
    switch datePrecision {
    case .day: return date.label
    case .month: return date.monthLabel
    case .year: return String(date.year)
    }
  }

  /// The date as the catalog gives it: "2026-11-20", "2026-11" or "2026".
  public var dateText: String? {
    guard let date = releaseDate else { return nil }
    let text = date.description
    switch datePrecision {
    case .day: return text
    case .month: return String(text.prefix(7))
    case .year: return String(text.prefix(4))
    }
  }
}
