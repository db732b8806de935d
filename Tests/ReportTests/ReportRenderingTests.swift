import Foundation
import Identity
import Templates
import TestSupport
import Testing

@testable import Report

/// Every format, byte for byte against golden files, plus the properties that make each format safe.
///
/// Re-record the golden files after an intended change with:
///   DEEPCUT_RECORD_GOLDEN=1 swift test --filter ReportRenderingTests
struct ReportRenderingTests {
  static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
  static let recording = ProcessInfo.processInfo.environment["DEEPCUT_RECORD_GOLDEN"] == "1"
  static let email = EmailOptions(
    from: "deepcut <deepcut@example.org>", to: ["Ana <ana@example.org>"],
    date: Date(timeIntervalSince1970: 1_795_953_600))

  static let cases: [(name: String, model: ReportModel)] = [
    ("busy", ReportFixtures.busy), ("empty", ReportFixtures.empty), ("hostile", ReportFixtures.hostile),
    ("partial", ReportFixtures.partial), ("stale", ReportFixtures.stale), ("classes", ReportFixtures.classes),
  ]

  static let feed = FeedOptions(selfURL: "https://example.org/deepcut/deepcut.atom", identity: "tests")

  static func render(_ model: ReportModel, _ format: any ReportFormat.Type) throws -> String {
    let made = format.init(FormatInputs(email: email, feed: feed))
    return try #require(made).text(model)
  }

  @Test(arguments: cases.map(\.name), FormatName.allCases)
  func matchesTheGoldenFile(_ name: String, _ format: FormatName) throws {
    let model = try #require(Self.cases.first { $0.name == name }?.model)
    let type = try #require(format.format)
    let rendered = try Self.render(model, type)
    let ext = type.fileExtension
    let file = Self.golden.appendingPathComponent("\(name).\(ext)")
    if Self.recording {
      try Data(rendered.utf8).write(to: file)
      // A run that records compared nothing: it must not pass, or a stray variable could make CI green.
      Issue.record("recorded \(file.lastPathComponent); run the tests again without DEEPCUT_RECORD_GOLDEN")
      return
    }
    let expected = try String(contentsOf: file, encoding: .utf8)
    #expect(rendered == expected, "\(file.lastPathComponent) differs; re-record with DEEPCUT_RECORD_GOLDEN=1")
  }

  @Test func theBuiltInTemplatesAreTheOnesInTemplates() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    for drawing in [MarkdownFormat.drawing, HTMLFormat.drawing, AtomFormat.drawing, CalendarFormat.drawing] {
      let fileName = drawing.fileName
      let onDisk = try String(contentsOf: root.appendingPathComponent("templates/\(fileName)"), encoding: .utf8)
      let value = try ReportFixtures.busy.templateValue(feed: Self.feed)
      let builtIn = try drawing.template(TemplateLocator()).render(value)
      let fromDisk = try Template(onDisk, name: fileName).render(value)
      #expect(builtIn == fromDisk, "run python3 Scripts/embed_templates.py")
    }
  }

  @Test func everyFormatSaysHowMuchOfTheLibraryWasChecked() throws {
    let line =
      "Checked 420 of 1,610 artists, most played first; the rest continue on the next run, about 60 minutes at the "
      + "current rate."
    #expect(ReportFixtures.partial.coverageLine == line)
    let markdown = try Self.render(ReportFixtures.partial, MarkdownFormat.self)
    #expect(markdown.split(separator: "\n").prefix(3).contains("_\(line)_"))
    let html = try Self.render(ReportFixtures.partial, HTMLFormat.self)
    let headline = try #require(html.range(of: "</h1>"))
    let coverage = try #require(html.range(of: line))
    let firstSection = try #require(html.range(of: ">New</h2>"))
    #expect(headline.upperBound < coverage.lowerBound && coverage.upperBound < firstSection.lowerBound)
    let email = try Self.render(ReportFixtures.partial, EmailFormat.self)
    // Both parts of the e-mail, the text and the HTML, decoded from their base64.
    let parts = email.components(separatedBy: "Content-Transfer-Encoding: base64\r\n\r\n").dropFirst().map { part in
      let encoded = part.components(separatedBy: "\r\n--").first?.replacingOccurrences(of: "\r\n", with: "") ?? ""
      return String(decoding: Data(base64Encoded: encoded) ?? Data(), as: UTF8.self)
    }
    #expect(parts.count == 2)
    #expect(parts.allSatisfy { $0.contains(line) })
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(try Self.render(ReportFixtures.partial, JSONFormat.self).utf8))
        as? [String: Any])
    let fields = try #require(json["coverage"] as? [String: Any])
    #expect(fields["artists"] as? Int == 1_610)
    #expect(fields["checked"] as? Int == 420)
    #expect(fields["remaining"] as? Int == 1_190)
    #expect(fields["complete"] as? Bool == false)
    #expect(fields["estimatedMinutesToFinish"] as? Int == 60)
    // A whole night says nothing of it but the JSON's "complete".
    #expect(ReportFixtures.busy.coverageLine == nil)
    #expect(!(try Self.render(ReportFixtures.busy, MarkdownFormat.self)).contains("Checked "))
  }

  @Test func markdownOrderAndContent() throws {
    let text = try Self.render(ReportFixtures.busy, MarkdownFormat.self)
    let order = [
      "# 3 new releases", "## New", "### 27 Nov 2026", "## Upcoming", "## Editions of albums you own",
      "## Needs attention", "## Summary",
    ]
    let positions = try order.map { try #require(text.range(of: $0)?.lowerBound, "\($0) missing") }
    #expect(positions == positions.sorted())
    #expect(
      text.contains(
        "**Slayer** — [Final Campaign](https://music.apple.com/us/album/1001) · album · 11 tracks · explicit"))
    #expect(text.contains("_you own 2 albums by Slayer, newest 2019; 420 plays_"))
    #expect(text.contains("Reign in Blood \\(Expanded Edition\\)"))
    #expect(text.contains("| Ghost | ambiguous |"))
    #expect(!text.contains("Show No Mercy"))  // older than the window: not news
    #expect(!text.contains("clean"))  // the clean twin folded into the explicit release
  }

  @Test func anEmptyNightSaysSoInOneLine() throws {
    let text = try Self.render(ReportFixtures.empty, MarkdownFormat.self)
    #expect(
      text.hasPrefix(
        "# No new releases from artists you own — 29 Nov 2026\n\nNothing new from your 1 artists since 30 Oct 2026"))
    #expect(!text.contains("## New"))
    let html = try Self.render(ReportFixtures.empty, HTMLFormat.self)
    #expect(html.contains("Nothing new from your 1 artists"))
  }

  @Test func hostileNamesAreEscapedInMarkdown() throws {
    let text = try Self.render(ReportFixtures.hostile, MarkdownFormat.self)
    #expect(text.contains("\\<script\\>alert\\('x'\\)\\</script\\> & \\*Friends\\*"))
    #expect(text.contains("\\[click\\]\\(javascript:alert\\(1\\)\\) \\| \\`rm -rf\\` \\# \\_now\\_"))
    #expect(!text.contains("<script>"))
    #expect(text.contains("宇多田ヒカル"))
    #expect(text.contains("فيروز"))
    #expect(text.contains("🎶"))
  }

  @Test func hostileNamesAreEscapedInHTML() throws {
    let html = try Self.render(ReportFixtures.hostile, HTMLFormat.self)
    #expect(!html.contains("<script>alert"))
    #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; *Friends*"))
    #expect(html.contains("Ya Tayr &quot;Live&quot; 🎶"))
    #expect(!html.lowercased().contains("href=\"javascript:"))
  }

  @Test(arguments: [
    "javascript:alert(1)", "JavaScript:alert(1)", " javascript:alert(1)", "data:text/html,hi", "file:///etc/passwd",
    "vbscript:x", "//evil.example/x", "https//missing-colon",
  ])
  func onlyWebLinksSurvive(_ link: String) {
    #expect(ReportBuilder.safeLink(link) == nil)
  }

  @Test func webLinksAreKeptWithBreakingCharactersEncoded() {
    #expect(
      ReportBuilder.safeLink("https://music.apple.com/a (b)\"<c>") == "https://music.apple.com/a%20%28b%29%22%3Cc%3E")
    #expect(ReportBuilder.safeLink("HTTP://example.org/x") == "HTTP://example.org/x")
  }

  @Test func htmlIsFitForEmail() throws {
    let html = try Self.render(ReportFixtures.busy, HTMLFormat.self)
    #expect(!html.lowercased().contains("<script"))
    #expect(html.contains("<meta name=\"color-scheme\" content=\"light dark\">"))
    #expect(html.contains("width=\"600\""))
    #expect(!html.contains("<link"))
    let images = html.components(separatedBy: "<img ").dropFirst()
    #expect(images.count == 3)  // one cover per new release
    for image in images {
      let tag = image.prefix { $0 != ">" }
      #expect(tag.contains("alt=\"Cover of "))
      #expect(tag.contains("width=\"64\"") && tag.contains("height=\"64\""))
    }
  }

  @Test func jsonCarriesEverything() throws {
    let json = try Self.render(ReportFixtures.busy, JSONFormat.self)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect((object["new"] as? [[String: Any]])?.count == 3)
    #expect((object["owned"] as? [[String: Any]])?.count == 2)
    #expect((object["needsAttention"] as? [[String: Any]])?.count == 3)
    #expect((object["summary"] as? [String: Any])?["releasesOlder"] as? Int == 1)
  }

  @Test func aTwentyThousandReleaseNightRendersFarInsideTheStepLimit() async throws {
    // Half a minute of rendering, on a thread of its own rather than the pool the other tests share.
    let (count, markdown, html) = try await onAThreadOfItsOwn {
      // 2,000 artists with ten new releases and two owned albums each: a bigger night than any library has had.
      let artists = (0..<2_000).map { index in
        ReportFixtures.Artist(
          name: "Artist \(index)", owned: ["Owned \(index)", "Also owned \(index)"],
          releases: (0..<10).map { ("Release \(index).\($0) <live>", "2026-11-\(10 + $0)", .explicit) })
      }
      let model = ReportFixtures.model(artists)
      // A fifth of the default limit is enough for both built-in templates: the limit stops runaways, not reports.
      let limit = Template.defaultStepLimit / 5
      let value = try model.templateValue()
      return (
        model.new.count, try MarkdownFormat.drawing.template(TemplateLocator()).render(value, stepLimit: limit),
        try HTMLFormat.drawing.template(TemplateLocator()).render(value, stepLimit: limit)
      )
    }
    #expect(count == 20_000)
    #expect(markdown.contains("Release 1999.9"))
    #expect(html.contains("Release 1999.9 &lt;live&gt;"))
  }

  @Test func aBrokenUserTemplateIsAClearError() throws {
    let path = NSTemporaryDirectory() + "deepcut-template-\(UUID().uuidString).mustache"
    try Data("# {{headline}}\n{{#new}}\n- {{title}}\n".utf8).write(to: URL(fileURLWithPath: path))
    #expect {
      try MarkdownFormat().text(ReportFixtures.busy, templates: TemplateLocator(explicitPath: path))
    } throws: { error in
      guard case .templateInvalid(let templateError) = error as? ReportError else { return false }
      return templateError.line == 2 && templateError.description.contains("new")
    }
  }

  @Test func aTemplateInTheConfigFolderOverridesTheBuiltInOne() throws {
    let directory = NSTemporaryDirectory() + "deepcut-templates-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try Data("{{newCount}} new for {{dateLabel}}\n".utf8).write(
      to: URL(fileURLWithPath: directory + "/report.md.mustache"))
    let locator = TemplateLocator(overrideDirectory: directory)
    #expect(
      try MarkdownFormat().text(ReportFixtures.busy, templates: locator) == "3 new for 29 Nov 2026\n")
    // Only the Markdown one was overridden.
    #expect(try HTMLFormat().text(ReportFixtures.busy, templates: locator).hasPrefix("<!DOCTYPE html>"))
  }
}
