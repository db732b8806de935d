import Fixtures
import Foundation
import Report
import TestSupport
import Testing

/// `deepcut report --provider musicbrainz` end to end: the built binary against the fake MusicBrainz service.
struct MusicBrainzCommandTests {
  static func id(_ number: Int, _ kind: Int = 0) -> String {
    let hex = String(number, radix: 16)
    return "\(kind)0000000-0000-4000-8000-" + String(repeating: "0", count: 12 - hex.count) + hex
  }

  /// The report tests' library (Slayer, Portishead, Nobody Knows) as MusicBrainz holds it, with a namesake.
  static var world: FakeWorld {
    func group(
      _ number: Int, _ title: String, _ date: String, type: String = "Album", secondary: [String] = [],
      cover: Bool? = nil
    ) -> JSONValue {
      var group: JSONValue = [
        "id": .string(id(number, 1)), "title": .string(title), "primary-type": .string(type),
        "first-release-date": .string(date), "secondary-types": .array(secondary.map(JSONValue.string)),
      ]
      if let cover { group["cover"] = .bool(cover) }
      return group
    }
    return [
      "artists": [
        [
          "id": .string(id(1)), "name": "Slayer", "disambiguation": "US thrash metal band",
          "release-groups": [
            group(1, "Reign in Blood", "1986-10-07"),
            group(2, "Repentless", "2026-11-20", cover: true),
            group(3, "Live Undead", "2026-11-10", secondary: ["Live"]),
            group(4, "Final Campaign", "2027-01", type: "EP"),
          ],
        ],
        [
          "id": .string(id(2)), "name": "Slayer", "disambiguation": "UK DJ",
          "release-groups": [group(5, "Bass Drops", "2026-11-10", type: "Single")],
        ],
        ["id": .string(id(3)), "name": "Portishead", "release-groups": [group(6, "Dummy", "1994-08-22")]],
      ]
    ]
  }

  func setUp(config: String = "{}") throws -> (home: String, environment: [String: String]) {
    let home = NSTemporaryDirectory() + "deepcut-mb-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: home + "/config/deepcut", withIntermediateDirectories: true)
    try Data(ReportCommandTests.library.utf8).write(to: URL(fileURLWithPath: home + "/Library.xml"))
    try Data(config.utf8).write(to: URL(fileURLWithPath: home + "/config/deepcut/config.json"))
    return (home, ["XDG_CONFIG_HOME": home + "/config", "XDG_STATE_HOME": home + "/state"])
  }

  @Test func withoutAContactMusicBrainzIsNotAskedAndTheRunExits78() async throws {
    let (home, environment) = try setUp()
    let result = try await DeepcutProcess.run(
      ["report", "--library", home + "/Library.xml", "--provider", "musicbrainz"], environment: environment)
    #expect(result.status == 78)
    #expect(result.stderr.contains(#"set "contact""#))
    #expect(result.stderr.contains("--contact"))
    // musicbrainz.org takes one request a second at most.
    let fast = try await DeepcutProcess.run(
      [
        "report", "--library", home + "/Library.xml", "--provider", "musicbrainz", "--contact", "me@example.org",
        "--rate-limit", "120",
      ], environment: environment)
    #expect(fast.status == 64)
    #expect(fast.stderr.contains("at most one request a second"))
  }

  @Test func aRunFindsTheNewAndTheUpcomingWithMusicBrainzLinksAndNoEditions() async throws {
    try await FakeCatalogServer.with(.musicbrainz, world: Self.world) { server in
      let (home, environment) = try setUp(
        config: """
          {
            "provider": {
              "name": "musicbrainz", "baseURL": "\(server.baseURL.absoluteString)",
              "coverArtURL": "\(server.baseURL.absoluteString)", "requestsPerMinute": 0
            },
            "email": { "from": "deepcut <me@example.org>" }
          }
          """)
      let result = try await DeepcutProcess.run(
        ["report", "--library", home + "/Library.xml", "--format", "json", "--now", "2026-11-29"],
        environment: environment)
      #expect(result.status == 0, "\(result.stderr)")
      let report = try ReportModel(json: result.stdout)
      #expect(report.new.map(\.title) == ["Repentless"])  // not the live album, not the DJ's single
      #expect(report.new.first?.url == "https://musicbrainz.org/release-group/\(Self.id(2, 1))")
      // The Cover Art Archive has a cover for Repentless, none yet for the announced EP.
      #expect(
        report.new.first?.artworkURL == server.baseURL.absoluteString + "/release-group/\(Self.id(2, 1))/front-250")
      #expect(report.upcoming.map(\.releaseDate) == ["2027-01"])
      #expect(report.upcoming.first?.releaseDateLabel == "Jan 2027")
      #expect(report.upcoming.first?.kind == "EP")
      #expect(report.upcoming.first?.artworkURL == nil)
      #expect(report.editions.isEmpty)
      #expect(report.needsAttention.map(\.artist) == ["Nobody Knows"])
      // One search for the three names, a second for the one not found, a question for the Slayers, one release
      // search, and a cover question for each of the two releases listed: every request said who sent it, taking
      // the sender's address from the e-mail settings.
      let log = try await server.requestLog()
      #expect(log.count == 6)
      #expect(log.allSatisfy { $0.userAgent?.hasSuffix(" ( me@example.org )") == true })
      #expect(log.compactMap { $0.status }.sorted() == [200, 200, 200, 200, 200, 404])
      #expect(log.filter { $0.path.hasPrefix("/release-group/") == true }.count == 2)

      // Resolutions are kept per catalog: MusicBrainz knows Slayer, iTunes has not been asked.
      let listed = try await DeepcutProcess.run(["artists", "--provider", "musicbrainz"], environment: environment)
      #expect(listed.stdout.contains("Slayer\tresolved\t\(Self.id(1))"))
      let itunes = try await DeepcutProcess.run(["artists", "--provider", "itunes"], environment: environment)
      #expect(itunes.stdout.contains("no artists looked up yet"))
    }
  }

  @Test func pinsTakeMusicBrainzIds() async throws {
    let (_, environment) = try setUp()
    let wrong = try await DeepcutProcess.run(
      ["artists", "pin", "Nirvana", "414425", "--provider", "musicbrainz"], environment: environment)
    #expect(wrong.status == 64)
    #expect(wrong.stderr.contains("a MusicBrainz artist id looks like"))
    let both = try await DeepcutProcess.run(
      ["artists", "pin", "Nirvana", Self.id(1).uppercased(), Self.id(2), "--provider", "musicbrainz"],
      environment: environment)
    #expect(both.status == 0, "\(both.stderr)")
    let listed = try await DeepcutProcess.run(["artists", "--provider", "musicbrainz"], environment: environment)
    #expect(listed.stdout.contains("Nirvana\tpinned\t\(Self.id(1))\t\t\(Self.id(2))"))
  }
}
