public import Catalog
public import Identity

/// Everything a report shows, as plain values: the one view model every format and template sees.
/// Renderers never see catalog JSON, and every string here is still raw text, escaped by the renderer.
public struct ReportModel: Sendable, Equatable, Codable {
  public struct Release: Sendable, Hashable, Codable {
    /// The same in every run and every format that carries one ("urn:uuid:…"): see ``StableID``.
    public var id: String
    public var artist: String
    public var title: String
    /// "album", "EP" or "single".
    public var kind: String
    public var releaseDate: String?
    /// "20 Nov 2026".
    public var releaseDateLabel: String?
    public var trackCount: Int?
    /// "1 track", "12 tracks".
    public var trackCountLabel: String?
    public var explicit: Bool
    /// The catalog page; only http(s) links ever get here.
    public var url: String?
    /// A cover of at least 200×200 (sharp at 64 px on a 2x screen), only where the catalog has one; only http(s)
    /// links ever get here.
    public var artworkURL: String?
    public var genre: String?
    /// Why it is listed: "you own 5 albums by X, newest 2019".
    public var reason: String
    /// For editions: the title of the owned album it repackages.
    public var editionOf: String?
    public var catalogID: CatalogReleaseID
    /// The library artist's place in listening order (play count, then owned tracks): 1 is the most played.
    public var rank: Int
    /// Where each catalog that lists it has it, in the night's order; `catalogID` is the first's, and `url` too
    /// unless the person said where they listen.
    public var links: [Link]
    /// Where the title opens for the person, on the service they listen on (`--listen`); nil when they named none.
    public var listen: Listen? = nil
    /// What it is besides its kind: studio, soundtrack, live, remix, compilation, reissue, version or other.
    public var releaseClass: ReleaseClass = .studio
    /// What the row says of it: "live album", "remix EP", "reissue of Homework (1997)", "soundtrack"; nil for studio
    /// music.
    public var classLabel: String? = nil
    /// For a reissue: what it reissues, where the evidence names it.
    public var reissueOf: OriginalRelease? = nil
    /// Why it has its class, the deciding evidence first: each catalog's types, its list, a barcode's record, its title.
    public var classEvidence: [ClassEvidence] = []

    enum CodingKeys: String, CodingKey {
      case id, artist, title, kind, releaseDate, releaseDateLabel, trackCount, trackCountLabel, explicit, url
      case artworkURL, genre, reason, editionOf, catalogID, rank, links, listen, classLabel, reissueOf, classEvidence
      case releaseClass = "class"
    }
  }

  /// The release where the person listens: its own page there, or a search there for its artist and title.
  public typealias Listen = ListenLink

  /// One catalog's page of a release.
  public struct Link: Sendable, Hashable, Codable {
    /// The catalog's name, as `--provider` takes it.
    public var catalog: CatalogName
    public var id: CatalogReleaseID
    /// Only http(s) links ever get here.
    public var url: String?
    /// Where it opens, as people who listen there call it: "Apple Music", "Deezer", "MusicBrainz".
    public var name: String
    /// The service it opens in, as `--listen` takes it ("applemusic"); nil for a catalog's own page (MusicBrainz).
    /// A catalog's page is the release's own, never a search: searches are only in `listen`.
    public var service: String?
  }

  /// One library artist's releases in a section, for templates that list by artist.
  public struct ArtistReleases: Sendable, Equatable, Codable {
    public var artist: String
    public var rank: Int
    public var releases: [Release]
  }

  /// What a report that had to be shortened (an e-mail kept under mail clients' size limits) left out.
  public struct Omitted: Sendable, Equatable, Codable {
    public var releases: Int
    public var attention: Int
    /// The web address the whole report is served at, when there is one.
    public var fullReport: String?
    /// The file name of the whole report, attached to the e-mail: "deepcut-2026-12-01.html".
    public var attachment: String
    /// "323 more releases and 12 artists that need attention are in the attached full report, …"
    public var line: String
  }

  /// Releases that came out on one day, for "grouped by release date".
  public struct Day: Sendable, Equatable, Codable {
    public var date: String
    /// "20 Nov 2026".
    public var label: String
    public var releases: [Release]
  }

  public struct Attention: Sendable, Equatable, Codable {
    public var artist: String
    /// "unresolved", "ambiguous", "failed" or "notCached".
    public var problem: String
    public var detail: String
    public var candidates: [Candidate]
    /// As for releases: 1 is the most played artist.
    public var rank: Int
    /// The catalog that could not resolve the artist, on a night that asks several.
    public var catalog: CatalogName?
  }

  public struct Candidate: Sendable, Equatable, Codable {
    public var id: CatalogArtistID
    public var name: String
    public var genre: String?
    /// The catalog's note that tells namesakes apart ("epic doom metal band from United Kingdom").
    public var disambiguation: String?
    public var url: String?
  }

  public struct Summary: Sendable, Equatable, Codable {
    public var artistsChecked: Int
    public var artistsResolved: Int
    public var artistsUnresolved: Int
    public var artistsAmbiguous: Int
    public var lookupsFailed: Int
    public var albumsOwned: Int
    public var tracksOwned: Int
    public var releasesSeen: Int
    public var releasesOwned: Int
    public var releasesOlder: Int
    public var searches: Int
    public var lookups: Int
    public var requests: Int
    public var retries: Int
    public var cacheHits: Int
  }

  /// How much of the library one catalog of the night checked.
  public struct CatalogCoverage: Sendable, Equatable, Codable {
    public var catalog: CatalogName
    public var coverage: Coverage
    /// "Checked 420 of 1,610 artists on MusicBrainz, …"; nil when it checked them all.
    public var line: String?
  }

  /// How old the library export the report was made from is. A stale one is shown under the headline: albums the
  /// person got after it was written are missing from it, and may be listed as new.
  public struct Library: Sendable, Equatable, Codable {
    /// When Music wrote the export (its `Date`), else when the file last changed: "2026-11-01T10:00:00Z".
    public var exportedAt: String
    /// "1 Nov 2026".
    public var exportedAtLabel: String
    /// "exportDate" when the export says when it was written, "fileModified" when the file's time stands in.
    public var dateSource: String
    /// Whole days from `exportedAt` to the report's time.
    public var ageDays: Int
    /// More days old than `--stale-after` allows.
    public var stale: Bool
    /// The sentence that says so; only when stale.
    public var line: String?
    /// How to keep the export fresh; only when stale.
    public var advice: String?
  }

  public struct Timing: Sendable, Equatable, Codable {
    public var phase: String
    public var seconds: Double
    /// "cold" (nothing cached), "warm" (some cached) or "hot" (all cached), for catalog phases.
    public var cache: String?

    public init(phase: String, seconds: Double, cache: String? = nil) {
      self.phase = phase
      self.seconds = seconds
      self.cache = cache
    }
  }

  /// What no earlier report told, on a schedule of one run a week: the report speaks of "this week".
  public enum Digest: String, Sendable, Codable {
    case weekly
  }

  public var date: String
  /// When the report was made, `--now`: "2026-11-29T12:00:00Z".
  public var generated: String
  /// "29 Nov 2026".
  public var dateLabel: String
  public var since: String
  public var sinceLabel: String
  public var days: Int
  public var headline: String
  /// The one friendly line of a night with nothing to report.
  public var emptyMessage: String
  public var newCount: Int
  public var new: [Release]
  public var newByDate: [Day]
  /// The same, by artist, most played first: the order in which a shortened report keeps releases.
  public var newByArtist: [ArtistReleases]
  public var upcoming: [Release]
  /// Live albums, remix albums, compilations and reissues out in the window or announced: one compact line each,
  /// its class named, after the main list. Out ones newest first, then announced ones soonest first.
  public var alsoOut: [Release] = []
  public var editions: [Release]
  /// Old releases the catalog listed only now (with `--since-last-run`).
  public var backfill: [Release]
  public var owned: [Release]
  public var needsAttention: [Attention]
  public var summary: Summary
  /// How much of the library this run checked; always present, `complete` when all of it. On a night of several
  /// catalogs, the least complete catalog's, and each catalog's in `catalogCoverage`.
  public var coverage: Coverage
  public var catalogCoverage: [CatalogCoverage]?
  /// One plain sentence when the run could not check every artist ("Checked 420 of 1,610 artists, most played
  /// first; ..."); nil when it checked them all.
  public var coverageLine: String?
  /// "Apple Music links of 120 releases by artists played less come on the next nights."; nil when every listed
  /// release was asked about.
  public var linksLine: String?
  public var timings: [Timing]?
  /// Set when this report lists less than the run found, and says so.
  public var omitted: Omitted?
  public var isEmpty: Bool
  public var hasNew: Bool
  public var hasUpcoming: Bool
  public var hasAlsoOut: Bool = false
  public var hasEditions: Bool
  public var hasBackfill: Bool
  public var hasAttention: Bool
  /// The library export's age; nil when there is no time to tell it by (an export without a `Date`, read from
  /// standard input).
  public var library: Library? = nil
  /// `weekly` for the week's digest (`--every DAY` with `--since-last-run`); nil for any other report.
  public var digest: Digest? = nil
}
