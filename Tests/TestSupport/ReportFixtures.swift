public import Catalog
public import Foundation
internal import Identity
public import MusicLibrary
public import Report

/// Report models for a busy night, an empty night and a night of hostile and non-Latin names, made
/// through the same builder the command uses, from hand-written library and catalog values.
public enum ReportFixtures {
  public static let today = CalendarDay(iso8601: "2026-11-29") ?? CalendarDay(daysSinceEpoch: 0)
  public static let options = FinderOptions(today: today, days: 30)
  /// Noon UTC on `today`.
  public static let now = Date(timeIntervalSince1970: 1_795_953_600)

  public struct Artist {
    public var name: String
    public var owned: [String]
    public var releases: [(title: String, date: String, explicitness: Explicitness)]
    public var plays = 10

    public init(
      name: String, owned: [String], releases: [(title: String, date: String, explicitness: Explicitness)],
      plays: Int = 10
    ) {
      self.name = name
      self.owned = owned
      self.releases = releases
      self.plays = plays
    }
  }

  /// A release credited to several of the fixture's artists, which lists it under each of them.
  public struct Collaboration {
    public var title: String
    public var date: String
    public var artists: [String]

    public init(title: String, date: String, artists: [String]) {
      self.title = title
      self.date = date
      self.artists = artists
    }
  }

  public static func model(
    _ artists: [Artist], problems: [(String, ArtistProblem.Kind, String)] = [], coverage: Coverage? = nil
  ) -> ReportModel {
    listing(artists, problems: problems, coverage: coverage).model
  }

  /// The report of these artists as the command builds it: their findings first, then the report of them.
  public static func listing(
    _ artists: [Artist], collaborations: [Collaboration] = [], problems: [(String, ArtistProblem.Kind, String)] = [],
    coverage: Coverage? = nil, libraryAge: LibraryAge? = nil
  ) -> ReportListing {
    var libraryArtists: [LibraryArtist] = []
    var albums: [OwnedAlbum] = []
    var followed: [FollowedArtist] = []
    for (index, artist) in artists.enumerated() {
      let key = ArtistKey(artist.name)
      libraryArtists.append(
        LibraryArtist(
          key: key, name: artist.name, albumCount: artist.owned.count, trackCount: artist.owned.count * 10,
          playCount: artist.plays, newestYear: 2019))
      albums += artist.owned.map { OwnedAlbum(artistKey: key, artistName: artist.name, title: $0, key: AlbumKey($0)) }
      let releases = artist.releases.enumerated().map { offset, release in
        self.release(
          id: String(1_000 + index * 100 + offset), artistID: String(index), artist: artist.name,
          title: release.title, date: release.date, explicitness: release.explicitness, tracks: 10 + offset)
      }
      followed.append(
        FollowedArtist(
          artist: libraryArtists[libraryArtists.count - 1],
          catalogArtist: CatalogArtist(id: CatalogArtistID(String(index)), name: artist.name),
          releases: releases))
    }
    for (offset, collaboration) in collaborations.enumerated() {
      let release = release(
        id: String(900_000 + offset), artistID: "collaboration", artist: collaboration.artists.joined(separator: " & "),
        title: collaboration.title, date: collaboration.date, explicitness: .notExplicit, tracks: 10)
      for index in followed.indices where collaboration.artists.contains(followed[index].artist.name) {
        followed[index].releases.append(release)
      }
    }
    for (name, _, _) in problems {
      libraryArtists.append(LibraryArtist(key: ArtistKey(name), name: name, albumCount: 1, trackCount: 3))
    }
    let scan = LibraryScan(
      source: "Library.xml", tracks: albums.count * 10, musicTracks: albums.count * 10, skipped: [:], warnings: [],
      library: OwnedLibrary(artists: libraryArtists, albums: albums))
    let outcome = outcome(
      followed: followed, problems: problems, artists: artists.count,
      coverage: coverage ?? .whole(libraryArtists.count))
    let night = NightOutcome(catalog: "itunes", linkTitle: "Apple Music", outcome: outcome, options: options)
    return ReportBuilder.listing(
      findings: ReportBuilder.findings(scan: scan, night: night), scan: scan, night: night, options: options, now: now,
      timings: nil, libraryAge: libraryAge)
  }

  static func release(
    id: String, artistID: String, artist: String, title: String, date: String, explicitness: Explicitness, tracks: Int
  ) -> CatalogRelease {
    CatalogRelease(
      id: CatalogReleaseID(id), artistID: CatalogArtistID(artistID), artistName: artist, title: title,
      releaseDate: CalendarDay(iso8601: date),
      trackCount: tracks, explicitness: explicitness, url: "https://music.apple.com/us/album/\(id)",
      artworkURL: "https://is1-ssl.mzstatic.com/image/thumb/\(id)/100x100bb.jpg")
  }

  static func outcome(
    followed: [FollowedArtist], problems: [(String, ArtistProblem.Kind, String)], artists: Int, coverage: Coverage
  ) -> CatalogOutcome {
    var stats = CatalogStats()
    stats.artistsChecked = artists + problems.count
    stats.resolved = artists
    stats.requests = 2
    stats.lookups = 1
    stats.searches = 1
    stats.cacheHits = artists - 1
    return CatalogOutcome(
      followed: followed,
      problems: problems.map { name, kind, detail in
        ArtistProblem(
          artist: LibraryArtist(key: ArtistKey(name), name: name, albumCount: 1, trackCount: 3), kind: kind,
          detail: detail,
          candidates: kind == .ambiguous
            ? [CatalogArtist(id: "414425", name: name, genre: "Metal"), CatalogArtist(id: "907800827", name: name)]
            : [])
      },
      stats: stats, coverage: coverage)
  }

  public static var busy: ReportModel { busyListing.model }

  public static var busyListing: ReportListing { busyListing(libraryAge: nil) }

  /// The busy night from a library export written 30 days before it: stale, with the default 14 days.
  public static var stale: ReportModel {
    let written = now.addingTimeInterval(-(30 * 86_400 + 9_900))
    return busyListing(
      libraryAge: LibraryAge(exportDate: written, fileModified: now, now: now, staleAfterDays: 14)
    ).model
  }

  public static func busyListing(libraryAge: LibraryAge?) -> ReportListing {
    listing(
      [
        Artist(
          name: "Slayer", owned: ["Reign in Blood", "Repentless"],
          releases: [
            ("Repentless", "2015-09-11", .explicit), ("Final Campaign", "2026-11-27", .explicit),
            ("Final Campaign", "2026-11-27", .clean), ("Reign in Blood (Expanded Edition)", "2026-11-20", .notExplicit),
            ("Show No Mercy", "1983-12-03", .notExplicit),
          ], plays: 420),
        Artist(
          name: "Portishead", owned: ["Dummy"],
          releases: [("Roads - Single", "2026-11-27", .notExplicit), ("Third II", "2027-01-15", .notExplicit)]),
        Artist(name: "Björk", owned: ["Homogenic"], releases: [("Fossora - EP", "2026-11-06", .notExplicit)]),
        Artist(name: "The Beatles", owned: ["Abbey Road"], releases: [("Abbey Road", "1969-09-26", .notExplicit)]),
      ],
      problems: [
        ("Nobody Knows", .unresolved, "not found in the catalog"),
        ("Ghost", .ambiguous, "2 catalog artists share this name; pin one with 'deepcut artists pin'"),
        ("Flaky Band", .failed, "the catalog answered with HTTP 503 after several tries; try again later"),
      ], libraryAge: libraryAge)
  }

  /// A night the budget ended early: the busy night's artists, and most of the library still to check.
  public static var partial: ReportModel {
    model(
      [
        Artist(
          name: "Slayer", owned: ["Reign in Blood"], releases: [("Final Campaign", "2026-11-27", .explicit)],
          plays: 420),
        Artist(name: "Portishead", owned: ["Dummy"], releases: [("Roads - Single", "2026-11-27", .notExplicit)]),
      ],
      coverage: Coverage(artists: 1_610, checked: 420, estimatedMinutesToFinish: 60))
  }

  public static var empty: ReportModel {
    model([Artist(name: "Portishead", owned: ["Dummy"], releases: [("Dummy", "1994-08-22", .notExplicit)])])
  }

  /// A night of what catalogs list beside new music, classed by their titles and the catalog's own list: a live
  /// album, remixes announced, a best-of, a reissue of an album the list has, a sped-up single (left out), and a
  /// soundtrack and a studio album that only looks live (both new music).
  public static var classes: ReportModel {
    model([
      Artist(
        name: "Slayer", owned: ["Reign in Blood"],
        releases: [
          ("Decade of Aggression (Live)", "2026-11-21", .explicit), ("Show No Mercy", "1983-12-03", .notExplicit),
          ("Show No Mercy", "2026-11-13", .notExplicit), ("Live Forever", "2026-11-25", .explicit),
        ], plays: 420),
      Artist(
        name: "Portishead", owned: ["Dummy"],
        releases: [
          ("Roads (Sped Up) - Single", "2026-11-27", .notExplicit), ("Third II (Remixes)", "2027-01-15", .notExplicit),
        ]),
      Artist(
        name: "Björk", owned: ["Homogenic"],
        releases: [
          ("The Best of Björk", "2026-11-06", .notExplicit),
          ("Heatwave (Original Motion Picture Soundtrack)", "2026-11-18", .notExplicit),
        ]),
    ])
  }

  public static var hostile: ReportModel {
    model([
      Artist(
        name: "<script>alert('x')</script> & *Friends*", owned: ["Old"],
        releases: [
          ("[click](javascript:alert(1)) | `rm -rf` # _now_", "2026-11-25", .explicit),
          (
            "Soon; \"Quoted\", \\back\\ & <b>bold</b>, with a title long enough to fold twice in a calendar",
            "2027-02-14", .clean
          ),
        ]),
      Artist(name: "宇多田ヒカル", owned: ["First Love"], releases: [("Bad Mode", "2026-11-24", .notExplicit)]),
      Artist(name: "فيروز", owned: ["Maarifti Feek"], releases: [("Ya Tayr \"Live\" 🎶", "2026-11-23", .notExplicit)]),
    ])
  }

}
