import Fixtures
import Foundation
import Report
import TestSupport
import Testing

/// Text from a catalog can break nothing: a night whose catalog titles and artist credits carry line breaks, list
/// markers, Markdown and HTML, mentions of everyone, control and bidirectional characters and a 5,000-character title,
/// through every format, the e-mail and every push service, the real binary against the fakes. Each message is
/// read: nothing pings, no list item or link is added, nothing passes a service's limit, and each row still reads.
struct HostileTextTests {
  static let lines = "Night One\n- injected item\n# A heading\n\n> quoted"
  static let markup = "[click](https://evil.example/x) **bold** <b>html</b> | cell | `code`"
  static let mentions = "@everyone @here <@&123456> <!channel> <!here>"
  static let hidden = "Bidi \u{202E}txet desrever\u{202C} \u{7}bell\u{1B}[31mred\u{85}next"
  static let long = String(repeating: "Long ", count: 1_000)
  static let credit = "Begoña Françoise\n- @everyone <script>alert(1)</script>"
  static let titles = [lines, markup, mentions, hidden, long]

  /// The sample's iTunes world, with the hostile albums added to its first artist, credited to a hostile name.
  static func world() throws -> FakeWorld {
    let path = DeepcutProcess.packageRoot.appendingPathComponent("samples/catalogs/itunes/world.json")
    var world = try FakeWorld(contentsOf: path)
    try #require(world["artists"][0]["albums"].array != nil)
    let artistID = world["artists"][0]["artistId"]
    for (index, title) in titles.enumerated() {
      world["artists"][0]["albums"].append([
        "collectionId": .int(1_900_000_000 + index), "collectionName": .string(title),
        "releaseDate": .string("2026-11-2\(index)"), "trackCount": 10,
        "artistId": artistID.isNull ? 0 : artistID, "artistName": .string(credit),
      ])
    }
    return world
  }

  /// What no message may carry: the hidden characters, raw.
  static func isClean(_ text: String) -> Bool {
    !text.unicodeScalars.contains { scalar in
      (scalar.value < 0x20 && scalar != "\n" && scalar != "\r" && scalar != "\t")
        || (0x7F...0x9F).contains(scalar.value)
        || (0x202A...0x202E).contains(scalar.value)
    }
  }

  @Test func everyFormatShowsTheRowsAndNothingMore() async throws {
    try await FakeCatalogServer.with(world: try Self.world()) { server in
      let state = NSTemporaryDirectory() + "deepcut-hostile-" + UUID().uuidString
      func render(_ format: String, _ extra: [String] = []) async throws -> String {
        let result = try await DeepcutProcess.run(
          [
            "report", "--library", "samples/Library.xml", "--provider", "itunes", "--base-url",
            server.baseURL.absoluteString, "--now", "2026-11-29", "--state-dir", state, "--quiet", "--format", format,
          ] + extra)
        #expect(result.status == 0, "\(format): \(result.stderr)")
        #expect(Self.isClean(result.stdout), "\(format) carries a hidden character")
        return result.stdout
      }
      let model = try ReportModel(json: try await render("json"))
      let hostile = model.new.filter {
        $0.artist.hasPrefix("Begoña Françoise") && $0.catalogID.rawValue.hasPrefix("19")
      }
      #expect(hostile.count == Self.titles.count)
      for row in hostile {
        #expect(!row.title.contains("\n") && !row.artist.contains("\n") && row.title.count <= 500, "\(row.title)")
      }
      let markdown = try await render("markdown")
      Self.checkMarkdown(markdown, rows: model.new.count)
      let html = try await render("html")
      #expect(!html.contains("<b>html</b>") && !html.contains("<script>") && !html.contains("href=\"https://evil"))
      #expect(html.contains("&lt;b&gt;html&lt;/b&gt;"))
      let atom = try XMLTree.parse(Data(try await render("atom").utf8))
      #expect(atom.all("entry").count == model.new.count)
      let calendar = try ICalendarParser.parse(Data(try await render("ics").utf8))
      #expect(calendar.children.count { $0.name == "VEVENT" } == model.upcoming.count)
      let email = try MIMEPart(parsing: try await render("email", ["--to", "me@example.org"]))
      let text = try #require(try email.leaves.first { $0.type == "text/plain" }?.text())
      Self.checkMarkdown(text, rows: model.new.count)
    }
  }

  /// One list item a row, each starting a line as the template wrote it; the catalog's text adds none, nor a
  /// heading, a quote or a link.
  static func checkMarkdown(_ text: String, rows: Int) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(!lines.contains { $0.hasPrefix("- injected") || $0.hasPrefix("# A heading") || $0.hasPrefix("> quoted") })
    let new = lines.drop { $0 != "## New" }.dropFirst().prefix { !$0.hasPrefix("## ") }
    #expect(new.count { $0.hasPrefix("- ") } == rows, "\(new.joined(separator: "\n"))")
    #expect(!text.contains("[click](https://evil"))
    #expect(text.contains(#"\[click\]\(https://evil.example/x\) \*\*bold\*\* \<b\>html\</b\>"#))
  }

  @Test func everyPushServiceTellsTheRowsWithinItsLimitsAndPingsNoOne() async throws {
    try await PushCommandTests.Services.with { services in
      try await FakeCatalogServer.with(world: try Self.world()) { catalog in
        let home = try PushCommandTests.Home(services.lines)
        let night = try await DeepcutProcess.run(
          [
            "report", "--config", home.config, "--provider", "itunes", "--base-url", catalog.baseURL.absoluteString,
            "--now", "2026-11-29", "--state-dir", home.state, "--output", home.path + "/report.md",
          ] + services.serviceURLs)
        #expect(night.status == 0, "\(night.stderr)")
        let ntfy = try #require(try await services.taken(services.ntfy).first)
        let message = try #require(ntfy["message"].string)
        #expect(message.utf8.count <= 4_096 && Self.isClean(message))
        #expect(!message.split(separator: "\n").contains { $0.hasPrefix("- injected") || $0.hasPrefix("# A heading") })
        #expect(!message.contains("[click](https://evil"))
        let discord = try #require(try await services.taken(services.discord).first)
        #expect(discord["allowed_mentions"]["parse"] == [])
        let content = try #require(discord["content"].string)
        #expect(content.utf16.count <= 2_000 && Self.isClean(content))
        let embeds = discord["embeds"].array ?? []
        let embedded = embeds.reduce(0) {
          $0 + (($1["title"].string)?.utf16.count ?? 0) + (($1["description"].string)?.utf16.count ?? 0)
        }
        #expect(embeds.count <= 10 && embedded <= 6_000)
        #expect(embeds.allSatisfy { (($0["title"].string)?.utf16.count ?? 0) <= 256 })
        let slack = try #require(try await services.taken(services.slack).first)
        let sections = (slack["blocks"].array ?? []).compactMap { $0["text"]["text"].string }
        #expect(sections.allSatisfy { $0.count <= 3_000 && Self.isClean($0) } && sections.count <= 50)
        let said = sections.joined(separator: "\n")
        #expect(!said.contains("<!channel>") && !said.contains("<!here>") && !said.contains("<@&"))
        #expect(!said.contains("@here") && said.contains("@\u{2060}here"))
        let json = try #require(try await services.taken(services.webhook).first)
        #expect(((json["message"].string) ?? "").split(separator: "\n").allSatisfy { !$0.hasPrefix("- injected") })
        let gotify = try #require(try await services.taken(services.gotify).first)
        #expect(((gotify["message"].string) ?? "").count <= 1_900)
      }
    }
  }
}
