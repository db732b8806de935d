import Foundation
import MusicLibrary
import Testing

/// The age rule: the export's own Date, else the file's time; whole days; stale past the setting; 0 never.
struct LibraryAgeTests {
  /// 2026-11-01T10:00:00Z.
  static let written = Date(timeIntervalSince1970: 1_793_527_200)
  static let day: TimeInterval = 86_400

  static func age(after interval: TimeInterval, staleAfter: Int = 14) -> LibraryAge? {
    LibraryAge(
      exportDate: written, fileModified: nil, now: written.addingTimeInterval(interval), staleAfterDays: staleAfter)
  }

  @Test func fourteenWholeDaysIsNotStaleAndFifteenIs() throws {
    let fourteen = try #require(Self.age(after: 14 * Self.day))
    #expect(fourteen.days == 14 && !fourteen.isStale)
    // A second short of 15 days is still 14 whole days.
    let almost = try #require(Self.age(after: 15 * Self.day - 1))
    #expect(almost.days == 14 && !almost.isStale)
    let fifteen = try #require(Self.age(after: 15 * Self.day))
    #expect(fifteen.days == 15 && fifteen.isStale)
  }

  @Test func zeroNeverWarns() throws {
    let ancient = try #require(Self.age(after: 4_000 * Self.day, staleAfter: 0))
    #expect(ancient.days == 4_000)
    #expect(!ancient.isStale)
  }

  @Test func oneDayWarnsFromTheSecondDay() throws {
    #expect(try #require(Self.age(after: 1 * Self.day, staleAfter: 1)).isStale == false)
    #expect(try #require(Self.age(after: 2 * Self.day, staleAfter: 1)).isStale)
  }

  /// A `--now` before the export (a report made for an earlier day) is no age at all, never a negative one.
  @Test func anExportWrittenAfterTheNightIsNoDaysOld() throws {
    let age = try #require(Self.age(after: -3 * Self.day))
    #expect(age.days == 0 && !age.isStale)
  }

  @Test func noDateAndNoFileTimeIsNoAge() {
    #expect(LibraryAge(exportDate: nil, fileModified: nil, now: Self.written, staleAfterDays: 14) == nil)
  }

  /// A copy made today of an export written a month ago is a month old: the Date wins over a newer file time.
  @Test func theExportsDateWinsOverANewerFileTime() throws {
    let now = Self.written.addingTimeInterval(30 * Self.day)
    let age = try #require(
      LibraryAge(exportDate: Self.written, fileModified: now, now: now, staleAfterDays: 14))
    #expect(age.source == .exportDate)
    #expect(age.written == Self.written)
    #expect(age.days == 30 && age.isStale)
  }

  @Test func theFilesTimeStandsInForAMissingDate() throws {
    let now = Self.written.addingTimeInterval(20 * Self.day)
    let age = try #require(LibraryAge(exportDate: nil, fileModified: Self.written, now: now, staleAfterDays: 14))
    #expect(age.source == .fileModified)
    #expect(age.days == 20 && age.isStale)
  }

  @Test func aScanAndAHeaderAreToldAlike() throws {
    let now = Self.written.addingTimeInterval(20 * Self.day)
    let header = LibraryHeader(exportDate: Self.written, fileModified: now)
    let scan = LibraryScan(
      source: "x", tracks: 0, musicTracks: 0, skipped: [:], warnings: [], library: OwnedLibrary(artists: [], albums: [])
    )
    var dated = scan
    dated.exportDate = Self.written
    dated.fileModified = now
    #expect(LibraryAge(header, now: now, staleAfterDays: 14) == LibraryAge(dated, now: now, staleAfterDays: 14))
    #expect(LibraryAge(scan, now: now, staleAfterDays: 14) == nil)
  }
}
