package import Delivery
package import SettingsKit

/// A mail command on this machine (`email.sendmail`: msmtp, postfix's sendmail), which reads the message on standard
/// input: the route when no other is named.
package enum SendmailRoute: MailRoute {
  package static let name = "sendmail"
  package static let asked = "a mail command on this machine"
  package static let flag = "--sendmail COMMAND"

  package static func onCommandLine(_ settings: Resolved) -> Bool { settings.onCommandLine(\.mail.sendmail.command) }

  package static func isConfigured(_ settings: Resolved) throws(CLIError) -> Bool {
    try settings.given(\.mail.sendmail.command) != nil
  }

  package static func channel(_ settings: Resolved, timeout: Duration) throws(CLIError) -> any DeliveryChannel {
    let text = try settings[\.mail.sendmail.command]
    guard let command = SendmailCommand(text, timeout: timeout) else {
      throw .config("email.sendmail: '\(text)' is not a command (is a quote left open?)")
    }
    return command
  }

  package static func described(_ settings: Resolved) throws(CLIError) -> String {
    "handed to '\(try channel(settings, timeout: .seconds(try settings[\.mail.timeout])).name)'"
  }

}

/// The mail command's question.
extension SendmailRoute {
  package static func ask(_ asker: inout some MailRouteAsker) throws(CLIError) {
    let command = try asker.answer(
      \.mail.sendmail.command, "Mail command (it reads the message on standard input)",
      default: asker.current(\.mail.sendmail.command) ?? SendmailCommand.standard
    ) { (text) throws(CLIError) in
      guard SendmailCommand(text, timeout: .seconds(60)) != nil else {
        throw .usage("'\(text)' is not a command (is a quote left open?)")
      }
    }
    // cron's PATH is /usr/bin:/bin: a command found here in another folder is named by its whole path.
    try asker.set(\.mail.sendmail.command, to: absolute(command, asker))
  }

  package static func forget(_ asker: inout some MailRouteAsker) throws(CLIError) {
    try asker.remove(\.mail.sendmail.command)
  }

  package static func absolute(_ command: String, _ asker: some MailRouteAsker) -> String {
    let words = command.split(separator: " ", maxSplits: 1).map(String.init)
    guard let program = words.first, !program.contains("/"), !program.contains("'"), !program.contains("\""),
      let found = asker.locate(program)
    else { return command }
    return ([found] + words.dropFirst()).joined(separator: " ")
  }
}

package extension SendmailRoute {
  /// Its settings, under `email` in config.json.
  struct Options: SettingGroup {
    package let command: Setting<String> = Setting(
      flag: "sendmail", key: "email.sendmail", placeholder: "COMMAND",
      help: "with --send: hand the message to this command instead of a mail server (default: {default})",
      kind: .text, default: .value(SendmailCommand.standard),
      commands: [.report, .setup.worded("hand the e-mail to this mail command instead of a mail server")],
      example: .default(note: "Without \"smtp\": the mail command handed the message (msmtp, postfix's sendmail)."))
  }
}
