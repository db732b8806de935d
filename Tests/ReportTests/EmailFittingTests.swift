import Catalog
import Foundation
import Identity
import Report
import TestSupport
import Testing

/// An e-mail of a long night stays under the size mail clients show whole, keeps the most played artists'
/// releases, and says how many more there are and where.
struct EmailFittingTests {
  /// `count` artists, most played first, each with a new release in the window and every tenth with an upcoming one.
  static func longNight(_ count: Int, collaborations: [ReportFixtures.Collaboration] = []) -> ReportListing {
    ReportFixtures.listing(
      (0..<count).map { index in
        ReportFixtures.Artist(
          name: "Artist \(index) with a fairly long name", owned: ["Owned \(index)"],
          releases: [
            ("New Record \(index) (Deluxe Edition With Bonus Material)", "2026-11-\(10 + index % 19)", .clean)
          ]
            + (index % 10 == 0 ? [("Coming \(index)", "2027-01-15", .clean)] : []),
          plays: 10_000 - index)
      },
      collaborations: collaborations,
      problems: (0..<40).map { ("Unknown \($0)", .unresolved, "not found in the catalog") })
  }

  /// The body's text and HTML, decoded: the parts a mail program shows, not the attachment.
  static func parts(of message: String) throws -> [String] {
    try MIMEPart(parsing: message).leaves.filter { $0.disposition != "attachment" }.map { try $0.text() }
  }

  static func email(
    _ listing: ReportListing, limit: Int = EmailOptions.defaultMaximumPartBytes, fullReportURL: String? = nil
  ) throws -> (message: String, shown: ReportModel, wholeHTML: String) {
    let (message, shown, wholeHTML) = try listed(listing, limit: limit, fullReportURL: fullReportURL)
    return (message, shown.model, wholeHTML)
  }

  static func listed(
    _ listing: ReportListing, limit: Int = EmailOptions.defaultMaximumPartBytes, fullReportURL: String? = nil
  ) throws -> (message: String, shown: ReportListing, wholeHTML: String) {
    var options = ReportRenderingTests.email
    options.maximumPartBytes = limit
    options.fullReportURL = fullReportURL
    let rendered = try EmailFormat(options: options).render(listing, templates: TemplateLocator())
    return (rendered.text, rendered.shown, try #require(rendered.wholeHTML))
  }

  @Test func aLongNightFitsAndKeepsTheMostPlayedArtists() throws {
    let listing = Self.longNight(600)
    let model = listing.model
    let whole = try HTMLFormat().text(model)
    #expect(whole.utf8.count > 300_000)
    let (message, shown, wholeHTML) = try Self.email(listing)
    // The full report beside the message is the whole night's HTML, rendered once.
    #expect(wholeHTML == whole)
    let parts = try Self.parts(of: message)
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
    #expect(omitted.line.hasSuffix("are in the attached full report, deepcut-2026-11-29.html."))
    #expect(
      parts.allSatisfy { $0.contains("deepcut-2026-11-29.html") && $0.contains("\(omitted.releases) more releases") })
    // The whole night is still described: the headline counts every new release.
    #expect(shown.headline.hasPrefix("600 new releases from artists you own"))
    #expect(shown.newCount == 600 && shown.newByDate.flatMap(\.releases).count == shown.new.count)
    #expect(shown.newByArtist.map(\.rank) == shown.newByArtist.map(\.rank).sorted())
  }

  @Test func aShortNightIsSentWholeWithNoLine() throws {
    let (message, shown, _) = try Self.listed(ReportFixtures.busyListing)
    #expect(shown == ReportFixtures.busyListing)
    #expect(shown.model == ReportFixtures.busy)
    #expect(shown.model.omitted == nil)
    #expect(try !Self.parts(of: message).joined().contains("more releases"))
  }

  @Test func aSmallShortenedEmailNamesItsAttachmentInOneSentence() throws {
    let (_, shown, _) = try Self.email(Self.longNight(30), limit: 20_000)
    let omitted = try #require(shown.omitted)
    #expect(omitted.fullReport == nil && omitted.attachment == "deepcut-2026-11-29.html")
    #expect(
      omitted.line
        == "This e-mail lists the most played artists first and stops where mail would be cut: "
        + "\(omitted.releases) more releases and \(omitted.attention) more artists that need attention are in the "
        + "attached full report, deepcut-2026-11-29.html.")
  }

  @Test func aWebAddressForTheFullReportIsALinkInTheHTMLPart() throws {
    let (message, _, _) = try Self.email(
      Self.longNight(200), fullReportURL: "https://example.org/deepcut/report-2026-11-29.html")
    let html = try #require(try Self.parts(of: message).last)
    #expect(html.contains(#"<a href="https://example.org/deepcut/report-2026-11-29.html""#))
  }

  @Test func needsAttentionComesAfterNewAndUpcomingAndIsRankedToo() throws {
    let model = Self.longNight(60).model
    let (_, shown, _) = try Self.email(Self.longNight(60), limit: 40_000)
    #expect(shown.omitted != nil)
    if !shown.needsAttention.isEmpty {
      #expect(shown.new.count == model.new.count && shown.upcoming.count == model.upcoming.count)
    }
    #expect(shown.needsAttention.map(\.rank) == shown.needsAttention.map(\.rank).sorted())
    #expect(model.needsAttention.map(\.rank) == model.needsAttention.map(\.rank).sorted())
  }

  /// What a shortened e-mail marks as told is the findings of the rows it kept, so the ledger records exactly the
  /// releases its body shows, and the rest wait for the next e-mail.
  @Test func aShortenedEmailTellsExactlyTheReleasesItShows() throws {
    // Two releases each credited to two library artists: one with the most played artist, which the e-mail keeps,
    // one between two of the least played, which it leaves out.
    let listing = Self.longNight(
      300,
      collaborations: [
        ReportFixtures.Collaboration(
          title: "Together Up Front", date: "2026-11-28",
          artists: ["Artist 0 with a fairly long name", "Artist 150 with a fairly long name"]),
        ReportFixtures.Collaboration(
          title: "Together Far Back", date: "2026-11-28",
          artists: ["Artist 298 with a fairly long name", "Artist 299 with a fairly long name"]),
      ])
    let (message, shown, _) = try Self.listed(listing, limit: 40_000)
    let parts = try Self.parts(of: message)
    let (text, html) = (parts.first ?? "", parts.last ?? "")
    #expect(parts.count == 2 && shown.model.omitted != nil)
    // Each finding is told exactly when both parts show it, and its row is where the model lists it.
    let told = Set(shown.findings.map(\.release.id))
    #expect(!told.isEmpty && told.count < listing.findings.count)
    for finding in listing.findings {
      let url = try #require(finding.release.url)
      let inText = text.contains("(\(url))")
      #expect(inText == html.contains("href=\"\(url)\""), "\(finding.release.title)")
      #expect(inText == told.contains(finding.release.id), "\(finding.release.title)")
    }
    let rows = shown.model.new + shown.model.upcoming + shown.model.backfill + shown.model.editions
    #expect(rows.map(\.catalogID) == shown.findings.map(\.release.id))
    // The ledger marks the kept findings under every artist they are credited to, and nothing else.
    let ledger = ReleaseLedger.apply(
      listing.findings, seen: [:], now: ReportFixtures.now, onlyUnreported: true, fallback: "itunes")
    let marked = ledger.reported(showing: shown.findings)
    #expect(Set(marked.map(\.key)) == Set(shown.findings.flatMap(ReleaseLedger.keys(for:))))
    #expect(marked.count == Set(marked.map(\.key)).count)
    let together = try #require(listing.findings.first { $0.release.title == "Together Up Front" })
    let apart = try #require(listing.findings.first { $0.release.title == "Together Far Back" })
    #expect(together.owners.count == 2 && apart.owners.count == 2)
    let keys = Set(marked.map(\.key))
    #expect(ReleaseLedger.keys(for: together).count == 2 && ReleaseLedger.keys(for: together).allSatisfy(keys.contains))
    #expect(!ReleaseLedger.keys(for: apart).contains(where: keys.contains))
    // What the e-mail left out is still to tell, most played first: it starts where the e-mail stopped.
    let untold = ledger.reported.filter { !keys.contains($0.key) }
    #expect(marked.count + untold.count == ledger.reported.count)
    let shownRanks = rows.map(\.rank)
    let leftOut = listing.model.new.filter { !told.contains($0.catalogID) }.map(\.rank)
    #expect((shownRanks.max() ?? 0) <= (leftOut.min() ?? .max))
  }

  @Test func anEmailSentWholeTellsEverythingItLists() throws {
    let listing = ReportFixtures.busyListing
    let (_, shown, _) = try Self.listed(listing)
    let ledger = ReleaseLedger.apply(
      listing.findings, seen: [:], now: ReportFixtures.now, onlyUnreported: true, fallback: "itunes")
    #expect(shown.findings.count == 5)
    #expect(ledger.reported(showing: shown.findings).map(\.key) == ledger.reported.map(\.key))
  }
}
