public import Catalog
public import Foundation
public import Identity

/// What the catalog pass and the cover check keep, in memory: no file, no SQL, so a test of the pass's own logic
/// makes one per run for nothing. It answers the calls they make as ``StateStore`` does (the contract tests in
/// `CatalogStoreContractTests` hold both to it), down to dates read back as the unix seconds SQLite keeps.
public actor MemoryCatalogStore: CatalogStore {
  private struct CacheKey: Hashable {
    var provider: CatalogName
    var kind: String
    var key: String
  }

  /// Provider → artist key → resolution.
  private var resolutionsByProvider: [CatalogName: [ArtistKey: ArtistResolution]] = [:]
  private var responses: [CacheKey: CachedResponse] = [:]
  private var covers: [ReleaseReference: ArtworkRecord] = [:]

  public init() {}

  public func resolutions(provider: CatalogName) -> [ArtistKey: ArtistResolution] {
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

  public func cachedResponses(provider: CatalogName, kind: String, keys: [String]) -> [String: CachedResponse] {
    var found: [String: CachedResponse] = [:]
    for key in keys {
      if let response = responses[CacheKey(provider: provider, kind: kind, key: key)] { found[key] = response }
    }
    return found
  }

  public func store(provider: CatalogName, kind: String, responses: [(key: String, body: Data)], fetchedAt: Date) {
    for response in responses {
      self.responses[CacheKey(provider: provider, kind: kind, key: response.key)] = CachedResponse(
        key: response.key, body: response.body, fetchedAt: Self.asKept(fetchedAt))
    }
  }

  public func artwork(provider: CatalogName, releaseIDs: [CatalogReleaseID]) -> [CatalogReleaseID: ArtworkRecord] {
    var found: [CatalogReleaseID: ArtworkRecord] = [:]
    for id in releaseIDs {
      if let record = covers[ReleaseReference(catalog: provider, id: id)] { found[id] = record }
    }
    return found
  }

  public func saveArtwork(provider: CatalogName, _ records: [ArtworkRecord]) {
    for record in records {
      var kept = record
      kept.checkedAt = Self.asKept(record.checkedAt)
      covers[ReleaseReference(catalog: provider, id: record.releaseID)] = kept
    }
  }

  /// A date as the state database reads it back: unix seconds in a double.
  private static func asKept(_ date: Date) -> Date {
    Date(timeIntervalSince1970: date.timeIntervalSince1970)
  }
}
