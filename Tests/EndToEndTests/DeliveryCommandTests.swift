import Fixtures
import Foundation
import TestSupport
import Testing

/// `deepcut report --format email --send` as a person runs it: the real binary, a config file, and a real SMTP
/// server on 127.0.0.1 (aiosmtpd) with STARTTLS, a certificate the test made, and AUTH.
struct DeliveryCommandTests {
  /// Distinct enough that finding it anywhere means it leaked.
  static let password = "Sesame-7f3a9c-open"
  static let releases = ["Static Bloom", "Glasshouse", "Night Drive", "Harbour Lights", "Night Shift"]

  /// A folder with a password file (mode 600) and a config sending to `server`.
  struct Home {
    let path: String
    var config: String { path + "/config.json" }
    var state: String { path + "/state" }
    var report: String { path + "/report.eml" }
    var passwordFile: String { path + "/smtp-password" }

    init(
      smtp: [String: JSONValue]?, password: String = DeliveryCommandTests.password, email: [String: JSONValue] = [:]
    ) throws {
      path = NSTemporaryDirectory() + "deepcut-send-" + UUID().uuidString
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      try Data((password + "\n").utf8).write(to: URL(fileURLWithPath: passwordFile))
      chmod(passwordFile, 0o600)
      try configure(smtp: smtp, email: email)
    }

    /// Writes the config: the e-mail goes to `smtp` (nil: no mail server), with `email` over the usual settings.
    func configure(smtp: [String: JSONValue]?, email: [String: JSONValue] = [:]) throws {
      var mail: [String: JSONValue] = [
        "to": ["Ana <ana@example.org>", "bo@example.org"], "from": "deepcut <deepcut@example.org>", "send": true,
        "retryAfterSeconds": 0,
      ]
      mail.merge(email) { $1 }
      if var smtp {
        smtp["user"] = smtp["user"] ?? "ana"
        smtp["passwordFile"] = smtp["passwordFile"] ?? .string(passwordFile)
        mail["smtp"] = .object(smtp)
      }
      let library = DeepcutProcess.packageRoot.appendingPathComponent("samples/Library.xml").path
      let config: JSONValue = ["library": .string(library), "format": "email", "email": .object(mail)]
      try config.json().write(to: URL(fileURLWithPath: self.config))
    }

    /// Tonight's e-mail, sent, for the night of `now`.
    func report(_ now: String = "2026-11-29", _ extra: [String] = []) async throws -> DeepcutProcess.Result {
      try await DeepcutProcess.run(
        [
          "report", "--config", config, "--snapshot", "samples/catalogs/itunes", "--now", now, "--state-dir", state,
          "--since-last-run", "--output", report,
        ] + extra)
    }

    /// Every byte deepcut left: the state folder (database, kept messages) and the report.
    func everythingWritten() throws -> Data {
      var all = Data()
      let files = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
      for file in files where file != "smtp-password" {
        all += (try? Data(contentsOf: URL(fileURLWithPath: path + "/" + file))) ?? Data()
      }
      return all
    }
  }

  static func smtp(_ server: FakeMailServer, _ certificate: TestCertificate) -> [String: JSONValue] {
    ["url": .string(server.url()), "caFile": .string(certificate.certificate)]
  }

  static func options(_ certificate: TestCertificate) -> [String] {
    certificate.serverOptions + ["--auth", "ana:\(password)"]
  }

  @Test func theDeliveredMessageIsTheEmailItPrintsToEveryRecipient() async throws {
    let certificate = try await TestCertificate.make()
    try await FakeMailServer.with(Self.options(certificate)) { server in
      let home = try Home(smtp: Self.smtp(server, certificate))
      let sent = try await home.report()
      #expect(sent.status == 0, "\(sent.stderr)")
      #expect(sent.stdout.isEmpty)  // sent, not printed: cron would mail it a second time
      #expect(
        sent.stderr.contains(
          "e-mailed through \(server.url()) (250 2.0.0 accepted) to Ana <ana@example.org>, bo@example.org"))
      // The same night, printed instead of sent, from a state of its own.
      let printing = try Home(smtp: Self.smtp(server, certificate), email: ["send": false])
      let printed = try await DeepcutProcess.run([
        "report", "--config", printing.config, "--snapshot", "samples/catalogs/itunes", "--now", "2026-11-29",
        "--state-dir",
        printing.state, "--since-last-run", "--quiet",
      ])
      let delivered = try #require(try server.delivered().first)
      #expect(try server.delivered().count == 1)
      #expect(delivered.message == Data(printed.stdout.utf8))
      #expect(delivered.message == (try Data(contentsOf: URL(fileURLWithPath: home.report))))
      #expect(delivered.to == ["ana@example.org", "bo@example.org"])
      #expect(delivered.from == "deepcut@example.org")
      #expect(delivered.tls && delivered.login == "ana")
      let text = String(decoding: delivered.message, as: UTF8.self)
      #expect(text.contains("\r\nMessage-ID: <deepcut.") && text.contains("\r\nDate: Sun, 29 Nov 2026"))
      #expect(text.contains("Content-Type: text/plain") && text.contains("Content-Type: text/html"))
      // Told: the same night again sends an e-mail with nothing new in it.
      _ = try await home.report("2026-11-29T22:00:00Z")
      let again = FakeMailServer.plainText(of: try server.delivered()[1].message)
      #expect(!again.contains("Static Bloom"), "\(again)")
    }
  }

  @Test func aWrongPasswordExits69TellsNothingAndLeaksNowhere() async throws {
    let certificate = try await TestCertificate.make()
    try await FakeMailServer.with(certificate.serverOptions + ["--auth", "ana:the-right-one"]) { server in
      let home = try Home(smtp: Self.smtp(server, certificate))
      let refused = try await home.report("2026-11-29", ["--timings"])
      #expect(refused.status == 69, "\(refused.stderr)")
      #expect(refused.stderr.contains("refused the login for ana"), "\(refused.stderr)")
      #expect(refused.stderr.contains("nothing is marked as told"))
      #expect(try server.delivered().isEmpty)
      let check = try await DeepcutProcess.run(["config", "--check", "--config", home.config])
      for output in [refused.stdout, refused.stderr, check.stdout, check.stderr] {
        #expect(!output.contains(Self.password))
      }
      #expect(try home.everythingWritten().range(of: Data(Self.password.utf8)) == nil)
      // With the right password the next run tells all of it.
      try Data("the-right-one".utf8).write(to: URL(fileURLWithPath: home.passwordFile))
      let sent = try await home.report("2026-11-29T22:00:00Z")
      #expect(sent.status == 0, "\(sent.stderr)")
      let text = FakeMailServer.plainText(of: try #require(try server.delivered().first).message)
      for release in Self.releases { #expect(text.contains(release), "\(release) missing") }
    }
  }

  @Test func aServerThatIsDownExits75AndTheNextRunDeliversEverythingOnce() async throws {
    let certificate = try await TestCertificate.make()
    let home = try await RefusingPort.with { port in
      let home = try Home(smtp: [
        "url": .string("smtp://127.0.0.1:\(port)"), "caFile": .string(certificate.certificate),
      ])
      let down = try await home.report()
      #expect(down.status == 75, "\(down.stderr)")
      #expect(down.stderr.contains("cannot reach the mail server smtp://127.0.0.1:\(port)"), "\(down.stderr)")
      #expect(down.stderr.contains("the next run sends it all again"))
      return home
    }
    let kept = try FileManager.default.contentsOfDirectory(atPath: home.state + "/undelivered")
    #expect(kept.count == 1)
    // The report file is written all the same.
    #expect(FileManager.default.fileExists(atPath: home.report))

    // The server is back, on a port of the system's choosing: the config is rewritten to say where, as each run
    // reads it afresh (the kept message names no server).
    try await FakeMailServer.with(Self.options(certificate)) { server in
      try home.configure(smtp: Self.smtp(server, certificate))
      let up = try await home.report("2026-11-30")
      #expect(up.status == 0, "\(up.stderr)")
      let delivered = try server.delivered()
      #expect(delivered.count == 1)
      let text = FakeMailServer.plainText(of: try #require(delivered.first).message)
      for release in Self.releases { #expect(text.contains(release), "\(release) missing") }
      #expect(try FileManager.default.contentsOfDirectory(atPath: home.state + "/undelivered").isEmpty)
      // Once: the night after tells none of them again.
      _ = try await home.report("2026-12-01")
      let next = FakeMailServer.plainText(of: try server.delivered()[1].message)
      for release in Self.releases { #expect(!next.contains(release), "\(release) told twice") }
    }
  }

  @Test func a4xxIsTriedAgainInTheSameRunAndA5xxExits69() async throws {
    let certificate = try await TestCertificate.make()
    let later = Self.options(certificate) + ["--data-replies", "451 4.3.0 greylisted,250"]
    try await FakeMailServer.with(later) { server in
      let home = try Home(smtp: Self.smtp(server, certificate))
      let sent = try await home.report()
      #expect(sent.status == 0, "\(sent.stderr)")
      #expect(sent.stderr.contains("at the second attempt"))
      #expect(server.attempts() == ["451 4.3.0 greylisted", "250"])
      #expect(try server.delivered().count == 1)
    }
    try await FakeMailServer.with(Self.options(certificate) + ["--rcpt-reply", "550 5.1.1 no such user"]) { server in
      let home = try Home(smtp: Self.smtp(server, certificate))
      let refused = try await home.report()
      #expect(refused.status == 69, "\(refused.stderr)")
      #expect(refused.stderr.contains("550 5.1.1 no such user"))
      #expect(refused.stderr.contains("check email.from and email.to"))
    }
  }

  @Test func theSendmailPathFailsThenSucceedsUnderTheSameRule() async throws {
    let home = try Home(smtp: nil)
    let sendmail = home.path + "/fake-sendmail"
    try DeepcutProcess.writeProgram(
      """
      #!/bin/sh
      cat > "\(home.path)/handed-$(ls "\(home.path)" | grep -c '^handed-').eml"
      echo "$@" > "\(home.path)/arguments"
      status=$(cat "\(home.path)/status")
      [ "$status" = 0 ] || echo "sendmail: cannot connect to the relay" >&2
      exit "$status"
      """, to: sendmail)
    try Data("1".utf8).write(to: URL(fileURLWithPath: home.path + "/status"))
    let failed = try await home.report("2026-11-29", ["--sendmail", sendmail + " -t -i"])
    #expect(failed.status == 69, "\(failed.stderr)")
    #expect(failed.stderr.contains("failed with status 1: sendmail: cannot connect to the relay"), "\(failed.stderr)")

    try Data("0".utf8).write(to: URL(fileURLWithPath: home.path + "/status"))
    let sent = try await home.report("2026-11-30", ["--sendmail", sendmail + " -t -i"])
    #expect(sent.status == 0, "\(sent.stderr)")
    let handed = try Data(contentsOf: URL(fileURLWithPath: home.path + "/handed-1.eml"))
    #expect(handed == (try Data(contentsOf: URL(fileURLWithPath: home.report))))
    for release in Self.releases { #expect(FakeMailServer.plainText(of: handed).contains(release)) }
    #expect(try String(contentsOfFile: home.path + "/arguments", encoding: .utf8) == "-t -i\n")
  }

  @Test func mailSettingsThatCannotWorkAreRefusedBeforeTheCatalogIsAsked() async throws {
    let url: [String: JSONValue] = ["url": "smtps://smtp.example.org:465"]
    let inTheFile = try Home(smtp: url.merging(["password": .string(Self.password)]) { $1 })
    let refused = try await inTheFile.report()
    #expect(refused.status == 78)
    #expect(refused.stderr.contains("email.smtp.password: deepcut does not read passwords"), "\(refused.stderr)")
    #expect(refused.stderr.contains("email.smtp.passwordFile"))
    #expect(!refused.stderr.contains(Self.password))

    let open = try Home(smtp: url)
    chmod(open.passwordFile, 0o644)
    let readable = try await open.report()
    #expect(readable.status == 78)
    #expect(readable.stderr.contains("chmod 600 \(open.passwordFile)"), "\(readable.stderr)")

    let noPassword = try Home(smtp: url.merging(["passwordFile": "/nonexistent/pw"]) { $1 })
    #expect(try await noPassword.report().stderr.contains("cannot read /nonexistent/pw"))

    let web = try Home(smtp: ["url": "https://smtp.example.org"])
    #expect(try await web.report().status == 78)

    let markdown = try await open.report("2026-11-29", ["--format", "markdown", "--send"])
    #expect(markdown.status == 64)
    #expect(markdown.stderr.contains("--send goes with --format email"))
  }
}
