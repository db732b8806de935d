internal import Foundation
public import Identity
internal import MusicLibrary

/// A provider that asks its catalog through one transport, for the catalog its ``Definition`` declares: its name is
/// the definition's, and where its work runs and what it has sent are the transport's.
public protocol TransportProvider: CatalogProvider {
  associatedtype Definition: ProviderDefinition
  var transport: any CatalogTransport { get }
}

extension TransportProvider {
  public var name: CatalogName { Definition().name }
  public var taskExecutor: (any TaskExecutor)? { transport.taskExecutor }
  public func counters() async -> TransportCounters { await transport.counters() }

  /// One search request per artist, in order, for catalogs that take one name a search: `url` asks for a search
  /// term, `candidates` reads the answer for its artist.
  func searchEach(
    _ artists: [LibraryArtist], url: (_ term: String) -> URL,
    candidates: (_ body: Data, _ artist: LibraryArtist) throws(CatalogError) -> ArtistCandidates
  ) async throws(CatalogError) -> [ArtistCandidates] {
    var answers: [ArtistCandidates] = []
    for artist in artists {
      let body = try await transport.get(url(ArtistMatching.searchTerm(for: artist)))
      answers.append(try candidates(body, artist))
    }
    return answers
  }
}
