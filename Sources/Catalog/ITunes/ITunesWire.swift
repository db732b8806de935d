internal import Foundation
import Identity

/// One result record of the iTunes Search API, the fields deepcut reads; artists, collections and tracks share
/// the shape, told apart by `wrapperType`. A response body is `{"resultCount": N, "results": [...]}` after three
/// newlines, sent as `text/javascript`; optional keys are left out rather than sent as null (``WireReader``).
struct ITunesRecord: Equatable {
  var wrapperType: String?
  var artistType: String?
  var collectionType: String?
  var artistId: Int?
  var collectionId: Int?
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
      id: CatalogArtistID(String(artistId)),
      name: artistName,
      genre: primaryGenreName,
      url: artistLinkUrl ?? artistViewUrl
    )
  }

  /// iTunes sends a 100 px cover; the same address with 200x200 in its name serves one sharp at the report's
  /// 64 px on a 2x screen. An address of another shape is kept as it is.
  static func sharpArtwork(_ url: String) -> String {
    guard let slash = url.lastIndex(of: "/") else { return url }
    let name = url[url.index(after: slash)...]
    guard name.hasPrefix("100x100") else { return url }
    return url[...slash] + "200x200" + name.dropFirst("100x100".count)
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
      id: CatalogReleaseID(String(collectionId)),
      artistID: artistId.map { CatalogArtistID(String($0)) },
      artistName: artistName ?? "",
      title: collectionName,
      releaseDate: releaseDate.flatMap { CalendarDay(iso8601: $0) },
      trackCount: trackCount,
      explicitness: explicitness,
      url: collectionViewUrl,
      artworkURL: artworkUrl100.map(Self.sharpArtwork),
      genre: primaryGenreName,
      // Apple's artwork paths often name the UPC; where one does not, the release's is unknown, not absent.
      gtin: artworkUrl100.flatMap(GTIN.named(inPath:))
    )
  }
}

/// Reading response bodies.
enum ITunesDecoding {
  static func envelope(_ body: Data) throws(CatalogError) -> [WireRecord] {
    do {
      return try WireReader.envelope(body)
    } catch {
      let preview = String(decoding: body.prefix(80), as: UTF8.self)
      throw .undecodable("the catalog sent a body that is not a search result (\(error)): \(preview)")
    }
  }

  /// Splits a batched album lookup by position: each artist record starts the group its albums
  /// belong to, whatever `artistId` an album itself carries (a collaboration is listed under both
  /// artists with one credited id). Ids the catalog does not know are simply absent.
  static func groupsByArtist(_ records: [WireRecord]) -> [(artistID: CatalogArtistID, records: [WireRecord])] {
    var groups: [(artistID: CatalogArtistID, records: [WireRecord])] = []
    for record in records {
      if record.record.isArtist, let id = record.record.artistId {
        groups.append((CatalogArtistID(String(id)), [record]))
      } else if !groups.isEmpty {
        groups[groups.count - 1].records.append(record)
      }
    }
    return groups
  }
}
