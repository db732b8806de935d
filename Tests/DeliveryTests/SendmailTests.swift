import Delivery
import Foundation
import TestSupport
import Testing

/// The mail command: run with the message on its standard input, its exit status read as sendmail's sysexits.
struct SendmailTests {
  static let mail = OutgoingMail(
    message: Data(String(repeating: "a line of the message\r\n", count: 20_000).utf8),  // more than a pipe holds
    sender: "a@example.org", recipients: ["b@example.org"])

  /// A command that keeps its input in `folder` and exits with the statuses listed in `folder/statuses`, in turn.
  static func command(in folder: String, statuses: [Int]) throws -> String {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(statuses.map(String.init).joined(separator: "\n").utf8 + [10])
      .write(to: URL(fileURLWithPath: folder + "/statuses"))
    let script = folder + "/mailer"
    try DeepcutProcess.writeProgram(
      """
      #!/bin/sh
      n=$(ls "\(folder)" | grep -c '^input-')
      cat > "\(folder)/input-$n"
      echo "$@" > "\(folder)/arguments-$n"
      status=$(sed -n "$((n + 1))p" "\(folder)/statuses")
      echo "mailer: status $status" >&2
      exit "$status"
      """, to: script)
    return script
  }

  static func folder() -> String { NSTemporaryDirectory() + "deepcut-sendmail-" + UUID().uuidString }

  @Test func theMessageGoesInWholeAndStatus0IsDelivered() async throws {
    let folder = Self.folder()
    let script = try Self.command(in: folder, statuses: [0])
    let command = try #require(SendmailCommand("\(script) -t -i"))
    let receipt = try await Courier(command).deliver(Self.mail)
    #expect(receipt.attempts == 1)
    #expect(receipt.reply == "'\(script) -t -i' exited 0: mailer: status 0")
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/input-0")) == Self.mail.message)
    #expect(try String(contentsOfFile: folder + "/arguments-0", encoding: .utf8) == "-t -i\n")
  }

  @Test func withoutTTheRecipientsAreArguments() async throws {
    let folder = Self.folder()
    let command = try #require(SendmailCommand(try Self.command(in: folder, statuses: [0])))
    _ = try await Courier(command).deliver(Self.mail)
    #expect(try String(contentsOfFile: folder + "/arguments-0", encoding: .utf8) == "-- b@example.org\n")
  }

  @Test func status75IsForNowAndTriedOnceMore() async throws {
    let folder = Self.folder()
    let command = try #require(SendmailCommand(try Self.command(in: folder, statuses: [75, 0])))
    let waits = NotedWaits()
    let receipt = try await Courier(command, retryAfter: .seconds(30)) { waits.note($0) }
      .deliver(Self.mail)
    #expect(receipt.attempts == 2)
    #expect(receipt.reply == "'\(command.name)' exited 0: mailer: status 0")
    #expect(waits.all == [.seconds(30)])
  }

  @Test func anyOtherStatusIsForGoodAndSaysWhatTheCommandSaid() async throws {
    let folder = Self.folder()
    let command = try #require(SendmailCommand(try Self.command(in: folder, statuses: [1])))
    let error = await #expect(throws: DeliveryError.self) {
      try await Courier(command) { _ in }.deliver(Self.mail)
    }
    #expect(error?.isTemporary == false)
    #expect(error?.description.contains("failed with status 1: mailer: status 1") == true)
  }

  @Test func aMissingCommandSaysWhatToInstall() async throws {
    let command = try #require(SendmailCommand("deepcut-no-such-mailer -t"))
    let error = await #expect(throws: DeliveryError.self) {
      try await Courier(command).deliver(Self.mail)
    }
    #expect(error?.description.contains("is not installed") == true)
    #expect(error?.description.contains("email.smtp") == true)
  }

  @Test func aCommandThatHangsIsStoppedAndIsForNow() async throws {
    let folder = Self.folder()
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let command = try #require(SendmailCommand("/bin/sh -c 'exec sleep 600' -t", timeout: .milliseconds(300)))
    let error = await #expect(throws: DeliveryError.self) {
      try await Courier(command) { _ in }.deliver(Self.mail)
    }
    #expect(error?.isTemporary == true)
    #expect(error?.description.contains("did not finish within 1 second") == true, "\(String(describing: error))")
  }

  @Test func commandsAreSplitLikeAShellSplitsPlainWordsAndQuotes() throws {
    #expect(SendmailCommand("msmtp  -t --account='my mail'")?.words == ["msmtp", "-t", "--account=my mail"])
    #expect(SendmailCommand(#""/opt/my mailer" -t"#)?.words == ["/opt/my mailer", "-t"])
    #expect(SendmailCommand("sendmail 'open") == nil)
    #expect(SendmailCommand("   ") == nil)
  }
}
