public import Foundation
public import Identity

// What the catalog pass and the cover check keep between runs, whatever keeps them.

/// How deepcut matched one library artist to a provider's catalog.
public struct ArtistResolution: Sendable, Equatable, Codable {
  public enum Status: String, Sendable, Equatable, Codable, CaseIterable {
    case resolved
    case ambiguous
    case unresolved
    /// Set by the user; automatic resolution never overwrites it.
    case pinned
    /// Searched, with candidates whose albums are still to be compared with the owned ones: a run that stops
    /// here keeps the search's answer, and the next run decides without searching again.
    case pending
  }

  /// One catalog artist a library artist is matched to.
  public struct Match: Sendable, Equatable, Codable {
    public var id: CatalogArtistID
    public var name: String?

    public init(id: CatalogArtistID, name: String? = nil) {
      self.id = id
      self.name = name
    }
  }

  public var provider: CatalogName
  public var artistKey: ArtistKey
  public var artistName: String
  /// The catalog artists followed for this library artist: one usually, several when the owned albums prove
  /// that one library name covers several catalog artists ("The Young Rivers" and "Young Rivers").
  public var matches: [Match]
  public var status: Status
  /// Opaque JSON text supplied by the caller (for example, the candidates of an ambiguous match).
  public var candidates: String?
  /// Stored as unix seconds; sub-microsecond precision is not preserved.
  public var checkedAt: Date

  public init(
    provider: CatalogName, artistKey: ArtistKey, artistName: String, matches: [Match], status: Status,
    candidates: String? = nil, checkedAt: Date
  ) {
    self.provider = provider
    self.artistKey = artistKey
    self.artistName = artistName
    self.matches = matches
    self.status = status
    self.candidates = candidates
    self.checkedAt = checkedAt
  }

  /// A resolution with at most one catalog artist.
  public init(
    provider: CatalogName, artistKey: ArtistKey, artistName: String, catalogID: CatalogArtistID? = nil,
    catalogName: String? = nil, status: Status, candidates: String? = nil, checkedAt: Date
  ) {
    self.init(
      provider: provider, artistKey: artistKey, artistName: artistName,
      matches: catalogID.map { [Match(id: $0, name: catalogName)] } ?? [], status: status, candidates: candidates,
      checkedAt: checkedAt)
  }

  /// The first catalog artist matched, if any.
  public var catalogID: CatalogArtistID? { matches.first?.id }
  public var catalogName: String? { matches.first?.name }
}

/// A cached provider response body.
public struct CachedResponse: Sendable, Equatable {
  public var key: String
  public var body: Data
  public var fetchedAt: Date

  public init(key: String, body: Data, fetchedAt: Date) {
    self.key = key
    self.body = body
    self.fetchedAt = fetchedAt
  }
}

/// What a catalog answered about one release's cover.
public struct ArtworkRecord: Sendable, Equatable {
  public var releaseID: CatalogReleaseID
  /// The image's address; nil when the catalog has none.
  public var url: String?
  public var checkedAt: Date

  public init(releaseID: CatalogReleaseID, url: String?, checkedAt: Date) {
    self.releaseID = releaseID
    self.url = url
    self.checkedAt = checkedAt
  }
}
