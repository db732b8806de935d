public import Foundation

/// The top of an export, read without its tracks (``LibraryReader/header(path:)``): when it was written.
public struct LibraryHeader: Sendable, Equatable {
  /// The top-level `Date`; nil when the export has none, or one that is no date.
  public var exportDate: Date?
  /// When the file last changed; nil for standard input.
  public var fileModified: Date?
  /// What was wrong before the tracks: a Date that is no date.
  public var warnings: [LibraryWarning]

  public init(exportDate: Date?, fileModified: Date? = nil, warnings: [LibraryWarning] = []) {
    self.exportDate = exportDate
    self.fileModified = fileModified
    self.warnings = warnings
  }
}

/// How old a library export is at the night's time, and whether that is too old to trust: Music writes the XML only
/// while it is asked to, and an export made by hand ages, so a library that stopped changing weeks ago would have the
/// report call new an album the person got since.
///
/// Its time is the export's own `Date` when it has one, else the file's modification time — not the newer of the two.
/// The `Date` is when Music wrote what the file lists; a copy, a sync or a restored backup gives the file a newer time
/// without making its contents any newer, and would hide the very staleness this tells. The file's time stands in
/// only for an export without a `Date` (one made by another program, or edited by hand).
public struct LibraryAge: Sendable, Equatable {
  /// Where ``written`` comes from.
  public enum Source: String, Sendable, Codable {
    case exportDate, fileModified
  }

  public var written: Date
  public var source: Source
  /// Whole days from ``written`` to the night's time; 0 for an export written after it (a `--now` in the past).
  public var days: Int
  /// `--stale-after`: more whole days old than this is stale; 0 is never.
  public var staleAfterDays: Int

  /// Nil when there is no time to tell it by: an export without a `Date` read from standard input.
  public init?(exportDate: Date?, fileModified: Date?, now: Date, staleAfterDays: Int) {
    guard let written = exportDate ?? fileModified else { return nil }
    self.written = written
    source = exportDate == nil ? .fileModified : .exportDate
    days = max(0, Int((now.timeIntervalSince(written) / 86_400).rounded(.down)))
    self.staleAfterDays = staleAfterDays
  }

  public init?(_ scan: LibraryScan, now: Date, staleAfterDays: Int) {
    self.init(exportDate: scan.exportDate, fileModified: scan.fileModified, now: now, staleAfterDays: staleAfterDays)
  }

  public init?(_ header: LibraryHeader, now: Date, staleAfterDays: Int) {
    self.init(
      exportDate: header.exportDate, fileModified: header.fileModified, now: now, staleAfterDays: staleAfterDays)
  }

  /// Older than the setting allows, in whole days: with 14, a library 15 days old is stale and one 14 days old is not.
  public var isStale: Bool { staleAfterDays > 0 && days > staleAfterDays }

  /// How to keep the export fresh, in one short paragraph: where Music and iTunes keep writing it, or exporting by hand
  /// on a schedule.
  public static let advice =
    "To keep it fresh, turn on \"Share Library XML with other applications\" in Music's Settings › Files (Advanced in "
    + "some versions), and Music rewrites it in ~/Music/Music/ as the library changes (iTunes: Preferences › Advanced, "
    + "in ~/Music/iTunes/); or export it again (File › Library › Export Library…) on a schedule."

  /// The advice in a few words, for one line of standard error or the status.
  public static let briefAdvice =
    "turn on \"Share Library XML with other applications\" in Music's settings, or export the library again"
}
