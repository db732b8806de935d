import Fixtures
import Foundation
import TestSupport
import Testing

/// `deepcut setup` end to end: the real binary in a scratch HOME whose ~/Music holds the samples' library, fake
/// schedulers first on PATH, and the real SMTP test server (TLS, a login) for the test e-mail.
struct SetupCommandTests {
  static let password = "open-sesame"

  /// The sandbox with the library where Music keeps it, and the arguments of a setup that needs no question.
  struct Scene {
    var sandbox: SetupSandbox
    let certificate: TestCertificate
    var library: String { sandbox.home + "/Music/Music/Library.xml" }
    var config: String { sandbox.home + "/.config/deepcut/config.json" }
    var passwordFile: String { sandbox.home + "/.config/deepcut/smtp-password" }
    var program: String { sandbox.home + "/.local/bin/deepcut" }

    init() async throws {
      sandbox = try SetupSandbox()
      certificate = try await TestCertificate.make()
      try FileManager.default.createDirectory(
        atPath: sandbox.home + "/Music/Music", withIntermediateDirectories: true)
      // Written today, as Music rewrites the XML it shares: status names a stale library, and the samples' ages.
      let sample = try String(
        contentsOf: DeepcutProcess.packageRoot.appendingPathComponent("samples/Library.xml"), encoding: .utf8)
      let today = "<key>Date</key><date>\(Date().formatted(.iso8601))</date>"
      try Data(
        sample.replacingOccurrences(of: "<key>Date</key><date>2026-11-29T17:33:26Z</date>", with: today).utf8
      ).write(to: URL(fileURLWithPath: library))
    }

    func arguments(port: Int, schedule: String, _ extra: [String] = []) -> [String] {
      [
        "setup", "--yes", "--to", "Ana <ana@example.org>", "--smtp-url", "smtp://127.0.0.1:\(port)", "--smtp-user",
        "ana", "--password-stdin", "--ca-file", certificate.certificate, "--schedule", schedule, "--at", "05:45",
      ] + extra
    }

    func setup(_ arguments: [String], password: String = SetupCommandTests.password) async throws
      -> DeepcutProcess.Result
    {
      try await DeepcutProcess.run(arguments, stdin: Data((password + "\n").utf8), environment: sandbox.environment)
    }

    /// A fake Spotify whose app is `my-app` with the secret `app-secret-42`, and a config that names its token
    /// address: setup asks its one token there. The caller stops it.
    func spotifyApp() async throws -> FakeCatalogServer {
      let app: JSONValue = ["client_id": "my-app", "client_secret": "app-secret-42"]
      let spotify = try await FakeCatalogServer.start(.init(catalog: "spotify"), world: ["app": app, "albums": []])
      do {
        try FileManager.default.createDirectory(
          atPath: sandbox.home + "/.config/deepcut", withIntermediateDirectories: true)
        let tokenURL = spotify.baseURL.absoluteString + "/api/token"
        try Data(#"{"provider": {"spotifyTokenURL": "\#(tokenURL)"}}"#.utf8).write(to: URL(fileURLWithPath: config))
      } catch {
        await spotify.stop()
        throw error
      }
      return spotify
    }

    func server(_ body: (FakeMailServer) async throws -> Void) async throws {
      try await FakeMailServer.with(certificate.serverOptions + ["--auth", "ana:\(SetupCommandTests.password)"], body)
    }
  }

  @Test func cronIsSetUpAfterATestEmailAndSetUpAgainIsTheSameAndUninstallRemovesOnlyItsLine() async throws {
    let scene = try await Scene()
    let others = "MAILTO=ana@example.org\n# backups\n15 2 * * * /usr/bin/backup --all\n"
    scene.sandbox.table = others
    try await scene.server { server in
      let first = try await scene.setup(scene.arguments(port: server.port, schedule: "cron"))
      #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
      // What scan finds, the server's own reply, and where the program and the line went.
      #expect(first.stdout.contains("owned music tracks"))
      #expect(first.stdout.contains("accepted: 250"))
      #expect(first.stdout.contains("copied "))
      let delivered = try server.delivered()
      #expect(delivered.count == 1)
      let test = try #require(delivered.first)
      #expect(test.login == "ana")
      #expect(String(decoding: test.message, as: UTF8.self).contains("Subject: deepcut is set up"))

      let table = try #require(scene.sandbox.table)
      #expect(table.hasPrefix(others))
      let ours = table.split(separator: "\n").filter { $0.contains("nightly") }
      #expect(ours.count == 1)
      #expect(ours.first?.hasPrefix("45 5 * * * '\(scene.program)' nightly") == true)
      #expect(FileManager.default.isExecutableFile(atPath: scene.program))

      // The config names the library found, the route and the password's file; the password is in that file alone.
      let config = try String(contentsOfFile: scene.config, encoding: .utf8)
      #expect(config.contains(scene.library))
      #expect(config.contains("smtp://127.0.0.1:\(server.port)"))
      #expect(config.contains(scene.passwordFile))
      #expect(!config.contains(SetupCommandTests.password))
      #expect(try String(contentsOfFile: scene.passwordFile, encoding: .utf8) == SetupCommandTests.password)
      let mode = try FileManager.default.attributesOfItem(atPath: scene.passwordFile)[.posixPermissions] as? Int
      #expect(mode == 0o600)
      #expect(!(first.stdout + first.stderr).contains(SetupCommandTests.password))
      let check = try await DeepcutProcess.run(["config", "--check"], environment: scene.sandbox.environment)
      #expect(check.status == 0, "\(check.stdout)\(check.stderr)")

      // Again: the same line, the same file.
      let again = try await scene.setup(scene.arguments(port: server.port, schedule: "cron"))
      #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
      #expect(again.stdout.contains("unchanged"))
      #expect(scene.sandbox.table == table)
      #expect(try String(contentsOfFile: scene.config, encoding: .utf8) == config)
    }

    let removed = try await DeepcutProcess.run(["setup", "--uninstall"], environment: scene.sandbox.environment)
    #expect(removed.status == 0, "\(removed.stdout)\(removed.stderr)")
    #expect(scene.sandbox.table == others)
    #expect(!FileManager.default.fileExists(atPath: scene.program), "the copy setup made goes too")
    for kept in [scene.config, scene.passwordFile] { #expect(FileManager.default.fileExists(atPath: kept)) }
  }

  /// A library most of whose tracks are Apple Music's proposes Apple Music as where the rows open; one of files
  /// proposes nothing, and the file says nothing of it.
  @Test func anAppleMusicLibraryOpensTheRowsInAppleMusic() async throws {
    let scene = try await Scene()
    let files = try String(contentsOfFile: scene.library, encoding: .utf8)
    let subscriber = files.replacing(#/<key>Track ID</key>(\s*)<integer>/#) { match in
      "<key>Apple Music</key>\(match.1)<true/>\(match.1)<key>Track ID</key>\(match.1)<integer>"
    }
    try Data(subscriber.utf8).write(to: URL(fileURLWithPath: scene.library))
    try await scene.server { server in
      let result = try await scene.setup(scene.arguments(port: server.port, schedule: "none"))
      #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
      #expect(result.stdout.contains("from Apple Music"))
    }
    #expect(try String(contentsOfFile: scene.config, encoding: .utf8).contains(#""listen": "applemusic""#))
    let other = try await Scene()
    try await other.server { server in
      let result = try await other.setup(other.arguments(port: server.port, schedule: "none"))
      #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }
    #expect(try !String(contentsOfFile: other.config, encoding: .utf8).contains("listen"))
  }

  @Test func systemdUnitsAreWrittenEnabledAndRemoved() async throws {
    var scene = try await Scene()
    scene.sandbox.extraEnvironment["FAKE_LINGER"] = "no"
    try await scene.server { server in
      let result = try await scene.setup(scene.arguments(port: server.port, schedule: "systemd"))
      #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
      #expect(result.stdout.contains("loginctl enable-linger"))
    }
    let units = scene.sandbox.home + "/.config/systemd/user"
    let service = try String(contentsOfFile: units + "/deepcut.service", encoding: .utf8)
    let timer = try String(contentsOfFile: units + "/deepcut.timer", encoding: .utf8)
    #expect(service.contains(scene.program))
    #expect(service.contains("nightly"))
    #expect(timer.contains("OnCalendar=*-*-* 05:45:00"))
    let calls = scene.sandbox.calls
    #expect(calls.contains("systemctl --user daemon-reload"))
    #expect(calls.contains("systemctl --user enable --now deepcut.timer"))
    if let verify = SetupSandbox.systemdAnalyze {
      let checked = try await DeepcutProcess.shell(
        verify, ["verify", units + "/deepcut.service", units + "/deepcut.timer"],
        environment: ["SYSTEMD_LOG_LEVEL": "warning"])
      #expect(checked.status == 0, "\(checked.output)")
    }

    let removed = try await DeepcutProcess.run(["setup", "--uninstall"], environment: scene.sandbox.environment)
    #expect(removed.status == 0)
    #expect(!FileManager.default.fileExists(atPath: units + "/deepcut.service"))
    #expect(!FileManager.default.fileExists(atPath: units + "/deepcut.timer"))
    #expect(scene.sandbox.calls.contains("systemctl --user disable --now deepcut.timer"))
  }

  @Test func aLaunchAgentRunsTheProgramAtTheTime() async throws {
    let scene = try await Scene()
    try await scene.server { server in
      let result = try await scene.setup(scene.arguments(port: server.port, schedule: "launchd"))
      #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }
    let agents = scene.sandbox.home + "/Library/LaunchAgents"
    let plist = try #require(try FileManager.default.contentsOfDirectory(atPath: agents).first)
    let read = try await DeepcutProcess.shell(
      "/usr/bin/python3",
      [
        "-c",
        "import plistlib,sys,json; p=plistlib.load(open(sys.argv[1],'rb')); "
          + "print(json.dumps([p['ProgramArguments'], p['StartCalendarInterval']['Hour'], "
          + "p['StartCalendarInterval']['Minute']]))",
        agents + "/" + plist,
      ])
    #expect(read.status == 0, "\(read.output)")
    #expect(read.output == "[[\"\(scene.program)\", \"nightly\"], 5, 45]\n")
    #expect(scene.sandbox.calls.contains { $0.hasPrefix("launchctl bootstrap gui/") })

    let again = try await DeepcutProcess.run(
      ["setup", "--yes", "--no-test-mail", "--schedule", "launchd", "--at", "05:45"],
      environment: scene.sandbox.environment)
    #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: agents) == [plist])
    let removed = try await DeepcutProcess.run(["setup", "--uninstall"], environment: scene.sandbox.environment)
    #expect(removed.status == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: agents).isEmpty)
  }

  @Test func aWrongPasswordFailsTheTestEmailAndNothingIsWrittenOrScheduled() async throws {
    let scene = try await Scene()
    try await scene.server { server in
      let wrong = "not-the-password-4711"
      let result = try await scene.setup(scene.arguments(port: server.port, schedule: "cron"), password: wrong)
      #expect(result.status == 69, "\(result.stdout)\(result.stderr)")
      #expect(result.stderr.contains("the test e-mail was not delivered"))
      #expect(!(result.stdout + result.stderr).contains(wrong))
      #expect(!scene.sandbox.calls.joined().contains(wrong))
      #expect(try server.delivered().isEmpty)
    }
    #expect(!FileManager.default.fileExists(atPath: scene.config))
    #expect(!FileManager.default.fileExists(atPath: scene.passwordFile))
    #expect(scene.sandbox.table == nil)
  }

  /// An export years old lists as new what was got since: setup says so before anything is written, in status's
  /// words with how to keep it fresh, and goes on only if the person says so (with --yes, it goes on).
  @Test func aStaleLibraryIsToldBeforeAnythingIsWrittenAndThePersonChooses() async throws {
    let scene = try await Scene()
    let old = scene.sandbox.home + "/Music/old-Library.xml"
    let sample = try String(contentsOfFile: scene.library, encoding: .utf8)
    let written = try #require(sample.firstMatch(of: /<key>Date<\/key><date>[^<]*<\/date>/))
    try Data(
      sample.replacingCharacters(in: written.range, with: "<key>Date</key><date>2023-01-29T10:00:00Z</date>").utf8
    )
    .write(to: URL(fileURLWithPath: old))
    let dialogue: [TerminalSession.Step] = [
      .expect("Your Library.xml \\[.*Library.xml\\]: ", send: old),
      .expect("library: \(old), written 29 Jan 2023 \\([0-9,]+ days ago\\): stale"),
      .expect("Share Library XML with other applications"),
      .expect("Go on with this export anyway\\? \\[y/N\\]: ", send: ""),
      .expect("nothing written, nothing scheduled"),
    ]
    let session = try await TerminalSession.run(
      [DeepcutProcess.executable.path, "setup"], dialogue: dialogue, environment: scene.sandbox.environment)
    #expect(session.status == 0, "\(session.transcript)")
    #expect(!FileManager.default.fileExists(atPath: scene.config))
    // A fresh one is not stale; --stale-after 0 never warns; --yes warns and goes on to the next question.
    let yes = try await DeepcutProcess.run(
      ["setup", "--yes", "--library", old, "--sendmail", "/bin/true"], environment: scene.sandbox.environment)
    #expect(yes.stdout.contains("written 29 Jan 2023") && yes.stdout.contains(": stale"), "\(yes.stdout)")
    #expect(yes.stderr == "deepcut: error: setup --yes needs --to ADDRESS\n")
    let never = try await DeepcutProcess.run(
      ["setup", "--yes", "--library", old, "--stale-after", "0", "--sendmail", "/bin/true"],
      environment: scene.sandbox.environment)
    #expect(!never.stdout.contains("stale") && never.stderr == "deepcut: error: setup --yes needs --to ADDRESS\n")
    let fresh = try await DeepcutProcess.run(
      ["setup", "--yes", "--sendmail", "/bin/true"], environment: scene.sandbox.environment)
    #expect(!fresh.stdout.contains("stale"))
  }

  /// Everything setup asks has a flag: where you listen, and your app's credentials from a file of your own, tested
  /// with one token before they are kept in the app's credentials file.
  @Test func withYesWhereYouListenAndYourAppAreFlags() async throws {
    let scene = try await Scene()
    let spotify = try await scene.spotifyApp()
    defer { Task { await spotify.stop() } }
    let mine = scene.sandbox.home + "/my-app.txt"
    let arguments = [
      "setup", "--yes", "--to", "ana@example.org", "--sendmail", "/bin/true", "--no-test-mail", "--schedule", "none",
      "--listen", "spotify", "--app-credentials", mine,
    ]
    func give(_ secret: String, mode: Int) throws {
      try Data("client_id = my-app\nclient_secret = \(secret)\n".utf8).write(to: URL(fileURLWithPath: mine))
      try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: mine)
    }
    try give("not-the-secret", mode: 0o600)
    let refused = try await DeepcutProcess.run(arguments, environment: scene.sandbox.environment)
    #expect(refused.status != 0 && refused.stderr.contains("invalid_client"), "\(refused.stderr)")
    try give("app-secret-42", mode: 0o644)
    let open = try await DeepcutProcess.run(arguments, environment: scene.sandbox.environment)
    #expect(open.status == 64 && open.stderr.contains("--app-credentials"), "\(open.stderr)")
    try give("app-secret-42", mode: 0o600)
    let taken = try await DeepcutProcess.run(arguments, environment: scene.sandbox.environment)
    #expect(taken.status == 0, "\(taken.stdout)\(taken.stderr)")
    let credentials = scene.sandbox.home + "/.config/deepcut/spotify-credentials"
    #expect(try String(contentsOfFile: credentials, encoding: .utf8).contains("client_secret = app-secret-42\n"))
    #expect(try FileManager.default.attributesOfItem(atPath: credentials)[.posixPermissions] as? Int == 0o600)
    let config = try String(contentsOfFile: scene.config, encoding: .utf8)
    #expect(config.contains(#""listen": "spotify""#) && !config.contains("app-secret-42"))

    // Or piped in: a refused secret is named, never shown; the one taken replaces the file's.
    try FileManager.default.removeItem(atPath: credentials)
    let piped = Array(arguments.dropLast(2)) + ["--app-stdin"]
    func pipe(_ secret: String) async throws -> DeepcutProcess.Result {
      try await DeepcutProcess.run(
        piped, stdin: Data("client_id = my-app\nclient_secret = \(secret)\n".utf8),
        environment: scene.sandbox.environment)
    }
    let wrong = try await pipe("not-the-secret")
    #expect(wrong.status != 0 && wrong.stderr.contains("invalid_client"), "\(wrong.stderr)")
    #expect(!(wrong.stdout + wrong.stderr).contains("not-the-secret"))
    #expect(!FileManager.default.fileExists(atPath: credentials))
    let right = try await pipe("app-secret-42")
    #expect(right.status == 0, "\(right.stdout)\(right.stderr)")
    #expect(try String(contentsOfFile: credentials, encoding: .utf8).contains("client_secret = app-secret-42\n"))
    let nowhere = try await DeepcutProcess.run(
      ["setup", "--yes", "--no-test-mail", "--schedule", "none", "--listen", "none", "--app-stdin"],
      stdin: Data("client_id = a\nclient_secret = b\n".utf8), environment: scene.sandbox.environment)
    #expect(nowhere.status == 64 && nowhere.stderr.contains("--app-stdin goes with --listen spotify"))
    let twice = try await DeepcutProcess.run(
      piped + ["--app-credentials", mine], stdin: Data("client_id = a\nclient_secret = b\n".utf8),
      environment: scene.sandbox.environment)
    #expect(twice.status == 64 && twice.stderr.contains("give --app-stdin or --app-credentials FILE, not both"))
  }

  @Test func withYesWhatIsMissingIsNamedInOneLine() async throws {
    let scene = try await Scene()
    let noAddress = try await DeepcutProcess.run(
      ["setup", "--yes", "--sendmail", "/bin/true"], environment: scene.sandbox.environment)
    #expect(noAddress.status == 64)
    #expect(noAddress.stderr == "deepcut: error: setup --yes needs --to ADDRESS\n")
    let noRoute = try await DeepcutProcess.run(
      ["setup", "--yes", "--to", "ana@example.org"], environment: scene.sandbox.environment)
    #expect(noRoute.status == 64)
    #expect(noRoute.stderr.contains("--smtp-url URL or --sendmail COMMAND"))
    let noPassword = try await DeepcutProcess.run(
      ["setup", "--yes", "--to", "ana@example.org", "--smtp-url", "smtps://mail.example.org", "--smtp-user", "ana"],
      environment: scene.sandbox.environment)
    #expect(noPassword.status == 64)
    #expect(noPassword.stderr.contains("--password-stdin"))
    #expect(!FileManager.default.fileExists(atPath: scene.config))
  }

  @Test func anExistingConfigKeepsItsCommentsAndOrderAndOnlyTheGivenKeysChange() async throws {
    let scene = try await Scene()
    try FileManager.default.createDirectory(
      atPath: scene.sandbox.home + "/.config/deepcut", withIntermediateDirectories: true)
    let before = """
      // mine: the nightly settings
      {
        "days": 14,
        // who gets it
        "email": { "to": ["old@example.org"], "sendmail": "/bin/true" },
        "library": "\(scene.library)"
      }

      """
    try Data(before.utf8).write(to: URL(fileURLWithPath: scene.config))
    let result = try await DeepcutProcess.run(
      ["setup", "--yes", "--to", "new@example.org", "--schedule", "none"], environment: scene.sandbox.environment)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("email.to: [\"old@example.org\"] → [\"new@example.org\"]"))
    let after = try String(contentsOfFile: scene.config, encoding: .utf8)
    // Only the key given: the sender the file lacks stays out.
    #expect(after == before.replacingOccurrences(of: "old@example.org", with: "new@example.org"))
  }

  /// The questions on a real terminal: every default taken but the address, the route and the password — first a
  /// wrong one, which the test e-mail catches, then the right one — and no password ever echoed.
  @Test func onATerminalEachQuestionHasADefaultAndAWrongPasswordIsAskedAgain() async throws {
    let scene = try await Scene()
    let spotify = try await scene.spotifyApp()
    defer { Task { await spotify.stop() } }
    try await scene.server { server in
      let dialogue: [TerminalSession.Step] = [
        .expect("Your Library.xml \\[.*Library.xml\\]: ", send: ""),
        // Once a week, in any case; a day that is none is asked again.
        .expect("Every night, or once a week.*\\[night\\]: ", send: "Samstag"),
        .expect("--every takes night or a day of the week"),
        .expect("Every night, or once a week.*\\[night\\]: ", send: "Sat"),
        .expect("tell you each Saturday: e-mail, push or both \\[e-mail\\]: ", send: ""),
        .expect("Who gets the e-mail: ", send: "ana@example.org"),
        .expect("Sent from \\[deepcut <ana@example.org>\\]: ", send: ""),
        // What each catalog gives and costs, and this library's first night at its pace.
        .expect("itunes +Apple Music's own list; a slow first night \\(20 requests a minute; your [0-9,]+ artists'"),
        .expect("musicbrainz +release types and editions.*first night: [0-9]+ min or more; asks who runs this\\)"),
        .expect("deezer +complete and fast, no key"),
        .expect("Catalogs to ask.*\\[deezer,musicbrainz\\]: ", send: ""),
        .expect("Where you listen.*\\[none\\]: ", send: "Spotify"),
        .expect("developer.spotify.com/dashboard"),
        .expect("Give deepcut your Spotify app now\\? \\[Y/n\\]: ", send: ""),
        .expect("Spotify client ID: ", send: "my-app"),
        .expect("Spotify client secret \\(not shown\\): ", send: "not-the-secret", secret: true),
        .expect("refused the app's credentials \\(invalid_client\\)"),
        .expect("Spotify client ID: ", send: "my-app"),
        .expect("Spotify client secret \\(not shown\\): ", send: "app-secret-42", secret: true),
        .expect("Spotify took the app's credentials"),
        .expect("\\(sendmail\\) \\[smtp\\]: ", send: "smtp"),
        .expect("Mail server .*: ", send: "smtp://127.0.0.1:\(server.port)"),
        .expect("user name at the server \\[ana@example.org\\]: ", send: "ana"),
        .expect("Password for ana .*: ", send: "not-the-password", secret: true),
        .expect("try again\\? \\[Y/n\\]: ", send: "y"),
        .expect("\\(sendmail\\) \\[smtp\\]: ", send: ""),
        .expect("Mail server .*\\[smtp://127.0.0.1:\(server.port)\\]: ", send: ""),
        .expect("user name at the server \\[ana\\]: ", send: ""),
        .expect("Password for ana .*: ", send: SetupCommandTests.password, secret: true),
        .expect("accepted: 250"),
        .expect("What starts the weekly job \\(cron, systemd, launchd or none\\) \\[.*\\]: ", send: "cron"),
        .expect("At what time \\(HH:MM\\) \\[06:30\\]: ", send: ""),
        .expect("Write these changes\\? \\[Y/n\\]: ", send: ""),
        .expect("deepcut status"),
      ]
      let session = try await TerminalSession.run(
        [DeepcutProcess.executable.path, "setup", "--ca-file", scene.certificate.certificate], dialogue: dialogue,
        environment: scene.sandbox.environment)
      #expect(session.status == 0, "\(session.transcript)")
      #expect(session.transcript.contains("535"), "the wrong password's refusal is shown")
      #expect(try server.delivered().count == 1)
      // The test e-mail's body, base64 after its header, says what comes and when.
      let test = String(decoding: try #require(try server.delivered().first).message, as: UTF8.self)
      // As it came over SMTP, its lines end in CRLF.
      let body = try #require(test.components(separatedBy: "\r\n\r\n").last)
      let text = String(decoding: Data(base64Encoded: body.filter { !$0.isWhitespace }) ?? Data(), as: UTF8.self)
      #expect(text.contains("the weekly e-mail will too: each Saturday it lists"), "\(test)")
    }
    #expect(scene.sandbox.table?.contains("30 6 * * 6 '\(scene.program)' nightly") == true)
    #expect(try String(contentsOfFile: scene.passwordFile, encoding: .utf8) == SetupCommandTests.password)
    // Typed in any case, kept as the setting writes it.
    #expect(try String(contentsOfFile: scene.config, encoding: .utf8).contains(#""listen": "spotify""#))
    #expect(try String(contentsOfFile: scene.config, encoding: .utf8).contains(#""every": "saturday""#))
    // The app's credentials that Spotify took, in their own file only its owner reads; one token asked per try.
    let credentials = scene.sandbox.home + "/.config/deepcut/spotify-credentials"
    #expect(try String(contentsOfFile: credentials, encoding: .utf8).contains("client_secret = app-secret-42\n"))
    #expect(try FileManager.default.attributesOfItem(atPath: credentials)[.posixPermissions] as? Int == 0o600)
    #expect(try !String(contentsOfFile: scene.config, encoding: .utf8).contains("app-secret-42"))
    #expect(try await spotify.requestLog().count == 2)
  }

  /// A server with a certificate of its own: setup says how to get it, asks for its file right there (a file that
  /// holds none is refused), and the test e-mail goes again through the server, now trusted.
  @Test func anUntrustedCertificateIsAskedForAndTheTestEmailGoesAgain() async throws {
    let scene = try await Scene()
    try await scene.server { server in
      let dialogue: [TerminalSession.Step] = [
        .expect("Your Library.xml \\[.*Library.xml\\]: ", send: ""),
        .expect("Every night, or once a week.*\\[night\\]: ", send: ""),
        .expect("tell you each night: e-mail, push or both \\[e-mail\\]: ", send: ""),
        .expect("Who gets the e-mail: ", send: "ana@example.org"),
        .expect("Sent from \\[deepcut <ana@example.org>\\]: ", send: ""),
        .expect("Catalogs to ask.*\\[deezer,musicbrainz\\]: ", send: ""),
        .expect("Where you listen.*\\[none\\]: ", send: ""),
        .expect("\\(sendmail\\) \\[smtp\\]: ", send: ""),
        .expect("Mail server .*: ", send: "smtp://127.0.0.1:\(server.port)"),
        .expect("user name at the server \\[ana@example.org\\]: ", send: "ana"),
        .expect("Password for ana .*: ", send: SetupCommandTests.password, secret: true),
        .expect("the certificate of 127.0.0.1 is not trusted"),
        .expect("openssl s_client -connect 127.0.0.1:\(server.port) -starttls smtp -showcerts"),
        .expect("Trust a certificate you have for 127.0.0.1\\? \\[Y/n\\]: ", send: ""),
        .expect("Its certificate file \\(PEM\\): ", send: scene.library),
        .expect("holds no PEM certificate"),
        .expect("Its certificate file \\(PEM\\): ", send: scene.certificate.certificate),
        .expect("accepted: 250"),
        .expect("\\(cron, systemd, launchd or none\\) \\[.*\\]: ", send: "none"),
        .expect("At what time \\(HH:MM\\) \\[06:30\\]: ", send: ""),
        .expect("wrote .*config.json"),
      ]
      let session = try await TerminalSession.run(
        [DeepcutProcess.executable.path, "setup"], dialogue: dialogue, environment: scene.sandbox.environment)
      #expect(session.status == 0, "\(session.transcript)")
      #expect(try server.delivered().count == 1)
    }
    let config = try String(contentsOfFile: scene.config, encoding: .utf8)
    #expect(config.contains(#""caFile": "\#(scene.certificate.certificate)""#), "\(config)")
  }

  /// Elsewhere than the standard places, the config and the state folder are named on the schedule's command line:
  /// cron and launchd give the job none of the XDG variables setup saw. A password read from a terminal would be
  /// shown as it is typed, so --password-stdin takes a pipe or a file only.
  @Test func aConfigElsewhereIsNamedOnTheScheduledLineAndAPasswordIsNeverReadFromATerminal() async throws {
    var scene = try await Scene()
    scene.sandbox.extraEnvironment["XDG_CONFIG_HOME"] = scene.sandbox.home + "/elsewhere"
    scene.sandbox.extraEnvironment["XDG_STATE_HOME"] = scene.sandbox.home + "/state"
    let result = try await DeepcutProcess.run(
      ["setup", "--yes", "--no-test-mail", "--to", "ana@example.org", "--sendmail", "/bin/true", "--schedule", "cron"],
      environment: scene.sandbox.environment)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    let config = scene.sandbox.home + "/elsewhere/deepcut/config.json"
    #expect(FileManager.default.fileExists(atPath: config))
    let line = scene.sandbox.table?.split(separator: "\n").first { $0.contains("nightly") }
    #expect(line?.contains("nightly --config '\(config)' --state-dir '\(scene.sandbox.home)/state/deepcut'") == true)

    let session = try await TerminalSession.run(
      [DeepcutProcess.executable.path, "setup", "--yes", "--password-stdin"],
      dialogue: [.expect("--password-stdin reads a pipe or a file")], environment: scene.sandbox.environment)
    #expect(session.status == 64, "\(session.transcript)")
  }

  /// A schedule installed, and a day past its time nothing in the run log: status says a night was missed.
  @Test func aNightDueAndNotRunIsAFailureOfStatus() async throws {
    let scene = try await Scene()
    let result = try await DeepcutProcess.run(
      ["setup", "--yes", "--no-test-mail", "--to", "ana@example.org", "--sendmail", "/bin/true", "--schedule", "cron"],
      environment: scene.sandbox.environment)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    let later = ISO8601DateFormatter().string(from: Date().addingTimeInterval(2 * 86_400))
    let status = try await DeepcutProcess.run(
      ["status", "--json", "--now", later], environment: scene.sandbox.environment)
    #expect(status.status == 1, "\(status.stdout)\(status.stderr)")
    let object = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
    #expect((object?["problem"] as? String)?.contains("no night ran since it was due") == true, "\(status.stderr)")
    let schedule = object?["schedule"] as? [String: Any]
    #expect(schedule?["kind"] as? String == "cron")
    #expect(schedule?["at"] as? String == "06:30")
    let soon = try await DeepcutProcess.run(["status"], environment: scene.sandbox.environment)
    #expect(soon.status == 0, "set up today, due from tomorrow: \(soon.stdout)")
    #expect(soon.stdout.contains("next run: "))
  }

  /// Once a week: setup schedules the week's digest on its day with each scheduler, the configuration says so for
  /// the night to speak of "this week", and status tells the day, and a configuration changed by hand since.
  @Test func aWeeklyDigestIsScheduledOnItsDayWithEachSchedulerAndStatusTellsIt() async throws {
    let scene = try await Scene()
    let environment = scene.sandbox.environment
    let setup = [
      "setup", "--yes", "--no-test-mail", "--to", "ana@example.org", "--sendmail", "/bin/true", "--at", "09:00",
    ]
    let systemd = try await DeepcutProcess.run(
      setup + ["--schedule", "systemd", "--every", "Sat"], environment: environment)
    #expect(systemd.status == 0, "\(systemd.stdout)\(systemd.stderr)")
    #expect(systemd.stdout.contains("every Saturday at 09:00"), "\(systemd.stdout)")
    #expect(try String(contentsOfFile: scene.config, encoding: .utf8).contains(#""every": "saturday""#))
    let timer = scene.sandbox.home + "/.config/systemd/user/deepcut.timer"
    #expect(try String(contentsOfFile: timer, encoding: .utf8).contains("\nOnCalendar=Sat *-*-* 09:00:00\n"))

    // The file keeps the day: setting up again with another scheduler asks for it no more.
    let launchd = try await DeepcutProcess.run(setup + ["--schedule", "launchd"], environment: environment)
    #expect(launchd.status == 0, "\(launchd.stdout)\(launchd.stderr)")
    let agent = scene.sandbox.home + "/Library/LaunchAgents/org.deepcut.nightly.plist"
    #expect(
      try String(contentsOfFile: agent, encoding: .utf8).contains("<key>Weekday</key>\n\t\t<integer>6</integer>"))
    #expect(!FileManager.default.fileExists(atPath: timer), "one schedule at a time")
    let cron = try await DeepcutProcess.run(setup + ["--schedule", "cron"], environment: environment)
    #expect(cron.status == 0, "\(cron.stdout)\(cron.stderr)")
    let line = scene.sandbox.table?.split(separator: "\n").first { $0.contains("nightly") }
    #expect(line?.hasPrefix("0 9 * * 6 '\(scene.program)' nightly") == true, "\(line ?? "")")
    let status = try await DeepcutProcess.run(["status"], environment: environment)
    #expect(status.stdout.contains("(cron, every Saturday at 09:00: \(scene.program) nightly)"), "\(status.stdout)")
    #expect(!status.stdout.contains("problem:"), "\(status.stdout)")

    // Every night again, and then the file changed by hand: status says the schedule is not what it says.
    #expect(try await DeepcutProcess.run(setup + ["--every", "night"], environment: environment).status == 0)
    #expect(scene.sandbox.table?.contains("0 9 * * * '\(scene.program)' nightly") == true)
    let config = try String(contentsOfFile: scene.config, encoding: .utf8)
    #expect(config.contains(#""every": "night""#))
    try Data(config.replacingOccurrences(of: #""every": "night""#, with: #""every": "sunday""#).utf8)
      .write(to: URL(fileURLWithPath: scene.config))
    let unlike = try await DeepcutProcess.run(["status"], environment: environment)
    #expect(unlike.status == 1, "\(unlike.stdout)")
    #expect(
      unlike.stdout.contains(
        "the schedule runs every night at 09:00, but the configuration says every Sunday: run 'deepcut setup'"),
      "\(unlike.stdout)")
  }
}
