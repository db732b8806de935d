import Foundation
import Identity
import Testing

@testable import Catalog

/// When a release announced ahead is told by a report of what no earlier one told: when announced, on its release
/// day, or both; a plain report lists it whatever the setting.
struct AnnouncedTellingTests {
  static let key = LedgerKey(artist: ArtistKey(rawValue: "slayer"), album: AlbumKey("Final Campaign"))

  /// A record of the release, told in `section` if given.
  static func record(toldAs section: String?) -> [SeenRelease] {
    [
      SeenRelease(
        key: key, title: "Final Campaign", releaseDate: "2027-01-15", firstSeen: Date(timeIntervalSince1970: 0),
        reportedAt: section.map { _ in Date(timeIntervalSince1970: 86_400) }, reportedAs: section)
    ]
  }

  /// The sections it is told in over its life: the night it is announced, then its release day.
  static func told(_ announced: AnnouncedTelling) -> [String?] {
    let first = ReleaseLedger.section(
      for: .upcoming, records: record(toldAs: nil), artistKnown: true, onlyUnreported: true, announced: announced)
    let day = ReleaseLedger.section(
      for: .new, records: record(toldAs: first), artistKnown: true, onlyUnreported: true, announced: announced)
    let after = ReleaseLedger.section(
      for: .new, records: record(toldAs: day ?? first), artistKnown: true, onlyUnreported: true, announced: announced)
    return [first, day, after]
  }

  @Test func bothTellsItWhenAnnouncedAndAgainOnItsDayThenNever() {
    #expect(Self.told(.both) == ["upcoming", "new", nil])
  }

  @Test func announcedTellsItOnceWhenAnnounced() {
    #expect(Self.told(.announced) == ["upcoming", nil, nil])
  }

  @Test func releaseDayTellsItOnceOnItsDay() {
    #expect(Self.told(.releaseDay) == [nil, "new", nil])
  }

  @Test func aReleaseFirstSeenOnItsDayIsToldThenWhateverTheSetting() {
    for announced in AnnouncedTelling.allCases {
      #expect(
        ReleaseLedger.section(
          for: .new, records: Self.record(toldAs: nil), artistKnown: true, onlyUnreported: true, announced: announced)
          == "new")
    }
  }

  @Test func aPlainReportListsWhatIsAnnouncedWhateverTheSetting() {
    for announced in AnnouncedTelling.allCases {
      #expect(
        ReleaseLedger.section(
          for: .upcoming, records: Self.record(toldAs: "upcoming"), artistKnown: true, onlyUnreported: false,
          announced: announced) == "upcoming")
    }
  }
}
