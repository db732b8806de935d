import Catalog
import Fixtures
import Foundation
import Report
import TestSupport
import Testing

/// `--listen spotify` on a night that searches MusicBrainz: a row whose release group's releases link a live Spotify
/// album opens it directly, said to come from MusicBrainz; every other row a search on Spotify. Each listed group is
/// asked once, and the same night again asks nothing.
struct ListenPagesTests {
  @Test func rowsMusicBrainzLinksOnSpotifyOpenThereAndASecondNightAsksNoLinksAgain() async throws {
    let setup = try await JointNightTests.setup()
    defer { try? FileManager.default.removeItem(atPath: setup.home) }
    let world = setup.world
    try await FakeCatalogServer.with(.musicbrainz, world: world.musicBrainzWorld) { server in
      let night = JointNightTests()
      let first = try await night.report(setup, [.musicBrainz: server], provider: "musicbrainz", listen: "spotify")
      #expect(first.status == 0, "\(first.stderr)")
      let report = try ReportModel(json: first.stdout)
      let rows = report.new + report.upcoming + report.editions + report.backfill
      var direct = 0
      var groups: Set<String> = []
      for row in rows {
        let listen = try #require(row.listen, "\(row.title) opens nowhere")
        #expect(listen.service == "spotify" && row.url == listen.url)
        let group = try #require(row.links.first { $0.catalog == "musicbrainz" }?.id.rawValue)
        groups.insert(group)
        let release = try #require(world.release(in: .musicBrainz, id: group))
        let spotify = world.musicBrainzURLs(of: release).first {
          !$0.ended && ListeningService.of(url: $0.resource) == .spotify
        }
        if let spotify {
          #expect(listen.direct && listen.catalog == "musicbrainz" && listen.url == spotify.resource)
          direct += 1
        } else {
          #expect(!listen.direct && listen.catalog == nil, "\(row.title): \(listen.url)")
          #expect(listen.url.hasPrefix("https://open.spotify.com/search/"))
        }
      }
      #expect(direct > 10 && direct < rows.count, "\(direct) of \(rows.count) open Spotify directly")
      // One browse a listed release group, and no more.
      let asked = try await Self.linkRequests(server)
      #expect(asked.count == groups.count && Set(asked) == groups)

      try await server.clearLog()
      let second = try await night.report(setup, [.musicBrainz: server], provider: "musicbrainz", listen: "spotify")
      #expect(second.status == 0, "\(second.stderr)")
      #expect(try await Self.linkRequests(server).isEmpty)
      #expect(try ReportModel(json: second.stdout).new.map(\.listen) == report.new.map(\.listen))

      // `why` opens the album where the row did, from what the night kept.
      let row = try #require(rows.first { $0.listen?.direct == true })
      let why = try await DeepcutProcess.run([
        "why", row.artist, row.title, "--library", setup.libraryPath, "--provider", "musicbrainz", "--state-dir",
        setup.home + "/state-musicbrainz--spotify", "--listen", "spotify", "--json",
      ])
      #expect(why.status == 0, "\(why.stderr)")
      let explanation = try JSONDecoder().decode(Explanation.self, from: Data(why.stdout.utf8))
      #expect(explanation.album?.listen == row.listen)
    }
  }

  /// The release groups whose releases' links were asked, in the order asked.
  static func linkRequests(_ server: FakeCatalogServer) async throws -> [String] {
    try await server.requestLog().compactMap { entry in
      guard entry.path == "/ws/2/release" else { return nil }
      #expect(entry.query["inc"] == "url-rels" && entry.query["limit"] == "100")
      return entry.query["release-group"]
    }
  }
}
