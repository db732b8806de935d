internal import Foundation
internal import Identity
internal import MusicLibrary
package import Night
internal import Report
package import SettingsKit

/// The library a night reads, and which of its artists are looked up: what makes ``NightPlan/Library``.
package struct LibraryOptions: SettingGroup {
  package let path: Setting<String?> = Setting(
    flag: "library", key: "library", placeholder: "PATH",
    help: "the Library.xml export (.gz works, - reads standard input)", kind: .path,
    commands: [
      .report, .scan.worded("the Library.xml export to read (default: library in the config; - reads standard input)"),
      .why.worded("the Library.xml export (default: library in the config)"),
      .setup.worded("the Library.xml export (default: library in the config, else where Music or iTunes keeps it)"),
      .status.worded("the Library.xml export whose age to tell (default: library in the config)"),
    ],
    example: .value("/home/me/Music/Library.xml", note: "The export Music writes with File › Library › Export Library…")
  )
  package let staleAfter: Setting<Int> = Setting(
    flag: "stale-after", key: "staleAfterDays", placeholder: "DAYS",
    help: "name the library stale when its export is more than DAYS days old, 0 never",
    kind: .integer(0...3650), default: .value(14),
    commands: [
      .report, .scan,
      .status.worded("count a library export more than DAYS days old as trouble, 0 never (default {default})"),
      .setup.worded("warn of a library export more than DAYS days old before anything is written (default {default})"),
    ],
    example: .default(
      note: "A library export more than this many days old is named stale, in the report and by status: albums",
      "you got since then may be listed as new. 0 never."))
  package let ignoreArtists: Setting<[String]> = Setting(
    key: "ignoreArtists", help: "artists never to look up", kind: .texts, default: .value([]),
    example: .value(
      ["Various Artists", "Glee Cast"],
      note: "Artists never to look up, and release titles to leave out (regular expressions).")
  )
  .listed(after: \SettingsTable.catalogs.snapshot)
  package let minimumOwnedTracks: Setting<Int> = Setting(
    key: "minimumOwnedTracks", help: "look up only artists with at least this many owned tracks",
    kind: .integer(1...100_000), default: .value(1),
    example: .value(3, note: "Look up only artists with at least this many owned tracks.")
  )
  .listed(after: \SettingsTable.window.ignoreTitles)
}

/// The library's part of the night.
package extension LibraryOptions {
  static func part(_ settings: Resolved) throws(CLIError) -> NightPlan.Library {
    guard let path = try settings[\.library.path] else {
      throw .usage("report needs --library PATH (the Library.xml exported from Music), or \"library\" in the config")
    }
    var library = NightPlan.Library(path: path)
    library.ignoredArtists = Set(try settings[\.library.ignoreArtists].map { ArtistKey($0) })
    library.minimumOwnedTracks = try settings[\.library.minimumOwnedTracks]
    library.staleAfterDays = try settings[\.library.staleAfter]
    return library
  }
}
