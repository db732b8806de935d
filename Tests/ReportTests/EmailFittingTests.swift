import Foundation
import Report
import TestSupport
import Testing

/// An e-mail of a long night stays under the size mail clients show whole, keeps the most played artists'
/// releases, and says how many more there are and where.
struct EmailFittingTests {
  /// `count` artists, most played first, each with a new release in the window and every tenth with an upcoming one.
  static func longNight(_ count: Int) -> ReportModel {
    ReportFixtures.model(
      (0..<count).map { index in
        ReportFixtures.Artist(
          name: "Artist \(index) with a fairly long name", owned: ["Owned \(index)"],
          releases: [
            ("New Record \(index) (Expanded Edition With Bonus Material)", "2026-11-\(10 + index % 19)", .clean)
          ]
            + (index % 10 == 0 ? [("Coming \(index)", "2027-01-15", .clean)] : []),
          plays: 10_000 - index)
      },
      problems: (0..<40).map { ("Unknown \($0)", .unresolved, "not found in the catalog") })
  }

  static func parts(of message: String) -> [String] {
    message.components(separatedBy: "Content-Transfer-Encoding: base64\r\n\r\n").dropFirst().map { part in
      let encoded = part.components(separatedBy: "\r\n--").first?.replacingOccurrences(of: "\r\n", with: "") ?? ""
      return String(decoding: Data(base64Encoded: encoded) ?? Data(), as: UTF8.self)
    }
  }

  static func email(_ model: ReportModel, limit: Int = EmailOptions.defaultMaximumPartBytes, fullReport: String? = nil)
    throws -> (message: String, shown: ReportModel, wholeHTML: String)
  {
    var options = ReportRenderingTests.email
    options.maximumPartBytes = limit
    options.fullReport = fullReport
    return try ReportRenderer.email(model, templates: TemplateLocator(), options: options)
  }

  @Test func aLongNightFitsAndKeepsTheMostPlayedArtists() throws {
    let model = Self.longNight(600)
    let whole = try ReportRenderer.render(model, as: .html, templates: TemplateLocator())
    #expect(whole.utf8.count > 300_000)
    let (message, shown, wholeHTML) = try Self.email(model, fullReport: "/home/ana/reports/report-2026-11-29.html")
    // The full report beside the message is the whole night's HTML, rendered once.
    #expect(wholeHTML == whole)
    let parts = Self.parts(of: message)
    #expect(parts.count == 2)
    #expect(parts.allSatisfy { $0.utf8.count <= 100_000 })
    // Nearly full: one more row would not have fitted.
    #expect(parts.contains { $0.utf8.count > 90_000 })
    // The most played artists' new and upcoming releases, and no one else's.
    let ranks = (shown.new + shown.upcoming).map(\.rank)
    let kept = Set(ranks)
    #expect(!kept.isEmpty && kept == Set(1...(kept.max() ?? 0)))
    #expect(shown.needsAttention.isEmpty && shown.editions.isEmpty)
    // Nothing dropped silently: what is left out is counted, in both parts, with where the rest is.
    let omitted = try #require(shown.omitted)
    #expect(shown.new.count + shown.upcoming.count + omitted.releases == model.new.count + model.upcoming.count)
    #expect(omitted.attention == model.needsAttention.count)
    #expect(omitted.line.contains("\(omitted.releases) more releases and 40 more artists that need attention"))
    #expect(omitted.line.hasSuffix("in the full report: /home/ana/reports/report-2026-11-29.html."))
    #expect(parts.allSatisfy { $0.contains("report-2026-11-29") && $0.contains("\(omitted.releases) more releases") })
    // The whole night is still described: the headline counts every new release.
    #expect(shown.headline.hasPrefix("600 new releases from artists you own"))
    #expect(shown.newCount == 600 && shown.newByDate.flatMap(\.releases).count == shown.new.count)
    #expect(shown.newByArtist.map(\.rank) == shown.newByArtist.map(\.rank).sorted())
  }

  @Test func aShortNightIsSentWholeWithNoLine() throws {
    let (message, shown, _) = try Self.email(ReportFixtures.busy)
    #expect(shown == ReportFixtures.busy)
    #expect(shown.omitted == nil)
    #expect(!Self.parts(of: message).joined().contains("more releases"))
  }

  @Test func withoutAFullReportTheLineSaysHowToSeeTheRest() throws {
    let (_, shown, _) = try Self.email(Self.longNight(30), limit: 20_000)
    let omitted = try #require(shown.omitted)
    #expect(omitted.fullReport == nil)
    #expect(omitted.line.contains("run deepcut report --format html to see them all"))
  }

  @Test func aWebAddressForTheFullReportIsALinkInTheHTMLPart() throws {
    let (message, _, _) = try Self.email(
      Self.longNight(200), fullReport: "https://example.org/deepcut/report-2026-11-29.html")
    let html = try #require(Self.parts(of: message).last)
    #expect(html.contains(#"<a href="https://example.org/deepcut/report-2026-11-29.html""#))
  }

  @Test func needsAttentionComesAfterNewAndUpcomingAndIsRankedToo() throws {
    let model = Self.longNight(60)
    let (_, shown, _) = try Self.email(model, limit: 40_000)
    #expect(shown.omitted != nil)
    if !shown.needsAttention.isEmpty {
      #expect(shown.new.count == model.new.count && shown.upcoming.count == model.upcoming.count)
    }
    #expect(shown.needsAttention.map(\.rank) == shown.needsAttention.map(\.rank).sorted())
    #expect(model.needsAttention.map(\.rank) == model.needsAttention.map(\.rank).sorted())
  }
}
