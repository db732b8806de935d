import Fixtures
import Foundation

/// What one accepted message showed, read back from what the fake service took: the releases its lines name, how
/// many it said were held back ("and 12 more"), and its size in the service's own measure.
struct SoakMessage {
  var night: Int
  /// The releases shown, by (artist, title) as the lines say them, in order.
  var shown: [SoakLine]
  /// Those of them the message shows as announced, not out yet ("album, out 18 Dec 2026").
  var announced: Set<SoakLine> = []
  /// The releases the JSON channel carried, by id.
  var ids: [String]
  var heldBack: Int
  /// Characters or bytes, as the service counts them.
  var size: Int
  var sizeUnit: String

  /// A release as a line of a message names it.
  struct SoakLine: Hashable {
    var artist: String
    var title: String
  }

  /// Reads `message` (the fake's decoded record of it) as `channel` sent it.
  init(_ message: JSONValue, channel: SoakChannel, night: Int, bodyBytes: Int) {
    self.night = night
    ids = []
    switch channel {
    case .ntfy, .gotify:
      let text = message["message"].string ?? ""
      (shown, announced) = Self.read(Self.lines(text).compactMap(Self.markdownLine))
      heldBack = Self.heldBack(text)
      (size, sizeUnit) = channel == .ntfy ? (text.utf8.count, "bytes") : (text.count, "characters")
    case .discord:
      let content = message["content"].string ?? ""
      let embeds = message["embeds"].array ?? []
      let headings = embeds.compactMap { embed in
        Self.heading(embed["title"].string ?? "").map {
          ($0, ((embed["description"].string) ?? "").contains(", out "))
        }
      }
      (shown, announced) = Self.read(headings + Self.lines(content).compactMap(Self.markdownLine))
      heldBack = Self.heldBack(content)
      let embedCharacters = embeds.reduce(0) { total, embed in
        total + ((embed["title"].string) ?? "").utf16.count + ((embed["description"].string) ?? "").utf16.count
      }
      (size, sizeUnit) = (content.utf16.count + embedCharacters, "characters (content and embeds)")
    case .slack:
      let blocks = message["blocks"].array ?? []
      let sections = blocks.filter { $0["type"].string == "section" }
        .compactMap { $0["text"]["text"].string }
      let text = sections.joined(separator: "\n")
      (shown, announced) = Self.read(Self.lines(text).compactMap(Self.slackLine))
      heldBack = Self.heldBack(text)
      (size, sizeUnit) = (text.count, "characters in \(blocks.count) blocks")
    case .json:
      let releases = message["releases"].array ?? []
      ids = releases.compactMap { $0["id"].string }
      (shown, announced) = Self.read(
        releases.map {
          (SoakLine(artist: $0["artist"].string ?? "", title: $0["title"].string ?? ""), $0.object?["upcoming"] != nil)
        })
      heldBack = 0
      (size, sizeUnit) = (bodyBytes, "bytes")
    }
  }

  /// The lines in order, and those that say the release is announced.
  static func read(_ lines: [(SoakLine, announced: Bool)]) -> ([SoakLine], Set<SoakLine>) {
    (lines.map(\.0), Set(lines.filter(\.announced).map(\.0)))
  }

  static func lines(_ text: String) -> [Substring] {
    text.split(separator: "\n", omittingEmptySubsequences: true)
  }

  /// "and 12 more …": how many the message did not show.
  static func heldBack(_ text: String) -> Int {
    guard let line = lines(text).last, line.hasPrefix("and ") else { return 0 }
    return Int(line.dropFirst(4).prefix { $0.isNumber }) ?? 0
  }

  /// `- **Artist** — [Title](url) · album`, an item of a Markdown list, escaped, as ntfy, Discord's content and
  /// apprise carry it.
  static func markdownLine(_ item: Substring) -> (SoakLine, announced: Bool)? {
    guard item.hasPrefix("- ") else { return nil }
    let line = item.dropFirst(2)
    guard line.hasPrefix("**"), let split = line.range(of: "** — "), split.lowerBound > line.startIndex else {
      return nil
    }
    let rest = line[split.upperBound...]
    let title: Substring
    if rest.hasPrefix("["), let end = rest.range(of: "](") {
      title = rest[rest.index(after: rest.startIndex)..<end.lowerBound]
    } else if let end = rest.range(of: " · ", options: .backwards) {
      title = rest[..<end.lowerBound]
    } else {
      return nil
    }
    let release = SoakLine(
      artist: markdownUnescaped(line[line.index(line.startIndex, offsetBy: 2)..<split.lowerBound]),
      title: markdownUnescaped(title))
    return (release, line[title.endIndex...].contains(", out "))
  }

  /// `*Artist* — <url|Title> · album`, in Slack's markup.
  static func slackLine(_ line: Substring) -> (SoakLine, announced: Bool)? {
    guard line.hasPrefix("*"), let split = line.range(of: "* — "), split.lowerBound > line.startIndex else {
      return nil
    }
    let rest = line[split.upperBound...]
    let title: Substring
    if rest.hasPrefix("<"), let bar = rest.firstIndex(of: "|"), let end = rest.range(of: "> · ", options: .backwards) {
      title = rest[rest.index(after: bar)..<end.lowerBound]
    } else if let end = rest.range(of: " · ", options: .backwards) {
      title = rest[..<end.lowerBound]
    } else {
      return nil
    }
    let release = SoakLine(
      artist: slackUnescaped(line[line.index(after: line.startIndex)..<split.lowerBound]),
      title: slackUnescaped(title))
    return (release, line[title.endIndex...].contains(", out "))
  }

  /// A Discord embed's title: "Artist — Title".
  static func heading(_ heading: String) -> SoakLine? {
    guard let split = heading.range(of: " — ") else { return nil }
    return SoakLine(artist: String(heading[..<split.lowerBound]), title: String(heading[split.upperBound...]))
  }

  /// Markdown's backslash escapes undone.
  static func markdownUnescaped(_ text: Substring) -> String {
    var result = ""
    var escaped = false
    for character in text {
      if character == "\\" && !escaped {
        escaped = true
        continue
      }
      escaped = false
      result.append(character)
    }
    return result
  }

  /// Slack's three entities undone.
  static func slackUnescaped(_ text: Substring) -> String {
    text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&amp;", with: "&")
  }
}
