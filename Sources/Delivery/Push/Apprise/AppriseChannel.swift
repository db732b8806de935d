internal import Basics
internal import Foundation
internal import Identity

/// Any service the Apprise command speaks (Telegram, Matrix, Gotify, Pushover, Signal, …): its URL goes to
/// `apprise` in a configuration file readable by its owner alone, never on the command line, where any user's `ps`
/// would show its token; the title as `-t`, the Markdown body on standard input. Apprise fits the body to each
/// service; deepcut keeps it under 1,900 characters, which most take whole.
struct AppriseChannel: PushChannel {
  static let bodyLimit = 1_900
  static let timeout: Duration = .seconds(60)

  let address: PushAddress
  /// The command: `apprise`, found on PATH, or a path.
  let command: String

  /// Apprise URLs carry tokens where a host would be, so only the whole URL but its port tells the channel.
  var id: PushChannelID { PushChannelID(service: address.scheme, naming: address.portless) }

  /// The scheme alone, which is all of the URL that is no secret.
  var name: String { PushAddress.channelName("\(address.scheme):// channel", id: id) + " (through apprise)" }

  func attempt(_ digest: PushDigest) async throws(DeliveryError) -> PushReceipt {
    guard let program = Self.executable(command, environment: ProcessInfo.processInfo.environment) else {
      throw .permanent(
        "the apprise command is not installed (not on PATH): install it (apt install apprise, pip install apprise) "
          + "for \(address.scheme):// channels")
    }
    let shown = Fitting.most(of: digest.showable) {
      digest.text(shown: $0, markdown: true).count <= Self.bodyLimit
    }
    let body = digest.text(shown: shown, markdown: true)
    let ending = try await run(program, title: digest.title, body: body)
    let said = ending.lastLine.map { ": \($0)" } ?? ""
    if ending.timedOut { throw .temporary("\(name) did not finish within 60 seconds") }
    switch ending.status {
    case 0:
      return PushReceipt(
        shown: shown, reply: "apprise exited 0", size: sizeText(body.count, of: Self.bodyLimit, "characters"))
    case 1: throw .temporary("\(name) could not send (apprise exited 1)\(said)")
    default:
      throw .unusable(
        "\(address.place): apprise cannot use this URL (status \(ending.status))\(said); check it with apprise's "
          + "documentation")
    }
  }

  private func run(_ program: String, title: String, body: String) async throws(DeliveryError) -> ChildProcess.Ending {
    let folder = FileManager.default.temporaryDirectory
    let configuration = folder.appendingPathComponent("deepcut-apprise-\(UUID().uuidString).txt")
    // Made 0600 by the call that creates it: a file made first and narrowed after would show its token a moment.
    do {
      try AtomicFile.write(
        Data((address.text.revealed + "\n").utf8), to: configuration.path, mode: OwnerOnlyFile.mode,
        what: "apprise's configuration")
    } catch {
      throw .temporary("cannot write apprise's configuration in \(folder.path)")
    }
    defer { try? FileManager.default.removeItem(at: configuration) }
    do {
      return try await ChildProcess.run(
        program, ["-c", configuration.path, "-t", title, "-i", "markdown"], input: Data(body.utf8),
        timeout: Self.timeout)
    } catch {
      throw .permanent("cannot start \(program): \(error.localizedDescription)")
    }
  }

  /// `command` as a path, else the first match on PATH or where pip and Homebrew put it (cron's PATH leaves those
  /// out).
  static func executable(_ command: String, environment: [String: String]) -> String? {
    if command.contains("/") { return FileManager.default.isExecutableFile(atPath: command) ? command : nil }
    let home = environment["HOME"].map { ["\($0)/.local/bin"] } ?? []
    let folders =
      (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init) + home + [
        "/usr/local/bin", "/opt/homebrew/bin",
      ]
    return folders.map { $0 + "/" + command }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }
}
