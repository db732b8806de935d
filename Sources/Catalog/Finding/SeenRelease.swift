public import Foundation
public import Identity

/// A release the catalog has listed for one of the user's artists, and whether a report told of it.
public struct SeenRelease: Sendable, Equatable {
  public var key: LedgerKey
  public var title: String
  public var releaseDate: String?
  public var firstSeen: Date
  public var reportedAt: Date?
  /// The section it was reported in: "new", "upcoming", "edition" or "backfill".
  public var reportedAs: String?
  /// "album", "ep" or "single" as it was seen; nil in records written before kinds were kept.
  public var kind: String?

  public init(
    key: LedgerKey,
    title: String,
    releaseDate: String?,
    firstSeen: Date,
    reportedAt: Date? = nil,
    reportedAs: String? = nil,
    kind: String? = nil
  ) {
    self.key = key
    self.title = title
    self.releaseDate = releaseDate
    self.firstSeen = firstSeen
    self.reportedAt = reportedAt
    self.reportedAs = reportedAs
    self.kind = kind
  }

  /// The library artist it was told to.
  public var artistKey: ArtistKey { key.artist }
}
