public import MusicLibrary

/// Catalog worlds made from a library, for the benchmarks and the end-to-end tests that run a whole library.
public enum LibraryWorlds {
  /// One artist per library artist, with the albums the user owns and, for every third, a new one.
  public static func iTunes(for library: OwnedLibrary) -> FakeWorld {
    let owned = library.albumsByArtist()
    var artists: [[String: Any]] = []
    var collectionID = 700_000_000
    for (index, artist) in library.artists.enumerated() {
      var albums: [[String: Any]] = []
      for album in owned[artist.key] ?? [] {
        collectionID += 1
        albums.append([
          "collectionId": collectionID, "collectionName": album.title,
          "releaseDate": "\(album.year ?? 2001)-03-01", "trackCount": album.trackCount,
        ])
      }
      if index % 3 == 0 {
        collectionID += 1
        albums.append([
          "collectionId": collectionID, "collectionName": "New Light \(index)", "releaseDate": "2026-11-20",
        ])
      }
      artists.append([
        "artistId": 300_000_000 + index, "artistName": artist.name, "primaryGenreName": "Rock", "albums": albums,
      ])
    }
    return FakeWorld(building: ["artists": artists])
  }

  /// Every library artist as a MusicBrainz artist with its owned albums as release groups, a new one for every
  /// third (with a cover in the Cover Art Archive for half of them); every fiftieth has a namesake with a release of
  /// its own, so the owned albums have to decide.
  public static func musicBrainz(for library: OwnedLibrary) -> FakeWorld {
    let owned = library.albumsByArtist()
    func id(_ number: Int, _ kind: Int) -> String {
      let hex = String(number, radix: 16)
      return "\(kind)0000000-0000-4000-8000-" + String(repeating: "0", count: 12 - hex.count) + hex
    }
    var artists: [[String: Any]] = []
    var group = 0
    for (index, artist) in library.artists.enumerated() {
      var groups: [[String: Any]] = []
      for album in owned[artist.key] ?? [] {
        group += 1
        groups.append([
          "id": id(group, 1), "title": album.title, "primary-type": "Album",
          "first-release-date": "\(album.year ?? 2001)-03-01",
        ])
      }
      if index % 3 == 0 {
        group += 1
        // The Cover Art Archive has a cover for every other new one; the rest came out too recently.
        groups.append([
          "id": id(group, 1), "title": "New Light \(index)", "primary-type": "Album",
          "first-release-date": "2026-11-20", "cover": index % 2 == 0,
        ])
      }
      artists.append(["id": id(index, 0), "name": artist.name, "release-groups": groups])
      if index % 50 == 0 {
        group += 1
        artists.append([
          "id": id(index, 2), "name": artist.name, "disambiguation": "namesake",
          "release-groups": [
            ["id": id(group, 1), "title": "Other Lives", "primary-type": "Single", "first-release-date": "2026-11-21"]
          ],
        ])
      }
    }
    return FakeWorld(building: ["artists": artists])
  }
}
