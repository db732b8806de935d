public import Identity
public import MusicLibrary

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
  /// Where each class of release is listed: new music in the main list, live albums, remixes, best-ofs and reissues
  /// under "Also out", re-cut versions nowhere, unless the person says otherwise.
  public var placements = ClassPlacements()
  /// `ignoreTitles`: regular expressions; a release whose title matches one is left out.
  public var ignoredTitles: [String] = []

  public init(today: CalendarDay, since: CalendarDay, kinds: Set<ReleaseKind> = Set(ReleaseKind.allCases)) {
    self.today = today
    self.since = since
    self.kinds = kinds
  }

  public init(today: CalendarDay, days: Int) {
    self.init(today: today, since: today.adding(days: -days))
  }
}

/// Sorts the catalog's releases into new, upcoming, editions, owned and older, one verdict per release.
public struct ReleaseFinder: Sendable {
  public var options: FinderOptions

  public init(options: FinderOptions) {
    self.options = options
  }

  /// The releases of `artist` one catalog lists that a report lists, each with that catalog's link: what a night
  /// can look links up for before its passes end.
  public func listed(
    for artist: LibraryArtist, releases: [CatalogRelease], owned: [OwnedAlbum], catalog: CatalogName
  ) -> [Finding] {
    findings(for: artist, releases: releases, owned: owned).filter(options.placements.lists).map { finding in
      var finding = finding
      finding.links = [ReleaseLink(catalog: catalog, release: finding.release)]
      return finding
    }
  }

  /// The findings of one library artist's releases against what the user owns by them.
  public func findings(for artist: LibraryArtist, releases: [CatalogRelease], owned: [OwnedAlbum]) -> [Finding] {
    let followed = FollowedArtist(
      artist: artist, catalogArtist: CatalogArtist(id: "", name: artist.name), releases: releases)
    return findings(verdicts([followed], owned: [artist.key: owned]))
  }

  /// The verdicts that land in a list, as the report words them.
  public func findings(_ verdicts: [Verdict]) -> [Finding] { Self.findings(verdicts) }

  /// The verdicts that land in a list, as the report words them, each with the catalogs that list it.
  public static func findings(_ verdicts: [Verdict]) -> [Finding] {
    verdicts.compactMap { verdict in
      guard let category = verdict.category, let first = verdict.owners.first else { return nil }
      var editionOf: String?
      if case .edition(let album) = verdict.rule { editionOf = album.title }
      var finding = Finding(
        artist: first, owners: verdict.owners, release: verdict.release, kind: verdict.release.releaseKind,
        category: category, editionOf: editionOf, reason: Self.reason(for: verdict.owners))
      finding.links = verdict.links
      finding.joinedBy = verdict.joinedBy
      return finding
    }
  }

  /// Every release listed for the followed artists, once: a release listed under several of the user's artists
  /// (a collaboration) is one verdict, judged against what the user owns by each of them, its owners in the
  /// order given (most played first).
  public func verdicts(_ followed: [FollowedArtist], owned: [ArtistKey: [OwnedAlbum]]) -> [Verdict] {
    let patterns = options.ignoredTitles.compactMap { pattern in (try? Regex(pattern)).map { (pattern, $0) } }
    var listed: [Verdict] = []
    var position: [CatalogReleaseID: Int] = [:]
    for entry in followed {
      for release in Self.withOriginals(entry.releases) {
        if let index = position[release.id] {
          if !listed[index].owners.contains(where: { $0.key == entry.artist.key }) {
            listed[index].owners.append(entry.artist)
          }
        } else {
          position[release.id] = listed.count
          let leftOut = leftOutRule(for: release, patterns: patterns)
          listed.append(
            Verdict(release: release, owners: [entry.artist], rule: leftOut.map(ReleaseRule.leftOut) ?? .new))
        }
      }
    }
    return Self.collapsingTwins(listed).map { verdict in
      if case .leftOut = verdict.rule { return verdict }
      var judged = verdict
      judged.rule = rule(for: verdict.release, owned: verdict.owners.flatMap { owned[$0.key] ?? [] })
      return judged
    }
  }

  /// The rule that places a release that is not left out, given the albums the user owns by its artists.
  func rule(for release: CatalogRelease, owned: [OwnedAlbum]) -> ReleaseRule {
    var edition: OwnedAlbum?
    switch Self.ownership(of: release.key, among: owned) {
    case .owned(let album)?: return .owned(as: album)
    case .editionOf(let album)?:
      if options.catalogGroupsEditions { return .owned(as: album) }
      edition = album
    case nil: break
    }
    // A date known only to the month or year counts as new when any day of it could be inside the window.
    guard let earliest = release.releaseDate, let latest = release.latestDate else { return .undated }
    if earliest > options.today { return edition.map(ReleaseRule.edition) ?? .upcoming }
    if latest < options.since { return .older }
    return edition.map(ReleaseRule.edition) ?? .new
  }

  func leftOutRule(
    for release: CatalogRelease, patterns: [(String, Regex<AnyRegexOutput>)]
  ) -> ReleaseRule.LeftOut? {
    let kind = release.releaseKind
    if !options.kinds.contains(kind) { return .kind(kind) }
    if let (pattern, _) = patterns.first(where: { release.title.contains($0.1) }) { return .ignoredTitle(pattern) }
    return nil
  }

  enum Ownership: Equatable {
    case owned(OwnedAlbum)
    case editionOf(OwnedAlbum)
  }

  /// Owning an album covers its plain release, a single or EP of the same name, and the edition you
  /// own; another edition of an album you own is an edition. Owning a single or an EP covers the catalog's single
  /// or EP of that name, whichever the catalog calls it, but never the album.
  static func ownership(of key: AlbumKey, among owned: [OwnedAlbum]) -> Ownership? {
    var edition: OwnedAlbum?
    for album in owned where album.key.base == key.base && covers(album.key.kind, key.kind) {
      if !key.isEdition || Set(key.editions).isSubset(of: album.key.editions) { return .owned(album) }
      edition = edition ?? album
    }
    return edition.map(Ownership.editionOf)
  }

  /// Catalogs disagree on what is a single and what an EP ("Stories" is a single on one, an EP on the other),
  /// so owning either covers both; an album covers everything of its name.
  static func covers(_ owned: ReleaseKind, _ listed: ReleaseKind) -> Bool {
    owned == .album || listed != .album
  }

  /// The releases of one artist's list, each that an album of its title listed a year or more before it reissues
  /// marked with that album (the earliest): what the catalog's own list says of a reissue. Albums are compared with
  /// albums, singles and EPs with singles and EPs: a new single may well share an old album's name.
  static func withOriginals(_ releases: [CatalogRelease]) -> [CatalogRelease] {
    var earliest: [String: CatalogRelease] = [:]
    func place(_ release: CatalogRelease) -> String { "\(release.releaseKind == .album)/\(release.key.base)" }
    for release in releases {
      guard let date = release.releaseDate else { continue }
      if earliest[place(release)]?.releaseDate.map({ date < $0 }) ?? true { earliest[place(release)] = release }
    }
    return releases.map { release in
      guard let date = release.releaseDate, let first = earliest[place(release)], let firstDate = first.releaseDate,
        date - firstDate >= CatalogRelease.reissueAfterDays
      else { return release }
      var marked = release
      marked.listedOriginal = OriginalRelease(title: first.title, year: firstDate.year)
      return marked
    }
  }

  /// A clean twin of an explicit release is the same record; so is a re-listing under a second id within a year of
  /// it: releases of one key that share an artist are one, whichever of its artists lists which. The explicit (or
  /// only) version stands for them, dated by the earliest, listed under all their artists. Left-out releases are
  /// nobody's twin, nor are releases of two classes: a live album of an owned title must not stand in for the studio
  /// one; nor is a listing years later, which is a reissue of the first.
  static func collapsingTwins(_ verdicts: [Verdict]) -> [Verdict] {
    var result: [Verdict] = []
    var byKey: [AlbumKey: [Int]] = [:]
    for verdict in verdicts {
      if case .leftOut = verdict.rule {
        result.append(verdict)
        continue
      }
      let key = verdict.release.key
      let owners = Set(verdict.owners.map(\.key))
      if let index = byKey[key]?.first(where: {
        !owners.isDisjoint(with: result[$0].owners.map(\.key)) && withinAYear(result[$0].release, verdict.release)
          && result[$0].classification.releaseClass == verdict.classification.releaseClass
      }) {
        result[index] = twins(result[index], verdict)
      } else {
        byKey[key, default: []].append(result.count)
        result.append(verdict)
      }
    }
    return result
  }

  /// Listings less than a year apart, or one without a date: a re-listing, not a reissue.
  private static func withinAYear(_ first: CatalogRelease, _ second: CatalogRelease) -> Bool {
    guard let one = first.releaseDate, let other = second.releaseDate else { return true }
    return abs(one - other) < CatalogRelease.reissueAfterDays
  }

  private static func twins(_ kept: Verdict, _ twin: Verdict) -> Verdict {
    var merged = kept
    if kept.release.explicitness == .clean, twin.release.explicitness != .clean { merged.release = twin.release }
    let dates = [kept.release.releaseDate, twin.release.releaseDate].compactMap { $0 }
    if let earliest = dates.min() { merged.release.releaseDate = earliest }
    merged.twinDates = Array(Set(kept.twinDates + dates)).sorted()
    for owner in twin.owners where !merged.owners.contains(where: { $0.key == owner.key }) {
      merged.owners.append(owner)
    }
    return merged
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

  /// The reason of a release credited to several of the user's artists names each of them: "you own 4 albums by
  /// Radio Wolves and 7 by Broken Tigers".
  public static func reason(for owners: [LibraryArtist]) -> String {
    guard owners.count > 1 else { return owners.first.map(reason(for:)) ?? "" }
    var parts: [String] = []
    var lastNoun: String?
    for owner in owners {
      let (count, noun) = owner.albumCount > 0 ? (owner.albumCount, "album") : (owner.trackCount, "track")
      // "4 albums by Radio Wolves and 7 by Broken Tigers": the noun is said again only when it changes.
      let unit = noun == lastNoun ? "" : (count == 1 ? noun : noun + "s") + " "
      parts.append("\(count) \(unit)by \(owner.name)")
      lastNoun = noun
    }
    let owns = owners.contains { $0.albumCount > 0 } ? "you own " : "you have "
    return owns + parts.dropLast().joined(separator: ", ") + " and " + (parts.last ?? "")
  }
}
