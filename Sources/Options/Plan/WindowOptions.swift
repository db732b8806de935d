package import Catalog
internal import Foundation
package import Identity
internal import Report
package import SettingsKit

/// What counts as new and where each class of release is listed: what makes the night's ``FinderOptions``.
package struct WindowOptions: SettingGroup {
  package let days: Setting<Int> = Setting(
    flag: "days", key: "days", placeholder: "N", help: "releases of the last N days count as new",
    kind: .integer(0...3650), default: .value(30),
    commands: [.report, .why.worded("releases of the last N days count as new (default as for report)")],
    example: .default())
  package let since: Setting<CalendarDay?> = Setting(
    flag: "since", placeholder: "DATE", help: "releases since DATE (YYYY-MM-DD) count as new", kind: .day,
    commands: [.report, .why])
  package let types: Setting<[ReleaseKind]> = Setting(
    flag: "types", key: "types", placeholder: "KINDS", help: "release kinds to include: {values}",
    kind: .choices(), default: .value(ReleaseKind.allCases, shown: "all"),
    commands: [.report, .why.worded("release kinds the report shows: {values} (default as for report)")],
    example: .value(
      ReleaseKind.allCases,
      note: "Release kinds to include: \(ReleaseKind.allCases.map(\.rawValue).joined(separator: ", "))."))
  package let classes: Setting<[ReleaseClass: Placement]> = Setting(
    flag: "classes", key: "classes", placeholder: "CLASS=WHERE",
    help: "where each class of release is listed: main, also (one line under Also out) or none (default: {default})",
    kind: .choiceForEach(), default: .value([:], shown: ClassPlacements().described),
    commands: [.report, .why.worded("where each class of release is listed (default as for report)")],
    example: .value(
      [.live: .main],
      note: "Where each class of release is listed: \"main\" (New, Upcoming), \"also\" (one line each under Also out)",
      "or \"none\". Classes: studio, soundtrack, live, remix, compilation, reissue, version (sped up, slowed,",
      "instrumental, karaoke), other (spoken word). By default \(ClassPlacements().described)."))
  package let ignoreTitles: Setting<[String]> = Setting(
    key: "ignoreTitles", help: "release titles to leave out (regular expressions)", kind: .patterns,
    default: .value([]), example: .value(["(?i)karaoke", #"(?i)\btribute to\b"#])
  )
  .listed(after: \SettingsTable.library.ignoreArtists)
}

/// The window's part of the night: what counts as new, and where each class goes.
package extension WindowOptions {
  /// The window: `--since DATE`, or the last `--days`; and the kinds to show.
  static func window(_ settings: Resolved, today: CalendarDay) throws(CLIError) -> FinderOptions {
    var finder: FinderOptions
    if settings.onCommandLine(\.window.since), settings.onCommandLine(\.window.days) {
      throw .usage("give --days or --since, not both")
    }
    if let since = try settings[\.window.since] {
      finder = FinderOptions(today: today, since: since)
    } else {
      finder = FinderOptions(today: today, days: try settings[\.window.days])
    }
    finder.kinds = Set(try settings[\.window.types])
    return finder
  }

  /// What is looked up and what is left out.
  static func select(_ settings: Resolved, into finder: inout FinderOptions) throws(CLIError) {
    // The old list of types to report keeps working: each names a class, listed in the main list as it was.
    for type in try settings[\.catalogs.includeSecondaryTypes] {
      if let named = ReleaseClass(typeWord: type) { finder.placements[named] = .main }
    }
    for (named, placement) in try settings[\.window.classes] { finder.placements[named] = placement }
    finder.ignoredTitles = try settings[\.window.ignoreTitles]
  }
}
