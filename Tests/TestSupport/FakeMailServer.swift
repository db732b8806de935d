public import Foundation
internal import Testing

/// Tests/Fakes/fake_smtp.py on 127.0.0.1: a real SMTP server (aiosmtpd) that keeps what it accepts in a folder.
public final class FakeMailServer: Sendable {
  public let port: Int
  /// Where the accepted messages, their envelopes and the log of attempts are.
  public let maildir: String
  private let running: DeepcutProcess.Running

  /// What the server accepted: the bytes as they arrived, and the envelope.
  public struct Delivered: Sendable {
    public var message: Data
    public var from: String
    public var to: [String]
    public var login: String?
    public var tls: Bool
  }

  /// Debian's interpreter: python3-aiosmtpd is installed for it, not for another python3 on PATH.
  public static let python = URL(fileURLWithPath: "/usr/bin/python3")

  /// Starts the server with `options` (see fake_smtp.py), on a port the system chooses, keeping mail in `maildir`.
  public static func start(_ options: [String] = [], maildir: String? = nil) async throws
    -> FakeMailServer
  {
    let folder = maildir ?? NSTemporaryDirectory() + "deepcut-mail-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try? FileManager.default.removeItem(atPath: folder + "/port")
    let script = DeepcutProcess.packageRoot.appendingPathComponent("Tests/Fakes/fake_smtp.py").path
    let running = try DeepcutProcess.Running(
      executable: python, [script, "--maildir", folder] + options, holdingInput: true)
    try await waitUntil { FileManager.default.fileExists(atPath: folder + "/port") || !running.process.isRunning }
    guard let text = try? String(contentsOfFile: folder + "/port", encoding: .utf8), let port = Int(text) else {
      running.closeInput()
      let result = try await running.finish()
      throw Failure(description: "fake_smtp.py did not start: \(result.stderr)")
    }
    return FakeMailServer(port: port, maildir: folder, running: running)
  }

  /// Runs `body` with a fresh server, stopped afterwards, also when `body` throws.
  public static func with<T>(
    _ options: [String] = [], _ body: (FakeMailServer) async throws -> T
  ) async throws -> T {
    let server = try await start(options)
    do {
      let result = try await body(server)
      await server.stop()
      return result
    } catch {
      await server.stop()
      throw error
    }
  }

  private init(port: Int, maildir: String, running: DeepcutProcess.Running) {
    self.port = port
    self.maildir = maildir
    self.running = running
  }

  /// `smtp://127.0.0.1:PORT`, or with another scheme.
  public func url(_ scheme: String = "smtp") -> String { "\(scheme)://127.0.0.1:\(port)" }

  /// The same, as a URL.
  public func address(_ scheme: String = "smtp") -> URL {
    var components = URLComponents()
    components.scheme = scheme
    components.host = "127.0.0.1"
    components.port = port
    return components.url ?? URL(fileURLWithPath: "/")
  }

  public func stop() async {
    running.closeInput()
    running.process.terminate()
    _ = try? await running.finish()
  }

  /// Every message accepted, in order.
  public func delivered() throws -> [Delivered] {
    var messages: [Delivered] = []
    while let facts = FileManager.default.contents(atPath: maildir + "/\(messages.count).json") {
      let envelope = try JSONSerialization.jsonObject(with: facts) as? [String: Any] ?? [:]
      let message = try Data(contentsOf: URL(fileURLWithPath: maildir + "/\(messages.count).eml"))
      messages.append(
        Delivered(
          message: message, from: envelope["from"] as? String ?? "", to: envelope["to"] as? [String] ?? [],
          login: envelope["login"] as? String, tls: envelope["tls"] as? Bool ?? false))
    }
    return messages
  }

  /// The reply each message sent got, accepted or not, in order.
  public func attempts() -> [String] {
    let log = (try? String(contentsOfFile: maildir + "/attempts.jsonl", encoding: .utf8)) ?? ""
    return log.split(separator: "\n").compactMap {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["reply"] as? String
    }
  }

  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }
}

/// A self-signed certificate for 127.0.0.1 and localhost, made by openssl for one test; the certificate is its
/// own authority, so it is also what `caFile` names.
public struct TestCertificate: Sendable {
  public var certificate: String
  public var key: String

  public static func make() async throws -> TestCertificate {
    let folder = NSTemporaryDirectory() + "deepcut-tls-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let made = TestCertificate(certificate: folder + "/cert.pem", key: folder + "/key.pem")
    let result = try await DeepcutProcess.shell(
      "/usr/bin/openssl",
      [
        "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", made.key, "-out", made.certificate, "-days", "2",
        "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
      ])
    guard result.status == 0 else { throw FakeMailServer.Failure(description: "openssl: \(result.output)") }
    return made
  }

  /// The options that make fake_smtp.py offer TLS with this certificate.
  public var serverOptions: [String] { ["--tls", certificate, key] }
}

extension FakeMailServer {
  /// The text/plain part of one of deepcut's messages, decoded (deepcut writes it as base64 in UTF-8).
  public static func plainText(of message: Data) -> String {
    let text = String(decoding: message, as: UTF8.self)
    let marker = "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n"
    guard let start = text.range(of: marker)?.upperBound else { return "" }
    let body = text[start...].prefix { $0 != "-" }
    return Data(base64Encoded: String(body), options: .ignoreUnknownCharacters).map {
      String(decoding: $0, as: UTF8.self)
    } ?? ""
  }
}
