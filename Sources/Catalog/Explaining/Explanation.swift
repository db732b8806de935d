public import Identity

/// What `deepcut why` knows about one library artist, and with an album, about that album: the library side, the
/// catalog side and every release the catalog lists, each with its verdict and the rule that decided it. A plain
/// value with stable keys: `--json` prints it as it is, and the text is written from it.
public struct Explanation: Sendable, Equatable, Codable {
  /// The day explained (the last report's, or `--now`) and its window.
  public var date: String
  public var since: String
  public var provider: CatalogName
  public var library: LibrarySide
  public var catalog: CatalogSide
  /// By verdict (new first, left-out last), the most recent first in each.
  public var releases: [Release]
  /// When the catalog's release lists hold only releases first released since a day (MusicBrainz's), that day.
  public var releasesSince: String?
  /// With ALBUM: what the catalog lists under that name.
  public var album: Album?

  public struct LibrarySide: Sendable, Equatable, Codable {
    public var name: String
    public var key: String
    /// Every spelling in the library that folds into the key.
    public var spellings: [String]
    public var albums: [OwnedAlbum]
    public var tracks: Int
    public var plays: Int
    /// 1 is the most played of `artists`.
    public var rank: Int
    public var artists: Int
    public var lookedUp: Bool
    /// Why deepcut does not look it up: `ignoreArtists` or `minimumOwnedTracks`.
    public var notLookedUpBecause: String?
  }

  public struct OwnedAlbum: Sendable, Equatable, Codable {
    public var title: String
    /// The album key as deepcut compares it: "one kiss <single>".
    public var key: String
    public var kind: String
    public var year: Int?
    public var tracks: Int
    public var plays: Int
  }

  public struct CatalogSide: Sendable, Equatable, Codable {
    /// resolved, pinned, ambiguous, unresolved, pending, notYetChecked or notLookedUp.
    public var status: String
    /// For resolved artists: search (the only catalog artist of that name), ownedTitles (owned albums found
    /// under it decided between namesakes) or pin.
    public var how: String?
    public var artists: [CatalogArtistFact]
    public var candidates: [CatalogArtistFact]
    public var lastSearched: String?
    /// When it is searched again; nil for a pin, which never is.
    public var nextCheck: String?
    /// When its release lists were last fetched.
    public var listsFetched: String?
    /// The command that settles it, for an ambiguous or unresolved artist.
    public var pinCommand: String?
    /// The whole of it in plain words.
    public var sentence: String
  }

  public struct CatalogArtistFact: Sendable, Equatable, Codable {
    public var id: CatalogArtistID
    public var name: String
    public var note: String?
    public var url: String?
    /// The owned albums found under it, when they decided.
    public var ownedTitles: [String]?
  }

  public struct Release: Sendable, Equatable, Codable {
    public var id: CatalogReleaseID
    public var title: String
    public var kind: String
    public var date: String?
    public var url: String?
    /// The library artists it is credited to, most played first; the report lists it once, under the first.
    public var artists: [String]
    /// new, upcoming, edition, owned, older, undated or leftOut.
    public var verdict: String
    /// The rule that decided: inWindow, afterToday, editionOfOwned, owned, beforeWindow, noDate, types,
    /// class (a class the report leaves out) or ignoreTitles.
    public var rule: String
    /// For owned: the owned album that covers it; for an edition: the owned album it repackages.
    public var ownedAlbum: String?
    /// When a report told of it, and as what.
    public var toldOn: String?
    public var toldAs: String?
    /// The verdict in plain words.
    /// On a night of several catalogs: the catalogs that list it as one row, this one first, and how they were
    /// found to be one ("gtin", "titleAndDate"); nil on a night of one.
    public var catalogs: [CatalogName]?
    public var joinedBy: String?
    public var sentence: String
    /// Its class (studio, soundtrack, live, remix, compilation, reissue, version, other), where the report lists that
    /// class (main, also, none), and the evidence, the deciding piece first.
    public var releaseClass: ReleaseClass = .studio
    public var placement: Placement = .main
    public var classEvidence: [ClassEvidence] = []
    /// For a reissue: what it reissues, where the evidence names it.
    public var reissueOf: OriginalRelease?

    enum CodingKeys: String, CodingKey {
      case id, title, kind, date, url, artists, verdict, rule, ownedAlbum, toldOn, toldAs, catalogs, joinedBy, sentence
      case releaseClass = "class"
      case placement, classEvidence, reissueOf
    }

    mutating func classified(_ classification: Classification, placement: Placement) {
      releaseClass = classification.releaseClass
      self.placement = placement
      classEvidence = classification.evidence
      reissueOf = classification.original
    }
  }

  public struct Album: Sendable, Equatable, Codable {
    public var query: String
    public var found: Bool
    /// The ids of the releases in `releases` it names.
    public var releases: [CatalogReleaseID]
    /// Owned albums of that name.
    public var owned: [String]
    public var sentence: String
    /// Where the first release of that name opens for the person (`--listen`); nil when they named nowhere.
    public var listen: ListenLink? = nil
  }
}
