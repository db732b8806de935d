internal import Basics

/// Writes the `Playlists` array: the master Library playlist, the distinguished Music playlist,
/// a folder with two playlists, a plain playlist and two smart playlists with `<data>` blobs.
struct PlaylistsWriter {
  let context: LibraryContext
  /// Track dict keys run from `firstKey` to `endKey` (exclusive) in steps of 2.
  let firstKey: Int
  let endKey: Int
  /// Keys of tracks that are not owned music (left out of Music and of user playlists).
  let excluded: Set<Int>
  /// Keys of "Playlist Only" tracks (left out of Library, put in a user playlist).
  let playlistOnly: [Int]

  private var rng: SplitMix64
  private var nextID: Int
  private let name = FieldPrefix("Name", "string", indent: 3)
  private let description = FieldPrefix("Description", "string", indent: 3)
  private let master = FieldPrefix("Master", nil, indent: 3)
  private let playlistID = FieldPrefix("Playlist ID", "integer", indent: 3)
  private let persistentID = FieldPrefix("Playlist Persistent ID", "string", indent: 3)
  private let parentID = FieldPrefix("Parent Persistent ID", "string", indent: 3)
  private let visible = FieldPrefix("Visible", nil, indent: 3)
  private let distinguished = FieldPrefix("Distinguished Kind", "integer", indent: 3)
  private let music = FieldPrefix("Music", nil, indent: 3)
  private let allItems = FieldPrefix("All Items", nil, indent: 3)
  private let folder = FieldPrefix("Folder", nil, indent: 3)
  private let smartInfo = FieldPrefix("Smart Info", nil, indent: 3)
  private let smartCriteria = FieldPrefix("Smart Criteria", nil, indent: 3)
  private let items = Array("\t\t\t<key>Playlist Items</key>".utf8)
  private let arrayOpen = Array("\t\t\t<array>".utf8)
  private let arrayClose = Array("\t\t\t</array>".utf8)
  private let dictOpen = Array("\t\t<dict>".utf8)
  private let dictClose = Array("\t\t</dict>".utf8)
  private let itemOpen: [UInt8]
  private let itemClose: [UInt8]

  init(context: LibraryContext, firstKey: Int, endKey: Int, excluded: Set<Int>, playlistOnly: [Int]) {
    self.context = context
    self.firstKey = firstKey
    self.endKey = endKey
    self.excluded = excluded
    self.playlistOnly = playlistOnly
    rng = SplitMix64(seed: context.options.seed, stream: 7)
    nextID = endKey + 2 * rng.int(10...500)
    itemOpen = Array(("\t\t\t\t<dict>" + context.newline + "\t\t\t\t\t<key>Track ID</key><integer>").utf8)
    itemClose = Array(("</integer>" + context.newline + "\t\t\t\t</dict>" + context.newline).utf8)
  }

  private var trackCount: Int { (endKey - firstKey) / 2 }

  /// Writes the whole array; returns the number of playlists.
  mutating func write(_ out: inout PlistWriter) throws -> Int {
    out.line(Array("\t<key>Playlists</key>".utf8))
    out.line(Array("\t<array>".utf8))
    let count = try writeLibraryAndMusic(&out) + writeFolder(&out) + writeSmart(&out)
    out.line(Array("\t</array>".utf8))
    return count
  }

  /// Library (master): every track but the playlist-only ones; Music (distinguished), whose items (all owned music
  /// again) are left out to keep the file near the size of a real library of this many albums.
  private mutating func writeLibraryAndMusic(_ out: inout PlistWriter) throws -> Int {
    begin(&out, name: "Library")
    out.flag(master)
    identify(&out)
    out.falseFlag(visible)
    out.flag(allItems)
    let playlistOnlySet = Set(playlistOnly)
    try writeItems(&out, stride(from: firstKey, to: endKey, by: 2).lazy.filter { !playlistOnlySet.contains($0) })
    end(&out)
    begin(&out, name: "Music")
    identify(&out)
    out.integer(distinguished, 4)
    out.flag(music)
    out.flag(allItems)
    end(&out)
    return 2
  }

  /// A folder with two playlists, and one playlist beside it.
  private mutating func writeFolder(_ out: inout PlistWriter) throws -> Int {
    begin(&out, name: "Mixes")
    let folderID = identify(&out)
    out.flag(allItems)
    out.flag(folder)
    end(&out)
    for (index, title) in ["Road Trip", "Rainy Sunday"].enumerated() {
      begin(&out, name: title)
      identify(&out, parent: folderID)
      out.flag(allItems)
      try writeItems(&out, randomKeys(rng.int(15...120)) + (index == 0 ? playlistOnly : []))
      end(&out)
    }
    begin(&out, name: "Favourites & Deep Cuts")
    identify(&out)
    out.flag(allItems)
    try writeItems(&out, randomKeys(rng.int(20...200)))
    end(&out)
    return 4
  }

  /// Smart playlists, which keep their rules in binary blobs.
  private mutating func writeSmart(_ out: inout PlistWriter) throws -> Int {
    let excludedKeys = excluded
    if context.options.edgeCases {
      out.line(Array("\t\t<!-- smart playlists keep their rules in binary Smart Info / Smart Criteria blobs -->".utf8))
    }
    for title in ["Recently Added", "90’s Music"] {
      begin(&out, name: title)
      identify(&out)
      out.flag(allItems)
      out.data(key: smartInfo, indent: 3, payload: smartInfoBlob())
      out.data(key: smartCriteria, indent: 3, payload: smartCriteriaBlob())
      let picked =
        title == "Recently Added"
        ? stride(from: endKey - 2, through: max(firstKey, endKey - 400), by: -2).filter { !excludedKeys.contains($0) }
        : randomKeys(rng.int(10...80))
      try writeItems(&out, picked)
      end(&out)
    }
    return 2
  }

  private func begin(_ out: inout PlistWriter, name title: String) {
    out.line(dictOpen)
    out.string(name, title)
    out.string(description, "")
  }

  private func end(_ out: inout PlistWriter) {
    out.line(dictClose)
  }

  /// Writes Playlist ID, Playlist Persistent ID and (for children) Parent Persistent ID.
  @discardableResult
  private mutating func identify(_ out: inout PlistWriter, parent: UInt64? = nil) -> UInt64 {
    out.integer(playlistID, nextID)
    nextID += 2
    let identifier = rng.next()
    out.hex(persistentID, identifier)
    if let parent { out.hex(parentID, parent) }
    return identifier
  }

  private func writeItems(_ out: inout PlistWriter, _ keys: some Sequence<Int>) throws {
    out.line(items)
    out.line(arrayOpen)
    for key in keys {
      out.append(itemOpen)
      out.appendInteger(key)
      out.append(itemClose)
      try out.flushIfNeeded()
    }
    out.line(arrayClose)
  }

  private mutating func randomKeys(_ wanted: Int) -> [Int] {
    guard trackCount > 0 else { return [] }
    var keys: [Int] = []
    var attempts = 0
    while keys.count < wanted && attempts < wanted * 20 {
      attempts += 1
      let key = firstKey + 2 * rng.below(trackCount)
      if !excluded.contains(key) && !keys.contains(key) { keys.append(key) }
    }
    return keys
  }

  private mutating func smartInfoBlob() -> [UInt8] {
    var blob: [UInt8] = [1, 1, 0, 3, 0, 0, 0, 2, 0, 0, 0, 0x19]
    blob += [UInt8](repeating: 0, count: 78)
    return blob
  }

  private mutating func smartCriteriaBlob() -> [UInt8] {
    var blob = Array("SLst".utf8) + [0, 1, 0, 1, 0, 0, 0, 2]
    for _ in 0..<rng.int(3...6) {
      blob += [UInt8](repeating: 0, count: 52)
      blob += [0, 0, 0, UInt8(truncatingIfNeeded: rng.int(1...0x3C)), 1, 0, 0, 0]
      blob += (0..<24).map { _ in rng.chance(0.7) ? 0 : UInt8(truncatingIfNeeded: rng.next()) }
    }
    return blob
  }
}
