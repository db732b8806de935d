import Foundation
import MusicLibrary
import TestSupport
import Testing

@testable import Report

/// A library export older than `--stale-after` is named under the headline of every format that carries lines of
/// its own (Markdown, HTML, both parts of the e-mail), in JSON as `library`, and nowhere when it is fresh.
struct StaleLibraryTests {
  static let line =
    "The library export is 30 days old (written 30 Oct 2026): albums you got since then may be listed as new."

  @Test func theModelSaysHowOldTheLibraryIsAndWhatToDo() throws {
    let library = try #require(ReportFixtures.stale.library)
    #expect(library.stale)
    #expect(library.ageDays == 30)
    #expect(library.exportedAt == "2026-10-30T09:15:00Z")
    #expect(library.exportedAtLabel == "30 Oct 2026")
    #expect(library.dateSource == "exportDate")
    #expect(library.line == Self.line)
    #expect(library.advice == LibraryAge.advice)
    #expect(LibraryAge.advice.contains("Share Library XML with other applications"))
  }

  @Test func aFreshLibraryHasItsAgeAndNoLine() throws {
    let now = ReportFixtures.now
    let age = LibraryAge(
      exportDate: now.addingTimeInterval(-86_400 * 3), fileModified: nil, now: now, staleAfterDays: 14)
    let library = try #require(ReportFixtures.busyListing(libraryAge: age).model.library)
    #expect(!library.stale && library.ageDays == 3)
    #expect(library.line == nil && library.advice == nil)
    let markdown = try ReportRenderingTests.render(
      ReportFixtures.busyListing(libraryAge: age).model, MarkdownFormat.self)
    #expect(!markdown.contains("days old"))
    // Without a time to tell it by, there is no `library` at all.
    #expect(ReportFixtures.busy.library == nil)
  }

  @Test func theFilesTimeIsNamedAsSuch() throws {
    let now = ReportFixtures.now
    let age = try #require(
      LibraryAge(exportDate: nil, fileModified: now.addingTimeInterval(-86_400 * 20), now: now, staleAfterDays: 14))
    let library = ReportBuilder.library(age)
    #expect(library.dateSource == "fileModified")
    #expect(
      library.line
        == "The library file is 20 days old (last changed 9 Nov 2026): albums you got since then may be listed as new.")
  }

  @Test func markdownAndHTMLNameItUnderTheHeadline() throws {
    let markdown = try ReportRenderingTests.render(ReportFixtures.stale, MarkdownFormat.self)
    let lines = markdown.split(separator: "\n")
    #expect(lines[0].hasPrefix("# "))
    #expect(lines[1].hasPrefix("> **The library export is 30 days old \\(written 30 Oct 2026\\)"))
    #expect(lines[1].contains("Share Library XML with other applications"))
    let html = try ReportRenderingTests.render(ReportFixtures.stale, HTMLFormat.self)
    let headline = try #require(html.range(of: "</h1>"))
    let stale = try #require(html.range(of: "<strong>" + Self.line + "</strong>"))
    let firstSection = try #require(html.range(of: ">New</h2>"))
    #expect(headline.upperBound < stale.lowerBound && stale.upperBound < firstSection.lowerBound)
  }

  @Test func bothPartsOfTheEmailNameIt() throws {
    let email = try ReportRenderingTests.render(ReportFixtures.stale, EmailFormat.self)
    let parts = email.components(separatedBy: "Content-Transfer-Encoding: base64\r\n\r\n").dropFirst().map { part in
      let encoded = part.components(separatedBy: "\r\n--").first?.replacingOccurrences(of: "\r\n", with: "") ?? ""
      return String(decoding: Data(base64Encoded: encoded) ?? Data(), as: UTF8.self)
    }
    #expect(parts.count == 2)
    #expect(parts.allSatisfy { $0.contains("30 days old") && $0.contains("Export Library") })
  }

  @Test func jsonCarriesItAndReadsBack() throws {
    let text = try ReportRenderingTests.render(ReportFixtures.stale, JSONFormat.self)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let library = try #require(object["library"] as? [String: Any])
    #expect(library["stale"] as? Bool == true)
    #expect(library["ageDays"] as? Int == 30)
    #expect(library["exportedAt"] as? String == "2026-10-30T09:15:00Z")
    #expect(library["line"] as? String == Self.line)
    #expect(try ReportModel(json: text) == ReportFixtures.stale)
    // A fresh night's JSON has no key it did not have before.
    #expect(!(try ReportRenderingTests.render(ReportFixtures.busy, JSONFormat.self)).contains("\"library\""))
  }
}
