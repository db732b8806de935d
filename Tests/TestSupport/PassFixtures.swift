internal import Basics
public import Catalog
public import Foundation
internal import HTTP
import Identity
public import MusicLibrary
internal import Synchronization

/// Libraries, worlds and passes for the in-process pass tests.
public enum PassFixtures {
  public static let now = Date(timeIntervalSince1970: 1_795_953_600)  // 2026-11-29T12:00:00Z
  public static let endpoint = ITunesEndpoint(baseURL: URL(fileURLWithPath: "/never-used"), country: "US")

  /// `count` artists "Artist 0" …, each with the album the library owns, one released this month and one
  /// announced for next year.
  public static func world(_ count: Int) -> [InProcessCatalog.Artist] {
    (0..<count).map { index in
      InProcessCatalog.Artist(
        id: 1_000 + index, name: "Artist \(index)",
        albums: [
          .init(id: 500_000 + index * 10, title: "Owned \(index)", date: "2010-05-01"),
          .init(id: 500_000 + index * 10 + 1, title: "Fresh \(index)", date: "2026-11-20"),
          .init(id: 500_000 + index * 10 + 2, title: "Soon \(index)", date: "2027-02-01"),
        ])
    }
  }

  /// The library owning the first album of each of `count` artists. Play counts fall with the index, but the
  /// artists are listed shuffled, so the pass has to put them in order itself.
  public static func library(_ count: Int) -> OwnedLibrary {
    var artists: [LibraryArtist] = []
    var albums: [OwnedAlbum] = []
    for index in 0..<count {
      let key = ArtistKey("Artist \(index)")
      artists.append(
        LibraryArtist(key: key, name: "Artist \(index)", albumCount: 1, trackCount: 10, playCount: 10 * (count - index))
      )
      albums.append(
        OwnedAlbum(
          artistKey: key, artistName: "Artist \(index)", title: "Owned \(index)", key: AlbumKey("Owned \(index)"),
          trackCount: 10))
    }
    // The client's own seedable generator, so the shuffle is the same in every run.
    var generator = SplitMix64(seed: 7)
    artists.shuffle(using: &generator)
    return OwnedLibrary(artists: artists, albums: albums)
  }

  public static func pass(
    _ catalog: InProcessCatalog,
    _ store: any CatalogStore,
    at now: Date = now,
    progress: ProgressLog? = nil,
    configure: (inout CatalogPassOptions) -> Void = { _ in }
  ) -> CatalogPass {
    var options = CatalogPassOptions()
    configure(&options)
    return CatalogPass(
      provider: ITunesProvider(transport: catalog, endpoint: endpoint), store: store, options: options, now: now,
      clock: catalog.clock, progress: { progress?.record($0) })
  }

  /// What the pass keeps, in memory: the tests of its own logic need no database.
  public static func store() -> any CatalogStore { MemoryCatalogStore() }

  /// A state directory of its own, for the tests of what a stopped run leaves on disk for the next.
  public static func stateDirectory() -> String {
    NSTemporaryDirectory() + "deepcut-pass-" + UUID().uuidString
  }

  /// Runs `pass` in a task that the catalog cancels as request number `request` arrives, as SIGTERM would.
  public static func run(
    _ pass: CatalogPass, _ library: OwnedLibrary, cancelledAt request: Int, in catalog: InProcessCatalog
  )
    async throws -> CatalogOutcome
  {
    let handle = Mutex<Task<CatalogOutcome, any Error>?>(nil)
    catalog.onRequest { number in
      if number == request { handle.withLock { $0?.cancel() } }
    }
    defer { catalog.onRequest { _ in } }
    // Started while holding the lock, so the hook cannot look before the task is there.
    let task = handle.withLock { handle in
      let task = Task { try await pass.run(library) }
      handle = task
      return task
    }
    return try await task.value
  }
}

/// Collects what the pass reports while it runs.
public final class ProgressLog: Sendable {
  private let events = Mutex<[PassProgress]>([])

  public init() {}

  public var all: [PassProgress] { events.withLock { $0 } }

  public func record(_ progress: PassProgress) { events.withLock { $0.append(progress) } }
}
