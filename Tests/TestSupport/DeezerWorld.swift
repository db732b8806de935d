internal import Foundation

/// Worlds for Tests/Fakes/fake_deezer.py.
public enum DeezerWorld {
  public static func artist(_ id: Int, _ name: String, fans: Int = 1_000, albums: [[String: Any]] = []) -> [String: Any]
  {
    ["id": id, "name": name, "nb_fan": fans, "albums": albums]
  }

  public static func album(
    _ id: Int, _ title: String, _ date: String, type: String = "album", explicit: Bool = false
  ) -> [String: Any] {
    ["id": id, "title": title, "release_date": date, "record_type": type, "explicit_lyrics": explicit]
  }

  /// The labelled world's catalog as Deezer holds it: the album ids are the labels' numbers, kinds are record
  /// types (not titles), a collaboration is one album in each of its artists' lists, and every tenth artist has a
  /// tribute act of its name with a release of its own, which must never be taken for it.
  public static func from(_ world: LabelledWorld) -> [String: Any] {
    var artists: [[String: Any]] = []
    for (index, artist) in world.catalog.enumerated() {
      artists.append(
        Self.artist(
          artist.id, artist.name, fans: 10_000 - index,
          albums: artist.albums.map { album in
            Self.album(album.id, album.title, album.date, type: album.kind.rawValue)
          }))
      if index % 10 == 0 {
        artists.append(
          Self.artist(
            9_000_000 + artist.id, "Tribute to \(artist.name)", fans: 50,
            albums: [Self.album(9_000_000 + artist.id, "The Songs of \(artist.name)", "2026-11-25")]))
      }
    }
    return ["artists": artists]
  }
}
