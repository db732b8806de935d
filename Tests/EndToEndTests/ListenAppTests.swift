import Catalog
import Fixtures
import Foundation
import Identity
import Report
import TestSupport
import Testing

/// `--listen spotify` and `--listen tidal` with the person's own app: each listed release looked up there by its
/// UPC (Deezer's), the row's title opening the album there when the service holds it as that release, a search there
/// when it does not or holds another edition under the code; the answers kept, so the next night asks nothing.
struct ListenAppTests {
  static let services: [(service: String, catalog: String, token: String)] = [
    ("spotify", "spotify", "/api/token"), ("tidal", "tidal", "/v1/oauth2/token"),
  ]

  @Test(arguments: [0, 1]) func eachRowOpensTheAlbumOnTheServiceWhereItHoldsItAndASearchElse(service index: Int)
    async throws
  {
    let (service, catalog, tokenPath) = Self.services[index]
    let setup = try await JointNightTests.setup()
    defer { try? FileManager.default.removeItem(atPath: setup.home) }
    let world = setup.world
    let app = JointWorld.AppService(name: catalog)
    let credentials = setup.home + "/\(catalog)-credentials"
    try Data(
      "client_id = \(app.clientID)\nclient_secret = \(app.clientSecret)\n".utf8
    ).write(to: URL(fileURLWithPath: credentials))
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: credentials)
    try await FakeCatalogServer.with(.init(catalog: CatalogName(catalog)), world: world.appWorld(app)) { fake in
      try await FakeCatalogServer.with(.init(catalog: "deezer"), world: world.deezerWorld) { deezer in
        let arguments = [
          "report", "--library", setup.libraryPath, "--provider", "deezer", "--listen", service,
          "--base-url", "deezer=\(deezer.baseURL.absoluteString)", "--base-url",
          "\(catalog)=\(fake.baseURL.absoluteString)",
          "--\(catalog)-token-url", fake.baseURL.absoluteString + tokenPath, "--\(catalog)-credentials", credentials,
          "--rate-limit", "0", "--state-dir", setup.home + "/state", "--now", "2026-11-29", "--format", "json",
          "--quiet", "--contact", "tests@example.org",
        ]
        let result = try await DeepcutProcess.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try ReportModel(json: result.stdout)
        let rows = report.new + report.upcoming + report.editions + report.backfill
        #expect(rows.count > 100)
        let held = world.holdings(of: app)
        var (direct, expected, refused) = (0, 0, 0)
        for row in rows {
          let listen = try #require(row.listen, "\(row.title) opens nowhere")
          #expect(listen.service == service && row.url == listen.url)
          let deezerID = try #require(row.links.first { $0.catalog == "deezer" }?.id.rawValue)
          let release = try #require(world.release(in: .deezer, id: deezerID))
          let sameUPC = release.listings[.deezer]?.gtin == release.gtin
          let holding = held[release.id]
          if sameUPC, let holding, holding.title == release.title { expected += 1 }
          if sameUPC, let holding, holding.title != release.title { refused += 1 }
          if listen.direct {
            direct += 1
            let holding = try #require(holding, "\(row.title) opens an album \(service) does not hold")
            #expect(listen.catalog?.rawValue == catalog && listen.url.contains(holding.id), "\(listen.url)")
            // Never another edition's album.
            #expect(holding.title == release.title, "\(row.title) opens \(holding.title)")
          } else {
            #expect(listen.catalog == nil && listen.url.contains("search"), "\(listen.url)")
          }
        }
        #expect(expected > 100 && direct >= expected, "\(direct) direct of \(expected) held under Deezer's UPC")
        #expect(refused > 0, "the world holds no other edition under a release's code")
        // One token for the whole night; the next night asks the service nothing.
        let log = try await fake.requestLog()
        #expect(log.filter { ($0.method) == "POST" }.count == 1)
        try await fake.clearLog()
        let again = try await DeepcutProcess.run(arguments)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try await fake.requestLog().isEmpty)
        #expect(try ReportModel(json: again.stdout).new.map(\.listen) == report.new.map(\.listen))
      }
    }
  }

  /// A refused app, a wait of hours, a token that expires mid-night: each said once, the rows opening a search
  /// meanwhile, and the next night asking again what was not answered.
  @Test func aRefusedAppALongWaitAndAnExpiredTokenAreEachSaidOnce() async throws {
    let setup = try await JointNightTests.setup()
    defer { try? FileManager.default.removeItem(atPath: setup.home) }
    let world = setup.world
    let app = JointWorld.AppService(name: "spotify")
    let credentials = setup.home + "/spotify-credentials"
    func write(secret: String) throws {
      try Data("client_id = \(app.clientID)\nclient_secret = \(secret)\n".utf8)
        .write(to: URL(fileURLWithPath: credentials))
      try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: credentials)
    }
    try write(secret: "wrong-secret")
    try await FakeCatalogServer.with(.init(catalog: "spotify"), world: world.appWorld(app)) { fake in
      try await FakeCatalogServer.with(.init(catalog: "deezer"), world: world.deezerWorld) { deezer in
        func night(state: String = "state") async throws -> DeepcutProcess.Result {
          try await fake.clearLog()
          return try await DeepcutProcess.run([
            "report", "--library", setup.libraryPath, "--provider", "deezer", "--listen", "spotify",
            "--base-url", "deezer=\(deezer.baseURL.absoluteString)", "--base-url",
            "spotify=\(fake.baseURL.absoluteString)", "--spotify-token-url",
            fake.baseURL.absoluteString + "/api/token", "--spotify-credentials", credentials, "--rate-limit", "0",
            "--state-dir", setup.home + "/" + state, "--now", "2026-11-29", "--format", "json", "--contact",
            "tests@example.org",
          ])
        }
        // Refused: said once, asked once (one token request, however many lookups waited for it).
        let refused = try await night()
        #expect(refused.status == 0, "\(refused.stderr)")
        #expect(
          refused.stderr.contains(
            "deepcut: warning: spotify was asked no more tonight: spotify refused the app's credentials (invalid_client)"
          ), "\(refused.stderr)")
        #expect(!refused.stderr.contains("wrong-secret") && !refused.stdout.contains("wrong-secret"))
        let searches = try ReportModel(json: refused.stdout)
        #expect(!searches.new.isEmpty && searches.new.allSatisfy { $0.listen?.direct == false })
        let log = try await fake.requestLog()
        #expect(log.count == 1, "\(log)")

        // A 429 asking to wait two hours: not sat out; the night goes on with searches and says so.
        try write(secret: app.clientSecret)
        try await fake.setKnobs(
          FakeKnobs {
            $0.throttleNext = 1; $0.retryAfter = .value(7200)
          })
        let throttled = try await night()
        #expect(throttled.status == 0, "\(throttled.stderr)")
        #expect(throttled.stderr.contains("spotify was asked no more tonight"), "\(throttled.stderr)")
        #expect(try await fake.requestLog().count { ($0.status) == 429 } == 1)

        // A token that expires mid-night is asked again once; the links all come (a state that kept none).
        try await fake.setKnobs(FakeKnobs { $0.expireTokensNext = 1 })
        let renewed = try await night(state: "state-fresh")
        #expect(renewed.status == 0, "\(renewed.stderr)")
        #expect(!renewed.stderr.contains("asked no more"), "\(renewed.stderr)")
        let renewedLog = try await fake.requestLog()
        #expect(renewedLog.count { ($0.method) == "POST" } == 2)
        #expect(renewedLog.count { ($0.status) == 401 } == 1)
        #expect(try ReportModel(json: renewed.stdout).new.contains { $0.listen?.direct == true })
      }
    }
  }
}
