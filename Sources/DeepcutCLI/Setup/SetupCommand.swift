internal import Basics
internal import Catalog
internal import Foundation
internal import Options
internal import Scheduling
internal import SettingsKit

/// `deepcut setup`: the nightly e-mail and pushes in one command. It finds the library, asks whether the night is told
/// by e-mail, push or both, where the e-mail goes and how and which channels get pushes, sends a test message through
/// each, writes config.json (keeping what the file had), the password file and the channels file, and installs the
/// schedule; `--uninstall` removes the schedule and the program it installed.
enum SetupCommand: Command {
  static let spec = CommandSpec(
    command: .setup,
    usage: "setup [--yes] [--library PATH] [--to ADDRESS] [--smtp-url URL --smtp-user USER --password-stdin | "
      + "--sendmail COMMAND] [--push-stdin | --push-channels FILE] [--schedule KIND] [--every night|DAY] "
      + "[--at HH:MM] | setup --uninstall",
    summary:
      "Set up the nightly e-mail or pushes: the library, the mail route and the push channels (each checked by a "
      + "test message) and the schedule.",
    examples: [
      "setup",
      "setup --yes --to me@example.com --smtp-url smtps://smtp.example.com:465 --smtp-user me@example.com "
        + "--password-stdin < password.txt",
      "setup --yes --to me@example.com --sendmail 'msmtp -t' --schedule cron --at 05:45",
      "setup --yes --push-stdin --schedule cron < channels.txt",
      "setup --yes --push-stdin --every saturday --at 09:00 < channels.txt",
      "setup --uninstall",
    ]
  )

  static func run(_ invocation: Invocation) async throws(CLIError) -> ExitStatus {
    let (arguments, registry) = (invocation.arguments, invocation.registry)
    let environment = ProcessInfo.processInfo.environment
    let settings = try Resolved(arguments, environment: environment, registry: registry)
    let installer = ScheduleInstaller(environment: environment) { Console.error($0) }
    if try settings[\.setup.uninstall] {
      var said = await installer.uninstall()
      // The copy setup made for the schedule goes with it; a packaged deepcut, or one put there by hand, stays.
      if let config = try settings[\.run.config] {
        said += SetupCopy(configFolder: URL(fileURLWithPath: Setup.absolute(config)).deletingLastPathComponent().path)
          .remove()
      }
      Console.out(said.isEmpty ? "nothing of deepcut's is scheduled; nothing removed" : said.joined(separator: "\n"))
      Console.out("the config, the password file, the push channels and the state are kept")
      return .success
    }
    var setup = try Setup(settings, installer: installer)
    if setup.prompter.asks {
      // Stopped at a question, perhaps the password's: the terminal gets its echo back. Every file is written
      // whole or not at all, so stopping at once leaves nothing half-written.
      Interruption.shared.install {
        Platform.setEcho(true, descriptor: STDIN_FILENO)
        Console.error("\ndeepcut: setup stopped")
        exit(ExitStatus.interrupted.rawValue)
      }
    }
    return try await setup.run()
  }
}
