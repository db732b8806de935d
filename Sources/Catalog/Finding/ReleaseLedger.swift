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
  }

  public static func key(artist: ArtistKey, release: CatalogRelease) -> String {
    artist.rawValue + "\u{1F}" + release.key.description
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
      let key = key(artist: finding.artist.key, release: finding.release)
      guard keysInThisRun.insert(key).inserted else { continue }
      let previous = seen[key]
      if previous == nil {
        sightings.append(
          SeenRelease(
            key: key, artistKey: finding.artist.key.rawValue, title: finding.release.title,
            releaseDate: finding.release.dateText, firstSeen: now))
      }
      let section: String?
      switch finding.category {
      case .owned:
        section = nil
      case .older, .backfill:
        if previous == nil, knownArtists.contains(finding.artist.key.rawValue) {
          finding.category = .backfill
          section = "backfill"
        } else {
          section = nil
        }
      case .new:
        section = previous?.reportedAs == "new" && onlyUnreported ? nil : "new"
      case .upcoming:
        let told = previous?.reportedAs == "upcoming" || previous?.reportedAs == "new"
        section = told && onlyUnreported ? nil : "upcoming"
      case .edition:
        section = previous?.reportedAt != nil && onlyUnreported ? nil : "edition"
      }
      if let section {
        if previous?.reportedAs != section { reported.append((key, section)) }
        kept.append(finding)
      } else if !onlyUnreported {
        kept.append(finding)
      }
    }
    return Result(findings: kept, sightings: sightings, reported: reported)
  }
}
