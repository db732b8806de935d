public import Catalog
public import Foundation
internal import Synchronization

/// Deezer's artist search and album lists in process, in its wire format, with no socket: pages of `limit` (25
/// unless asked, 100 at most) from `index`, with `total`, and `next` while more follow. A search's hits are the
/// artists whose names hold every word asked, ranked by fans alone, as Deezer puts popular names first: an exact
/// name of few fans stands pages down. Every request is logged, so a test can count what a search cost.
public final class InProcessDeezer: CatalogTransport, Sendable {
  public struct Album: Sendable {
    public var id: Int
    public var title: String
    /// YYYY-MM-DD.
    public var date: String
    /// Deezer's `record_type`: "album", "ep", "single" or "compile".
    public var type: String

    public init(id: Int, title: String, date: String, type: String = "album") {
      self.id = id
      self.title = title
      self.date = date
      self.type = type
    }
  }

  public struct Artist: Sendable {
    public var id: Int
    public var name: String
    public var fans: Int
    public var albums: [Album]

    public init(id: Int, name: String, fans: Int, albums: [Album] = []) {
      self.id = id
      self.name = name
      self.fans = fans
      self.albums = albums
    }
  }

  /// The largest page served, whatever `limit` asks.
  public static let maxLimit = 100

  private let artists: [Artist]
  private let requests = Mutex<[URL]>([])

  public init(_ artists: [Artist]) {
    self.artists = artists
  }

  /// Every request, in the order it came.
  public var log: [URL] { requests.withLock { $0 } }

  /// The query of each search request, in order.
  public var searches: [[String: String]] {
    log.filter { $0.path == "/search/artist" }.map(InProcessCatalog.query(of:))
  }

  public func clearLog() { requests.withLock { $0 = [] } }

  public func counters() async -> TransportCounters { TransportCounters(requests: log.count) }

  public func get(_ url: URL) async throws(CatalogError) -> Data {
    requests.withLock { $0.append(url) }
    let query = InProcessCatalog.query(of: url)
    let path = url.path
    if path == "/search/artist" {
      return Self.json(page(hits(for: query["q"] ?? "").map(Self.record), query, path))
    }
    let parts = path.split(separator: "/")
    if parts.count == 3, parts[0] == "artist", parts[2] == "albums" {
      guard let artist = artists.first(where: { String($0.id) == parts[1] }) else {
        return Self.json(["error": ["type": "DataException", "message": "no data", "code": 800]])
      }
      return Self.json(page(artist.albums.map(Self.record), query, path))
    }
    throw .unreachable("no such path: \(path)")
  }

  private func hits(for term: String) -> [Artist] {
    let words = InProcessCatalog.fold(term).split(separator: " ")
    guard !words.isEmpty else { return [] }
    return artists.enumerated()
      .filter { _, artist in
        let name = InProcessCatalog.fold(artist.name).split(separator: " ")
        return words.allSatisfy(name.contains)
      }
      .sorted { ($1.element.fans, $0.offset) < ($0.element.fans, $1.offset) }
      .map(\.element)
  }

  /// Deezer's envelope: `data`, `total`, and `next` (the caller's other parameters, then `index`) unless it is
  /// the last page.
  private func page(_ items: [[String: Any]], _ query: [String: String], _ path: String) -> [String: Any] {
    let index = max(0, Int(query["index"] ?? "") ?? 0)
    let asked = Int(query["limit"] ?? "") ?? 25
    let limit = asked <= 0 ? Self.maxLimit : min(asked, Self.maxLimit)
    var envelope: [String: Any] = ["data": Array(items.dropFirst(index).prefix(limit)), "total": items.count]
    if index + limit < items.count {
      var components = URLComponents(string: "https://api.deezer.com" + path)
      components?.queryItems =
        query.filter { $0.key != "index" }.sorted { $0.key < $1.key }.map {
          URLQueryItem(name: $0.key, value: $0.value)
        }
        + [URLQueryItem(name: "index", value: String(index + limit))]
      envelope["next"] = components?.string ?? ""
    }
    return envelope
  }

  private static func record(_ artist: Artist) -> [String: Any] {
    [
      "id": artist.id, "name": artist.name, "link": "https://www.deezer.com/artist/\(artist.id)",
      "nb_album": artist.albums.count, "nb_fan": artist.fans, "radio": true, "type": "artist",
    ]
  }

  private static func record(_ album: Album) -> [String: Any] {
    [
      "id": album.id, "title": album.title, "link": "https://www.deezer.com/album/\(album.id)",
      "release_date": album.date, "record_type": album.type, "explicit_lyrics": false, "type": "album",
    ]
  }

  private static func json(_ value: [String: Any]) -> Data {
    (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])) ?? Data()
  }
}
