public import Foundation

/// MusicBrainz's web service, version 2, in JSON: the search URLs deepcut sends, kept short enough for every
/// server and proxy on the way.
public struct MusicBrainzEndpoint: Sendable, Equatable {
  public static let production = URL(string: "https://musicbrainz.org") ?? URL(fileURLWithPath: "/")
  /// The longest URL sent.
  public static let maxURLLength = 4_000
  /// The most results a search gives at once.
  public static let pageSize = 100

  public var baseURL: URL
  /// Where covers are asked for: the Cover Art Archive.
  public var coverArtURL: URL

  public init(baseURL: URL = MusicBrainzEndpoint.production, coverArtURL: URL = CoverArtArchive.production) {
    self.baseURL = baseURL
    self.coverArtURL = coverArtURL
  }

  public enum Entity: String, Sendable {
    case artist
    case releaseGroup = "release-group"
    case release
  }

  /// `GET /ws/2/<entity>?query=…&limit=100&offset=…&fmt=json`, the query percent-encoded whole.
  public func searchURL(_ entity: Entity, query: String, offset: Int = 0) -> URL {
    let items = [
      ("query", query), ("limit", String(Self.pageSize)), ("offset", String(offset)), ("fmt", "json"),
    ]
    return QueryEncoding.url(baseURL, "/ws/2/" + entity.rawValue, items)
  }

  /// Splits `items` into runs whose query — `prefix`, then the items' clauses joined by " OR " in parentheses,
  /// then `suffix` — fits a URL, at most `limit` items a run. An item too long even alone goes alone.
  func pack<Item>(
    _ items: [Item], limit: Int, _ entity: Entity, prefix: String = "", suffix: String = "",
    clause: (Item) -> String
  ) -> [[Item]] {
    var runs: [[Item]] = []
    var run: [Item] = []
    var clauses: [String] = []
    for item in items {
      let candidate = clauses + [clause(item)]
      let query = prefix + LuceneQuery.anyOf(candidate) + suffix
      if !run.isEmpty,
        run.count >= limit
          || searchURL(entity, query: query, offset: 9_999).absoluteString.utf8.count > Self.maxURLLength
      {
        runs.append(run)
        run = [item]
        clauses = [clause(item)]
      } else {
        run.append(item)
        clauses = candidate
      }
    }
    if !run.isEmpty { runs.append(run) }
    return runs
  }
}
