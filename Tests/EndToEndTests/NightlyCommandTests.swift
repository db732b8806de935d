import Fixtures
import Foundation
import TestSupport
import Testing

/// `deepcut nightly` as cron runs it, and through cron/deepcut-nightly as setups made before it run it: the real
/// binary, a config file, the fake catalog, and a stand-in `sendmail` that keeps what it is given.
struct NightlyCommandTests {
  @Test func theNightlyJobWritesKeepsAndMailsTheReport() async throws {
    let home = NSTemporaryDirectory() + "deepcut-nightly-" + UUID().uuidString
    let config = home + "/config/deepcut"
    try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
    try Data(ReportCommandTests.library.utf8).write(to: URL(fileURLWithPath: home + "/Library.xml"))
    let sendmail = home + "/sendmail"
    try DeepcutProcess.writeProgram(
      """
      #!/bin/sh
      n=$(ls "\(home)"/mail-*.eml 2>/dev/null | wc -l)
      echo "$@" > "\(home)/mail-$n.args"
      cat > "\(home)/mail-$n.eml"
      """, to: sendmail)

    try await FakeCatalogServer.with(world: ReportCommandTests.world) { server in
      try Data(
        """
        // written by the test
        {
          "library": "\(home)/Library.xml",
          "provider": { "name": "itunes", "baseURL": "\(server.baseURL.absoluteString)", "requestsPerMinute": 0 },
          "email": { "to": ["Ana <ana@example.org>"], "from": "deepcut <deepcut@example.org>" }
        }
        """.utf8
      ).write(to: URL(fileURLWithPath: config + "/config.json"))

      let environment = [
        "DEEPCUT": DeepcutProcess.executable.path, "XDG_CONFIG_HOME": home + "/config",
        "XDG_STATE_HOME": home + "/state", "DEEPCUT_SENDMAIL": sendmail + " -t", "DEEPCUT_ARGS": "--now 2026-11-29",
        "DEEPCUT_FEEDS": home + "/public",
      ]
      let script = DeepcutProcess.packageRoot.appendingPathComponent("cron/deepcut-nightly").path
      let first = try await Shell.run(script, environment: environment)
      #expect(first.status == 0, "\(first.output)")

      let reports = home + "/state/deepcut/reports"
      let files = try FileManager.default.contentsOfDirectory(atPath: reports)
      #expect(files.contains { $0.hasPrefix("report-") && $0.hasSuffix(".eml") })
      // The whole report beside the message, for an e-mail too long to carry it all.
      #expect(files.contains { $0.hasPrefix("report-") && $0.hasSuffix(".html") })
      // The feed and the calendar, from the same run.
      #expect(FileManager.default.fileExists(atPath: home + "/public/deepcut.atom"))
      #expect(FileManager.default.fileExists(atPath: home + "/public/deepcut.ics"))
      #expect(files.contains("deepcut.log"))
      let mailed = try String(contentsOfFile: home + "/mail-0.eml", encoding: .utf8)
      #expect(mailed.contains("Subject: =?UTF-8?B?"))
      #expect(mailed.contains("To: Ana <ana@example.org>"))
      #expect(try String(contentsOfFile: home + "/mail-0.args", encoding: .utf8) == "-t\n")
      let parsed = try await Shell.run(
        "/usr/bin/env",
        [
          "python3", "-c",
          "import email,sys; m=email.message_from_file(open(sys.argv[1])); "
            + "from email.header import decode_header, make_header; print(make_header(decode_header(m['Subject'])))",
          home + "/mail-0.eml",
        ])
      #expect(parsed.output == "1 new release from artists you own — 29 Nov 2026\n")

      // The next night tells nothing twice: an empty night, with its own subject.
      let second = try await Shell.run(script, environment: environment)
      #expect(second.status == 0)
      let again = try await Shell.run(
        "/usr/bin/env",
        [
          "python3", "-c",
          "import email,sys; m=email.message_from_file(open(sys.argv[1])); "
            + "from email.header import decode_header, make_header; print(make_header(decode_header(m['Subject'])))",
          home + "/mail-1.eml",
        ])
      #expect(again.output == "No new releases from artists you own — 29 Nov 2026\n")
      let log = try String(contentsOfFile: reports + "/deepcut.log", encoding: .utf8)
      #expect(log.contains("and e-mailed it"))
      // The nightly options, then the old setup's variables: every night has a budget that fits a unit's timeout.
      #expect(log.contains("starting: deepcut report --since-last-run --format email --send --output \(reports)/"))
      #expect(log.contains("--budget 100m --sendmail \(sendmail) -t --feeds \(home)/public --now 2026-11-29"))
    }
  }

  /// A night whose mail server is down tells nothing; the next night's e-mail carries both nights' releases.
  @Test func aNightWithTheMailServerDownIsCarriedByTheNextNightsEmail() async throws {
    let home = NSTemporaryDirectory() + "deepcut-nightly-smtp-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: home + "/config/deepcut", withIntermediateDirectories: true)
    let certificate = try await TestCertificate.make()
    let library = DeepcutProcess.packageRoot.appendingPathComponent("samples/Library.xml").path
    /// The config, with the mail server on `port`.
    func configure(port: Int) throws {
      try Data(
        """
        {
          "library": "\(library)",
          "email": {
            "to": ["Ana <ana@example.org>"], "from": "deepcut <ana@example.org>", "retryAfterSeconds": 0,
            "smtp": { "url": "smtp://127.0.0.1:\(port)", "user": "ana", "caFile": "\(certificate.certificate)" }
          }
        }
        """.utf8
      ).write(to: URL(fileURLWithPath: home + "/config/deepcut/config.json"))
    }
    let snapshot = DeepcutProcess.packageRoot.appendingPathComponent("samples/catalogs/itunes").path
    let environment = [
      "XDG_CONFIG_HOME": home + "/config", "XDG_STATE_HOME": home + "/state", "DEEPCUT_SMTP_PASSWORD": "open-sesame",
    ]
    let down = try await RefusingPort.with { port in
      try configure(port: port)
      return try await DeepcutProcess.run(
        ["nightly", "--snapshot", snapshot, "--now", "2026-11-29"], environment: environment)
    }
    #expect(down.status == 75, "\(down.stderr)")
    #expect(down.stderr.contains("the e-mail was not delivered (status 75)"))
    let log = home + "/state/deepcut/reports/deepcut.log"
    #expect(try String(contentsOfFile: log, encoding: .utf8).contains("the e-mail was not delivered (status 75)"))

    // The next night, a release that came out since, and the server up, on a port of its own the config names.
    try await FakeMailServer.with(certificate.serverOptions + ["--auth", "ana:open-sesame"]) { server in
      try configure(port: server.port)
      let up = try await DeepcutProcess.run(
        ["nightly", "--snapshot", snapshot, "--now", "2026-12-12"], environment: environment)
      #expect(up.status == 0, "\(up.stderr)")
      let delivered = try server.delivered()
      #expect(delivered.count == 1)
      let text = FakeMailServer.plainText(of: try #require(delivered.first).message)
      for release in ["Static Bloom", "Night Drive", "Harbour Lights", "Live at the Roundhouse"] {
        #expect(text.contains(release), "\(release) is missing from the second night's e-mail")
      }
      #expect(!(try String(contentsOfFile: log, encoding: .utf8)).contains("open-sesame"))
    }
  }

  @Test func aFailureKeepsItsStatusAndSendsNothing() async throws {
    let home = NSTemporaryDirectory() + "deepcut-nightly-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: home + "/config/deepcut", withIntermediateDirectories: true)
    try Data(#"{"library": "/nowhere/Library.xml", "email": {"to": ["a@example.org"]}}"#.utf8)
      .write(to: URL(fileURLWithPath: home + "/config/deepcut/config.json"))
    let environment = ["XDG_CONFIG_HOME": home + "/config", "XDG_STATE_HOME": home + "/state"]
    let result = try await DeepcutProcess.run(["nightly", "--sendmail", "/bin/false"], environment: environment)
    #expect(result.status == 66)
    #expect(result.stderr.contains("failed with status 66"))
    let log = try String(contentsOfFile: home + "/state/deepcut/reports/deepcut.log", encoding: .utf8)
    #expect(log.contains("failed with status 66"))
    #expect(log.contains("/nowhere/Library.xml: no such file"))
  }
}

/// Runs a program with extra environment variables and returns its status and combined output.
enum Shell {
  struct Result {
    var status: Int32
    var output: String
  }

  static func run(_ program: String, _ arguments: [String] = [], environment: [String: String] = [:]) async throws
    -> Result
  {
    let result = try await DeepcutProcess.shell(program, arguments, environment: environment)
    return Result(status: result.status, output: result.output)
  }
}
