internal import Foundation
internal import Identity

/// A JSON:API document of albums: `data` (none when the barcode is not there), and what `include` asked for in
/// `included` (artists, artworks); an artist named may be missing from it.
struct TDDocument: Decodable {
  var data: [TDAlbum]
  var included: [TDIncluded]?
}

struct TDAlbum: Decodable {
  var id: String
  var attributes: Attributes
  var relationships: Relationships?

  struct Attributes: Decodable {
    var title: String
    var releaseDate: String?
    var numberOfItems: Int?
    var explicit: Bool?
    /// `ALBUM`, `EP` or `SINGLE`; older answers say it in `type`.
    var albumType: String?
    var type: String?
    var externalLinks: [TDLink]?
  }

  struct Relationships: Decodable {
    var artists: TDRelation?
    var coverArt: TDRelation?
  }
}

struct TDLink: Decodable {
  var href: String
  var meta: Meta?

  struct Meta: Decodable {
    var type: String?
  }
}

struct TDRelation: Decodable {
  var data: [TDIdentifier]?
}

struct TDIdentifier: Decodable, Hashable {
  var id: String
  var type: String
}

struct TDIncluded: Decodable {
  var id: String
  var type: String
  var attributes: Attributes?

  struct Attributes: Decodable {
    var name: String?
    var files: [File]?
  }

  struct File: Decodable {
    var href: String
    var meta: Meta?

    struct Meta: Decodable {
      var width: Int?
    }
  }
}

enum TIDALDecoding {
  /// The first album of a barcode's answer; nil when there is none.
  static func firstAlbum(in body: Data) throws(CatalogError) -> CatalogRelease? {
    let document: TDDocument
    do {
      document = try JSONDecoder().decode(TDDocument.self, from: body)
    } catch {
      throw .undecodable("tidal's albums answer is not one (\(error))")
    }
    guard let album = document.data.first else { return nil }
    var included: [TDIdentifier: TDIncluded.Attributes] = [:]
    for resource in document.included ?? [] {
      if let attributes = resource.attributes {
        included[TDIdentifier(id: resource.id, type: resource.type)] = attributes
      }
    }
    return release(album, included: included)
  }

  static func release(_ album: TDAlbum, included: [TDIdentifier: TDIncluded.Attributes]) -> CatalogRelease {
    let attributes = album.attributes
    let artists = (album.relationships?.artists?.data ?? []).compactMap { included[$0]?.name }
    let files = (album.relationships?.coverArt?.data ?? []).compactMap { included[$0]?.files }.first ?? []
    // A row's size: the smallest file at least 320 pixels wide.
    let cover = files.filter { ($0.meta?.width ?? 0) >= 320 }.min { ($0.meta?.width ?? 0) < ($1.meta?.width ?? 0) }
    let sharing = attributes.externalLinks?.first { $0.meta?.type == "TIDAL_SHARING" }?.href
    let type = (attributes.albumType ?? attributes.type)?.uppercased()
    return CatalogRelease(
      id: CatalogReleaseID(album.id), artistName: artists.joined(separator: ", "), title: attributes.title,
      releaseDate: attributes.releaseDate.flatMap { CalendarDay(iso8601: $0) }, trackCount: attributes.numberOfItems,
      explicitness: attributes.explicit == true ? .explicit : .notExplicit,
      url: sharing ?? "https://tidal.com/album/\(album.id)", artworkURL: cover?.href ?? files.first?.href,
      kind: type == "EP" ? .ep : type == "SINGLE" ? .single : .album)
  }
}
