public import Foundation
public import Identity

/// What the ledger of releases told reads and writes between nights: every catalog's records, each first sighting,
/// and what a delivered report told. The state keeps them in SQLite; a record is marked as told only once the report
/// that lists it is out.
public protocol LedgerStore: Sendable {
  /// Every release recorded for any catalog, by catalog and then by key: what one catalog told is told.
  func seenReleasesOfEveryCatalog() async throws -> ReleaseLedger.Seen
  /// Records releases not seen before; a release already recorded keeps its first sighting.
  func recordSeen(provider: CatalogName, _ releases: [SeenRelease]) async throws
  /// Marks releases as told of, together.
  func markReported(provider: CatalogName, _ reported: [(key: LedgerKey, section: String)], at: Date) async throws
}
