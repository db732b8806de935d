internal import Foundation
internal import Identity
internal import MusicLibrary

/// An artist search page: `{"created", "count", "offset", "artists": [...]}`, ordered by score.
struct MBArtistPage: Decodable {
  var count: Int
  var offset: Int
  var artists: [MBArtist]
}

/// A release-group search page: `{"created", "count", "offset", "release-groups": [...]}`.
struct MBReleaseGroupPage: Decodable {
  var count: Int
  var offset: Int
  var releaseGroups: [MBReleaseGroup]

  enum CodingKeys: String, CodingKey {
    case count, offset
    case releaseGroups = "release-groups"
  }
}

/// An artist as search sends it; fields other than these (score, life span, tags, ...) are not read. Search
/// leaves out empty values, so nearly everything is optional.
struct MBArtist: Decodable {
  var id: String
  var name: String
  var sortName: String?
  var disambiguation: String?
  var type: String?
  var country: String?
  var aliases: [MBAlias]?

  enum CodingKeys: String, CodingKey {
    case id, name, disambiguation, type, country, aliases
    case sortName = "sort-name"
  }

  /// Every key the artist goes by: its name, its sort name read both ways, and its aliases.
  var keys: Set<ArtistKey> {
    var names = [name]
    if let sortName { names += [sortName, Self.unsorted(sortName)] }
    for alias in aliases ?? [] {
      if let name = alias.name { names.append(name) }
      if let sortName = alias.sortName { names.append(Self.unsorted(sortName)) }
    }
    return Set(names.map { ArtistKey($0) })
  }

  /// "Beatles, The" → "The Beatles", "Cohen, Leonard" → "Leonard Cohen"; a name with no one comma stays.
  static func unsorted(_ sortName: String) -> String {
    let parts = sortName.components(separatedBy: ", ")
    guard parts.count == 2 else { return sortName }
    return parts[1] + " " + parts[0]
  }

  var catalogArtist: CatalogArtist {
    let described = [type, country.map { "from \($0)" }].compactMap { $0 }.joined(separator: " ")
    let note = disambiguation.flatMap { $0.isEmpty ? nil : $0 } ?? (described.isEmpty ? nil : described)
    return CatalogArtist(
      id: CatalogArtistID(id), name: name, url: "https://musicbrainz.org/artist/\(id)", disambiguation: note)
  }
}

struct MBAlias: Decodable {
  var name: String?
  var sortName: String?

  enum CodingKeys: String, CodingKey {
    case name
    case sortName = "sort-name"
  }
}

/// A release group: every release (and so every edition) of one album, single or EP. Also the form release
/// lists are cached in.
struct MBReleaseGroup: Codable, Equatable {
  var id: String
  var title: String
  var primaryType: String?
  var secondaryTypes: [String]?
  /// "YYYY", "YYYY-MM", "YYYY-MM-DD", "" or absent.
  var firstReleaseDate: String?
  var artistCredit: [MBCredit]?

  enum CodingKeys: String, CodingKey {
    case id, title
    case primaryType = "primary-type"
    case secondaryTypes = "secondary-types"
    case firstReleaseDate = "first-release-date"
    case artistCredit = "artist-credit"
  }

  var creditedIDs: [CatalogArtistID] { (artistCredit ?? []).map { CatalogArtistID($0.artist.id) } }

  /// "Ada North & Bo South", as the credit reads.
  var creditedName: String {
    (artistCredit ?? []).map { ($0.name ?? $0.artist.name ?? "") + ($0.joinphrase ?? "") }.joined()
  }

  var release: CatalogRelease {
    let date = firstReleaseDate.flatMap { CalendarDay.partial($0) }
    let kind: ReleaseKind =
      switch primaryType?.lowercased() {
      case "ep": .ep
      case "single": .single
      default: .album
      }
    return CatalogRelease(
      id: CatalogReleaseID(id), artistID: artistCredit?.first.map { CatalogArtistID($0.artist.id) },
      artistName: creditedName, title: title,
      releaseDate: date?.day, url: "https://musicbrainz.org/release-group/\(id)",
      // Covers come from the Cover Art Archive, asked only about the groups a report shows.
      datePrecision: date?.precision ?? .day, kind: kind,
      secondaryTypes: (secondaryTypes ?? []).map { $0.lowercased() }, types: types)
  }

  /// The group's types as MusicBrainz writes them ("Album + Live"). Its editors type every group, so a typed group of
  /// no secondary type is studio music; an untyped one says nothing.
  var types: CatalogTypes? {
    guard let primaryType, !primaryType.isEmpty else {
      return secondaryTypes.flatMap {
        $0.isEmpty ? nil : CatalogTypes(words: $0.joined(separator: " + "), complete: false)
      }
    }
    return CatalogTypes(words: ([primaryType] + (secondaryTypes ?? [])).joined(separator: " + "), complete: true)
  }
}

struct MBCredit: Codable, Equatable {
  var name: String?
  var joinphrase: String?
  var artist: MBCreditArtist
}

struct MBCreditArtist: Codable, Equatable {
  var id: String
  var name: String?
}

enum MusicBrainzDecoding {
  static func decode<Page: Decodable>(_ type: Page.Type, _ body: Data) throws(CatalogError) -> Page {
    do {
      return try JSONDecoder().decode(type, from: body)
    } catch {
      let preview = String(decoding: body.prefix(80), as: UTF8.self)
      throw .undecodable("MusicBrainz sent a body that is not a search result (\(error)): \(preview)")
    }
  }
}
