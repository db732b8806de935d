internal import Foundation
internal import HTTP
import Identity
internal import MusicLibrary

/// An error as Deezer sends it, inside a `200`: `{"error":{"type","message","code"}}`; `code` may be missing.
struct DZError: Codable, Sendable {
  var type: String?
  var message: String?
  var code: Int?

  /// "Quota limit exceeded": slow down and ask again.
  static let quota = 4
  /// "no data": the id is not Deezer's (any more).
  static let noData = 800
  /// A busy service.
  static let busy = 700
}

/// A whole album, `/album/{id}`, as far as it names the release elsewhere: its UPC; or the error that came instead.
struct DZWholeAlbum: Decodable, Sendable {
  var upc: String?
  var error: DZError?
}

/// A list as Deezer pages it, or the error that came instead.
struct DZPage<Item: Decodable & Sendable>: Decodable, Sendable {
  var data: [Item]?
  var total: Int?
  var next: String?
  var error: DZError?
}

struct DZArtist: Codable, Sendable {
  var id: Int
  var name: String
  var link: String?
  var nbFan: Int?

  enum CodingKeys: String, CodingKey {
    case id, name, link
    case nbFan = "nb_fan"
  }
}

/// An album of an artist's list; kept in the cache with these fields only.
struct DZAlbum: Codable, Sendable {
  var id: Int
  var title: String
  var link: String?
  var coverMedium: String?
  var releaseDate: String?
  var recordType: String?
  var explicitLyrics: Bool?
  /// Only `/album/{id}` has it; the items of an artist's album list do not.
  var upc: String?

  enum CodingKeys: String, CodingKey {
    case id, title, link, upc
    case coverMedium = "cover_medium"
    case releaseDate = "release_date"
    case recordType = "record_type"
    case explicitLyrics = "explicit_lyrics"
  }

  /// The album as deepcut reports it, listed under `artistID`. A compilation is an album of the secondary type
  /// "compilation"; "0000-00-00" is no date.
  func release(artistID: CatalogArtistID) -> CatalogRelease {
    let type = recordType?.lowercased()
    return CatalogRelease(
      id: CatalogReleaseID(String(id)), artistID: artistID, artistName: "", title: title,
      releaseDate: releaseDate.flatMap { $0.hasPrefix("0000") ? nil : CalendarDay(iso8601: $0) },
      explicitness: explicitLyrics == true ? .explicit : .notExplicit, url: link, artworkURL: coverMedium,
      kind: type == "ep" ? .ep : type == "single" ? .single : .album,
      secondaryTypes: type == "compile" ? ["compilation"] : [], gtin: upc.flatMap(GTIN.init),
      types: type == "compile" ? CatalogTypes(words: "record_type compile", complete: false) : nil)
  }
}

/// An artist's album list as the cache keeps it: all pages, and the artist asked for.
struct DZCachedList: Codable, Sendable {
  var artist: CatalogArtistID
  var albums: [DZAlbum]
}

enum DeezerDecoding {
  /// What a `200` says besides its data: the quota (wait, ask again) or a busy service (retry). Only a body that
  /// starts as an error is parsed.
  @Sendable static func signal(_ body: Data) -> BodySignal? {
    guard String(decoding: body.prefix(9), as: UTF8.self) == #"{"error":"#, body.count < 4_096,
      let page = try? JSONDecoder().decode(DZPage<DZArtist>.self, from: body), let error = page.error
    else { return nil }
    switch error.code {
    case DZError.quota: return .slowDown
    case DZError.busy: return .busy(error.message ?? "service busy")
    default: return nil
    }
  }

  static func decode<Item>(_ type: Item.Type, _ body: Data) throws(CatalogError) -> DZPage<Item> {
    do {
      return try JSONDecoder().decode(DZPage<Item>.self, from: body)
    } catch {
      throw .undecodable("Deezer's answer could not be read (\(error.localizedDescription)); try again later")
    }
  }

  /// The page's error as deepcut says it; "no data" is an answer, not an error, and is left to the caller.
  static func check(_ error: DZError?) throws(CatalogError) {
    guard let error, error.code != DZError.noData else { return }
    if error.code == DZError.quota { throw .throttled }
    let code = error.code.map { " (code \($0))" } ?? ""
    throw .undecodable(
      "Deezer answered with an error instead of data: \(error.type ?? "Exception"): \(error.message ?? "")\(code)")
  }
}
