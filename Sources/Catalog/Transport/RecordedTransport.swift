internal import Basics
public import Foundation

/// Answers requests from bodies recorded by the fake catalog servers (`--record DIR`): the file for a request is
/// `<DIR>/<FNV-1a 64 of its path and query, in hex>.json`. For offline runs and samples of providers whose
/// requests are not one per artist (MusicBrainz's batched searches); a request with no recording is an error
/// that names the file, never a silent empty answer.
public actor RecordedTransport: CatalogTransport {
  private let directory: URL
  private var requests = 0

  public init(directory: URL) {
    self.directory = directory
  }

  public func counters() -> TransportCounters { TransportCounters(requests: requests) }

  public func get(_ url: URL) async throws(CatalogError) -> Data {
    requests += 1
    // As sent on the wire: percent-encoded, which is what the server that recorded it saw.
    let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    let target = (components?.percentEncodedPath ?? url.path) + (components?.percentEncodedQuery.map { "?" + $0 } ?? "")
    let file = directory.appendingPathComponent(Self.fileName(for: target))
    guard let body = try? Data(contentsOf: file) else {
      throw .notCached("the answer to \(target) (\(file.path))")
    }
    return body
  }

  /// The recording's file name for a request target such as `/ws/2/artist?query=…&fmt=json`.
  public static func fileName(for target: String) -> String { FNV1a.hex(target) + ".json" }

}
