import Foundation
import Identity
import Report
import TestSupport
import Testing

/// The Atom feed and the iCalendar file, read back by strict parsers: well-formed, with every element and property
/// their RFCs require, every name kept as text, the same release named the same way everywhere.
struct FeedTests {
  static let cases = ReportRenderingTests.cases + [("controls", controls)]
  static let atomNamespace = "http://www.w3.org/2005/Atom"

  /// Names with what XML and iCalendar cannot carry: C0 controls, U+FFFE, a CDATA end, line breaks, commas.
  static var controls: ReportModel {
    ReportFixtures.model([
      ReportFixtures.Artist(
        name: "Bell\u{7}Boy; Co, \\Ltd", owned: ["Old"],
        releases: [
          ("Nul\u{0}l ]]> Line\nBreak\u{FFFE}", "2026-11-25", .notExplicit), ("Soon, Later", "2027-02-01", .clean),
        ]
      )
    ])
  }

  static func model(_ name: String) throws -> ReportModel {
    try #require(cases.first { $0.name == name }?.model)
  }

  static func atom(_ model: ReportModel, feed: FeedOptions = ReportRenderingTests.feed) throws -> XMLTree.Element {
    let text = try AtomFormat(feed: feed).text(model)
    #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"))
    return try XMLTree.parse(Data(text.utf8))
  }

  static func calendar(_ model: ReportModel, feed: FeedOptions = ReportRenderingTests.feed) throws
    -> ICalendarParser.Component
  {
    let text = try CalendarFormat(feed: feed).text(model)
    return try ICalendarParser.parse(Data(text.utf8))
  }

  /// The text a strict reader gets back for `text`: what XML and iCalendar cannot carry left out.
  static func carried(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.filter { $0.value >= 0x20 || $0 == "\n" || $0 == "\t" }.filter {
          $0.value != 0xFFFE && $0.value != 0x7F
        }))
  }

  static func isRFC3339(_ text: String) -> Bool {
    (try? Regex(#"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$"#).wholeMatch(in: text)) != nil
  }

  // MARK: - Atom

  @Test(arguments: cases.map(\.name))
  func theFeedIsWellFormedAtomWithEveryRequiredElement(_ name: String) throws {
    let model = try Self.model(name)
    let feed = try Self.atom(model)
    #expect(feed.name == "feed" && feed.namespace == Self.atomNamespace)
    // RFC 4287, 4.1.1: exactly one id, title and updated; an author, here for the whole feed.
    #expect(feed.one("id")?.text == "https://example.org/deepcut/deepcut.atom")
    #expect(feed.one("title")?.text.isEmpty == false)
    #expect(feed.one("updated")?.text == "2026-11-29T12:00:00Z")
    #expect(feed.all("author").count == 1 && feed.one("author")?.one("name")?.text == "deepcut")
    let selfLinks = feed.all("link").filter { $0.attributes["rel"] == "self" }
    #expect(selfLinks.map { $0.attributes["href"] } == ["https://example.org/deepcut/deepcut.atom"])
    let entries = feed.all("entry")
    #expect(entries.count == model.new.count)
    for (entry, release) in zip(entries, model.new) {
      // 4.1.2: exactly one id, title, updated; at most one published; an alternate link or content.
      #expect(entry.one("id")?.text == release.id)
      #expect(entry.one("title")?.text == Self.carried(release.artist + " — " + release.title))
      let updated = try #require(entry.one("updated")?.text)
      #expect(Self.isRFC3339(updated))
      #expect(entry.all("published").count == 1 && Self.isRFC3339(entry.one("published")?.text ?? ""))
      #expect(updated.hasPrefix(try #require(release.releaseDate)))
      let alternate = entry.all("link").filter { $0.attributes["rel"] == "alternate" }
      #expect(alternate.count == 1 || entry.one("content") != nil)
      #expect(alternate.first?.attributes["href"] == release.url)
      #expect(entry.one("summary")?.attributes["type"] == "html")
      #expect(entry.one("category")?.attributes["term"] == release.kind)
      #expect(entry.all("id").allSatisfy { $0.text.hasPrefix("urn:uuid:") })
    }
    #expect(Set(entries.compactMap { $0.one("id")?.text }).count == entries.count)
  }

  @Test func withoutAnAddressTheFeedHasNoSelfLinkAndAnIdOfItsOwn() throws {
    let anonymous = FeedOptions(identity: "itunes /home/ana/Library.xml")
    let feed = try Self.atom(ReportFixtures.busy, feed: anonymous)
    #expect(feed.all("link").isEmpty)
    let id = try #require(feed.one("id")?.text)
    #expect(id.hasPrefix("urn:uuid:"))
    #expect(try Self.atom(ReportFixtures.busy, feed: anonymous).one("id")?.text == id)
    #expect(try Self.atom(ReportFixtures.busy, feed: FeedOptions(identity: "itunes /other")).one("id")?.text != id)
  }

  @Test func hostileNamesStayTextInTheFeedAndItsHTMLSummaries() throws {
    let feed = try Self.atom(ReportFixtures.hostile)
    let entry = try #require(feed.all("entry").first { $0.one("title")?.text.contains("<script>") == true })
    #expect(
      entry.one("title")?.text
        == "<script>alert('x')</script> & *Friends* — [click](javascript:alert(1)) | `rm -rf` # _now_")
    // The summary is HTML once the XML is read: the name in it is still escaped, never markup.
    let summary = try #require(entry.one("summary")?.text)
    #expect(summary.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; *Friends*"))
    #expect(!summary.contains("<script>"))
    let controls = try Self.atom(Self.controls)
    let titles = controls.all("entry").compactMap { $0.one("title")?.text }
    // A title is one line in every format: its break is a space, as in the report's rows.
    #expect(titles == ["BellBoy; Co, \\Ltd — Null ]]> Line Break"])
  }

  @Test func theFeedIsTheSameBytesForTheSameNight() throws {
    let first = try AtomFormat(feed: ReportRenderingTests.feed).text(ReportFixtures.busy)
    let second = try AtomFormat(feed: ReportRenderingTests.feed).text(ReportFixtures.busy)
    #expect(first == second)
  }

  // MARK: - iCalendar

  @Test(arguments: cases.map(\.name))
  func theCalendarIsStrictICalendarWithEveryRequiredProperty(_ name: String) throws {
    let model = try Self.model(name)
    let calendar = try Self.calendar(model)
    #expect(calendar.one("VERSION")?.raw == "2.0")
    #expect(calendar.one("PRODID") != nil)
    let events = calendar.children.filter { $0.name == "VEVENT" }
    #expect(events.count == model.upcoming.count)
    for (event, release) in zip(events, model.upcoming) {
      #expect(event.one("UID")?.raw == release.id)
      #expect(event.one("DTSTAMP")?.raw == "20261129T120000Z")
      let start = try #require(event.one("DTSTART"))
      #expect(start.parameters["VALUE"] == "DATE")
      #expect(start.raw == release.releaseDate?.filter { $0 != "-" })
      #expect(event.one("DTEND")?.parameters["VALUE"] == "DATE")
      let summary = try ICalendarParser.unescape(try #require(event.one("SUMMARY")?.raw))
      #expect(summary == Self.carried(release.artist + " — " + release.title))
      let description = try ICalendarParser.unescape(try #require(event.one("DESCRIPTION")?.raw))
      #expect(description.hasSuffix(Self.carried(release.reason)))
      #expect(event.one("URL")?.raw == release.url)
    }
  }

  @Test func theCalendarCarriesTheWindowsNewReleasesWhenAsked() throws {
    let model = ReportFixtures.busy
    let both = FeedOptions(selfURL: nil, identity: "tests", calendarIncludesNew: true)
    let events = try Self.calendar(model, feed: both).children.filter { $0.name == "VEVENT" }
    #expect(events.count == model.new.count + model.upcoming.count)
    let starts = events.compactMap { $0.one("DTSTART")?.raw }
    #expect(starts == starts.sorted())
    #expect(Set(events.compactMap { $0.one("UID")?.raw }) == Set((model.new + model.upcoming).map(\.id)))
  }

  @Test func aMonthOrAYearStartsOnItsFirstDayAndSaysSo() throws {
    var model = ReportFixtures.busy
    model.upcoming[0].releaseDate = "2027-03"
    model.upcoming[0].releaseDateLabel = "Mar 2027"
    let event = try #require(try Self.calendar(model).children.first)
    #expect(event.one("DTSTART")?.raw == "20270301")
    #expect(event.one("DTEND")?.raw == "20270302")
    #expect(try ICalendarParser.unescape(event.one("SUMMARY")?.raw ?? "").hasSuffix("(Mar 2027)"))
  }

  @Test func hostileNamesAreEscapedAsICalendarText() throws {
    let calendar = try Self.calendar(Self.controls)
    let event = try #require(calendar.children.first)
    #expect(try ICalendarParser.unescape(event.one("SUMMARY")?.raw ?? "") == "BellBoy; Co, \\Ltd — Soon, Later")
    #expect(Escaping.iCalendarText("a,b;c\\d\r\ne\nf\u{1}g") == #"a\,b\;c\\d\ne\nfg"#)
  }

  @Test func longLinesFoldAt75OctetsAndNeverInsideACharacter() throws {
    // Two-, three- and four-byte characters and a letter with combining marks, each line long enough to fold.
    for piece in ["é", "語", "🎶", "a\u{301}\u{302}", "x"] {
      for length in [74, 75, 76, 150, 151] {
        let value = String(repeating: piece, count: length)
        let text = ICalendarLines.format("BEGIN:VCALENDAR\nX-TEST:\(value)\nEND:VCALENDAR\n")
        let calendar = try ICalendarParser.parse(Data(text.utf8))
        #expect(calendar.one("X-TEST")?.raw == value)
        // A character is never split from its combining marks either.
        for line in text.components(separatedBy: "\r\n").dropFirst(2).dropLast(2) {
          #expect(line.hasPrefix(" "))
          #expect(line.unicodeScalars.dropFirst().first?.properties.generalCategory != .nonspacingMark)
        }
      }
    }
    #expect(ICalendarLines.format("A:1\n\n  \nB:2") == "A:1\r\nB:2\r\n")
  }

  @Test func theSameReleaseHasTheSameIDInEveryFormatAndEveryRun() throws {
    let model = ReportFixtures.busy
    #expect(ReportFixtures.busy.new.map(\.id) == model.new.map(\.id))
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(try JSONFormat().text(model).utf8)) as? [String: Any])
    let jsonIDs = (json["new"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    let atomIDs = try Self.atom(model).all("entry").compactMap { $0.one("id")?.text }
    #expect(jsonIDs == model.new.map(\.id) && atomIDs == jsonIDs)
    let both = FeedOptions(identity: "tests", calendarIncludesNew: true)
    let uids = Set(try Self.calendar(model, feed: both).children.compactMap { $0.one("UID")?.raw })
    #expect(Set(jsonIDs).isSubset(of: uids))
    #expect(
      StableID.release(ReleaseReference(catalog: "itunes", id: "1234"))
        == "urn:uuid:6076123e-2292-5bdf-903b-8ccb2d55f14c")
    #expect(
      StableID.release(ReleaseReference(catalog: "musicbrainz", id: "1234"))
        != StableID.release(ReleaseReference(catalog: "itunes", id: "1234")))
  }

  @Test func escapingForXMLLeavesOutWhatXMLForbids() {
    #expect(Escaping.xml("a\u{1}b\u{FFFE}<&>\"'\t") == "ab&lt;&amp;&gt;&quot;&apos;\t")
  }
}
