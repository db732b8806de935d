public import Foundation

/// What a library holds, what was skipped and why: the stable shape of `deepcut scan --json`, and its text.
public struct ScanSummary: Encodable, Sendable {
  public struct Artist: Encodable, Sendable {
    public var name: String
    public var key: String
    public var albums: Int
    public var tracks: Int
    public var plays: Int
    public var newestYear: Int?
  }

  public struct Warning: Encodable, Sendable {
    public var line: Int
    public var message: String
  }

  /// How old the export is, as the report tells it.
  public struct Library: Encodable, Sendable {
    /// "2026-11-29T17:33:26Z".
    public var exportedAt: String
    /// "exportDate" or "fileModified" (``LibraryAge/Source``).
    public var dateSource: String
    public var ageDays: Int
    public var stale: Bool
  }

  public var source: String
  /// Nil when there is no time to tell its age by: an export without a `Date`, from standard input.
  public var library: Library?
  public var tracks: Int
  public var musicTracks: Int
  /// Tracks Music marks as Apple Music's.
  public var appleMusicTracks: Int
  public var albums: Int
  public var compilations: Int
  public var artists: Int
  public var skipped: [String: Int]
  public var warnings: [Warning]
  public var artistList: [Artist]

  /// The summary of `scan`, its age told at `now`.
  public init(_ scan: LibraryScan, now: Date = Date(), staleAfterDays: Int = 0) {
    source = scan.source
    library = LibraryAge(scan, now: now, staleAfterDays: staleAfterDays).map {
      Library(
        exportedAt: $0.written.formatted(.iso8601), dateSource: $0.source.rawValue, ageDays: $0.days, stale: $0.isStale)
    }
    tracks = scan.tracks
    musicTracks = scan.musicTracks
    appleMusicTracks = scan.appleMusicTracks
    albums = scan.library.albums.count
    compilations = scan.library.albums.count { $0.artistKey == nil }
    artists = scan.library.artists.count
    skipped = Dictionary(uniqueKeysWithValues: SkipReason.allCases.map { ($0.rawValue, scan.skipped[$0] ?? 0) })
    warnings = scan.warnings.map { Warning(line: $0.line, message: $0.message) }
    artistList = scan.library.artists.map {
      Artist(
        name: $0.name,
        key: $0.key.rawValue,
        albums: $0.albumCount,
        tracks: $0.trackCount,
        plays: $0.playCount,
        newestYear: $0.newestYear
      )
    }
  }

  public func json() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(self), as: UTF8.self)
  }

  /// What `deepcut scan` prints: the counts, the `top` most played artists, the first warnings.
  public func text(top: Int) -> String {
    var lines: [String] = []
    lines.append("\(source): \(count(tracks, "track")) read")
    if let library { lines.append("  " + ageLine(library)) }
    lines.append("  \(count(musicTracks, "owned music track"))")
    if appleMusicTracks > 0 { lines.append("  \(count(appleMusicTracks, "track")) from Apple Music") }
    let skippedTotal = skipped.values.reduce(0, +)
    if skippedTotal > 0 {
      let parts = SkipReason.allCases.compactMap { reason -> String? in
        guard let number = skipped[reason.rawValue], number > 0 else { return nil }
        return reason.label(count: number)
      }
      lines.append("  \(skippedTotal) skipped: " + parts.joined(separator: ", "))
    }
    var albumLine = "  \(count(albums, "album")) by \(count(artists, "artist"))"
    if compilations > 0 { albumLine += " (and \(count(compilations, "various-artists compilation")))" }
    lines.append(albumLine)
    if top > 0, !artistList.isEmpty {
      lines.append("")
      lines.append("Top artists by plays:")
      for (rank, artist) in artistList.prefix(top).enumerated() {
        var line = "  \(rank + 1). \(artist.name): \(count(artist.albums, "album")), \(count(artist.tracks, "track"))"
        line += ", \(count(artist.plays, "play"))"
        if let year = artist.newestYear { line += ", newest \(year)" }
        lines.append(line)
      }
    }
    if !warnings.isEmpty {
      lines.append("")
      lines.append("Warnings (\(warnings.count)):")
      for warning in warnings.prefix(20) { lines.append("  line \(warning.line): \(warning.message)") }
      if warnings.count > 20 { lines.append("  … and \(warnings.count - 20) more (see --json)") }
    }
    return lines.joined(separator: "\n")
  }

  /// "exported 2026-11-29, 5 days ago", and what to do when that is stale.
  private func ageLine(_ library: Library) -> String {
    let day = library.exportedAt.prefix(10)
    let when =
      library.dateSource == LibraryAge.Source.exportDate.rawValue
      ? "exported \(day)" : "file last changed \(day) (the export does not say when it was written)"
    let line = "\(when), " + (library.ageDays == 0 ? "less than a day ago" : "\(count(library.ageDays, "day")) ago")
    guard library.stale else { return line }
    return line + ": stale, so albums you got since then may be listed as new; " + LibraryAge.briefAdvice
  }

  private func count(_ number: Int, _ noun: String) -> String {
    "\(number.formatted()) \(noun)\(number == 1 ? "" : "s")"
  }
}
