import Fixtures
import Foundation
import TestSupport
import Testing

/// `deepcut report --send` with push channels, as a person runs it: the real binary, a channels file, and the fake
/// ntfy, Discord, Slack and JSON services on 127.0.0.1 (`Tests/Fakes/`), with the real `apprise` command for a scheme
/// deepcut does not speak. The sample night tells six new releases and two announced.
@Suite(.serialized) struct PushCommandTests {
  static let token = "tk_Sesame7f3a9cOpenPushToken"
  static let webhookToken = "WebhookSecret51c0ffee"
  /// The sample night from iTunes: nine out and one announced; four more are live, remixes, a best-of and a reissue,
  /// which only the report lists (Also out), and a sped-up single no list shows.
  static let title = "9 new releases and 1 announced from artists you own"
  static let releases = ["Static Bloom", "Glasshouse", "Night Drive", "Harbour Lights", "Night Shift"]

  /// The fakes of one test, each started on a port of the system's choosing.
  struct Services {
    let ntfy: FakeCatalogServer
    let discord: FakeCatalogServer
    let slack: FakeCatalogServer
    let webhook: FakeCatalogServer
    let gotify: FakeCatalogServer

    static func with<T>(_ body: (Services) async throws -> T) async throws -> T {
      try await FakeCatalogServer.with(.init(catalog: "ntfy"), arguments: ["--token", token]) { ntfy in
        try await FakeCatalogServer.with(.init(catalog: "discord"), arguments: ["--webhook", "4242:\(webhookToken)"]) {
          discord in
          try await FakeCatalogServer.with(.init(catalog: "slack")) { slack in
            try await FakeCatalogServer.with(.init(catalog: "webhook")) { webhook in
              try await FakeCatalogServer.with(.init(catalog: "webhook")) { gotify in
                try await body(
                  Services(ntfy: ntfy, discord: discord, slack: slack, webhook: webhook, gotify: gotify))
              }
            }
          }
        }
      }
    }

    var all: [FakeCatalogServer] { [ntfy, discord, slack, webhook, gotify] }

    /// One channel a line, as a person writes them; the last goes through the apprise command.
    var lines: [String] {
      [
        "# deepcut's channels", "ntfy://\(token)@\(hostPort(ntfy))/deepcut-news",
        "discord://4242/\(webhookToken)", "slack://T0AAA/B0BBB/\(webhookToken)",
        "json://\(hostPort(webhook))/deepcut?+X-Hook-Key=\(webhookToken)",
        "gotify://\(hostPort(gotify))/A\(webhookToken)",
      ]
    }

    /// Discord and Slack are reached at the fakes instead of their public addresses.
    var serviceURLs: [String] {
      [
        "--push-url", "discord=\(discord.baseURL.absoluteString)", "--push-url",
        "slack=\(slack.baseURL.absoluteString)",
      ]
    }

    func hostPort(_ server: FakeCatalogServer) -> String {
      "\(server.baseURL.host ?? "127.0.0.1"):\(server.baseURL.port ?? 0)"
    }

    /// The messages each service took, in order.
    func taken(_ server: FakeCatalogServer) async throws -> [JSONValue] {
      try await server.requestLog().compactMap(\.message)
    }
  }

  /// A folder with the channels file (mode 600) and a config that pushes, with no e-mail.
  struct Home {
    let path: String
    var channels: String { path + "/push-channels" }
    var config: String { path + "/config.json" }
    var state: String { path + "/state" }

    init(_ lines: [String]) throws {
      path = NSTemporaryDirectory() + "deepcut-push-" + UUID().uuidString
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      _ = FileManager.default.createFile(
        atPath: channels, contents: Data((lines.joined(separator: "\n") + "\n").utf8),
        attributes: [.posixPermissions: 0o600])
      let library = DeepcutProcess.packageRoot.appendingPathComponent("samples/Library.xml").path
      let config: JSONValue = [
        "library": .string(library), "email": ["send": true, "retryAfterSeconds": 0],
        "push": ["channels": "push-channels"],
      ]
      try config.json().write(to: URL(fileURLWithPath: self.config))
    }

    func report(_ extra: [String], now: String = "2026-11-29") async throws -> DeepcutProcess.Result {
      try await DeepcutProcess.run(
        [
          "report", "--config", config, "--snapshot", "samples/catalogs/itunes", "--now", now, "--state-dir", state,
          "--since-last-run", "--output", path + "/report.md",
        ] + extra)
    }

    /// Every byte deepcut left but the channels file.
    func everythingWritten() -> Data {
      var all = Data()
      for file in FileManager.default.enumerator(atPath: path)?.compactMap({ $0 as? String }) ?? []
      where file != "push-channels" {
        all += (try? Data(contentsOf: URL(fileURLWithPath: path + "/" + file))) ?? Data()
      }
      return all
    }
  }

  @Test func everyChannelGetsTheNightOnceAndNoTokenIsSeenAnywhere() async throws {
    try await Services.with { services in
      let home = try Home(services.lines)
      let night = try await home.report(services.serviceURLs)
      #expect(night.status == 0, "\(night.stderr)")
      let ntfy = try await services.taken(services.ntfy)
      #expect(ntfy.count == 1)
      #expect(ntfy.first?["title"].string == Self.title)
      let text = ntfy.first?["message"].string ?? ""
      for release in Self.releases { #expect(text.contains(release), "\(release)") }
      #expect(!text.contains("Live at the Roundhouse") && text.contains("and 4 more also out"))
      #expect(!text.contains("Sped Up"))
      let request = try #require(try await services.ntfy.requestLog().first)
      #expect(request.authorization == "Bearer \(Self.token)")
      #expect(try await services.taken(services.discord).count == 1)
      #expect(try await services.taken(services.slack).count == 1)
      let json = try #require(try await services.taken(services.webhook).first)
      #expect(json["releases"].array?.count == 10)
      let gotify = try #require(try await services.taken(services.gotify).first)
      #expect(gotify["title"].string == Self.title)
      #expect((gotify["message"].string)?.contains("Static Bloom") == true)
      #expect(night.stderr.contains("deepcut: pushed 10 releases to ntfy topic de… on 127.0.0.1"))

      // The next night has nothing new: no channel is asked anything.
      for server in services.all { try await server.clearLog() }
      let again = try await home.report(services.serviceURLs, now: "2026-11-30")
      #expect(again.status == 0, "\(again.stderr)")
      for server in services.all { #expect(try await server.requestLog().isEmpty) }

      let seen = night.stdout + night.stderr + again.stdout + again.stderr
      let written = String(decoding: home.everythingWritten(), as: UTF8.self)
      for secret in [Self.token, Self.webhookToken] {
        #expect(!seen.contains(secret) && !written.contains(secret), "\(secret) leaked")
      }
      let status = try await DeepcutProcess.run(["status", "--config", home.config, "--state-dir", home.state])
      #expect(status.stdout.contains("push channels:"), "\(status.stdout)")
      #expect(!status.stdout.contains(Self.token) && !status.stdout.contains(Self.webhookToken))
    }
  }

  @Test func aChannelDownSaysItsReleasesFirstOnTheNextNightAndHoldsBackNoOther() async throws {
    try await Services.with { services in
      let home = try Home(services.lines)
      try await services.slack.setKnobs(
        FakeKnobs {
          $0.failNext = 10; $0.failStatus = 503
        })
      let night = try await home.report(services.serviceURLs)
      #expect(night.status == 75, "\(night.stderr)")
      #expect(
        night.stderr.contains(#/not pushed to Slack webhook T0AA… #[0-9a-f]{6} \(for now\)/#), "\(night.stderr)")
      #expect(try await services.taken(services.ntfy).count == 1)
      #expect(try await services.slack.requestLog().count == 2, "one retry, then the release waits")

      try await services.slack.setKnobs(FakeKnobs { $0.failNext = 0 })
      for server in services.all { try await server.clearLog() }
      let next = try await home.report(services.serviceURLs, now: "2026-11-30")
      #expect(next.status == 0, "\(next.stderr)")
      let slack = try await services.taken(services.slack)
      #expect(slack.count == 1)
      let said = String(decoding: try slack.first?.json() ?? Data(), as: UTF8.self)
      for release in Self.releases { #expect(said.contains(release), "\(release)") }
      for server in [services.ntfy, services.discord, services.webhook, services.gotify] {
        #expect(try await server.requestLog().isEmpty, "a channel that told them says nothing twice")
      }
    }
  }

  @Test func aWebhookGoneIsNamedUntilFixedAndStatusSaysSo() async throws {
    try await Services.with { services in
      var lines = services.lines
      lines[2] = "discord://9999/\(Self.webhookToken)"
      let home = try Home(lines)
      let night = try await home.report(services.serviceURLs)
      #expect(night.status == 69, "\(night.stderr)")
      #expect(night.stderr.contains("no longer exists (http 404)"), "\(night.stderr)")
      let status = try await DeepcutProcess.run(["status", "--config", home.config, "--state-dir", home.state])
      #expect(status.status == 1)
      #expect(status.stdout.contains("problem: the push channel Discord webhook 9999… #"), "\(status.stdout)")
      #expect(!status.stdout.contains(Self.webhookToken))

      // The webhook made anew is another channel: the one gone is no longer shown, nor judged.
      try Data((services.lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: home.channels))
      let replaced = try await DeepcutProcess.run(["status", "--config", home.config, "--state-dir", home.state])
      #expect(replaced.status == 0, "\(replaced.stdout)")
      #expect(!replaced.stdout.contains("9999"), "\(replaced.stdout)")
    }
  }

  @Test func configCheckNamesEachChannelAndAFileOthersCanReadIsRefused() async throws {
    try await Services.with { services in
      let home = try Home(services.lines)
      let check = try await DeepcutProcess.run(["config", "--check", "--config", home.config])
      #expect(check.status == 0, "\(check.stderr)")
      #expect(check.stdout.contains("push: 5 channels in \(home.channels)"), "\(check.stdout)")
      #expect(check.stdout.contains("  gotify:// channel #"), "\(check.stdout)")
      #expect(!check.stdout.contains(Self.token) && !check.stdout.contains(Self.webhookToken))
      chmod(home.channels, 0o644)
      let open = try await DeepcutProcess.run(["config", "--check", "--config", home.config])
      #expect(open.status == 78)
      #expect(open.stderr.contains("\(home.channels) can be read by others (mode 644): chmod 600 \(home.channels)"))

      // A service's URL with a password, or one mistyped, is refused without being shown.
      for url in ["ntfy=http://me:pw_S3cret@127.0.0.1:1", "ntfy:http://me:pw_S3cret@127.0.0.1:1"] {
        let refused = try await home.report(["--push-url", url])
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(refused.stderr.contains("--push-url (push.serviceURLs, the first)"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("S3cret"), "\(refused.stderr)")
      }

      // A night with that file: the e-mail still goes out, nothing is pushed, and the night ends saying why.
      // The message is kept in the home; the recipients the command is given are not file names.
      let mail = home.path + "/sent.eml"
      let sendmail = home.path + "/fake-sendmail"
      try DeepcutProcess.writeProgram("#!/bin/sh\ncat > \"\(mail)\"\n", to: sendmail)
      let night = try await home.report(
        services.serviceURLs + ["--format", "email", "--to", "ana@example.org", "--sendmail", sendmail])
      #expect(night.status == 69, "\(night.stderr)")
      #expect(night.stderr.contains("no push: \(home.channels) can be read by others"), "\(night.stderr)")
      #expect(try String(contentsOfFile: mail, encoding: .utf8).contains("To: ana@example.org"))
      for server in [services.ntfy, services.discord, services.slack, services.webhook, services.gotify] {
        #expect(try await server.requestLog().isEmpty)
      }
    }
  }

  @Test func aLibraryThatCannotBeReadIsToldOnceADayThroughEveryChannel() async throws {
    try await Services.with { services in
      let home = try Home(services.lines)
      let missing = ["--library", home.path + "/gone/Library.xml"]
      let night = try await home.report(services.serviceURLs + missing)
      #expect(night.status == 66, "\(night.stderr)")
      let told = try await services.taken(services.ntfy)
      #expect(told.count == 1)
      #expect(told.first?["title"].string == "deepcut: the library could not be read")
      #expect((told.first?["message"].string)?.contains("Export Library") == true)
      #expect(try await services.taken(services.discord).count == 1)
      #expect(try await services.taken(services.gotify).count == 1)
      #expect(night.stderr.contains("deepcut: told the trouble (library) to "), "\(night.stderr)")
      // Again the same day: said once. The next day: said again.
      _ = try await home.report(services.serviceURLs + missing)
      #expect(try await services.taken(services.ntfy).count == 1)
      _ = try await home.report(services.serviceURLs + missing, now: "2026-11-30")
      #expect(try await services.taken(services.ntfy).count == 2)
    }
  }

  @Test func anEmailRefusedTwoNightsRunningIsToldTheSecondNight() async throws {
    try await Services.with { services in
      let home = try Home(Array(services.lines.prefix(2)))
      let mail = [
        "--format", "email", "--to", "ana@example.org", "--sendmail", "/bin/false",
      ]
      let first = try await home.report(services.serviceURLs + mail)
      #expect(first.status == 69, "\(first.stderr)")
      let pushed = try await services.taken(services.ntfy)
      #expect(pushed.count == 1, "the releases are pushed though the e-mail was refused")
      #expect(pushed.first?["title"].string == Self.title)
      let second = try await home.report(services.serviceURLs + mail, now: "2026-11-30")
      #expect(second.status == 69)
      let told = try await services.taken(services.ntfy)
      #expect(told.count == 2, "the releases were told on ntfy already: only the trouble")
      #expect(told.last?["title"].string == "deepcut: the e-mail was not delivered two nights running")
    }
  }

  @Test func aNightlyWithNoEmailAddressKeepsThePageAndOnlyPushes() async throws {
    try await Services.with { services in
      let home = NSTemporaryDirectory() + "deepcut-nightly-push-" + UUID().uuidString
      let folder = home + "/config/deepcut"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      _ = FileManager.default.createFile(
        atPath: folder + "/push-channels", contents: Data((services.lines[1] + "\n").utf8),
        attributes: [.posixPermissions: 0o600])
      let library = DeepcutProcess.packageRoot.appendingPathComponent("samples/Library.xml").path
      try JSONSerialization.data(withJSONObject: ["library": library])
        .write(to: URL(fileURLWithPath: folder + "/config.json"))
      let snapshot = DeepcutProcess.packageRoot.appendingPathComponent("samples/catalogs/itunes").path
      let night = try await DeepcutProcess.run(
        ["nightly", "--snapshot", snapshot, "--now", "2026-11-29"],
        environment: ["XDG_CONFIG_HOME": home + "/config", "XDG_STATE_HOME": home + "/state"])
      #expect(night.status == 0, "\(night.stderr)")
      let reports = home + "/state/deepcut/reports"
      #expect(FileManager.default.fileExists(atPath: reports + "/report-2026-11-29.html"))
      #expect(!FileManager.default.fileExists(atPath: reports + "/report-2026-11-29.eml"))
      let log = try String(contentsOfFile: reports + "/deepcut.log", encoding: .utf8)
      #expect(
        log.contains("wrote \(reports)/report-2026-11-29.html; each push channel has told what was new"), "\(log)")
      #expect(try await services.taken(services.ntfy).first?["title"].string == Self.title)
      #expect(!log.contains(Self.token))
    }
  }

  @Test func aStaleLibraryIsToldOnceADayBesideTheReleases() async throws {
    try await Services.with { services in
      let home = try Home(Array(services.lines.prefix(2)))
      // The samples' export is dated 29 Nov 2026: thirty days on, it is older than the 14 days allowed.
      let night = try await home.report(services.serviceURLs, now: "2026-12-29")
      #expect(night.status == 0, "\(night.stderr)")
      let told = try await services.taken(services.ntfy)
      let stale = told.filter { $0["title"].string == "deepcut: the library is out of date" }
      #expect(stale.count == 1, "\(told)")
      #expect((stale.first?["message"].string)?.contains("days old (written") == true, "\(stale)")
      #expect(night.stderr.contains("deepcut: told the trouble (stale library) to ntfy topic de…"))
      _ = try await home.report(services.serviceURLs, now: "2026-12-29")
      let again = try await services.taken(services.ntfy).filter {
        $0["title"].string == "deepcut: the library is out of date"
      }
      #expect(again.count == 1, "once a day")
      let fresh = try await home.report(services.serviceURLs + ["--stale-after", "0"], now: "2026-12-30")
      #expect(!fresh.stderr.contains("stale library"))
    }
  }
}
