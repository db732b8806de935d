internal import Basics
internal import Delivery
internal import SettingsKit

/// A mail command on this machine (`email.sendmail`: msmtp, postfix's sendmail), which reads the message on standard
/// input: the route when no other is named.
enum SendmailRoute: MailRoute {
  static let name = "sendmail"
  static let asked = "a mail command on this machine"
  static let flag = "--sendmail COMMAND"

  static func onCommandLine(_ settings: Resolved) -> Bool { settings.onCommandLine(\.mail.sendmail.command) }

  static func isConfigured(_ settings: Resolved) throws(CLIError) -> Bool {
    try settings.given(\.mail.sendmail.command) != nil
  }

  static func channel(_ settings: Resolved, timeout: Duration) throws(CLIError) -> any DeliveryChannel {
    let text = try settings[\.mail.sendmail.command]
    guard let command = SendmailCommand(text, timeout: timeout) else {
      throw .config("email.sendmail: '\(text)' is not a command (is a quote left open?)")
    }
    return command
  }

  static func described(_ settings: Resolved) throws(CLIError) -> String {
    "handed to '\(try channel(settings, timeout: .seconds(try settings[\.mail.timeout])).name)'"
  }

  static func ask(_ setup: inout Setup) throws(CLIError) { try setup.chooseCommand() }
}

/// The mail command's question.
extension Setup {
  mutating func chooseCommand() throws(CLIError) {
    let command = try answer(
      \.mail.sendmail.command, "Mail command (it reads the message on standard input)",
      default: current(\.mail.sendmail.command) ?? SendmailCommand.standard
    ) { (text) throws(CLIError) in
      guard SendmailCommand(text, timeout: .seconds(60)) != nil else {
        throw .usage("'\(text)' is not a command (is a quote left open?)")
      }
    }
    // cron's PATH is /usr/bin:/bin: a command found here in another folder is named by its whole path.
    try set(\.mail.sendmail.command, to: absoluteCommand(command))
    // A server named in the file would win over the command.
    if draft.value(at: "email.smtp.url") != nil {
      try Self.editing { () throws(SettingsError) in try draft.remove("email.smtp.url") }
    }
  }

  func absoluteCommand(_ command: String) -> String {
    let words = command.split(separator: " ", maxSplits: 1).map(String.init)
    guard let program = words.first, !program.contains("/"), !program.contains("'"), !program.contains("\""),
      let found = installer.locate(program)
    else { return command }
    return ([found] + words.dropFirst()).joined(separator: " ")
  }
}

extension SendmailRoute {
  /// Its settings, under `email` in config.json.
  struct Options: SettingGroup {
    let command: Setting<String> = Setting(
      flag: "sendmail", key: "email.sendmail", placeholder: "COMMAND",
      help: "with --send: hand the message to this command instead of a mail server (default: {default})",
      kind: .text, default: .value(SendmailCommand.standard),
      commands: [.report, .setup.worded("hand the e-mail to this mail command instead of a mail server")],
      example: .default(note: "Without \"smtp\": the mail command handed the message (msmtp, postfix's sendmail)."))
  }
}
