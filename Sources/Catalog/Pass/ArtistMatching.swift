public import MusicLibrary

/// How a library artist was matched to a catalog artist, or why not.
public enum ArtistMatch: Sendable, Equatable {
  case resolved(CatalogArtist)
  /// Several catalog artists fit and the user's albums do not tell them apart.
  case ambiguous([CatalogArtist])
  /// No catalog artist fits.
  case unresolved
}

/// Picking the right catalog artist for a library artist.
public enum ArtistMatching {
  /// Candidates whose names fold to the library artist's key. Book authors that a music search
  /// sometimes returns are never candidates.
  public static func exactMatches(_ candidates: [CatalogArtist], for key: ArtistKey) -> [CatalogArtist] {
    candidates.filter { $0.key == key }
  }

  /// Decides between candidates by how many of the user's albums each one has in the catalog.
  ///
  /// One exact match needs no albums to decide. Several exact matches ("Slayer" the metal band and
  /// "Slayer" the DJ) or near matches go to the one whose albums overlap most with what the user owns
  /// by that name; a tie, or no overlap at all, leaves it to the user (`deepcut artists pin`).
  public static func decide(
    exact: [CatalogArtist],
    near: [CatalogArtist],
    albums: [String: [CatalogRelease]],
    owned: [OwnedAlbum]
  ) -> ArtistMatch {
    if exact.count == 1, let only = exact.first { return .resolved(only) }
    let contenders = exact.isEmpty ? near : exact
    guard !contenders.isEmpty else { return .unresolved }
    let ownedBases = Set(owned.map(\.key.base))
    let scored = contenders.map { candidate in
      (candidate, Set((albums[candidate.id] ?? []).map(\.key.base)).intersection(ownedBases).count)
    }
    let best = scored.map(\.1).max() ?? 0
    let winners = scored.filter { $0.1 == best }
    if best > 0, winners.count == 1, let winner = winners.first { return .resolved(winner.0) }
    return exact.isEmpty ? .unresolved : .ambiguous(exact)
  }

  /// Near matches worth an album lookup when no name matches exactly: the top few search results.
  public static func nearMatches(_ candidates: [CatalogArtist], limit: Int = 3) -> [CatalogArtist] {
    Array(candidates.prefix(limit))
  }
}
