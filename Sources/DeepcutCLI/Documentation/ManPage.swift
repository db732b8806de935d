internal import Catalog
internal import Options
internal import Report
internal import Scheduling
internal import SettingsKit
internal import State

/// The manual page, deepcut(1), in roff with man(7)'s macros: the commands and their options as `--help` shows them,
/// and the files, the environment and the exit statuses the program has.
enum ManPage {
  static func text(_ registry: ProviderRegistry, date: CalendarDay) -> String {
    let head = [
      #".\" deepcut(1), printed by `deepcut manual` from the commands and options `deepcut --help` shows."#,
      #".TH DEEPCUT 1 \#(date) "deepcut \#(Deepcut.version)" "User Commands""#,
      ".SH NAME", "deepcut \\- " + Roff.text(Deepcut.tagline),
      ".SH SYNOPSIS", bold("deepcut") + " " + italic("command") + " [" + italic("options") + "]", ".br",
      bold("deepcut") + " " + italic("command") + " " + bold("--help"), ".br",
      bold("deepcut") + " " + bold("--help") + " | " + bold("--version"),
    ]
    let sections = [
      description(registry), Deepcut.interface(registry).manualCommands(), files(), environment(), exitStatus(),
      examples(), seeAlso(),
    ]
    return (head + sections.flatMap { $0 }).joined(separator: "\n") + "\n"
  }

  private static func description(_ registry: ProviderRegistry) -> [String] {
    let catalogs = sentence(registry.searchable.map(\.title), "and")
    let formats = sentence(FormatName.allCases.map(\.rawValue), "or")
    return [
      ".SH DESCRIPTION",
      bold("deepcut") + " "
        + Roff.text(
          "reads an iTunes or Music Library.xml export, asks music catalogs (\(catalogs)) what the artists you own "
            + "released, and reports what you do not own yet: new releases inside a window of days, upcoming ones, "
            + "editions of albums you own, and the artists that need attention, as --format \(formats)."),
      ".PP",
      Roff.text(
        "deepcut setup asks what a nightly e-mail or push needs, checks the mail route with a test e-mail and each "
          + "push channel with a test message, and installs a schedule (cron, a systemd user timer or a launchd "
          + "LaunchAgent) that runs deepcut nightly, which tells only what no earlier night told. deepcut status says "
          + "how the nights went."),
      ".PP",
      Roff.text(
        "An option is taken from the command line, else from config.json, else its default; the key config.json "
          + "holds it under is named below it. deepcut config --example prints every key with a comment."),
    ]
  }

  private static func files() -> [String] {
    let state = "~/.local/state/deepcut"
    return [".SH FILES"]
      + entries([
        (
          "~/.config/deepcut/config.json",
          "The configuration: $XDG_CONFIG_HOME/deepcut/config.json, or the file --config names. deepcut config "
            + "--example prints one with every key explained, deepcut config --check checks one, deepcut setup "
            + "writes one."
        ),
        (
          "~/.config/deepcut/smtp-password",
          "The mail server's password alone, readable by you alone (mode 0600): the file email.smtp.passwordFile "
            + "names, which deepcut setup writes. A password in config.json is refused."
        ),
        (
          "~/.config/deepcut/push-channels",
          "The push channels, one Apprise URL a line (ntfy://TOPIC, discord://ID/TOKEN, ...), readable by you alone "
            + "(mode 0600): the file push.channels or --push-channels names, which deepcut setup writes once each "
            + "channel took a test message; with --send each gets the night's digest, and trouble once a day. The URLs "
            + "carry tokens: they are never put in config.json."
        ),
        (
          "~/.config/deepcut/spotify-credentials, ~/.config/deepcut/tidal-credentials",
          "Your own Spotify or TIDAL app's client_id and client_secret, one a line, readable by you alone (mode "
            + "0600), which deepcut setup writes once the service gave a token for them; with them, rows open the "
            + "album there. --spotify-credentials and --tidal-credentials name others."
        ),
        (
          "~/.config/deepcut/templates/",
          "Templates, report.FORMAT.mustache, used instead of the built-in ones. Copies of those, and README.md on "
            + "the fields a template sees, are in the source's templates/ folder, and in "
            + "/usr/share/doc/deepcut/examples/templates/ when deepcut is installed from the Debian package."
        ),
        (
          state + "/",
          "The state folder: $XDG_STATE_HOME/deepcut, or what --state-dir or stateDir names. \(StateStore.fileName) "
            + "holds what the catalogs answered and what was told (on each push channel too), deepcut.lock the lock "
            + "of the run using it, trouble-told the kinds of trouble pushed today."
        ),
        (
          state + "/reports/",
          "The nightly job's files: each night's e-mail and whole report, report-DATE.eml and report-DATE.html, "
            + "kept \(NightlyCommand.keptDays) days, and deepcut.log, what the nights said (its last "
            + "\(NightlyCommand.keptLogLines) lines)."
        ),
        (state + "/undelivered/", "E-mails not accepted; the next night's e-mail tells their releases again."),
        (
          "~/.config/systemd/user/" + SystemdTimer.timer,
          "The systemd user timer deepcut setup installs, with \(SystemdTimer.service) beside it."
        ),
        ("~/Library/LaunchAgents/\(LaunchAgent.label).plist", "The LaunchAgent deepcut setup installs on a Mac."),
        ("~/.local/bin/deepcut", "The copy of deepcut that the schedule runs, unless setup was run by a packaged one."),
      ])
  }

  private static func environment() -> [String] {
    [".SH ENVIRONMENT"]
      + entries([
        ("HOME", "The home folder: ~ in the paths above and in paths given to options."),
        ("XDG_CONFIG_HOME", "The folder deepcut/config.json and the systemd user units are in (default ~/.config)."),
        ("XDG_STATE_HOME", "The folder the state folder, deepcut/, is in (default ~/.local/state)."),
        (
          SMTPRoute.passwordVariable,
          "The mail server's password, instead of a password file; the programs deepcut runs never see it."
        ),
        ("XDG_RUNTIME_DIR", "Where deepcut setup finds a running systemd user manager, which it schedules with."),
        ("PATH", "Where the mail command (email.sendmail) and the scheduler's tools are found."),
        ("SOURCE_DATE_EPOCH", "The date deepcut manual gives this page, for a reproducible build (default today)."),
      ])
  }

  private static func exitStatus() -> [String] {
    [".SH EXIT STATUS"] + entries(ExitStatus.allCases.map { ("\($0.rawValue)", $0.meaning) })
  }

  private static func examples() -> [String] {
    [".SH EXAMPLES"]
      + Deepcut.examples.flatMap { line, comment in
        [".PP", Roff.text(comment.prefix(1).uppercased() + comment.dropFirst() + ":"), ".RS", ".nf"]
          + [Roff.text("deepcut " + line), ".fi", ".RE"]
      }
  }

  private static func seeAlso() -> [String] {
    [
      ".SH SEE ALSO", ".BR crontab (5),", ".BR systemd.timer (5),", ".BR launchd.plist (5),", ".BR msmtp (1)",
      ".PP",
      Roff.text(
        "deepcut COMMAND --help for one command's options, deepcut config --example for config.json, and "
          + "deepcut completions bash|zsh|fish for the shell's completion."),
    ]
  }

  private static func entries(_ entries: [(tag: String, text: String)]) -> [String] { Roff.entries(entries) }
  private static func bold(_ text: String) -> String { Roff.bold(text) }
  private static func italic(_ text: String) -> String { Roff.italic(text) }
}
