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
}

/// One catalog release with its verdict and the reason a person would give for it.
public struct Finding: Sendable, Equatable, Codable {
  public var artist: LibraryArtist
  public var release: CatalogRelease
  public var kind: ReleaseKind
  public var category: ReleaseCategory
  /// The owned album this is an edition of, for `.edition`.
  public var editionOf: String?
  /// "you own 5 albums by X, newest 2019".
  public var reason: String

  public init(
    artist: LibraryArtist,
    release: CatalogRelease,
    kind: ReleaseKind,
    category: ReleaseCategory,
    editionOf: String? = nil,
    reason: String
  ) {
    self.artist = artist
    self.release = release
    self.kind = kind
    self.category = category
    self.editionOf = editionOf
    self.reason = reason
  }
}

/// What the user asked to see.
public struct FinderOptions: Sendable, Equatable {
  /// Today, in the user's calendar; `--now` fixes it for reproducible reports.
  public var today: CalendarDay
  /// The first day that counts as new (`--days N` means today − N, `--since DATE` gives it directly).
  public var since: CalendarDay
  /// Which kinds to report; releases of other kinds are left out of every list.
  public var kinds: Set<ReleaseKind> = Set(ReleaseKind.allCases)
  /// The catalog keeps every edition of an album in one entry (MusicBrainz's release groups): a title that
  /// names an owned album is that album, whatever edition it says it is, and no "edition" is ever reported.
  public var catalogGroupsEditions = false

  public init(today: CalendarDay, since: CalendarDay, kinds: Set<ReleaseKind> = Set(ReleaseKind.allCases)) {
    self.today = today
    self.since = since
    self.kinds = kinds
  }

  public init(today: CalendarDay, days: Int) {
    self.init(today: today, since: today.adding(days: -days))
  }
}

/// Sorts each artist's catalog releases into new, upcoming, editions, owned and older.
public struct ReleaseFinder: Sendable {
  public var options: FinderOptions

  public init(options: FinderOptions) {
    self.options = options
  }

  /// Classifies one artist's releases against what the user owns by them.
  public func findings(for artist: LibraryArtist, releases: [CatalogRelease], owned: [OwnedAlbum]) -> [Finding] {
    let ownedKeys = owned.map(\.key)
    let reason = Self.reason(for: artist)
    var findings: [Finding] = []
    for release in Self.collapsingDuplicates(releases) {
      let key = release.key
      let kind = release.releaseKind
      guard options.kinds.contains(kind) else { continue }
      var category: ReleaseCategory
      var editionOf: String?
      switch Self.ownership(of: key, among: ownedKeys) {
      case .owned?:
        category = .owned
      case .editionOf(let index)?:
        category = options.catalogGroupsEditions ? .owned : .edition
        editionOf = options.catalogGroupsEditions ? nil : owned[index].title
      case nil:
        category = .new
      }
      if category != .owned {
        guard let earliest = release.releaseDate, let latest = release.latestDate else {
          // No date: the catalog lists it without saying when; treat it as not news.
          category = .older
          findings.append(Finding(artist: artist, release: release, kind: kind, category: category, reason: reason))
          continue
        }
        // A date known only to the month or year counts as new when any day of it could be inside the window.
        if earliest > options.today {
          if category == .new { category = .upcoming }
        } else if latest < options.since {
          category = .older
        }
      }
      findings.append(
        Finding(
          artist: artist,
          release: release,
          kind: kind,
          category: category,
          editionOf: editionOf,
          reason: reason
        )
      )
    }
    return findings
  }

  enum Ownership: Equatable {
    case owned
    case editionOf(Int)
  }

  /// Owning an album covers its plain release, a single or EP of the same name, and the edition you
  /// own; another edition of an album you own is an edition. Owning a single does not cover the album.
  static func ownership(of key: AlbumKey, among owned: [AlbumKey]) -> Ownership? {
    var edition: Int?
    for (index, ownedKey) in owned.enumerated() where ownedKey.base == key.base {
      let kindCovered = ownedKey.kind == .album || ownedKey.kind == key.kind
      guard kindCovered else { continue }
      if !key.isEdition || Set(key.editions).isSubset(of: ownedKey.editions) { return .owned }
      edition = edition ?? index
    }
    return edition.map(Ownership.editionOf)
  }

  /// A clean twin of an explicit release is the same record; so is a re-listing under a second id.
  /// The explicit (or only) version stands for the pair, dated by its earliest release.
  static func collapsingDuplicates(_ releases: [CatalogRelease]) -> [CatalogRelease] {
    var chosen: [AlbumKey: CatalogRelease] = [:]
    var order: [AlbumKey] = []
    for release in releases {
      let key = release.key
      guard let current = chosen[key] else {
        chosen[key] = release
        order.append(key)
        continue
      }
      var better = current
      if current.explicitness == .clean, release.explicitness != .clean { better = release }
      switch (current.releaseDate, release.releaseDate) {
      case (let kept?, let other?) where other < kept: better.releaseDate = other
      case (nil, let other?): better.releaseDate = other
      default: break
      }
      chosen[key] = better
    }
    return order.compactMap { chosen[$0] }
  }

  /// Why a release is worth a look, in the words a person would use.
  public static func reason(for artist: LibraryArtist) -> String {
    var text: String
    switch artist.albumCount {
    case 0: text = "you have \(artist.trackCount) track\(artist.trackCount == 1 ? "" : "s") by \(artist.name)"
    case 1: text = "you own 1 album by \(artist.name)"
    default: text = "you own \(artist.albumCount) albums by \(artist.name)"
    }
    if let year = artist.newestYear { text += ", newest \(year)" }
    if artist.playCount > 0 { text += "; \(artist.playCount) play\(artist.playCount == 1 ? "" : "s")" }
    return text
  }
}
