public import Foundation
public import Identity

/// What the catalog pass and the cover check keep between runs, and nothing else: the resolutions of library
/// artists, the answers the catalog sent, and the cover answers. They save each answer the moment it arrives, so
/// a run stopped at any point leaves what it learnt for the next.
///
/// The state (the `State` target's `StateStore`) keeps them in SQLite, each call one transaction. Another store gives the same answers to the same
/// calls: a call's records are kept together, a later one replaces an earlier one of the same key, and dates read
/// back as unix seconds.
public protocol CatalogStore: Sendable {
  /// Every resolution kept for `provider`, by artist key.
  func resolutions(provider: CatalogName) async throws -> [ArtistKey: ArtistResolution]
  /// Keeps `resolutions`, each replacing the one of its provider and artist key; a pinned one only gives way to
  /// another pin, since the user set it.
  func save(_ resolutions: [ArtistResolution]) async throws

  /// The answers kept among `keys` (duplicates allowed), by key; a key never kept is absent.
  func cachedResponses(provider: CatalogName, kind: String, keys: [String]) async throws
    -> [String: CachedResponse]
  /// Keeps answers, each replacing the one of its key. Only successful bodies: a store keeps whatever it is given,
  /// and a failure kept would be served as an answer the next night.
  func store(provider: CatalogName, kind: String, responses: [(key: String, body: Data)], fetchedAt: Date)
    async throws

  /// The cover answers kept for `releaseIDs`, by release id; an id never asked about is absent.
  func artwork(provider: CatalogName, releaseIDs: [CatalogReleaseID]) async throws
    -> [CatalogReleaseID: ArtworkRecord]
  /// Keeps cover answers, each replacing the one of its release.
  func saveArtwork(provider: CatalogName, _ records: [ArtworkRecord]) async throws
}
