internal import Catalog
internal import Foundation
internal import MusicLibrary
internal import SettingsKit

/// `deepcut scan`: what the library holds, what was skipped and why.
enum ScanCommand: Command {
  static let spec = CommandSpec(
    command: "scan",
    usage: "scan [--library PATH] [--json]",
    summary: "Read a Library.xml export and tell what it holds, what was skipped and why."
  )

  static func run(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
    let (arguments, registry) = (invocation.arguments, invocation.registry)
    let settings = try Resolved(arguments, environment: ProcessInfo.processInfo.environment, registry: registry)
    guard let path = try settings[\.library] else {
      throw .usage("scan needs --library PATH (the Library.xml exported from Music), or \"library\" in the config")
    }
    let top = try settings[\.top]
    let scan: LibraryScan
    do {
      scan = try LibraryReader.read(path: path)
    } catch {
      throw .library(error)
    }
    if try settings[\.json] {
      Console.out(try ScanSummary(scan).json())
    } else {
      Console.out(ScanSummary(scan).text(top: top))
    }
    return .success
  }
}

/// The stable shape of `deepcut scan --json`.
struct ScanSummary: Encodable {
  struct Artist: Encodable {
    var name: String
    var key: String
    var albums: Int
    var tracks: Int
    var plays: Int
    var newestYear: Int?
  }

  struct Warning: Encodable {
    var line: Int
    var message: String
  }

  var source: String
  var tracks: Int
  var musicTracks: Int
  var albums: Int
  var compilations: Int
  var artists: Int
  var skipped: [String: Int]
  var warnings: [Warning]
  var artistList: [Artist]

  init(_ scan: LibraryScan) {
    source = scan.source
    tracks = scan.tracks
    musicTracks = scan.musicTracks
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

  func json() throws(CLIError) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      return String(decoding: try encoder.encode(self), as: UTF8.self)
    } catch {
      throw .output(path: "-", reason: "cannot encode the summary as JSON: \(error)")
    }
  }

  func text(top: Int) -> String {
    var lines: [String] = []
    lines.append("\(source): \(count(tracks, "track")) read")
    lines.append("  \(count(musicTracks, "owned music track"))")
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

  private func count(_ number: Int, _ noun: String) -> String {
    "\(number.formatted()) \(noun)\(number == 1 ? "" : "s")"
  }
}
