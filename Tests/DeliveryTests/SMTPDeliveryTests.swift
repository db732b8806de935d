import Basics
import Delivery
import Foundation
import Synchronization
import TestSupport
import Testing

/// Submission to a real SMTP server on 127.0.0.1 (aiosmtpd): TLS either way, AUTH, and the replies a server gives.
/// The retry's wait goes through a sleep that only notes it, so no test waits out a backoff.
@Suite(.serialized) struct SMTPDeliveryTests {
  static let password = "pa55-Wörd:x"

  static let mail = OutgoingMail(
    message: Data("From: a@example.org\r\nTo: b@example.org\r\nSubject: hi\r\n\r\n.a leading dot\r\nbody\r\n".utf8),
    sender: "a@example.org", recipients: ["b@example.org", "c@example.org"])

  /// A mailer for `server` whose waits are noted in `waits`.
  static func mailer(_ server: SMTPServer, waits: NotedWaits = NotedWaits()) -> Courier {
    Courier(server, retryAfter: .seconds(30)) { waits.note($0) }
  }

  static func server(
    _ fake: FakeMailServer, _ certificate: TestCertificate?, scheme: String = "smtp", password: String = password,
    allowInsecure: Bool = false
  ) -> SMTPServer {
    SMTPServer(
      url: fake.address(scheme), user: "ana", password: Secret(password),
      caFile: certificate?.certificate, allowInsecure: allowInsecure, timeout: .seconds(30))
  }

  @Test func starttlsAndAuthDeliverTheBytesAsTheyAreToEveryRecipient() async throws {
    let certificate = try await TestCertificate.make()
    try await FakeMailServer.with(certificate.serverOptions + ["--auth", "ana:\(Self.password)"]) { fake in
      let receipt = try await Self.mailer(Self.server(fake, certificate)).deliver(Self.mail)
      #expect(receipt.attempts == 1)
      // fake_smtp.py's answer to the message data, not the "354" before it nor the "221" to the QUIT after.
      #expect(receipt.reply == "250 2.0.0 accepted")
      let delivered = try fake.delivered()
      #expect(delivered.count == 1)
      #expect(delivered.first?.message == Self.mail.message)
      #expect(delivered.first?.to == ["b@example.org", "c@example.org"])
      #expect(delivered.first?.from == "a@example.org")
      #expect(delivered.first?.login == "ana")
      #expect(delivered.first?.tls == true)
    }
  }

  @Test func smtpsSpeaksTLSFromTheStart() async throws {
    let certificate = try await TestCertificate.make()
    let options = certificate.serverOptions + ["--implicit-tls", "--auth", "ana:\(Self.password)"]
    try await FakeMailServer.with(options) { fake in
      _ = try await Self.mailer(Self.server(fake, certificate, scheme: "smtps")).deliver(Self.mail)
      #expect(try fake.delivered().first?.tls == true)
    }
  }

  @Test func aWrongPasswordIsRefusedForGoodAndNotRepeated() async throws {
    let certificate = try await TestCertificate.make()
    try await FakeMailServer.with(certificate.serverOptions + ["--auth", "ana:\(Self.password)"]) { fake in
      let waits = NotedWaits()
      let mailer = Self.mailer(Self.server(fake, certificate, password: "not-it-\(Self.password)"), waits: waits)
      let error = await #expect(throws: DeliveryError.self) { try await mailer.deliver(Self.mail) }
      #expect(error?.isTemporary == false)
      #expect(error?.description.contains("refused the login for ana") == true, "\(String(describing: error))")
      #expect(error?.description.contains(Self.password) == false)
      #expect(waits.all.isEmpty)
      let delivered = try fake.delivered()
      #expect(delivered.isEmpty)
    }
  }

  @Test func aServerThatIsDownIsForNowAndTriedOnceMore() async throws {
    try await RefusingPort.with { port in
      let waits = NotedWaits()
      let server = SMTPServer(url: try #require(URL(string: "smtp://127.0.0.1:\(port)")), timeout: .seconds(10))
      let mailer = Self.mailer(server, waits: waits)
      let error = await #expect(throws: DeliveryError.self) { try await mailer.deliver(Self.mail) }
      #expect(error?.isTemporary == true)
      let description = error?.description ?? ""
      #expect(description.contains("cannot reach the mail server smtp://127.0.0.1:\(port)"), "\(description)")
      // Refused, not timed out: the port held answers every connection at once.
      #expect(description.contains("(Connection refused)"), "\(description)")
      #expect(waits.all == [.seconds(30)])
    }
  }

  @Test func a4xxThenSuccessInsideOneDelivery() async throws {
    let certificate = try await TestCertificate.make()
    let options = certificate.serverOptions + ["--data-replies", "451 4.3.0 try again later,250"]
    try await FakeMailServer.with(options) { fake in
      let waits = NotedWaits()
      let server = SMTPServer(url: fake.address(), caFile: certificate.certificate)
      let receipt = try await Self.mailer(server, waits: waits).deliver(Self.mail)
      #expect(receipt.attempts == 2)
      #expect(receipt.reply == "250 2.0.0 accepted")
      #expect(waits.all == [.seconds(30)])
      #expect(fake.attempts() == ["451 4.3.0 try again later", "250"])
      #expect(try fake.delivered().count == 1)
    }
  }

  /// The receipt carries the server's own words, whatever they are, so the run log can name the queue id.
  @Test func theReceiptCarriesTheLineTheServerAcceptedWith() async throws {
    let certificate = try await TestCertificate.make()
    let options = certificate.serverOptions + ["--data-replies", "250 2.0.0 Ok: queued as 4F2A"]
    try await FakeMailServer.with(options) { fake in
      let server = SMTPServer(url: fake.address(), caFile: certificate.certificate)
      let receipt = try await Self.mailer(server).deliver(Self.mail)
      #expect(receipt == Courier.Receipt(attempts: 1, reply: "250 2.0.0 Ok: queued as 4F2A"))
      #expect(try fake.delivered().count == 1)
    }
  }

  @Test func aTwice4xxIsStillForNow() async throws {
    let certificate = try await TestCertificate.make()
    try await FakeMailServer.with(certificate.serverOptions + ["--data-replies", "452 4.3.1 full"]) { fake in
      let server = SMTPServer(url: fake.address(), caFile: certificate.certificate)
      let error = await #expect(throws: DeliveryError.self) { try await Self.mailer(server).deliver(Self.mail) }
      #expect(error?.isTemporary == true)
      #expect(error?.description.contains("452 4.3.1 full") == true, "\(String(describing: error))")
      #expect(fake.attempts().count == 2)
    }
  }

  @Test func a5xxIsForGoodAndSaysWhatTheServerSaid() async throws {
    let certificate = try await TestCertificate.make()
    try await FakeMailServer.with(certificate.serverOptions + ["--rcpt-reply", "550 5.1.1 no such user"]) { fake in
      let server = SMTPServer(url: fake.address(), caFile: certificate.certificate)
      let error = await #expect(throws: DeliveryError.self) { try await Self.mailer(server).deliver(Self.mail) }
      #expect(error?.isTemporary == false)
      #expect(error?.description.contains("550 5.1.1 no such user") == true, "\(String(describing: error))")
    }
  }

  @Test func aServerWithoutSTARTTLSIsRefusedUnlessInsecureIsAllowed() async throws {
    try await FakeMailServer.with(["--auth-in-the-clear", "--auth", "ana:\(Self.password)"]) { fake in
      let refused = await #expect(throws: DeliveryError.self) {
        try await Self.mailer(Self.server(fake, nil)).deliver(Self.mail)
      }
      #expect(refused?.isTemporary == false)
      #expect(refused?.description.contains("offers no STARTTLS") == true, "\(String(describing: refused))")
      #expect(try fake.delivered().isEmpty)
      _ = try await Self.mailer(Self.server(fake, nil, allowInsecure: true)).deliver(Self.mail)
      #expect(try fake.delivered().first?.tls == false)
    }
  }

  @Test func anUntrustedCertificateIsRefusedAndNamesCAFile() async throws {
    let certificate = try await TestCertificate.make()
    try await FakeMailServer.with(certificate.serverOptions) { fake in
      let server = SMTPServer(url: fake.address())
      let error = await #expect(throws: DeliveryError.self) { try await Self.mailer(server).deliver(Self.mail) }
      #expect(error?.isTemporary == false)
      if case .untrusted = error {
      } else {
        Issue.record("an untrusted certificate is its own kind: \(String(describing: error))")
      }
      #expect(error?.description.contains("email.smtp.caFile") == true, "\(String(describing: error))")
    }
  }

  @Test func aSecretNeverPrintsItself() {
    let secret = Secret(Self.password)
    #expect("\(secret)" == "(hidden)")
    #expect(String(reflecting: secret) == "(hidden)")
    var dumped = ""
    dump(secret, to: &dumped)
    #expect(!dumped.contains(Self.password))
  }
}

/// The waits a mailer asked for, noted instead of waited out.
final class NotedWaits: Sendable {
  private let waits = Mutex<[Duration]>([])

  func note(_ delay: Duration) {
    waits.withLock { $0.append(delay) }
  }

  var all: [Duration] { waits.withLock { $0 } }
}
