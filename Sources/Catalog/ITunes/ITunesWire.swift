internal import Foundation

/// The iTunes Search API's response body: `{"resultCount": N, "results": [...]}` after three newlines,
/// sent as `text/javascript`. Optional keys are left out rather than sent as null.
struct ITunesEnvelope: Codable {
  var resultCount: Int
  var results: [ITunesRecord]
}

/// One result record; artists, collections and tracks share the shape, told apart by `wrapperType`.
struct ITunesRecord: Codable, Equatable {
  var wrapperType: String?
  var artistType: String?
  var collectionType: String?
  var artistId: Int?
  var collectionId: Int?
  var amgArtistId: Int?
  var artistName: String?
  var collectionName: String?
  var artistLinkUrl: String?
  var artistViewUrl: String?
  var collectionViewUrl: String?
  var artworkUrl100: String?
  var collectionExplicitness: String?
  var trackCount: Int?
  var releaseDate: String?
  var primaryGenreName: String?

  var isArtist: Bool { wrapperType == "artist" }
  var isCollection: Bool { wrapperType == "collection" }

  var artist: CatalogArtist? {
    guard isArtist, let artistId, let artistName else { return nil }
    return CatalogArtist(
      id: String(artistId),
      name: artistName,
      genre: primaryGenreName,
      url: artistLinkUrl ?? artistViewUrl,
      amgID: amgArtistId
    )
  }

  var release: CatalogRelease? {
    guard isCollection, let collectionId, let collectionName else { return nil }
    let explicitness: Explicitness =
      switch collectionExplicitness {
      case "explicit": .explicit
      case "cleaned": .clean
      default: .notExplicit
      }
    return CatalogRelease(
      id: String(collectionId),
      artistID: artistId.map(String.init),
      artistName: artistName ?? "",
      title: collectionName,
      releaseDate: releaseDate.flatMap { CalendarDay(iso8601: $0) },
      trackCount: trackCount,
      explicitness: explicitness,
      url: collectionViewUrl,
      artworkURL: artworkUrl100,
      genre: primaryGenreName
    )
  }
}

/// Reading response bodies.
enum ITunesDecoding {
  static func envelope(_ body: Data) throws(CatalogError) -> ITunesEnvelope {
    do {
      return try JSONDecoder().decode(ITunesEnvelope.self, from: body)
    } catch {
      let preview = String(decoding: body.prefix(80), as: UTF8.self)
      throw .undecodable("the catalog sent a body that is not a search result (\(error)): \(preview)")
    }
  }

  /// Splits a batched album lookup by position: each artist record starts the group its albums
  /// belong to, whatever `artistId` an album itself carries (a collaboration is listed under both
  /// artists with one credited id). Ids the catalog does not know are simply absent.
  static func groupsByArtist(_ envelope: ITunesEnvelope) -> [(artistID: String, records: [ITunesRecord])] {
    var groups: [(artistID: String, records: [ITunesRecord])] = []
    for record in envelope.results {
      if record.isArtist, let id = record.artistId {
        groups.append((String(id), [record]))
      } else if !groups.isEmpty {
        groups[groups.count - 1].records.append(record)
      }
    }
    return groups
  }
}
