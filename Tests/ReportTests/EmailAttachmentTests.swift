import Foundation
import Report
import TestSupport
import Testing

/// A shortened e-mail carries the whole report as an HTML file, so a reader on a phone can open every row; one that
/// fits is sent as it always was.
struct EmailAttachmentTests {
  static let fileName = "deepcut-2026-11-29.html"

  /// The parts a mail program shows, decoded, and the attached file.
  static func split(_ message: String) throws -> (body: [String], file: MIMEPart) {
    let root = try MIMEPart(parsing: message)
    try #require(root.tree == "multipart/mixed[multipart/alternative[text/plain,text/html],text/html]")
    return (try root.parts[0].parts.map { try $0.text() }, root.parts[1])
  }

  @Test func aShortenedEmailIsMixedWithTheWholeReportAttached() throws {
    let listing = EmailFittingTests.longNight(600)
    let (message, shown, wholeHTML) = try EmailFittingTests.email(listing)
    let root = try MIMEPart(parsing: message)
    #expect(root.header("MIME-Version") == "1.0")
    let outer = try #require(root.parameter("boundary", of: "Content-Type"))
    let inner = try #require(root.parts.first?.parameter("boundary", of: "Content-Type"))
    #expect(outer != inner && !outer.hasPrefix(inner) && !inner.hasPrefix(outer))
    let (body, file) = try Self.split(message)
    #expect(file.disposition == "attachment")
    #expect(file.parameter("filename", of: "Content-Disposition") == Self.fileName)
    #expect(file.parameter("name", of: "Content-Type") == Self.fileName)
    #expect(file.parameter("charset", of: "Content-Type") == "utf-8")
    #expect(file.header("Content-Transfer-Encoding") == "base64")
    let lines = file.body.components(separatedBy: "\r\n")
    #expect(lines.count > 1000 && lines.dropLast().allSatisfy { $0.count == 76 } && (lines.last?.count ?? 0) <= 76)
    #expect(message.components(separatedBy: "\r\n").allSatisfy { $0.count <= 76 })
    // The attachment is what --full-report writes: the whole night, every row, no line about what is left out.
    let attached = try file.text()
    #expect(attached == wholeHTML)
    #expect(attached == (try HTMLFormat().text(listing.model)))
    for finding in listing.findings {
      let url = try #require(finding.release.url)
      #expect(attached.contains("href=\"\(url)\""), "\(finding.release.title)")
    }
    #expect(listing.model.needsAttention.allSatisfy { attached.contains(">\($0.artist)<") })
    #expect(!attached.contains("more releases"))
    // The body is what the fitting kept, each part under the limit, and says where the rest is.
    let omitted = try #require(shown.omitted)
    #expect(body.count == 2 && body.allSatisfy { $0.utf8.count <= EmailOptions.defaultMaximumPartBytes })
    #expect(omitted.releases > 0 && omitted.attachment == Self.fileName)
    #expect(
      body.allSatisfy {
        $0.contains("more artists that need attention are in the attached full report, \(Self.fileName).")
          && !$0.contains("in the full report:")
      })
  }

  @Test func withAWebAddressTheLineLinksItAndTheFileStillComes() throws {
    let url = "https://example.org/deepcut/report-2026-11-29.html"
    let (message, shown, wholeHTML) = try EmailFittingTests.email(EmailFittingTests.longNight(200), fullReportURL: url)
    let (body, file) = try Self.split(message)
    #expect(try file.text() == wholeHTML)
    #expect(file.parameter("filename", of: "Content-Disposition") == Self.fileName)
    #expect(shown.omitted?.fullReport == url)
    #expect(shown.omitted?.line.hasSuffix("are in the full report: \(url).") == true)
    #expect(body.allSatisfy { $0.contains(url) })
    #expect(body.last?.contains(#"<a href="\#(url)""#) == true)
  }

  /// The body's limit is checked as before and the file does not count toward it: a tight limit still gives parts
  /// under it, with the whole report riding along however big.
  @Test func theAttachmentDoesNotCountTowardTheLimit() throws {
    let (message, _, wholeHTML) = try EmailFittingTests.email(EmailFittingTests.longNight(300), limit: 20_000)
    let (body, file) = try Self.split(message)
    #expect(body.allSatisfy { $0.utf8.count <= 20_000 })
    #expect(try file.text().utf8.count == wholeHTML.utf8.count && wholeHTML.utf8.count > 100_000)
  }

  @Test func anEmailThatFitsHasNoAttachment() throws {
    let (message, shown, _) = try EmailFittingTests.listed(ReportFixtures.busyListing)
    #expect(shown.model.omitted == nil)
    let root = try MIMEPart(parsing: message)
    #expect(root.tree == "multipart/alternative[text/plain,text/html]")
    #expect(root.leaves.allSatisfy { $0.disposition == nil })
    #expect(!message.contains("Content-Disposition") && !message.contains("multipart/mixed"))
  }
}
