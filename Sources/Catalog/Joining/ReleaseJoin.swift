public import Identity
internal import MusicLibrary

/// One release found in several catalogs is one row: the catalogs' verdicts on it joined into one.
///
/// Two listings are one release when both know the UPC/EAN and it is the same; else when they share a library
/// artist, read alike as titles (the album key: kind suffixes, case, "&"/"and" and edition words alike on both
/// sides), are of one kind (a single and an EP of one title count as one, as ownership already does) and came out
/// within three days of each other. The joined verdict has a link for each catalog, the catalogs' order kept; its
/// release is the first catalog's (the explicit one of explicit/clean twins), with the earliest date and the first
/// cover there is. Its place is the strictest any catalog gave: left out, then owned, then an edition, then what
/// the earliest date says.
public enum ReleaseJoin {
  /// How listings of several catalogs were found to be one release.
  public enum Evidence: String, Sendable, Equatable, Codable {
    /// The same UPC/EAN.
    case gtin
    /// The same artist, title, kind and a date within three days.
    case titleAndDate
  }

  /// The most days two catalogs' dates of one release differ by.
  public static let dateTolerance = 3

  /// One catalog's verdicts.
  public struct Listing: Sendable {
    public var catalog: CatalogName
    public var verdicts: [Verdict]
    /// The catalog keeps every edition of an album in one entry (MusicBrainz): its "owned" of an edition's title
    /// says only that the owned album is that entry.
    public var groupsEditions: Bool

    public init(catalog: CatalogName, verdicts: [Verdict], groupsEditions: Bool = false) {
      self.catalog = catalog
      self.verdicts = verdicts
      self.groupsEditions = groupsEditions
    }
  }

  /// The verdicts of `listings` (in the order their links should show), each release once.
  public static func join(_ listings: [Listing]) -> [Verdict] {
    var joined: [Verdict] = []
    var byGTIN: [GTIN: Int] = [:]
    var byTitle: [TitleIndex: [Int]] = [:]
    for listing in listings {
      for var verdict in listing.verdicts {
        verdict.links = [ReleaseLink(catalog: listing.catalog, release: verdict.release)]
        if listing.groupsEditions { verdict.groupedEditionOf = groupedEdition(verdict) }
        let candidates = verdict.owners.flatMap { byTitle[titleIndex($0.key, verdict.release.key)] ?? [] }
        let free = { (index: Int) in !joined[index].links.contains { $0.catalog == listing.catalog } }
        let placed: Int
        if let gtin = verdict.release.gtin, let index = byGTIN[gtin], free(index) {
          joined[index] = merged(joined[index], verdict, by: .gtin)
          placed = index
        } else if let index = candidates.first(where: { free($0) && sameRelease(joined[$0], verdict) }) {
          joined[index] = merged(joined[index], verdict, by: .titleAndDate)
          placed = index
        } else {
          placed = joined.count
          joined.append(verdict)
        }
        if let gtin = verdict.release.gtin, byGTIN[gtin] == nil { byGTIN[gtin] = placed }
        for owner in verdict.owners {
          let key = titleIndex(owner.key, verdict.release.key)
          if !(byTitle[key] ?? []).contains(placed) { byTitle[key, default: []].append(placed) }
        }
      }
    }
    return joined
  }

  /// Where a listing is looked for: its artist and its title without the kind, which catalogs disagree on.
  private struct TitleIndex: Hashable {
    var artist: ArtistKey
    var base: String
    var editions: [Edition]
  }

  private static func titleIndex(_ artist: ArtistKey, _ album: AlbumKey) -> TitleIndex {
    TitleIndex(artist: artist, base: album.base, editions: album.editions)
  }

  /// The same title and kind, dates within the tolerance; a listing without a date is no evidence against.
  static func sameRelease(_ joined: Verdict, _ other: Verdict) -> Bool {
    let (left, right) = (joined.release, other.release)
    guard (left.releaseKind == .album) == (right.releaseKind == .album) else { return false }
    let (leftDates, rightDates) = (spans(of: joined), spans(of: other))
    guard !leftDates.isEmpty, !rightDates.isEmpty else { return true }
    return leftDates.contains { first in
      rightDates.contains { second in
        max(second.lowerBound - first.upperBound, first.lowerBound - second.upperBound, 0) <= dateTolerance
      }
    }
  }

  /// The days a verdict's release can have come out on: its date's span, and its twins' days.
  private static func spans(of verdict: Verdict) -> [ClosedRange<CalendarDay>] {
    var spans = verdict.twinDates.map { $0...$0 }
    if let first = verdict.release.releaseDate, let last = verdict.release.latestDate, first <= last {
      spans.append(first...last)
    }
    return spans
  }

  private static func merged(_ joined: Verdict, _ other: Verdict, by evidence: Evidence) -> Verdict {
    var merged = joined
    merged.links.append(contentsOf: other.links)
    merged.joinedBy = merged.joinedBy == .gtin ? .gtin : evidence
    if merged.release.explicitness == .clean, other.release.explicitness == .explicit {
      merged.release = ReleaseJoin.keeping(other.release, from: merged.release)
    }
    if let date = other.release.releaseDate, merged.release.releaseDate.map({ date < $0 }) ?? true {
      merged.release.releaseDate = date
      merged.release.datePrecision = other.release.datePrecision
    }
    if merged.release.artworkURL == nil { merged.release.artworkURL = other.release.artworkURL }
    if merged.release.gtin == nil { merged.release.gtin = other.release.gtin }
    let dates = [joined.release.releaseDate, other.release.releaseDate].compactMap { $0 }
    merged.twinDates = Array(Set(merged.twinDates + other.twinDates + dates)).sorted()
    for owner in other.owners where !merged.owners.contains(where: { $0.key == owner.key }) {
      merged.owners.append(owner)
    }
    merged.rule = stricter(joined, other)
    merged.groupedEditionOf = nil
    return merged
  }

  /// The explicit release, keeping what the joined one already had that it lacks (the link order's cover).
  private static func keeping(_ release: CatalogRelease, from joined: CatalogRelease) -> CatalogRelease {
    var kept = release
    kept.artworkURL = joined.artworkURL ?? release.artworkURL
    kept.gtin = joined.gtin ?? release.gtin
    return kept
  }

  /// The owned album a grouping catalog's verdict of "owned" stands for when the release's title names another
  /// edition of it: another catalog that lists that edition apart tells it is an edition.
  private static func groupedEdition(_ verdict: Verdict) -> OwnedAlbum? {
    guard case .owned(let album) = verdict.rule else { return nil }
    guard case .editionOf? = ReleaseFinder.ownership(of: verdict.release.key, among: [album]) else { return nil }
    return album
  }

  /// Left out, owned and edition are facts one catalog can know alone (its types, its grouping of editions); a
  /// date-made place is the earlier listing's, so a release out in one catalog is out.
  static func stricter(_ joined: Verdict, _ other: Verdict) -> ReleaseRule {
    // Joined with a listing of its own, an edition a grouping catalog calls owned is the edition it is.
    let left = joined.groupedEditionOf.map(ReleaseRule.edition) ?? joined.rule
    let right = other.groupedEditionOf.map(ReleaseRule.edition) ?? other.rule
    if weight(left) != weight(right) { return weight(left) > weight(right) ? left : right }
    guard weight(left) == 0 else { return left }
    switch (joined.release.releaseDate, other.release.releaseDate) {
    case (let first?, let second?): return second < first ? right : left
    case (nil, .some): return right
    default: return left
    }
  }

  private static func weight(_ rule: ReleaseRule) -> Int {
    switch rule {
    case .leftOut: 3
    case .owned: 2
    case .edition: 1
    case .new, .upcoming, .older, .undated: 0
    }
  }
}
