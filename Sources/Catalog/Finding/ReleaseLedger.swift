public import Foundation
public import Identity
public import MusicLibrary

/// What "new since the last report" means, from the releases recorded in the state database.
///
/// - New: not reported as new before. An upcoming release told of when announced is told of again on
///   its release day, unless told only when announced (``AnnouncedTelling``).
/// - Upcoming: told of once, unless told only on its release day. Editions: told of once.
/// - Backfill: a release the catalog lists for the first time today that came out before the window, for an
///   artist whose catalog entries were seen before (on an artist's first run everything is simply recorded).
public enum ReleaseLedger {
  public struct Result: Sendable {
    /// What tonight's report lists.
    public var findings: [Finding]
    /// Releases to record as seen (first sighting), each under the catalog that lists it.
    public var sightings: [(catalog: CatalogName, record: SeenRelease)]
    /// Releases to mark as reported once the report is written, under each catalog that lists them, with the
    /// section they appear in.
    public var reported: [(catalog: CatalogName, key: LedgerKey, section: String)]

    /// What to mark as reported when a report showed only `shown` of the findings (a shortened e-mail): the rest
    /// stay untold, for the next report to list.
    public func reported(showing shown: [Finding]) -> [(catalog: CatalogName, key: LedgerKey, section: String)] {
      let told = Set(shown.flatMap(ReleaseLedger.keys(for:)))
      return reported.filter { told.contains($0.key) }
    }
  }

  /// What earlier nights recorded, by catalog and then by key.
  public typealias Seen = [CatalogName: [LedgerKey: SeenRelease]]

  public static func key(artist: ArtistKey, release: CatalogRelease) -> LedgerKey {
    key(artist, release.key)
  }

  static func key(_ artist: ArtistKey, _ album: AlbumKey) -> LedgerKey {
    LedgerKey(artist: artist, album: album)
  }

  /// The keys a finding is recorded under: one for each library artist it is credited to, so a collaboration is
  /// told once whichever of its artists' keys an earlier run knew it by.
  public static func keys(for finding: Finding) -> [LedgerKey] {
    var keys = keys(owners: finding.owners, release: finding.release)
    for link in finding.links {
      for key in Self.keys(owners: finding.owners, release: link.release) where !keys.contains(key) { keys.append(key) }
    }
    return keys
  }

  public static func keys(owners: [LibraryArtist], release: CatalogRelease) -> [LedgerKey] {
    var keys: [LedgerKey] = []
    for owner in owners {
      let key = key(artist: owner.key, release: release)
      if !keys.contains(key) { keys.append(key) }
    }
    return keys
  }

  /// Keys earlier versions used: the kind as the title told it, not as the catalog types it ("one kiss" for
  /// MusicBrainz's single "One Kiss"). Read, never written, so what they told stays told.
  static func legacyKeys(owners: [LibraryArtist], release: CatalogRelease) -> [LedgerKey] {
    let titled = AlbumKey(release.title)
    guard titled != release.key else { return [] }
    return owners.map { key($0.key, titled) }
  }

  /// What the state database holds about the finding, under any of its keys, in any catalog: a release told
  /// through one catalog is told, whichever lists it now.
  public static func records(of finding: Finding, in seen: Seen) -> [SeenRelease] {
    var records: [SeenRelease] = []
    for release in finding.links.isEmpty ? [finding.release] : finding.links.map(\.release) {
      for catalog in seen.keys.sorted() {
        records += Self.records(owners: finding.owners, release: release, in: seen[catalog] ?? [:])
      }
    }
    return records
  }

  /// The finding's links; one of `fallback`'s for a finding made without them.
  static func links(of finding: Finding, fallback: CatalogName?) -> [ReleaseLink] {
    guard finding.links.isEmpty else { return finding.links }
    return fallback.map { [ReleaseLink(catalog: $0, release: finding.release)] } ?? []
  }

  /// Keys earlier versions used for a release whose title names another kind than the catalog types it: the
  /// catalog's kind ("song machine episode 2 [deluxe]" for Deezer's album "Song Machine Episode 2 – EP (Deluxe)").
  static func typedKeys(owners: [LibraryArtist], release: CatalogRelease) -> [LedgerKey] {
    let titled = AlbumKey(release.title)
    guard let kind = release.kind, titled.kind != .album, kind != titled.kind else { return [] }
    return owners.map { key($0.key, AlbumKey(base: titled.base, editions: titled.editions, kind: kind)) }
  }

  /// What the state database holds about the release, under any of its keys. Under a catalog-typed key only a
  /// record of the same title is the release's: an album of the EP's name has that key too.
  public static func records(
    owners: [LibraryArtist], release: CatalogRelease, in seen: [LedgerKey: SeenRelease]
  ) -> [SeenRelease] {
    let keys = keys(owners: owners, release: release) + legacyKeys(owners: owners, release: release)
    let current = (keys + otherKindKeys(owners: owners, release: release)).compactMap {
      seen[$0].flatMap { isRecord($0, of: release) ? $0 : nil }
    }
    let typed = typedKeys(owners: owners, release: release).compactMap {
      seen[$0].flatMap { $0.title == release.title ? $0 : nil }
    }
    return current + typed
  }

  /// The keys a single would have as an EP, and an EP as a single: catalogs disagree on which a record is (and
  /// Deezer retypes them), so one told as either is told. Read, never written.
  static func otherKindKeys(owners: [LibraryArtist], release: CatalogRelease) -> [LedgerKey] {
    let key = release.key
    guard key.kind != .album else { return [] }
    let other = AlbumKey(base: key.base, editions: key.editions, kind: key.kind == .single ? .ep : .single)
    return owners.map { Self.key($0.key, other) }
  }

  /// Whether a record under one of the release's keys is the release's own. Records written before kinds were kept
  /// knew a typed catalog's single "Stories" by the key its album "Stories" has now: such a record is the release's
  /// only when it has the release's date.
  static func isRecord(_ record: SeenRelease, of release: CatalogRelease) -> Bool {
    guard record.kind == nil, release.kind != nil else { return true }
    return record.releaseDate == release.dateText
  }

  /// The section tonight's report tells a release in, given its records, or nil when it tells nothing new. With
  /// `onlyUnreported` false (a plain report) what was told is listed again, and what is announced is listed
  /// whatever `announced` says; a backfill is always recognized.
  public static func section(
    for category: ReleaseCategory, records: [SeenRelease], artistKnown: Bool, onlyUnreported: Bool,
    announced: AnnouncedTelling = .both
  ) -> String? {
    let toldAs = Set(records.compactMap { $0.reportedAt == nil ? nil : $0.reportedAs })
    switch category {
    case .owned:
      return nil
    case .older, .backfill:
      return records.isEmpty && artistKnown ? "backfill" : nil
    case .new:
      let told = toldAs.contains("new") || (announced == .announced && toldAs.contains("upcoming"))
      return told && onlyUnreported ? nil : "new"
    case .upcoming:
      if onlyUnreported && announced == .releaseDay { return nil }
      return (toldAs.contains("upcoming") || toldAs.contains("new")) && onlyUnreported ? nil : "upcoming"
    case .edition:
      return !toldAs.isEmpty && onlyUnreported ? nil : "edition"
    }
  }

  /// Sorts `findings` against what was seen before, in any catalog. With `onlyUnreported` false (a plain report)
  /// every finding is kept, but sightings are still recorded and backfill still recognized. A finding made without
  /// links is `fallback`'s. `announced` says when a release announced ahead is told.
  public static func apply(
    _ findings: [Finding],
    seen: Seen,
    now: Date,
    onlyUnreported: Bool,
    fallback: CatalogName?,
    announced: AnnouncedTelling = .both
  ) -> Result {
    // An artist is known to a catalog that saw its releases before: only there is an old release news (a backfill).
    let knownArtists = seen.mapValues { Set($0.values.map(\.artistKey)) }
    var result = Result(findings: [], sightings: [], reported: [])
    var keysInThisRun: Set<LedgerKey> = []
    // A listed release claims its keys before an older one of its title: a reissue that keeps its original's title
    // is the one told, its original back catalog.
    let listedKeys = Set(findings.filter(\.category.isListed).flatMap(keys(for:)))
    for var finding in findings {
      let keys = keys(for: finding)
      guard !keys.contains(where: keysInThisRun.contains) else { continue }
      if !finding.category.isListed, keys.contains(where: listedKeys.contains) { continue }
      keysInThisRun.formUnion(keys)
      let links = links(of: finding, fallback: fallback)
      let records = records(of: finding, in: seen)
      result.sightings += sightings(finding, links, seen, now)
      let artistKnown = links.contains { link in
        finding.owners.contains { knownArtists[link.catalog]?.contains($0.key) ?? false }
      }
      finding.identityCatalog = identityCatalog(links, seen, finding.owners)
      let section = section(
        for: finding.category, records: records, artistKnown: artistKnown, onlyUnreported: onlyUnreported,
        announced: announced)
      if section == "backfill" { finding.category = .backfill }
      if let section {
        result.reported += reported(finding, links, seen, section)
        result.findings.append(finding)
      } else if !onlyUnreported {
        result.findings.append(finding)
      }
    }
    return result
  }

  /// The first sighting of each catalog's listing, under each of its artists' keys.
  private static func sightings(_ finding: Finding, _ links: [ReleaseLink], _ seen: Seen, _ now: Date)
    -> [(catalog: CatalogName, record: SeenRelease)]
  {
    var sightings: [(catalog: CatalogName, record: SeenRelease)] = []
    for link in links {
      let release = link.release
      for owner in finding.owners {
        let key = key(artist: owner.key, release: release)
        guard seen[link.catalog]?[key].map({ !isRecord($0, of: release) }) ?? true,
          !sightings.contains(where: { $0.catalog == link.catalog && $0.record.key == key })
        else { continue }
        sightings.append(
          (
            link.catalog,
            SeenRelease(
              key: key, title: release.title, releaseDate: release.dateText,
              firstSeen: now, kind: release.releaseKind.rawValue)
          ))
      }
    }
    return sightings
  }

  /// Each catalog's keys of the finding that are not yet told in `section`.
  private static func reported(_ finding: Finding, _ links: [ReleaseLink], _ seen: Seen, _ section: String)
    -> [(catalog: CatalogName, key: LedgerKey, section: String)]
  {
    var reported: [(catalog: CatalogName, key: LedgerKey, section: String)] = []
    for link in links {
      for key in keys(owners: finding.owners, release: link.release) {
        let own = seen[link.catalog]?[key].flatMap { isRecord($0, of: link.release) ? $0 : nil }
        guard own?.reportedAs != section, !reported.contains(where: { $0.catalog == link.catalog && $0.key == key })
        else { continue }
        reported.append((link.catalog, key, section))
      }
    }
    return reported
  }

  /// The catalog whose record of the release is oldest among those that list it; nil when none saw it before.
  private static func identityCatalog(_ links: [ReleaseLink], _ seen: Seen, _ owners: [LibraryArtist]) -> CatalogName? {
    var oldest: (catalog: CatalogName, at: Date)?
    for link in links {
      let records = Self.records(owners: owners, release: link.release, in: seen[link.catalog] ?? [:])
      guard let first = records.map(\.firstSeen).min() else { continue }
      if oldest.map({ first < $0.at }) ?? true { oldest = (link.catalog, first) }
    }
    return oldest?.catalog
  }
}
