internal import Foundation

/// Why a track is not owned music. The first matching reason wins, in declaration order.
enum SkipReason: String, CaseIterable, Sendable {
  case podcast, iTunesU, movie, tvShow, musicVideo, video, audiobook, book, app, voiceMemo, stream, playlistOnly,
    damaged
}

/// Text comparison rules shared by album titles and artist names: Unicode canonical
/// equivalence (NFC), letter case, and whitespace (any Unicode space, including U+00A0,
/// counts as one plain space; leading and trailing spaces are ignored).
enum TextKey {
  static func normalized(_ text: String) -> String {
    let composed = text.precomposedStringWithCanonicalMapping.lowercased()
    var result = String.UnicodeScalarView()
    var pendingSpace = false
    for scalar in composed.unicodeScalars {
      if scalar.properties.isWhitespace {
        pendingSpace = !result.isEmpty
      } else {
        if pendingSpace { result.append(" ") }
        pendingSpace = false
        result.append(scalar)
      }
    }
    return String(result)
  }

  static let variousAliases: Set<String> = [
    "various artists", "various", "va", "multi-interprètes", "verschiedene interpreten", "varios artistas",
    "artisti vari", "vários artistas",
  ].reduce(into: Set<String>()) { $0.insert(normalized($1)) }

  static func isVariousAlias(_ name: String) -> Bool {
    variousAliases.contains(normalized(name))
  }

  private static let featuredMarkers = [" feat. ", " ft. ", " featuring ", " with ", "(feat. ", "(ft. ", "(featuring "]

  /// The artist with a featured part cut off: "A feat. B", "A ft. B", "A featuring B",
  /// "A with B", "A (feat. B)". Markers are matched without regard to case.
  static func strippingFeatured(_ artist: String) -> String {
    var cut = artist.endIndex
    for marker in featuredMarkers {
      if let range = artist.range(of: marker, options: .caseInsensitive), range.lowerBound < cut {
        cut = range.lowerBound
      }
    }
    guard cut < artist.endIndex else { return artist }
    return artist[..<cut].trimmingCharacters(in: .whitespaces)
  }

  /// Whether an invented name could be mistaken for one with a featured part or for a
  /// "various artists" alias; such names are never generated.
  static func isAmbiguousArtistName(_ name: String) -> Bool {
    let padded = " " + normalized(name) + " "
    let words = [" feat", " ft ", " ft.", "featuring", " with ", "(with"]
    return words.contains { padded.contains($0) } || isVariousAlias(name)
  }
}

/// Counts what a correct reader should report, from the track records as they are written.
struct Accountant {
  private(set) var tracks = 0
  private(set) var skipped: [SkipReason: Int] = [:]
  /// Tracks written with a defect, each worth a warning whether or not it is skipped.
  private(set) var damagedTracks = 0
  private(set) var tracksWithoutAlbum = 0

  /// Album keys of albums owned by an artist: "artistKey\u{1}titleKey".
  private var artistAlbums = Set<String>()
  /// Artist key → display name (the first spelling met).
  private var artistDisplay: [String: String] = [:]
  /// Artist keys that own at least one album.
  private var owningArtists = Set<String>()
  /// Compilation groups by title key, in order of first appearance.
  private var compilationOrder: [String] = []
  private var compilations: [String: CompilationGroup] = [:]
  /// Title keys of albums credited to a various-artists alias.
  private var namedVariousAlbums = Set<String>()

  private struct CompilationGroup {
    var artistKey: String
    var artistDisplay: String
    var mixed = false
  }

  /// Caches of the last normalisation, since consecutive tracks usually share album and artist.
  private var lastTitle = ""
  private var lastTitleKey = ""
  private var lastOwner = ""
  private var lastOwnerKey = ""
  private var lastPerformer = ""
  private var lastPerformerStripped = ""

  static func skipReason(of track: GeneratedTrack) -> SkipReason? {
    if track.podcast { return .podcast }
    if track.iTunesU { return .iTunesU }
    if track.movie { return .movie }
    if track.tvShow { return .tvShow }
    if track.musicVideo { return .musicVideo }
    if track.hasVideo { return .video }
    if let location = track.location?.lowercased() {
      if location.hasSuffix(".m4b") || location.hasSuffix(".aa") || location.hasSuffix(".aax") { return .audiobook }
      if location.hasSuffix(".pdf") || location.hasSuffix(".epub") || location.hasSuffix(".ibooks") { return .book }
      if location.hasSuffix(".ipa") { return .app }
    }
    if track.genre == "Voice Memo" { return .voiceMemo }
    if track.trackType == .url { return .stream }
    if track.playlistOnly { return .playlistOnly }
    if track.damage?.skipsTrack == true { return .damaged }
    return nil
  }

  /// Counts one track; returns why it is skipped, if it is.
  @discardableResult
  mutating func add(_ track: GeneratedTrack) -> SkipReason? {
    tracks += 1
    if track.damage != nil { damagedTracks += 1 }
    if let reason = Self.skipReason(of: track) {
      skipped[reason, default: 0] += 1
      return reason
    }
    let title = track.album ?? ""
    let titleKey = key(forTitle: title)
    let albumArtist = track.albumArtist.flatMap { TextKey.normalized($0).isEmpty ? nil : $0 }
    let performer = stripped(track.artist ?? "")
    // Credited to "Various Artists" (or an alias) by name: a compilation that is nobody's album.
    let namedVarious =
      albumArtist.map(TextKey.isVariousAlias) ?? (TextKey.isVariousAlias(performer) && !performer.isEmpty)
    if titleKey.isEmpty {
      tracksWithoutAlbum += 1
      // A loose track still says the user likes its artist.
      if let owner = albumArtist ?? (track.compilation ? nil : performer), !namedVarious {
        addArtist(owner)
      }
      return nil
    }
    if namedVarious {
      namedVariousAlbums.insert(titleKey)
    } else if let albumArtist {
      addArtistAlbum(owner: albumArtist, titleKey: titleKey)
    } else if track.compilation {
      let performerKey = TextKey.normalized(performer)
      if var group = compilations[titleKey] {
        if group.artistKey != performerKey && !group.mixed {
          group.mixed = true
          compilations[titleKey] = group
        }
      } else {
        compilationOrder.append(titleKey)
        compilations[titleKey] = CompilationGroup(artistKey: performerKey, artistDisplay: performer)
      }
    } else {
      addArtistAlbum(owner: performer, titleKey: titleKey)
    }
    return nil
  }

  private mutating func addArtist(_ name: String) {
    let key = TextKey.normalized(name)
    guard !key.isEmpty else { return }
    if owningArtists.insert(key).inserted, artistDisplay[key] == nil { artistDisplay[key] = name }
  }

  private mutating func stripped(_ artist: String) -> String {
    if artist != lastPerformer {
      lastPerformer = artist
      lastPerformerStripped = TextKey.strippingFeatured(artist)
    }
    return lastPerformerStripped
  }

  private mutating func key(forTitle title: String) -> String {
    if title != lastTitle {
      lastTitle = title
      lastTitleKey = TextKey.normalized(title)
    }
    return lastTitleKey
  }

  private mutating func addArtistAlbum(owner: String, titleKey: String) {
    if owner != lastOwner {
      lastOwner = owner
      lastOwnerKey = TextKey.normalized(owner)
    }
    let ownerKey = lastOwnerKey
    guard !ownerKey.isEmpty else {
      // An owned track with an album but no artist at all: the album still counts, under no artist.
      artistAlbums.insert("\u{2}" + titleKey)
      return
    }
    artistAlbums.insert(ownerKey + "\u{1}" + titleKey)
    if owningArtists.insert(ownerKey).inserted, artistDisplay[ownerKey] == nil {
      artistDisplay[ownerKey] = owner
    }
  }

  func manifest(playlists: Int, bytes: Int, options: GeneratorOptions) -> LibraryManifest {
    var albums = artistAlbums
    var owners = owningArtists
    var display = artistDisplay
    var compilationAlbums = 0
    for titleKey in namedVariousAlbums where albums.insert("\u{0}" + titleKey).inserted { compilationAlbums += 1 }
    for titleKey in compilationOrder {
      guard let group = compilations[titleKey] else { continue }
      if group.mixed || group.artistKey.isEmpty {
        if albums.insert("\u{0}" + titleKey).inserted { compilationAlbums += 1 }
      } else {
        albums.insert(group.artistKey + "\u{1}" + titleKey)
        owners.insert(group.artistKey)
        if display[group.artistKey] == nil { display[group.artistKey] = group.artistDisplay }
      }
    }
    let names = owners.compactMap { display[$0] }.sorted()
    let skippedTotal = skipped.values.reduce(0, +)
    var skippedByName: [String: Int] = [:]
    for (reason, count) in skipped where count > 0 { skippedByName[reason.rawValue] = count }
    return LibraryManifest(
      tracks: tracks, musicTracks: tracks - skippedTotal, albums: albums.count, artists: owners.count,
      skipped: skippedByName, warnings: damagedTracks, artistNames: names,
      compilationAlbums: compilationAlbums, tracksWithoutAlbum: tracksWithoutAlbum, playlists: playlists,
      bytes: bytes, seed: options.seed, edgeCases: options.edgeCases)
  }
}
