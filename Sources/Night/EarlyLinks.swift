internal import Catalog
internal import Identity
internal import MusicLibrary

/// Links asked while the passes run: an artist's releases are judged as the report will judge them the moment a
/// pass knows them all, most played first, and the ones it will list are looked up at once, so the links of a long
/// first night wait for no pass. Every answer is kept; the link step after the passes then finds them kept.
enum EarlyLinks {
  /// An artist's releases, as one catalog's pass came to know them.
  struct Known: Sendable {
    var catalog: CatalogName
    var finder: FinderOptions
    var artist: LibraryArtist
    var releases: [CatalogRelease]
  }

  /// What asking found: the requests sent, and why a catalog was asked no more, for the link step to say once and
  /// to keep to (a refused app stays refused, a long wait is not cut short by asking again).
  struct Asked: Sendable {
    var requests = 0
    var stopped: [CatalogName: CatalogError] = [:]
  }

  /// Asks `checks` about each listed release of what comes in `known`, until it ends.
  static func ask(_ known: AsyncStream<Known>, checks: [LinkCheck], owned: [ArtistKey: [OwnedAlbum]]) async -> Asked {
    var asked = Asked()
    for await item in known {
      let findings = ReleaseFinder(options: item.finder).listed(
        for: item.artist, releases: item.releases, owned: owned[item.artist.key] ?? [], catalog: item.catalog)
      guard !findings.isEmpty else { continue }
      for check in checks where asked.stopped[check.catalog] == nil {
        let result = await check.links(for: findings)
        asked.requests += result.requests
        if let stopped = result.stopped { asked.stopped[check.catalog] = stopped }
      }
    }
    return asked
  }
}
