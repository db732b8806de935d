public import Identity
public import MusicLibrary

/// Where a catalog release lands in tonight's report.
public enum ReleaseCategory: String, Sendable, Codable, CaseIterable {
  /// Released inside the window, not owned, not an edition of something owned.
  case new
  /// Announced with a release date after today.
  case upcoming
  /// A Deluxe / Remaster / Anniversary ... of an album the user owns, released inside the window or upcoming.
  case edition
  /// The user owns it (or the album it comes from).
  case owned
  /// Not owned, but released before the window: part of the back catalog, not news.
  case older
  /// Released before the window but listed by the catalog only now (with `--since-last-run`).
  case backfill

  /// Whether the report lists releases of this category in a section of their own (owned and older ones are
  /// only counted).
  public var isListed: Bool {
    switch self {
    case .new, .upcoming, .edition, .backfill: true
    case .owned, .older: false
    }
  }
}

/// The rule that decided a release's place, with what it was decided by: what `deepcut why` says.
public enum ReleaseRule: Sendable, Equatable {
  /// Released inside the window, owned by no one of its artists.
  case new
  /// Announced for a day after today.
  case upcoming
  /// Another edition of this owned album.
  case edition(of: OwnedAlbum)
  /// This owned album is it, or the album it comes from.
  case owned(as: OwnedAlbum)
  /// Released before the window's first day.
  case older
  /// The catalog gives no date.
  case undated
  /// Left out of every list.
  case leftOut(LeftOut)

  /// Why a release is in no list at all.
  public enum LeftOut: Sendable, Equatable {
    /// Its kind is not among `--types`.
    case kind(ReleaseKind)
    /// Its title matches this `ignoreTitles` pattern.
    case ignoredTitle(String)
  }
}

/// One catalog release with its verdict, whichever of the user's artists it is credited to.
public struct Verdict: Sendable, Equatable {
  public var release: CatalogRelease
  /// The library artists the catalog lists it under, most played first.
  public var owners: [LibraryArtist]
  public var rule: ReleaseRule
  /// Each catalog that lists it, in the night's order; empty for a verdict not yet joined across catalogs.
  public var links: [ReleaseLink] = []
  /// How the catalogs' listings were found to be one release; nil when one catalog lists it.
  public var joinedBy: ReleaseJoin.Evidence?
  /// The dates of the twins a catalog lists it as (a clean and an explicit version, a re-listing), when they differ:
  /// another catalog's listing near any of them is the same release.
  public var twinDates: [CalendarDay] = []
  /// Set for a verdict of "owned" by a catalog that groups editions, where the title names another edition of this
  /// owned album: joined with another catalog's listing of that edition, it is an edition.
  public var groupedEditionOf: OwnedAlbum?

  public init(release: CatalogRelease, owners: [LibraryArtist], rule: ReleaseRule) {
    self.release = release
    self.owners = owners
    self.rule = rule
  }

  /// The report's section, or nil for a release left out of every list.
  public var category: ReleaseCategory? {
    switch rule {
    case .new: .new
    case .upcoming: .upcoming
    case .edition: .edition
    case .owned: .owned
    case .older, .undated: .older
    case .leftOut: nil
    }
  }
}

/// One catalog release with its verdict and the reason a person would give for it: one per release, however
/// many of the user's artists it is credited to.
public struct Finding: Sendable, Equatable, Codable {
  /// The most played of the library artists it is credited to: where the report ranks it.
  public var artist: LibraryArtist
  /// Every library artist it is credited to, most played first; `artist` is the first.
  public var owners: [LibraryArtist]
  public var release: CatalogRelease
  public var kind: ReleaseKind
  public var category: ReleaseCategory
  /// The owned album this is an edition of, for `.edition`.
  public var editionOf: String?
  /// "you own 5 albums by X, newest 2019"; for several artists "you own 4 albums by X and 7 by Y".
  public var reason: String
  /// Each catalog that lists it, in the night's order (`--links`, then `--provider`); `release` stands for them.
  public var links: [ReleaseLink] = []
  /// How the catalogs' listings were found to be one release; nil when one catalog lists it.
  public var joinedBy: ReleaseJoin.Evidence?
  /// The link its stable id is made from: the catalog that saw it first, so an id already published keeps its
  /// value whichever catalogs list the release later.
  public var identity: ReleaseLink? {
    identityCatalog.flatMap { name in links.first { $0.catalog == name } } ?? links.first
  }
  /// Set by the ledger, from what each catalog saw before.
  public var identityCatalog: CatalogName?
  /// Its pages on services people listen on, as a catalog named them (MusicBrainz's url-rels), for a row whose
  /// listener's service no catalog of the night opens.
  public var servicePages: [ServicePage] {
    get { namedPages ?? [] }
    set { namedPages = newValue.isEmpty ? nil : newValue }
  }
  /// Nil when there are none, so a finding without any encodes, and an older encoding decodes, as before.
  private var namedPages: [ServicePage]?
  /// The record a catalog that types every release files it under, asked by its UPC/EAN when that catalog did not
  /// list it tonight (MusicBrainz's release search by barcode): its types, its title, and when it first came out.
  public var barcodeListing: ReleaseLink?

  enum CodingKeys: String, CodingKey {
    case artist, owners, release, kind, category, editionOf, reason, links, joinedBy, identityCatalog, barcodeListing
    case namedPages = "servicePages"
  }

  public init(
    artist: LibraryArtist,
    owners: [LibraryArtist]? = nil,
    release: CatalogRelease,
    kind: ReleaseKind,
    category: ReleaseCategory,
    editionOf: String? = nil,
    reason: String
  ) {
    self.artist = artist
    self.owners = owners ?? [artist]
    self.release = release
    self.kind = kind
    self.category = category
    self.editionOf = editionOf
    self.reason = reason
  }
}

/// Where one catalog lists a release: the catalog's name (`--provider`) and its release.
public struct ReleaseLink: Sendable, Equatable, Codable {
  public var catalog: CatalogName
  public var release: CatalogRelease

  public init(catalog: CatalogName, release: CatalogRelease) {
    self.catalog = catalog
    self.release = release
  }

  /// Which release of which catalog it is.
  public var reference: ReleaseReference { ReleaseReference(catalog: catalog, id: release.id) }
}
