internal import Catalog
internal import Foundation
internal import MusicLibrary

/// Worlds for the fake MusicBrainz server (`Tests/Fakes/fake_musicbrainz.py`), as JSON objects.
public enum MusicBrainzWorld {
  /// A MusicBrainz id made from a number, so tests can name artists and groups by number.
  public static func id(_ number: Int, _ kind: Int = 0) -> String {
    let hex = String(number, radix: 16)
    return "\(kind)0000000-0000-4000-8000-" + String(repeating: "0", count: max(0, 12 - hex.count)) + hex
  }

  public static func artist(
    _ number: Int, _ name: String, disambiguation: String? = nil, aliases: [String] = [], sortName: String? = nil,
    groups: [[String: Any]] = []
  ) -> [String: Any] {
    var artist: [String: Any] = ["id": id(number), "name": name, "release-groups": groups]
    if let disambiguation { artist["disambiguation"] = disambiguation }
    if !aliases.isEmpty { artist["aliases"] = aliases.map { ["name": $0] } }
    if let sortName { artist["sort-name"] = sortName }
    return artist
  }

  public static func group(
    _ number: Int, _ title: String, _ date: String, type: String = "Album", secondary: [String] = [],
    credit: [Int]? = nil
  ) -> [String: Any] {
    var group: [String: Any] = ["id": id(number, 1), "title": title, "primary-type": type, "first-release-date": date]
    if !secondary.isEmpty { group["secondary-types"] = secondary }
    if let credit { group["credit"] = credit.map { id($0) } }
    return group
  }

  /// The labelled world's catalog as MusicBrainz would hold it; ids stay the numbers of the labels. Singles and EPs
  /// are typed, not titled so; a collaboration is one group credited to each of its artists; covers are marked.
  public static func from(_ world: LabelledWorld) -> [String: Any] {
    var listers: [Int: [Int]] = [:]
    for artist in world.catalog {
      for album in artist.albums { listers[album.id, default: []].append(artist.id) }
    }
    return [
      "artists": world.catalog.map { artist in
        Self.artist(
          artist.id, artist.name,
          disambiguation: artist.genre == "Electronic" ? "electronic producer" : nil,
          groups: artist.albums.compactMap { album in
            let credit = listers[album.id] ?? [artist.id]
            // Listed once, under the first of its artists.
            guard credit.first == artist.id else { return nil }
            var entry = group(
              album.id, album.title, album.date,
              type: album.kind == .album ? "Album" : album.kind == .ep ? "EP" : "Single",
              credit: credit.count > 1 ? credit : nil)
            if album.cover { entry["cover"] = true }
            return entry
          })
      }
    ]
  }
}
