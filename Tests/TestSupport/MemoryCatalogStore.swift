public import Catalog
public import Foundation
public import State

/// What the catalog pass and the cover check keep, in memory: no file, no SQL, so a test of the pass's own logic
/// makes one per run for nothing. It answers the calls they make as ``StateStore`` does (the contract tests in
/// `CatalogStoreContractTests` hold both to it), down to dates read back as the unix seconds SQLite keeps.
public actor MemoryCatalogStore: CatalogStore {
  private struct CacheKey: Hashable {
    var provider: String
    var kind: String
    var key: String
  }

  private struct ReleaseKey: Hashable {
    var provider: String
    var releaseID: String
  }

  /// Provider → artist key → resolution.
  private var resolutionsByProvider: [String: [String: ArtistResolution]] = [:]
  private var responses: [CacheKey: CachedResponse] = [:]
  private var covers: [ReleaseKey: ArtworkRecord] = [:]

  public init() {}

  public func resolutions(provider: String) -> [String: ArtistResolution] {
    resolutionsByProvider[provider] ?? [:]
  }

  public func save(_ resolutions: [ArtistResolution]) {
    for resolution in resolutions {
      let kept = resolutionsByProvider[resolution.provider]?[resolution.artistKey]
      if kept?.status == .pinned, resolution.status != .pinned { continue }
      var saved = resolution
      saved.checkedAt = Self.asKept(resolution.checkedAt)
      resolutionsByProvider[resolution.provider, default: [:]][resolution.artistKey] = saved
    }
  }

  public func cachedResponses(provider: String, kind: String, keys: [String]) -> [String: CachedResponse] {
    var found: [String: CachedResponse] = [:]
    for key in keys {
      if let response = responses[CacheKey(provider: provider, kind: kind, key: key)] { found[key] = response }
    }
    return found
  }

  public func store(provider: String, kind: String, responses: [(key: String, body: Data)], fetchedAt: Date) {
    for response in responses {
      self.responses[CacheKey(provider: provider, kind: kind, key: response.key)] = CachedResponse(
        key: response.key, body: response.body, fetchedAt: Self.asKept(fetchedAt))
    }
  }

  public func artwork(provider: String, releaseIDs: [String]) -> [String: ArtworkRecord] {
    var found: [String: ArtworkRecord] = [:]
    for id in releaseIDs {
      if let record = covers[ReleaseKey(provider: provider, releaseID: id)] { found[id] = record }
    }
    return found
  }

  public func saveArtwork(provider: String, _ records: [ArtworkRecord]) {
    for record in records {
      var kept = record
      kept.checkedAt = Self.asKept(record.checkedAt)
      covers[ReleaseKey(provider: provider, releaseID: record.releaseID)] = kept
    }
  }

  /// A date as the state database reads it back: unix seconds in a double.
  private static func asKept(_ date: Date) -> Date {
    Date(timeIntervalSince1970: date.timeIntervalSince1970)
  }
}
