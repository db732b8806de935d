import Fixtures
import Foundation
import TestSupport
import Testing

/// `deepcut setup` with push channels, end to end: the real binary in setup's scratch HOME, the fake ntfy (which
/// wants a token) and Discord services on 127.0.0.1, on a real pseudo-terminal or with `--yes`; then the night the
/// schedule runs, pushing alone, and `--uninstall`, which keeps the channels.
struct SetupPushCommandTests {
  static let token = "tk_SetupSesame42aOpenPush"
  static let webhookToken = "SetupWebhookSecret77"
  static let secrets = [token, webhookToken]

  /// The fake ntfy and Discord of one test, each on a port of the system's choosing.
  struct Services {
    let ntfy: FakeCatalogServer
    let discord: FakeCatalogServer

    static func with<T>(_ body: (Services) async throws -> T) async throws -> T {
      try await FakeCatalogServer.with(.init(catalog: "ntfy"), arguments: ["--token", token]) { ntfy in
        try await FakeCatalogServer.with(.init(catalog: "discord"), arguments: ["--webhook", "4242:\(webhookToken)"]) {
          discord in try await body(Services(ntfy: ntfy, discord: discord))
        }
      }
    }

    var ntfyHost: String { "\(ntfy.baseURL.host ?? "127.0.0.1"):\(ntfy.baseURL.port ?? 0)" }
    /// The channels a person gives: an ntfy topic with its token as the user, and a Discord webhook.
    var urls: [String] { ["ntfy://\(token)@\(ntfyHost)/deepcut-news", "discord://4242/\(webhookToken)"] }
    /// Discord is reached at the fake instead of discord.com.
    var discordURL: [String] { ["--push-url", "discord=\(discord.baseURL.absoluteString)"] }

    /// The messages each service took, in order.
    func taken(_ server: FakeCatalogServer) async throws -> [JSONValue] {
      try await server.requestLog().compactMap(\.message)
    }
  }

  static func channelsFile(_ scene: SetupCommandTests.Scene) -> String {
    scene.sandbox.home + "/.config/deepcut/push-channels"
  }

  /// The file's channels, its comments left out, and its mode.
  static func channels(in path: String) throws -> (lines: [String], mode: Int?) {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let lines = text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
    return (lines, try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
  }

  /// On a terminal: e-mail and push; the URLs typed unseen, a wrong one refused and a refused token shown, each asked
  /// again, a test message through each before anything is written; the file holds exactly the URLs, config.json none.
  @Test func onATerminalChannelsAreTypedUnseenEachTestedAndWrittenAlone() async throws {
    let scene = try await SetupCommandTests.Scene()
    try await Services.with { services in
      let session = try await TerminalSession.run(
        [DeepcutProcess.executable.path, "setup"] + services.discordURL,
        dialogue: Self.dialogue(services), environment: scene.sandbox.environment)
      #expect(session.status == 0, "\(session.transcript)")
      for secret in Self.secrets { #expect(!session.transcript.contains(secret), "\(secret) was shown") }

      let ntfy = try await services.taken(services.ntfy)
      #expect(ntfy.count == 1)
      #expect(ntfy.first?["title"].string == "deepcut's test message")
      #expect(ntfy.first?["message"].string == "deepcut is set up: this channel will get the nightly new releases")
      #expect(try await services.ntfy.requestLog().count == 2, "the refused token, then the right one")
      let discord = try await services.taken(services.discord)
      #expect(discord.count == 1)
      #expect(String(describing: discord.first ?? [:]).contains("deepcut is set up"))

      let written = try Self.channels(in: Self.channelsFile(scene))
      #expect(written.lines == services.urls)
      #expect(written.mode == 0o600)
      let config = try String(contentsOfFile: scene.config, encoding: .utf8)
      for secret in Self.secrets + ["ntfy://", "discord://"] { #expect(!config.contains(secret), "\(secret)") }
      #expect(config.contains("discord=\(services.discord.baseURL.absoluteString)"), "\(config)")
      #expect(config.contains(#""to": ["ana@example.org"]"#))
      #expect(scene.sandbox.table?.contains("30 6 * * * '\(scene.program)' nightly") == true)

      let check = try await DeepcutProcess.run(["config", "--check"], environment: scene.sandbox.environment)
      #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
      #expect(check.stdout.contains("push: 2 channels in \(Self.channelsFile(scene))"), "\(check.stdout)")
    }
  }

  /// The person's side of the terminal session: e-mail through a mail command, then the channels.
  static func dialogue(_ services: Services) -> [TerminalSession.Step] {
    let url = "Push channel URL \\(not shown; Enter ends the list\\): "
    return [
      .expect("Your Library.xml \\[.*Library.xml\\]: ", send: ""),
      .expect("Every night, or once a week.*\\[night\\]: ", send: ""),
      .expect("e-mail, push or both \\[e-mail\\]: ", send: "both"),
      .expect("Who gets the e-mail: ", send: "ana@example.org"),
      .expect("Sent from \\[deepcut <ana@example.org>\\]: ", send: ""),
      .expect("Catalogs to ask.*\\[deezer,musicbrainz\\]: ", send: ""),
      .expect("Where you listen.*\\[none\\]: ", send: ""),
      .expect("\\(sendmail\\) \\[smtp\\]: ", send: "sendmail"),
      .expect("Mail command .*: ", send: "/bin/true"),
      .expect("accepted: '/bin/true' exited 0"),
      .expect("A push channel is one URL: ntfy://TOPIC"),
      .expect(url, send: "discord://4242", secret: true),
      .expect("that URL: write a Discord webhook as discord://WEBHOOK_ID/WEBHOOK_TOKEN"),
      .expect(url, send: "ntfy://tk_NotTheToken@\(services.ntfyHost)/deepcut-news", secret: true),
      .expect("refused the token \\(http 401\\)"),
      .expect(url, send: services.urls[0], secret: true),
      .expect("accepted: 200"),
      .expect("added ntfy topic de… on 127.0.0.1"),
      .expect(url, send: services.urls[0], secret: true),
      .expect("in the list already"),
      .expect(url, send: services.urls[1], secret: true),
      .expect("added Discord webhook 4242…"),
      .expect(url, send: ""),
      .expect("\\(cron, systemd, launchd or none\\) \\[.*\\]: ", send: "cron"),
      .expect("At what time \\(HH:MM\\) \\[06:30\\]: ", send: ""),
      .expect("deepcut status"),
    ]
  }

  /// Push alone, for a script: the URLs on standard input, never on the command line. The line setup schedules then
  /// runs a night that keeps the report as a page and pushes it; `--uninstall` keeps the channels.
  @Test func withYesTheChannelsComeFromStandardInputAndTheScheduledNightPushesAlone() async throws {
    let scene = try await SetupCommandTests.Scene()
    try await Services.with { services in
      let piped = "# mine\n" + services.urls.joined(separator: "\n") + "\n"
      let setup = try await DeepcutProcess.run(
        [
          "setup", "--yes", "--push-stdin", "--provider", "deezer,musicbrainz", "--contact", "ana@example.org",
          "--schedule", "cron",
        ] + services.discordURL, stdin: Data(piped.utf8), environment: scene.sandbox.environment)
      #expect(setup.status == 0, "\(setup.stdout)\(setup.stderr)")
      #expect(setup.stdout.contains("wrote the 2 push channels to \(Self.channelsFile(scene)) (mode 0600"))
      for secret in Self.secrets { #expect(!(setup.stdout + setup.stderr).contains(secret)) }
      #expect(try await services.taken(services.ntfy).count == 1)
      #expect(try await services.taken(services.discord).count == 1)
      let written = try Self.channels(in: Self.channelsFile(scene))
      #expect(written.lines == services.urls)
      #expect(written.mode == 0o600)
      let config = try String(contentsOfFile: scene.config, encoding: .utf8)
      #expect(!config.contains("email") && !config.contains(Self.token) && !config.contains(Self.webhookToken))
      #expect(config.contains(#""contact": "ana@example.org""#), "\(config)")
      let line = scene.sandbox.table?.split(separator: "\n").first { $0.contains("nightly") }
      // Nothing but the program and `nightly`: the config and the channels are where a night looks for them.
      #expect(line?.contains("* * * '\(scene.program)' nightly # ") == true, "\(line ?? "")")

      for server in [services.ntfy, services.discord] { try await server.clearLog() }
      try await Self.nightPushesAlone(scene, services)
    }
    let removed = try await DeepcutProcess.run(["setup", "--uninstall"], environment: scene.sandbox.environment)
    #expect(removed.status == 0, "\(removed.stdout)\(removed.stderr)")
    #expect(removed.stdout.contains("the push channels"))
    #expect(!(scene.sandbox.table ?? "").contains("nightly"))
    #expect(try Self.channels(in: Self.channelsFile(scene)).lines.count == 2, "the channels stay")
    #expect(FileManager.default.fileExists(atPath: scene.config))
  }

  /// The program the schedule runs, as it runs it (`nightly`, the config found where setup wrote it), answering from
  /// the samples' recorded catalog: no e-mail, the report kept as a page, the night pushed to both channels.
  static func nightPushesAlone(_ scene: SetupCommandTests.Scene, _ services: Services) async throws {
    let snapshot = DeepcutProcess.packageRoot.appendingPathComponent("samples/catalogs/itunes").path
    let night = try await DeepcutProcess.run(
      ["nightly", "--snapshot", snapshot, "--provider", "itunes", "--now", "2026-11-29"],
      executable: URL(fileURLWithPath: scene.program), environment: scene.sandbox.environment)
    #expect(night.status == 0, "\(night.stdout)\(night.stderr)")
    let title = "9 new releases and 1 announced from artists you own"
    #expect(try await services.taken(services.ntfy).first?["title"].string == title)
    #expect(try await services.taken(services.discord).count == 1)
    let reports = scene.sandbox.home + "/.local/state/deepcut/reports"
    let files = try FileManager.default.contentsOfDirectory(atPath: reports)
    #expect(files.contains("report-2026-11-29.html"), "\(files)")
    #expect(!files.contains { $0.hasSuffix(".eml") }, "\(files)")
  }

  /// With `--yes`, what is missing or cannot be is named in one line, and a refused token ends setup before anything
  /// is written.
  @Test func withYesARefusedTokenEndsSetupAndWhatIsMissingIsNamed() async throws {
    let scene = try await SetupCommandTests.Scene()
    let environment = scene.sandbox.environment
    let nothing = try await DeepcutProcess.run(["setup", "--yes"], environment: environment)
    #expect(nothing.status == 64)
    #expect(
      nothing.stderr
        == "deepcut: error: setup --yes needs --to ADDRESS, or push channels: --push-stdin, or --push-channels FILE\n")
    let both = try await DeepcutProcess.run(
      ["setup", "--yes", "--password-stdin", "--push-stdin"], stdin: Data("x\n".utf8), environment: environment)
    #expect(both.status == 64)
    #expect(both.stderr.contains("both read standard input"), "\(both.stderr)")
    let asking = try await DeepcutProcess.run(["setup", "--push-stdin"], stdin: Data(), environment: environment)
    #expect(asking.status == 64)
    #expect(asking.stderr.contains("--push-stdin goes with --yes"), "\(asking.stderr)")
    // With no e-mail, no sender says who runs this to a catalog that asks.
    let noContact = try await DeepcutProcess.run(
      ["setup", "--yes", "--push-stdin", "--provider", "deezer,musicbrainz"], stdin: Data("ntfy://news\n".utf8),
      environment: environment)
    #expect(noContact.status == 64)
    #expect(noContact.stderr == "deepcut: error: setup --yes needs --contact TEXT\n", "\(noContact.stderr)")
    try await Services.with { services in
      let wrong = "ntfy://tk_NotTheToken@\(services.ntfyHost)/deepcut-news\n"
      let refused = try await DeepcutProcess.run(
        ["setup", "--yes", "--push-stdin", "--schedule", "cron"], stdin: Data(wrong.utf8), environment: environment)
      #expect(refused.status == 69, "\(refused.stdout)\(refused.stderr)")
      #expect(refused.stderr.contains("the test message was not pushed: ntfy topic de… on 127.0.0.1 #"))
      #expect(refused.stderr.contains("refused the token (http 401)"), "\(refused.stderr)")
      // Nothing says who runs this: the catalog that asks it is left out, and setup says so.
      #expect(refused.stdout.contains("MusicBrainz left out: it asks who runs this"), "\(refused.stdout)")
      #expect(!(refused.stdout + refused.stderr).contains("tk_NotTheToken"))
      let missing = try await DeepcutProcess.run(
        ["setup", "--yes", "--push-channels", scene.sandbox.root + "/none", "--schedule", "none"],
        environment: environment)
      #expect(missing.status == 64)
      #expect(missing.stderr.contains("names none; write one URL a line in it (chmod 600)"), "\(missing.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: scene.config))
    #expect(!FileManager.default.fileExists(atPath: Self.channelsFile(scene)))
    #expect(scene.sandbox.table == nil)
  }

  /// `--push-channels FILE` naming a file of the person's own: tested, used as it is, and named in the config; one
  /// others can read is refused before anything is sent.
  @Test func aChannelsFileOfYourOwnIsTestedKeptAndNamedInTheConfig() async throws {
    let scene = try await SetupCommandTests.Scene()
    try await Services.with { services in
      let file = scene.sandbox.root + "/my-channels"
      let text = "# my phone\n\(services.urls[0])\n"
      _ = FileManager.default.createFile(
        atPath: file, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
      let arguments = [
        "setup", "--yes", "--to", "ana@example.org", "--sendmail", "/bin/true", "--push-channels", file,
        "--schedule", "none",
      ]
      let setup = try await DeepcutProcess.run(arguments, environment: scene.sandbox.environment)
      #expect(setup.status == 0, "\(setup.stdout)\(setup.stderr)")
      #expect(setup.stdout.contains("accepted: '/bin/true' exited 0"))
      #expect(setup.stdout.contains("accepted: 200"))
      #expect(try await services.taken(services.ntfy).count == 1)
      #expect(try String(contentsOfFile: file, encoding: .utf8) == text)
      let config = try String(contentsOfFile: scene.config, encoding: .utf8)
      #expect(config.contains(#""channels": "\#(file)""#), "\(config)")
      #expect(!config.contains(Self.token))
      let untested = try await DeepcutProcess.run(
        arguments + ["--no-test-mail"], environment: scene.sandbox.environment)
      #expect(untested.status == 0, "\(untested.stdout)\(untested.stderr)")
      #expect(try await services.taken(services.ntfy).count == 1, "--no-test-mail sends no test push either")

      chmod(file, 0o644)
      let open = try await DeepcutProcess.run(arguments, environment: scene.sandbox.environment)
      #expect(open.status == 78, "\(open.stdout)\(open.stderr)")
      #expect(open.stderr.contains("\(file) can be read by others (mode 644): chmod 600 \(file)"))
      #expect(try await services.taken(services.ntfy).count == 1)
    }
  }
}
