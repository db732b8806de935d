import Basics
import Foundation
import TestSupport
import Testing

@testable import Fixtures

private func temporaryPath(_ name: String) -> String {
  FileManager.default.temporaryDirectory.appendingPathComponent("deepcut-gen-\(UUID().uuidString)-\(name)").path
}

/// Generates into a temporary file, hands over path, manifest and bytes, then deletes the file.
private func generated<T>(
  _ options: GeneratorOptions, _ body: (String, LibraryManifest, Data) throws -> T
) throws -> T {
  let path = temporaryPath("Library.xml")
  defer { try? FileManager.default.removeItem(atPath: path) }
  let manifest = try SyntheticLibrary.write(options, to: path)
  let data = try Data(contentsOf: URL(fileURLWithPath: path))
  return try body(path, manifest, data)
}

/// The independent count and the generator's manifest say the same of every total.
private func expectAgreement(
  _ count: IndependentCount, _ manifest: LibraryManifest, sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(count.tracks == manifest.tracks, sourceLocation: sourceLocation)
  #expect(count.skipped == manifest.skipped, sourceLocation: sourceLocation)
  #expect(count.musicTracks == manifest.musicTracks, sourceLocation: sourceLocation)
  #expect(count.albums == manifest.albums, sourceLocation: sourceLocation)
  #expect(count.artistKeys.count == manifest.artists, sourceLocation: sourceLocation)
  #expect(count.artistKeys == Set(manifest.artistNames.map(IndependentCount.fold)), sourceLocation: sourceLocation)
  #expect(count.compilationAlbums == manifest.compilationAlbums, sourceLocation: sourceLocation)
}

private func contains(_ data: Data, _ text: String) -> Bool {
  data.range(of: Data(text.utf8)) != nil
}

private let edgeOptions = GeneratorOptions(artists: 25, albums: 30, seed: 42, edgeCases: true)
private let plainOptions = GeneratorOptions(artists: 40, albums: 120, seed: 7)

@Suite struct DeterminismTests {
  @Test func sameSeedGivesByteIdenticalOutput() throws {
    for options in [edgeOptions, plainOptions] {
      let (first, firstManifest) = try generated(options) { ($2, $1) }
      let (second, secondManifest) = try generated(options) { ($2, $1) }
      #expect(first.count > 100_000)
      #expect(first == second)
      #expect(firstManifest == secondManifest)
    }
  }

  @Test func differentSeedsGiveDifferentLibraries() throws {
    var other = plainOptions
    other.seed = 8
    let (first, firstManifest) = try generated(plainOptions) { ($2, $1) }
    let (second, secondManifest) = try generated(other) { ($2, $1) }
    #expect(first != second)
    #expect(firstManifest.artistNames != secondManifest.artistNames)
    // The requested sizes are honoured whatever the seed.
    #expect(firstManifest.albums == 120 && secondManifest.albums == 120)
    #expect(firstManifest.artists == 40 && secondManifest.artists == 40)
  }
}

@Suite struct ManifestTests {
  @Test func plainLibraryParsesWithFoundationAndMatchesAnIndependentCount() throws {
    try generated(plainOptions) { _, manifest, data in
      let root = try #require(
        try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
      #expect(root["Major Version"] as? Int == 1)
      #expect(root["Application Version"] as? String != nil)
      let tracks = try #require(root["Tracks"] as? [String: [String: Any]])
      #expect(tracks.count == manifest.tracks)
      // Every dict key is its Track ID when there are no edge cases.
      #expect(tracks.allSatisfy { key, value in value["Track ID"] as? Int == Int(key) })

      let sortedKeys = tracks.keys.compactMap { Int($0) }.sorted()
      let count = IndependentCount(tracks: sortedKeys.map { tracks[String($0)] })
      expectAgreement(count, manifest)
      #expect(manifest.warnings == 0 && manifest.skipped["damaged"] == nil)

      // The master playlist lists every track and only existing ones.
      let playlists = try #require(root["Playlists"] as? [[String: Any]])
      #expect(playlists.count == manifest.playlists)
      let master = try #require(playlists.first { ($0["Master"] as? Bool) == true })
      let items = try #require(master["Playlist Items"] as? [[String: Any]])
      #expect(items.count == manifest.tracks)
      #expect(items.allSatisfy { tracks[String($0["Track ID"] as? Int ?? -1)] != nil })
      let smart = playlists.filter { $0["Smart Criteria"] is Data }
      #expect(smart.count == 2)
    }
  }

  @Test func edgeCaseLibraryMatchesAnIndependentCount() throws {
    try generated(edgeOptions) { path, manifest, data in
      // Damaged dicts make the whole document unreadable for a strict parser...
      #expect(throws: (any Error).self) { try PropertyListSerialization.propertyList(from: data, format: nil) }
      // ...so count dict by dict.
      let dicts = try IndependentCount.trackDicts(inFile: path)
      #expect(dicts.count == manifest.tracks)
      #expect(dicts.filter { $0.dict == nil }.count == 1)
      let count = IndependentCount(tracks: dicts.map(\.dict))
      expectAgreement(count, manifest)

      // Every reason occurs, damaged tracks warn (the one damaged in its album is skipped), and the sample is
      // sample-sized.
      #expect(Set(manifest.skipped.keys) == Set(SkipReason.allCases.map(\.rawValue)))
      #expect(manifest.warnings == 3 && manifest.skipped["damaged"] == 1)
      #expect((100...350).contains(manifest.tracks))
      // "Oona Fairweather" only appears on a "Multi-interprètes" album, which is nobody's.
      #expect(manifest.artists == 24 && manifest.albums == 30)
      #expect(manifest.tracksWithoutAlbum == 1)
      // The no-break-space spelling is the same artist; a flagged compilation of one artist is theirs,
      // but an album credited to "Multi-interprètes" is nobody's.
      let names = Set(manifest.artistNames)
      #expect(names.isSuperset(of: [EdgeCases.spacedArtist, EdgeCases.ampersandArtist]))
      #expect(!names.contains(EdgeCases.soleCompilationArtist))
      #expect(!names.contains(EdgeCases.spacedArtistNBSP))
      #expect(!names.contains(EdgeCases.damagedArtist) && !names.contains(EdgeCases.playlistOnlyArtist))
      #expect(!names.contains("Various Artists") && !names.contains("Multi-interprètes"))
      // One dict's Track ID disagrees with its key.
      let mismatched = dicts.filter { entry in
        guard let dict = entry.dict else { return false }
        return dict["Track ID"] as? Int != Int(entry.key)
      }
      #expect(mismatched.count == 1)
    }
  }

  @Test func manifestRoundTripsThroughJSON() throws {
    try generated(edgeOptions) { _, manifest, _ in
      let encoder = JSONEncoder()
      encoder.outputFormatting = .sortedKeys
      let json = try encoder.encode(manifest)
      #expect(try JSONDecoder().decode(LibraryManifest.self, from: json) == manifest)
      #expect(String(decoding: json, as: UTF8.self).contains("\"musicTracks\""))
    }
  }
}

@Suite struct FormatTests {
  @Test func edgeCasesAreAllPresentWhenEnabled() throws {
    try generated(edgeOptions) { _, _, data in
      let playlistsStart = try #require(data.range(of: Data("\t<key>Playlists</key>".utf8)))
      let playlists = data[playlistsStart.upperBound...]
      let expectations: [(String, String)] = [
        ("Apple DOCTYPE", #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN""#),
        ("comment in a track dict", "\t\t\t<!-- "),
        ("multi-line string with tabs", "Recorded live at the Harbor Room.\n\t\tTake 3 of 5\n\tMixed by"),
        ("spaced true", "<true />"),
        ("size above 2^32", "<key>Size</key><integer>6083053810</integer>"),
        ("data in a track dict", "\t\t\t<key>Cloud Asset Data</key>\n\t\t\t<data>\n"),
        ("NFD title", "Cafe\u{0301} Solstice"),
        ("NFC title", "Café Solstice"),
        ("no-break space", "Marisol\u{00A0}Achebe"),
        ("plain space", "<string>Marisol Achebe</string>"),
        ("ampersand", "Hart &#38; Lowell"),
        ("less-than and greater-than", "Tides &#60;Reprise&#62;"),
        ("Various Artists", "<key>Album Artist</key><string>Various Artists</string>"),
        ("Multi-interprètes", "<key>Album Artist</key><string>Multi-interprètes</string>"),
        ("feat.", " feat. Lila Moon</string>"),
        ("ft.", " ft. Ray Okafor</string>"),
        ("featuring", " featuring Sade Lune</string>"),
        ("with", " with Bex Harlow</string>"),
        ("(feat.)", " (feat. Ray Okafor)</string>"),
        ("podcast", "<key>Podcast</key><true />"),
        ("URL track", "<key>Track Type</key><string>URL</string>"),
        ("movie", "<key>Movie</key><true/>"),
        ("TV show", "<key>TV Show</key><true/>"),
        ("music video", "<key>Music Video</key><true/>"),
        ("home video", "QuickTime movie file"),
        ("audiobook", ".m4b</string>"),
        ("iTunes U", "<key>iTunesU</key><true/>"),
        ("voice memo", "<key>Genre</key><string>Voice Memo</string>"),
        ("PDF", ".pdf</string>"),
        ("app", ".ipa</string>"),
        ("Apple Music", "<key>Apple Music</key><true/>"),
        ("playlist only", "<key>Playlist Only</key><true/>"),
        ("key without value", "<key>Work</key>\n\t\t\t<key>"),
        ("integer holding text", "<integer>unknown</integer>"),
        ("negative integer", "<key>File Folder Count</key><integer>-1</integer>"),
        ("remote track", "<key>Track Type</key><string>Remote</string>"),
        ("compilation flag", "<key>Compilation</key><true/>"),
      ]
      for (label, needle) in expectations {
        #expect(contains(data, needle), "missing \(label)")
      }
      #expect(playlists.range(of: Data("\t\t<!-- ".utf8)) != nil, "no comment in the Playlists array")
      #expect(playlists.range(of: Data("<key>Smart Criteria</key>\n\t\t\t<data>\n".utf8)) != nil)
      // A track without Album: "Voicemail Demo" has no Album key before its dict closes.
      let text = String(decoding: data, as: UTF8.self)
      let loose = try #require(text.range(of: "<string>Voicemail Demo</string>"))
      let tail = text[loose.upperBound...]
      let close = try #require(tail.range(of: "\t\t</dict>"))
      #expect(!tail[..<close.lowerBound].contains("<key>Album</key>"))
    }
  }

  @Test func plainLibraryHasNoEdgeCases() throws {
    try generated(plainOptions) { _, manifest, data in
      #expect(!contains(data, "<true />"))
      #expect(!contains(data, "<!--"))
      #expect(!contains(data, "\u{00A0}"))
      #expect(!contains(data, "<integer>unknown</integer>"))
      #expect(!contains(data, "\r"))
      #expect(manifest.warnings == 0)
      #expect(contains(data, "\n\t<key>Tracks</key>\n\t<dict>\n\t\t<key>"))
      #expect(data.starts(with: Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist".utf8)))
      #expect(data.suffix(17) == Data("</dict>\n</plist>\n".utf8))
    }
  }

  @Test func crlfLineEndingsEverywhere() throws {
    var options = edgeOptions
    options.lineEnding = "\r\n"
    let (crlf, crlfManifest) = try generated(options) { ($2, $1) }
    let (lf, lfManifest) = try generated(edgeOptions) { ($2, $1) }
    let bytes = [UInt8](crlf)
    let newlines = bytes.indices.filter { bytes[$0] == 0x0A }
    #expect(!newlines.isEmpty)
    #expect(newlines.allSatisfy { $0 > 0 && bytes[$0 - 1] == 0x0D })
    #expect(crlf.count == lf.count + newlines.count)
    var comparable = crlfManifest
    comparable.bytes = lfManifest.bytes
    #expect(comparable == lfManifest)
  }

  @Test func datesAreUTCWithZ() {
    var rng = SplitMix64(seed: 1)
    for _ in 0..<1_000 {
      let seconds = Int64(rng.below(4_000_000_000)) - 500_000_000
      let civil = CivilTime(unixSeconds: seconds)
      #expect(civil.unixSeconds == seconds)
    }
    #expect(
      CivilTime(unixSeconds: 1_436_037_790) == CivilTime(year: 2015, month: 7, day: 4, hour: 19, minute: 23, second: 10)
    )
    #expect(CivilTime(unixSeconds: 951_782_400) == CivilTime(year: 2000, month: 2, day: 29))
    #expect(CivilTime.parseDay("2026-02-30") == nil)
    #expect(CivilTime.parseDay("2026-11-29")?.unixSeconds == 1_795_910_400)
  }

  @Test func invalidOptionsAreRejected() {
    let path = temporaryPath("never.xml")
    #expect(throws: SyntheticLibraryError.self) {
      try SyntheticLibrary.write(GeneratorOptions(albums: 0), to: path)
    }
    #expect(throws: SyntheticLibraryError.self) {
      try SyntheticLibrary.write(GeneratorOptions(today: "2026-02-30"), to: path)
    }
    #expect(throws: SyntheticLibraryError.self) {
      try SyntheticLibrary.write(GeneratorOptions(lineEnding: "\t"), to: path)
    }
    #expect(!FileManager.default.fileExists(atPath: path))
  }
}

@Suite struct StreamingTests {
  @Test func writerNeverHoldsMoreThanItsBuffer() throws {
    let path = temporaryPath("stream.xml")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let capacity = 64 * 1_024
    let options = GeneratorOptions(artists: 150, albums: 600, seed: 3, edgeCases: true)
    let (manifest, statistics) = try SyntheticLibrary.write(options, to: path, bufferCapacity: capacity)
    let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    #expect(size > 5_000_000)
    #expect(statistics.bytes == size && manifest.bytes == size)
    // The buffer is flushed as soon as it holds `capacity` bytes, so it never holds more than
    // that plus one record, and its storage never grows past the initial reservation.
    #expect(statistics.highWater < capacity + PlistWriter.recordAllowance)
    #expect(statistics.peakArrayCapacity < 2 * (capacity + PlistWriter.recordAllowance))
    #expect(statistics.flushes >= size / (capacity + PlistWriter.recordAllowance))
    #expect(statistics.flushes <= size / capacity + 1)
  }

  @Test(.enabled(if: ProcessInfo.processInfo.environment["DEEPCUT_SLOW_TESTS"] == "1"))
  func defaultLibraryIsAbout70MB() throws {
    let path = temporaryPath("default.xml")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let manifest = try SyntheticLibrary.write(GeneratorOptions(), to: path)
    #expect((56_000_000...84_000_000).contains(manifest.bytes))
    #expect(manifest.albums == 5_054 && manifest.artists == 1_610)
    #expect((50_000...62_000).contains(manifest.tracks))
  }
}
