import Fixtures
import Foundation
import Report
import Templates
import TestSupport
import Testing

/// Templates see the JSON report's own fields (a nil among them as null, where JSON leaves it out) and the members
/// only templates need; JSON never carries those.
struct TemplateViewTests {
  static func fields(_ value: TemplateValue) -> [String: TemplateValue] {
    if case .object(let fields) = value { return fields }
    Issue.record("not an object: \(value)")
    return [:]
  }

  static func items(_ value: TemplateValue?) -> [TemplateValue] {
    if case .array(let items) = value { return items }
    Issue.record("not an array: \(String(describing: value))")
    return []
  }

  static func json(_ model: ReportModel) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(try JSONFormat().text(model).utf8))
    return try #require(object as? [String: Any])
  }

  @Test func theModelsFieldsAndTheTemplateOnlyOnes() throws {
    var model = ReportFixtures.busy
    model.timings = [
      ReportModel.Timing(phase: "catalog", seconds: 1.5, cache: "warm"), .init(phase: "render", seconds: 0.25),
    ]
    let json = try Self.json(model)
    let view = Self.fields(try model.templateValue())
    // Every JSON field is there; beside them only the template-only members and the nils JSON leaves out.
    #expect(Set(json.keys).isSubset(of: view.keys))
    #expect(
      Set(view.keys).subtracting(json.keys) == [
        "generatedCompact", "hasTimings", "omitted", "coverageLine", "catalogCoverage", "linksLine", "library",
        "digest",
      ])
    #expect(view["generatedCompact"] == "20261129T120000Z" && view["hasTimings"] == true)
    #expect(view["omitted"] == .null && view["coverageLine"] == .null)
    #expect(view["days"] == 30 && view["hasNew"] == true && view["headline"] == .string(model.headline))
    // Timings are text to the millisecond in templates, numbers in JSON.
    #expect(
      view["timings"] == [
        ["phase": "catalog", "seconds": "1.500", "cache": "warm"],
        ["phase": "render", "seconds": "0.250", "cache": nil],
      ])
    #expect((json["timings"] as? [[String: Any]])?.first?["seconds"] as? Double == 1.5)
  }

  @Test func aReleaseHasItsFieldsAndWhatFeedsAndCalendarsWant() throws {
    let model = ReportFixtures.busy
    let release = try #require(model.new.first)
    let json = try #require((try Self.json(model)["new"] as? [[String: Any]])?.first)
    let view = Self.fields(try #require(Self.items(Self.fields(try model.templateValue())["new"]).first))
    let extras: Set = [
      "dateTime", "dateCompact", "dayAfterCompact", "datePartial", "summaryHTML", "severalLinks", "listenLinks",
      "listenSearch", "listenButton", "classOrKind",
    ]
    #expect(!json.keys.contains(where: extras.contains))
    // What JSON leaves out when the release has none: its genre, the album it is an edition of, where it is listened,
    // the words of a class that is not studio and the album a reissue reissues.
    #expect(
      Set(view.keys).subtracting(json.keys)
        == extras.union(["genre", "editionOf", "listen", "classLabel", "reissueOf"]))
    #expect(view["class"] == "studio" && json["class"] as? String == "studio" && view["classEvidence"] == [])
    #expect(release.genre == nil && view["genre"] == .null && view["editionOf"] == .null && view["listen"] == .null)
    #expect(view["title"] == .string(release.title) && view["rank"] == .int(release.rank))
    #expect(view["trackCount"] == .int(release.trackCount ?? 0) && view["explicit"] == .bool(release.explicit))
    #expect(view["dateTime"] == "2026-11-27T00:00:00Z" && view["dateCompact"] == "20261127")
    #expect(view["dayAfterCompact"] == "20261128" && view["datePartial"] == false)
    #expect(
      view["summaryHTML"]
        == .string(
          "<p>Portishead — <a href=\"https://music.apple.com/us/album/1100\">Roads - Single</a> · single · 10 tracks · 27 Nov 2026</p><p><em>\(release.reason)</em></p>"
        ))
  }

  @Test func feedsAndCalendarsAddWhatTheySayAboutThemselves() throws {
    let model = ReportFixtures.busy
    let plain = Self.fields(try model.templateValue())
    let feed = Self.fields(
      try model.templateValue(feed: FeedOptions(selfURL: "https://example.org/deepcut.atom", identity: "tests")))
    #expect(Set(feed.keys) == Set(plain.keys).union(["feed", "calendar"]))
    let about = Self.fields(try #require(feed["feed"]))
    #expect(about["id"] == "https://example.org/deepcut.atom" && about["selfURL"] == "https://example.org/deepcut.atom")
    #expect(about["title"] == "New releases from artists you own")
    // The feed's entries are the new releases, newest first, as the model has them.
    #expect(Self.items(about["entries"]).map { Self.fields($0)["id"] } == model.new.map { .string($0.id) })
    let calendar = Self.fields(try #require(feed["calendar"]))
    #expect(calendar["name"] == "Upcoming releases")
    #expect(Self.items(calendar["events"]).count == model.upcoming.count)
  }

  /// The template view without what only templates see: the members extras add, and the nils JSON leaves out.
  static func withoutTemplateOnly(_ value: TemplateValue) -> TemplateValue {
    let templateOnly: Set = [
      "generatedCompact", "hasTimings", "link", "dateTime", "dateCompact", "dayAfterCompact", "datePartial",
      "summaryHTML", "severalLinks", "listenLinks", "classOrKind",
    ]
    switch value {
    case .array(let items): return .array(items.map(withoutTemplateOnly))
    case .object(let members):
      return .object(
        members.filter { !templateOnly.contains($0.key) && $0.value != .null }.mapValues(withoutTemplateOnly))
    default: return value
    }
  }

  /// The whole tree, not a sample of fields: what templates read is what JSON encodes, member for member and value
  /// for value, on every fixture, shortened e-mails with and without a full report among them.
  @Test(arguments: ["busy", "partial", "empty", "hostile", "shortened", "shortenedWithFullReport"])
  func templatesReadWhatJSONEncodes(fixture: String) throws {
    let model: ReportModel =
      switch fixture {
      case "partial": ReportFixtures.partial
      case "empty": ReportFixtures.empty
      case "hostile": ReportFixtures.hostile
      case "shortened": try EmailFittingTests.email(EmailFittingTests.longNight(300)).shown
      case "shortenedWithFullReport":
        try EmailFittingTests.email(EmailFittingTests.longNight(300), fullReportURL: "https://example.org/full.html")
          .shown
      default: ReportFixtures.busy
      }
    let json = try JSONValue(json: try JSONFormat().text(model))
    #expect(Self.withoutTemplateOnly(try model.templateValue()) == json.templateValue)
  }
}

/// What JSON encodes is the model: decoding a report's JSON gives back the model it was rendered from, each fixture.
@Suite struct ReportJSONTests {
  @Test(arguments: ReportRenderingTests.cases.map(\.name))
  func theJSONOfAReportDecodesIntoItsModel(_ name: String) throws {
    let model = try #require(ReportRenderingTests.cases.first { $0.name == name }?.model)
    #expect(try ReportModel(json: JSONFormat().text(model)) == model)
  }
}

extension JSONValue {
  /// The JSON report read back as a template value, told apart as JSON tells them (a Bool only from true/false, an
  /// Int only from a whole number), to set beside the template view.
  fileprivate var templateValue: TemplateValue {
    switch self {
    case .null: .null
    case .bool(let value): .bool(value)
    case .int(let value): .int(value)
    case .double(let value): .double(value)
    case .string(let value): .string(value)
    case .array(let items): .array(items.map(\.templateValue))
    case .object(let members): .object(members.mapValues(\.templateValue))
    }
  }
}
