/// A name or id of one kind, kept apart from every other kind by `Kind`: a catalog's name is not a release id,
/// though both are text where SQL or JSON is written.
public struct Identifier<Kind: IdentifierKind>: RawRepresentable, Hashable, Comparable, Sendable, Codable,
  CustomStringConvertible, ExpressibleByStringLiteral
{
  public let rawValue: String

  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  public init(stringLiteral value: String) {
    self.rawValue = value
  }

  public var description: String { rawValue }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

  public init(from decoder: any Decoder) throws {
    self.rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

/// What an ``Identifier`` names; never instantiated.
public protocol IdentifierKind {}

/// A catalog's name: what its registry line, the command line and the state call it ("itunes", "musicbrainz",
/// "deezer"). It keys the catalog's resolutions, caches and release records.
public typealias CatalogName = Identifier<CatalogNames>
public enum CatalogNames: IdentifierKind {}

/// An artist's id in one catalog: iTunes numbers, MusicBrainz UUIDs, Deezer numbers, as the catalog writes them.
public typealias CatalogArtistID = Identifier<CatalogArtistIDs>
public enum CatalogArtistIDs: IdentifierKind {}

/// A release's id in one catalog: an iTunes collection, a MusicBrainz release group, a Deezer album.
public typealias CatalogReleaseID = Identifier<CatalogReleaseIDs>
public enum CatalogReleaseIDs: IdentifierKind {}

/// One release in one catalog: ids of different catalogs may coincide, so a release is named by both.
public struct ReleaseReference: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  public var catalog: CatalogName
  public var id: CatalogReleaseID

  public init(catalog: CatalogName, id: CatalogReleaseID) {
    self.catalog = catalog
    self.id = id
  }

  /// "deezer 302127", for messages.
  public var description: String { "\(catalog) \(id)" }

  public static func < (lhs: Self, rhs: Self) -> Bool { (lhs.catalog, lhs.id) < (rhs.catalog, rhs.id) }
}
