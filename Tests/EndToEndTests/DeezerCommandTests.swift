import Fixtures
import Foundation
import Report
import TestSupport
import Testing

/// `--provider deezer` as a person runs it: the real binary against the fake Deezer service on 127.0.0.1 (the
/// sample world), then offline from what it kept, and its ids for `artists pin`.
struct DeezerCommandTests {
  static var world: FakeWorld {
    get throws {
      try FakeWorld(contentsOf: DeepcutProcess.packageRoot.appendingPathComponent("samples/catalogs/deezer/world.json"))
    }
  }

  @Test func aReportHasDeezerLinksAndCoversAndRunsOfflineAfterwards() async throws {
    let state = NSTemporaryDirectory() + "deepcut-deezer-" + UUID().uuidString
    try await FakeCatalogServer.with(.init(catalog: "deezer"), world: try Self.world) { server in
      let arguments = [
        "report", "--library", "samples/Library.xml", "--provider", "deezer", "--now", "2026-11-29", "--state-dir",
        state, "--format", "json", "--quiet",
      ]
      let online = try await DeepcutProcess.run(arguments + ["--base-url", server.baseURL.absoluteString])
      #expect(online.status == 0, "\(online.stderr)")
      let report = try ReportModel(json: online.stdout)
      // Deezer alone types none of the sample's untitled live album and reissue: they are new here, with the rest.
      #expect(report.new.count == 9)
      #expect(report.alsoOut.map(\.title).contains("Greatest Hits"))
      #expect(report.new.allSatisfy { $0.url?.hasPrefix("https://www.deezer.com/album/") == true })
      #expect(report.new.allSatisfy { $0.artworkURL?.contains("dzcdn.net") == true })
      let log = try await server.requestLog()
      #expect(log.allSatisfy { $0.acceptLanguage == "en" })
      // Offline: the same releases from what the state kept, and not one request.
      try await server.clearLog()
      let offline = try await DeepcutProcess.run(arguments + ["--offline"])
      #expect(offline.status == 0, "\(offline.stderr)")
      let kept = try ReportModel(json: offline.stdout)
      #expect(kept.new == report.new, "new differs offline")
      #expect(kept.upcoming == report.upcoming, "upcoming differs offline")
      #expect(kept.editions == report.editions, "editions differs offline")
      #expect(try await server.requestCount == 0)
    }
    let wrong = try await DeepcutProcess.run([
      "artists", "pin", "Portishead", "abc", "--provider", "deezer", "--state-dir", state,
    ])
    #expect(wrong.status == 64)
    #expect(wrong.stderr.contains("a Deezer artist id is a number"))
    let pinned = try await DeepcutProcess.run([
      "artists", "pin", "Portishead", "27", "--provider", "deezer", "--state-dir", state,
    ])
    #expect(pinned.status == 0, "\(pinned.stderr)")
  }

  @Test func theProductionLimitIsKept() async throws {
    let faster = try await DeepcutProcess.run([
      "report", "--library", "samples/Library.xml", "--provider", "deezer", "--rate-limit", "700", "--state-dir",
      NSTemporaryDirectory() + "deepcut-deezer-" + UUID().uuidString,
    ])
    #expect(faster.status == 64)
    #expect(faster.stderr.contains("api.deezer.com takes at most 50 requests every 5 seconds"), "\(faster.stderr)")
  }
}
