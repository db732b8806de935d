internal import Foundation
internal import Identity

/// A search's answer: `{"albums": {"items": [...], "total": …}}`. Items may be null, and `total` has been 0 while
/// items were there, so the items alone are read.
struct SPSearch: Decodable {
  var albums: SPPage
}

struct SPPage: Decodable {
  var items: [SPAlbum?]
}

/// An album as a search lists it.
struct SPAlbum: Decodable {
  var id: String
  var name: String
  var albumType: String?
  var totalTracks: Int?
  var releaseDate: String?
  var releaseDatePrecision: String?
  var externalURLs: [String: String]?
  var images: [SPImage]?
  var artists: [SPArtist]?

  enum CodingKeys: String, CodingKey {
    case id, name, images, artists
    case albumType = "album_type"
    case totalTracks = "total_tracks"
    case releaseDate = "release_date"
    case releaseDatePrecision = "release_date_precision"
    case externalURLs = "external_urls"
  }

  var release: CatalogRelease {
    // Some endpoints write the type upper case ("COMPILATION").
    let type = albumType?.lowercased()
    let (day, precision) = SpotifyDecoding.date(releaseDate, precision: releaseDatePrecision)
    return CatalogRelease(
      id: CatalogReleaseID(id), artistName: (artists ?? []).map(\.name).joined(separator: ", "), title: name,
      releaseDate: day, trackCount: totalTracks,
      url: externalURLs?["spotify"] ?? "https://open.spotify.com/album/\(id)",
      // Largest first (640, 300, 64): the middle one is a row's size.
      artworkURL: (images ?? []).dropFirst().first?.url ?? images?.first?.url, datePrecision: precision,
      kind: type == "single" ? .single : .album, secondaryTypes: type == "compilation" ? ["compilation"] : [],
      types: type == "compilation" ? CatalogTypes(words: "album_type compilation", complete: false) : nil)
  }
}

struct SPImage: Decodable {
  var url: String
}

struct SPArtist: Decodable {
  var name: String
}

enum SpotifyDecoding {
  /// The first album a search found; nil when it found none.
  static func firstAlbum(in body: Data) throws(CatalogError) -> CatalogRelease? {
    do {
      return try JSONDecoder().decode(SPSearch.self, from: body).albums.items.lazy.compactMap { $0 }.first?.release
    } catch {
      throw .undecodable("spotify's search answer is not one (\(error))")
    }
  }

  /// "2026", "2026-11" or "2026-11-27", as precise as Spotify says it is.
  static func date(_ text: String?, precision: String?) -> (CalendarDay?, DatePrecision) {
    guard let text else { return (nil, .day) }
    switch precision {
    case "year": return (CalendarDay(iso8601: text + "-01-01"), .year)
    case "month": return (CalendarDay(iso8601: text + "-01"), .month)
    default: return (CalendarDay(iso8601: text), .day)
    }
  }
}
