internal import Basics
internal import Foundation

extension SendmailCommand {
  /// Runs the command with the message on its standard input; it delivered when it exits 0. Exit status 75
  /// (EX_TEMPFAIL, what sendmail and msmtp say for "try later") and a command stopped for taking too long are for
  /// now; any other failure lasts until something is changed. Returns "'sendmail -t -i' exited 0", and the last
  /// line it wrote, if any.
  func run(_ mail: OutgoingMail) async throws(DeliveryError) -> String {
    let environment = ProcessInfo.processInfo.environment
    guard let program = executable(environment: environment) else {
      throw .permanent(
        "the mail command '\(words.first ?? "")' is not installed (not on PATH, nor in /usr/sbin): install one "
          + "(msmtp-mta, postfix), or set email.smtp so deepcut sends the mail itself")
    }
    let ending: ChildProcess.Ending
    do {
      ending = try await ChildProcess.run(program, arguments(for: mail), input: mail.message, timeout: timeout)
    } catch {
      throw .permanent("cannot start the mail command \(program): \(error.localizedDescription)")
    }
    let said = ending.lastLine.map { ": \($0)" } ?? ""
    if ending.timedOut {
      throw .temporary(
        "the mail command '\(name)' did not finish within \(max(1, Int(timeout.inSeconds.rounded(.up)))) seconds")
    }
    switch ending.status {
    case 0: return "'\(name)' exited 0\(said)"
    case 75: throw .temporary("the mail command '\(name)' could not deliver now (status 75)\(said)")
    default:
      throw .permanent(
        "the mail command '\(name)' failed with status \(ending.status)\(said); check email.sendmail, or run it by "
          + "hand with a test message")
    }
  }
}
