internal import Basics
public import Catalog
internal import Foundation

/// `deepcut why` as a person reads it, and as a program does.
public enum WhyText {
  /// The same facts as a stable object: sorted keys, two-space indents.
  public static func json(_ explanation: some Encodable) throws(ReportError) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      return String(decoding: try encoder.encode(explanation), as: UTF8.self) + "\n"
    } catch {
      throw .encoding("\(error)")
    }
  }

  public static func text(_ explanation: Explanation) -> String {
    var lines = [heading(explanation), ""]
    if let album = explanation.album {
      lines += ["Album “\(album.query)”", "  " + album.sentence]
      if let listen = album.listen {
        lines.append("  opens in \(listen.name): \(listen.url)" + (listen.direct ? "" : " (a search there)"))
      }
      lines.append("")
    }
    lines += library(explanation.library) + [""]
    lines += catalog(explanation.catalog) + [""]
    lines += releases(explanation)
    // A terminal reads what a catalog's title carries: each line stays one line, without control characters.
    return lines.map { ShownText.oneLine($0, limit: .max) }.joined(separator: "\n") + "\n"
  }

  static func heading(_ explanation: Explanation) -> String {
    let date = CalendarDay(iso8601: explanation.date)?.label ?? explanation.date
    let since = CalendarDay(iso8601: explanation.since)?.label ?? explanation.since
    return "\(explanation.library.name): the report of \(date) from \(explanation.provider), new since \(since)"
  }

  static func library(_ side: Explanation.LibrarySide) -> [String] {
    var lines = ["In your library"]
    lines.append("  key “\(side.key)”, spelled " + side.spellings.map { "“\($0)”" }.joined(separator: ", "))
    let albums = "\(side.albums.count) album\(side.albums.count == 1 ? "" : "s")"
    lines.append(
      "  \(albums), \(side.tracks) track\(side.tracks == 1 ? "" : "s"), \(side.plays) play\(side.plays == 1 ? "" : "s"): "
        + "number \(side.rank) of \(side.artists) artists, most played first")
    for album in side.albums {
      let year = album.year.map { ", \($0)" } ?? ""
      let tracks = "\(album.tracks) track\(album.tracks == 1 ? "" : "s")"
      lines.append("    “\(album.title)”: key “\(album.key)”, \(album.kind)\(year), \(tracks)")
    }
    lines.append(side.notLookedUpBecause.map { "  not looked up: \($0)" } ?? "  looked up in the catalog")
    return lines
  }

  static func catalog(_ side: Explanation.CatalogSide) -> [String] {
    var lines = ["In the catalog", "  " + side.sentence]
    for candidate in side.candidates where side.status != "resolved" {
      let note = candidate.note.map { ": \($0)" } ?? ""
      lines.append("    candidate \(candidate.id), \(candidate.name)\(note)")
    }
    if let command = side.pinCommand { lines.append("  to pin one: \(command)") }
    if let fetched = side.listsFetched.flatMap({ CalendarDay(iso8601: $0) }) {
      lines.append("  release lists fetched \(fetched.label)")
    }
    return lines
  }

  static func releases(_ explanation: Explanation) -> [String] {
    guard !explanation.releases.isEmpty else {
      return ["No releases known for \(explanation.library.name)."]
    }
    let since = explanation.releasesSince.flatMap { CalendarDay(iso8601: $0) }.map { " since \($0.label)" } ?? ""
    var lines = ["Releases the catalog lists\(since) (\(explanation.releases.count))"]
    for release in explanation.releases {
      let padded = release.verdict.padding(toLength: 9, withPad: " ", startingAt: 0)
      lines.append("  \(padded) “\(release.title)”: \(release.sentence)")
    }
    return lines
  }
}
