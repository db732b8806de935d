public import Foundation
internal import Identity
internal import MusicLibrary

/// Answers iTunes requests from recorded response bodies in a folder, so a report can be made with no
/// network at all (the README's sample run, offline demos). Bodies are kept in the API's wire format:
///
/// - `search/<term>.json`: the body of an artist search for the percent-encoded term; a search for
///   any spelling of that name (same `ArtistKey`) is answered with it;
/// - `lookup/<artist id>.json`: the body of `lookup?id=<id>&entity=album` — the artist record, then albums.
///
/// A batched lookup is answered by joining the per-id bodies in request order, as the API does; ids
/// without a file are left out, as the API leaves out ids it does not know.
public actor SnapshotTransport: CatalogTransport {
  private let directory: URL
  private var requests = 0
  /// Search files by the key of the term in their name, read on first use.
  private var searchFiles: [ArtistKey: String]?

  public init(directory: URL) {
    self.directory = directory
  }

  public func counters() -> TransportCounters { TransportCounters(requests: requests) }

  public func get(_ url: URL) async throws(CatalogError) -> Data {
    requests += 1
    let query = Self.query(of: url)
    switch url.lastPathComponent {
    case "search":
      let files = searchFiles ?? indexSearchFiles()
      searchFiles = files
      guard let file = files[ArtistKey(query["term"] ?? "")] else { return Self.emptyBody }
      return read("search/\(file)") ?? Self.emptyBody
    case "lookup":
      let ids = (query["id"] ?? "").split(separator: ",").map(String.init)
      if ids.count == 1 { return read("lookup/\(ids[0]).json") ?? Self.emptyBody }
      var results: [WireRecord] = []
      for id in ids {
        guard let body = read("lookup/\(id).json") else { continue }
        results += try ITunesDecoding.envelope(body)
      }
      return Data("\n\n\n{\"resultCount\":\(results.count),\"results\":".utf8) + WireReader.joined(results)
        + Data("}\n".utf8)
    default:
      throw .badRequest("the snapshot has no answers for \(url.path)")
    }
  }

  private func indexSearchFiles() -> [ArtistKey: String] {
    let names =
      (try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("search").path)) ?? []
    var index: [ArtistKey: String] = [:]
    for name in names.sorted() where name.hasSuffix(".json") {
      let term = String(name.dropLast(5)).removingPercentEncoding ?? String(name.dropLast(5))
      index[ArtistKey(term)] = name
    }
    return index
  }

  private func read(_ relativePath: String) -> Data? {
    try? Data(contentsOf: directory.appendingPathComponent(relativePath))
  }

  /// Made per call rather than kept in a global: LeakSanitizer cannot follow the pointer a global `Data` keeps in its
  /// enum's spare bits, and calls it a leak in every sanitized run that meets an unrecorded artist.
  static var emptyBody: Data { Data("\n\n\n{\n \"resultCount\":0,\n \"results\": []\n}\n\n\n".utf8) }

  static func query(of url: URL) -> [String: String] {
    var result: [String: String] = [:]
    for item in URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? [] {
      result[item.name] = item.value ?? ""
    }
    return result
  }
}
