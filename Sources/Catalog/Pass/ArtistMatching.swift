internal import Foundation
public import Identity
public import MusicLibrary

/// How a library artist was matched to catalog artists, or why not.
public enum ArtistMatch: Sendable, Equatable {
  /// The catalog artists to follow: one usually, several when the owned albums prove that one library name
  /// covers several catalog artists ("The Young Rivers" and "Young Rivers", two bands called Nirvana).
  case resolved([CatalogArtist])
  /// Several catalog artists fit and the user's albums do not tell them apart.
  case ambiguous([CatalogArtist])
  /// No catalog artist fits.
  case unresolved
}

/// Picking the right catalog artists for a library artist.
public enum ArtistMatching {
  /// The name to search for: of the library's spellings, the one whose words every other spelling contains,
  /// so one search finds them all ("Young Rivers" finds "The Young Rivers" too, the other way round it does
  /// not). Usually the library has one spelling, and that is it.
  public static func searchTerm(for artist: LibraryArtist) -> String {
    guard !artist.otherSpellings.isEmpty else { return artist.name }
    let spellings = [artist.name] + artist.otherSpellings
    let words = spellings.map { Set(searchWords($0)) }
    for (index, candidate) in words.enumerated() where !candidate.isEmpty {
      if words.allSatisfy({ candidate.isSubset(of: $0) }) { return spellings[index] }
    }
    return artist.name
  }

  /// Words as a search engine splits them: case and accents folded, punctuation and symbols dropped.
  static func searchWords(_ text: String) -> [String] {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      .split { !$0.isLetter && !$0.isNumber }
      .map(String.init)
  }

  /// Candidates whose names fold to the library artist's key. Book authors that a music search
  /// sometimes returns are never candidates.
  public static func exactMatches(_ candidates: [CatalogArtist], for key: ArtistKey) -> [CatalogArtist] {
    candidates.filter { $0.key == key }
  }

  /// Near matches worth an album lookup when no name matches exactly: the top few search results.
  public static func nearMatches(_ candidates: [CatalogArtist], limit: Int = 3) -> [CatalogArtist] {
    Array(candidates.prefix(limit))
  }

  /// The candidates whose albums decide: the exact matches, or the near ones when no name matches exactly.
  public static func contenders(exact: [CatalogArtist], near: [CatalogArtist]) -> [CatalogArtist] {
    exact.isEmpty ? near : exact
  }

  /// Decides between candidates by their release lists, which hold the whole catalog of each (iTunes).
  public static func decide(
    exact: [CatalogArtist],
    near: [CatalogArtist],
    albums: [CatalogArtistID: [CatalogRelease]],
    owned: [OwnedAlbum]
  ) -> ArtistMatch {
    decide(exact: exact, near: near, proofs: proofs(contenders(exact: exact, near: near), albums: albums, owned: owned))
  }

  /// For each candidate, the bases of the owned albums its release list has.
  public static func proofs(
    _ candidates: [CatalogArtist], albums: [CatalogArtistID: [CatalogRelease]], owned: [OwnedAlbum]
  ) -> [CatalogArtistID: Set<String>] {
    let ownedBases = Set(owned.map(\.key.base))
    var proofs: [CatalogArtistID: Set<String>] = [:]
    for candidate in candidates {
      proofs[candidate.id] = Set((albums[candidate.id] ?? []).map(\.key.base)).intersection(ownedBases)
    }
    return proofs
  }

  /// Decides between candidates by the user's albums each one has in the catalog.
  ///
  /// One exact match needs no albums to decide. Otherwise every candidate that has owned albums no
  /// candidate taken before it has is followed, the one with the most first: owning "Nevermind" and "Local
  /// Anaesthetic" follows both bands called Nirvana; owning "Reign in Blood" follows the metal Slayer alone.
  /// Candidates that only share albums with a better one add nothing and are left. When the best candidates
  /// tie on exactly the same albums, or nobody has any, the user decides (`deepcut artists pin`).
  public static func decide(exact: [CatalogArtist], near: [CatalogArtist], proofs: [CatalogArtistID: Set<String>])
    -> ArtistMatch
  {
    if exact.count == 1, let only = exact.first { return .resolved([only]) }
    let contenders = contenders(exact: exact, near: near)
    guard !contenders.isEmpty else { return .unresolved }
    var proofs = contenders.map { ($0, proofs[$0.id] ?? []) }
    var followed: [CatalogArtist] = []
    while true {
      let best = proofs.map(\.1.count).max() ?? 0
      guard best > 0 else { break }
      let leaders = proofs.filter { $0.1.count == best }
      // Two candidates proven by the very same albums cannot be told apart: neither is followed.
      guard let leader = leaders.first(where: { leader in leaders.count { $0.1 == leader.1 } == 1 }) else { break }
      followed.append(leader.0)
      proofs = proofs.filter { $0.0 != leader.0 }.map { ($0.0, $0.1.subtracting(leader.1)) }
    }
    if !followed.isEmpty { return .resolved(followed) }
    return exact.isEmpty ? .unresolved : .ambiguous(exact)
  }
}
