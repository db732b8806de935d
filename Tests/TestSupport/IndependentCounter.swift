internal import Foundation

/// Counts a generated library the way a reader following the manifest rules would, written
/// separately from the generator's own bookkeeping: it only sees the file.
public struct IndependentCount: Equatable {
  public var tracks = 0
  public var skipped: [String: Int] = [:]
  public var musicTracks = 0
  public var albums = 0
  public var artistKeys = Set<String>()
  public var compilationAlbums = 0

  public static let variousAliases: Set<String> = [
    "various artists", "various", "va", "multi-interprètes", "verschiedene interpreten", "varios artistas",
    "artisti vari", "vários artistas",
  ]

  /// NFC, lower case, any run of Unicode white space (U+00A0 included) as one space, trimmed.
  public static func fold(_ text: String) -> String {
    text.precomposedStringWithCanonicalMapping.lowercased()
      .components(separatedBy: .whitespacesAndNewlines)
      .filter { !$0.isEmpty }
      .joined(separator: " ")
  }

  public static func mainArtist(_ artist: String) -> String {
    var head = artist
    for marker in [" feat. ", " ft. ", " featuring ", " with ", " (feat. ", " (ft. ", " (featuring "] {
      if let range = head.range(of: marker, options: .caseInsensitive) {
        head = String(head[..<range.lowerBound])
      }
    }
    return head
  }

  public static func skipReason(_ track: [String: Any]) -> String? {
    func isTrue(_ key: String) -> Bool { (track[key] as? Bool) == true }
    let location = (track["Location"] as? String ?? "").lowercased()
    func endsWith(_ suffixes: String...) -> Bool { suffixes.contains { location.hasSuffix($0) } }
    if isTrue("Podcast") { return "podcast" }
    if isTrue("iTunesU") { return "iTunesU" }
    if isTrue("Movie") { return "movie" }
    if isTrue("TV Show") { return "tvShow" }
    if isTrue("Music Video") { return "musicVideo" }
    if isTrue("Has Video") { return "video" }
    if endsWith(".m4b", ".aa", ".aax") { return "audiobook" }
    if endsWith(".pdf", ".epub", ".ibooks") { return "book" }
    if endsWith(".ipa") { return "app" }
    if track["Genre"] as? String == "Voice Memo" { return "voiceMemo" }
    if track["Track Type"] as? String == "URL" { return "stream" }
    if isTrue("Playlist Only") { return "playlistOnly" }
    return nil
  }

  /// `tracks`: one entry per track dict, nil when the dict could not be read (damaged).
  public init(tracks dicts: [[String: Any]?]) {
    var albumKeys = Set<String>()
    var compilationPerformers: [String: Set<String>] = [:]
    for dict in dicts {
      tracks += 1
      guard let track = dict else {
        skipped["damaged", default: 0] += 1
        continue
      }
      if let reason = Self.skipReason(track) {
        skipped[reason, default: 0] += 1
        continue
      }
      musicTracks += 1
      let title = Self.fold(track["Album"] as? String ?? "")
      let albumArtist = Self.fold(track["Album Artist"] as? String ?? "")
      let performer = Self.fold(Self.mainArtist(track["Artist"] as? String ?? ""))
      let isCompilation = (track["Compilation"] as? Bool) == true
      let namedVarious =
        albumArtist.isEmpty ? Self.variousAliases.contains(performer) : Self.variousAliases.contains(albumArtist)
      guard !title.isEmpty else {
        // A loose track still names an artist the user likes.
        let owner = albumArtist.isEmpty ? (isCompilation ? "" : performer) : albumArtist
        if !owner.isEmpty, !namedVarious { artistKeys.insert(owner) }
        continue
      }
      if namedVarious {
        if albumKeys.insert("\u{0}compilation\n" + title).inserted { compilationAlbums += 1 }
      } else if !albumArtist.isEmpty {
        albumKeys.insert(albumArtist + "\n" + title)
        artistKeys.insert(albumArtist)
      } else if isCompilation {
        compilationPerformers[title, default: []].insert(performer)
      } else {
        albumKeys.insert(performer + "\n" + title)
        artistKeys.insert(performer)
      }
    }
    for (title, performers) in compilationPerformers {
      if performers.count == 1, let only = performers.first, !only.isEmpty {
        albumKeys.insert(only + "\n" + title)
        artistKeys.insert(only)
      } else if albumKeys.insert("\u{0}compilation\n" + title).inserted {
        compilationAlbums += 1
      }
    }
    albums = albumKeys.count
  }

  /// Keys whose value decides whether a track is owned music: a damaged one costs the track.
  public static let ownershipKeys: Set<String> = [
    "Artist", "Album Artist", "Album", "Genre", "Location", "Track Type", "Podcast", "iTunesU", "iTunes U", "Movie",
    "TV Show", "Music Video", "Has Video", "Playlist Only", "Compilation",
  ]

  /// Reads the track dicts of an XML library one by one, so that a damaged dict only loses
  /// itself. Returns (dict key, parsed dict or nil) in file order. A dict that does not parse loses the lines
  /// that do not parse alone (a key without its value, an integer of text): if one of them held a key that decides
  /// ownership the dict is nil (skipped), else it is the rest of the dict (kept).
  public static func trackDicts(inFile path: String) throws -> [(key: String, dict: [String: Any]?)] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.hasSuffix("\r") ? $0.dropLast() : $0
    }
    guard let start = lines.firstIndex(of: "\t<key>Tracks</key>"),
      let end = lines.firstIndex(of: "\t<key>Playlists</key>")
    else { return [] }
    var result: [(key: String, dict: [String: Any]?)] = []
    var key = ""
    var body: [Substring] = []
    var inside = false
    for line in lines[start..<end] {
      if !inside && line.hasPrefix("\t\t<key>") {
        key = String(line.dropFirst(7).dropLast(6))
      } else if line == "\t\t<dict>" {
        inside = true
        body = []
      } else if line == "\t\t</dict>" {
        inside = false
        if let parsed = Self.plist(body) {
          result.append((key, parsed as? [String: Any]))
        } else {
          result.append((key, Self.withoutDamagedLines(body)))
        }
      } else if inside {
        body.append(line)
      }
    }
    return result
  }

  private static func plist(_ lines: [Substring]) -> Any? {
    let document = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
      \(lines.joined(separator: "\n"))
      </dict>
      </plist>
      """
    return try? PropertyListSerialization.propertyList(from: Data(document.utf8), format: nil)
  }

  private static func withoutDamagedLines(_ body: [Substring]) -> [String: Any]? {
    var kept: [Substring] = []
    for line in body {
      if plist([line]) != nil {
        kept.append(line)
        continue
      }
      // "<key>Album</key>" alone, or with a value that does not parse: the key it names.
      let trimmed = line.drop { $0 == "\t" || $0 == " " }
      guard trimmed.hasPrefix("<key>"), let close = trimmed.range(of: "</key>") else { return nil }
      let name = String(trimmed[trimmed.index(trimmed.startIndex, offsetBy: 5)..<close.lowerBound])
      if ownershipKeys.contains(name) { return nil }
    }
    return plist(kept) as? [String: Any]
  }
}
