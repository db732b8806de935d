public import Foundation
public import MusicLibrary
public import State

/// What "new since the last report" means, from the releases recorded in the state database.
///
/// - New: not reported as new before. An upcoming release told of when announced is told of again on
///   its release day.
/// - Upcoming and editions: told of once.
/// - Backfill: a release the catalog lists for the first time today that came out before the window, for an
///   artist whose catalog entries were seen before (on an artist's first run everything is simply recorded).
public enum ReleaseLedger {
  public struct Result: Sendable {
    /// What tonight's report lists.
    public var findings: [Finding]
    /// Releases to record as seen (first sighting).
    public var sightings: [SeenRelease]
    /// Releases to mark as reported once the report is written, with the section they appear in.
    public var reported: [(key: String, section: String)]

    /// What to mark as reported when a report showed only `shown` of the findings (a shortened e-mail): the rest
    /// stay untold, for the next report to list.
    public func reported(showing shown: [Finding]) -> [(key: String, section: String)] {
      let told = Set(shown.flatMap(ReleaseLedger.keys(for:)))
      return reported.filter { told.contains($0.key) }
    }
  }

  public static func key(artist: ArtistKey, release: CatalogRelease) -> String {
    key(artist, release.key)
  }

  static func key(_ artist: ArtistKey, _ album: AlbumKey) -> String {
    artist.rawValue + "\u{1F}" + album.description
  }

  /// The keys a finding is recorded under: one for each library artist it is credited to, so a collaboration is
  /// told once whichever of its artists' keys an earlier run knew it by.
  public static func keys(for finding: Finding) -> [String] {
    keys(owners: finding.owners, release: finding.release)
  }

  public static func keys(owners: [LibraryArtist], release: CatalogRelease) -> [String] {
    var keys: [String] = []
    for owner in owners {
      let key = key(artist: owner.key, release: release)
      if !keys.contains(key) { keys.append(key) }
    }
    return keys
  }

  /// Keys earlier versions used: the kind as the title told it, not as the catalog types it ("one kiss" for
  /// MusicBrainz's single "One Kiss"). Read, never written, so what they told stays told.
  static func legacyKeys(owners: [LibraryArtist], release: CatalogRelease) -> [String] {
    let titled = AlbumKey(release.title)
    guard titled != release.key else { return [] }
    return owners.map { key($0.key, titled) }
  }

  /// Keys earlier versions used for a release whose title names another kind than the catalog types it: the
  /// catalog's kind ("song machine episode 2 [deluxe]" for Deezer's album "Song Machine Episode 2 – EP (Deluxe)").
  static func typedKeys(owners: [LibraryArtist], release: CatalogRelease) -> [String] {
    let titled = AlbumKey(release.title)
    guard let kind = release.kind, titled.kind != .album, kind != titled.kind else { return [] }
    return owners.map { key($0.key, AlbumKey(base: titled.base, editions: titled.editions, kind: kind)) }
  }

  /// What the state database holds about the release, under any of its keys. Under a catalog-typed key only a
  /// record of the same title is the release's: an album of the EP's name has that key too.
  public static func records(
    owners: [LibraryArtist], release: CatalogRelease, in seen: [String: SeenRelease]
  ) -> [SeenRelease] {
    let current = (keys(owners: owners, release: release) + legacyKeys(owners: owners, release: release)).compactMap {
      seen[$0].flatMap { isRecord($0, of: release) ? $0 : nil }
    }
    let typed = typedKeys(owners: owners, release: release).compactMap {
      seen[$0].flatMap { $0.title == release.title ? $0 : nil }
    }
    return current + typed
  }

  /// Whether a record under one of the release's keys is the release's own. Records written before kinds were kept
  /// knew a typed catalog's single "Stories" by the key its album "Stories" has now: such a record is the release's
  /// only when it has the release's date.
  static func isRecord(_ record: SeenRelease, of release: CatalogRelease) -> Bool {
    guard record.kind == nil, release.kind != nil else { return true }
    return record.releaseDate == release.dateText
  }

  /// The section tonight's report tells a release in, given its records, or nil when it tells nothing new. With
  /// `onlyUnreported` false (a plain report) what was told is listed again; a backfill is always recognized.
  public static func section(
    for category: ReleaseCategory, records: [SeenRelease], artistKnown: Bool, onlyUnreported: Bool
  ) -> String? {
    let toldAs = Set(records.compactMap { $0.reportedAt == nil ? nil : $0.reportedAs })
    switch category {
    case .owned:
      return nil
    case .older, .backfill:
      return records.isEmpty && artistKnown ? "backfill" : nil
    case .new:
      return toldAs.contains("new") && onlyUnreported ? nil : "new"
    case .upcoming:
      return (toldAs.contains("upcoming") || toldAs.contains("new")) && onlyUnreported ? nil : "upcoming"
    case .edition:
      return !toldAs.isEmpty && onlyUnreported ? nil : "edition"
    }
  }

  /// Sorts `findings` against what was seen before. With `onlyUnreported` false every finding is kept
  /// (a plain report), but sightings are still recorded and backfill still recognized.
  public static func apply(
    _ findings: [Finding],
    seen: [String: SeenRelease],
    now: Date,
    onlyUnreported: Bool
  ) -> Result {
    let knownArtists = Set(seen.values.map(\.artistKey))
    var kept: [Finding] = []
    var sightings: [SeenRelease] = []
    var reported: [(key: String, section: String)] = []
    var keysInThisRun: Set<String> = []
    for var finding in findings {
      let keys = keys(for: finding)
      guard !keys.contains(where: keysInThisRun.contains) else { continue }
      keysInThisRun.formUnion(keys)
      let records = records(owners: finding.owners, release: finding.release, in: seen)
      for (key, owner) in zip(keys, finding.owners) where seen[key].map({ !isRecord($0, of: finding.release) }) ?? true
      {
        sightings.append(
          SeenRelease(
            key: key, artistKey: owner.key.rawValue, title: finding.release.title,
            releaseDate: finding.release.dateText, firstSeen: now, kind: finding.release.releaseKind.rawValue))
      }
      let artistKnown = finding.owners.contains { knownArtists.contains($0.key.rawValue) }
      let section = section(
        for: finding.category, records: records, artistKnown: artistKnown, onlyUnreported: onlyUnreported)
      if section == "backfill" { finding.category = .backfill }
      if let section {
        for key in keys where records.first(where: { $0.key == key })?.reportedAs != section {
          reported.append((key, section))
        }
        kept.append(finding)
      } else if !onlyUnreported {
        kept.append(finding)
      }
    }
    return Result(findings: kept, sightings: sightings, reported: reported)
  }
}
