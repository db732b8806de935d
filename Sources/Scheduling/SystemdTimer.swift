internal import Basics
internal import Foundation

/// deepcut.service and deepcut.timer, systemd user units made from the same pieces as cron/deepcut.service and
/// cron/deepcut.timer, with the command line of the night in ExecStart.
public enum SystemdTimer {
  public static let service = "deepcut.service"
  public static let timer = "deepcut.timer"
  /// The first line of both; `--uninstall` removes only units that carry it.
  static let marker = "# Written by `deepcut setup`, which rewrites it; `deepcut setup --uninstall` removes it."

  /// `$XDG_CONFIG_HOME/systemd/user`, where the user manager looks for a user's own units.
  static func folder(environment: [String: String], home: String) -> String {
    // The XDG spec: a relative XDG_CONFIG_HOME is to be ignored.
    let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
    return configHome + "/systemd/user"
  }

  /// Whether the user's service manager runs: its private socket is in the runtime folder. No child to start, and
  /// no answer to wait for from a bus that may not be there.
  static func userManagerRuns(environment: [String: String]) -> Bool {
    guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return false }
    return FileManager.default.fileExists(atPath: runtime + "/systemd/private")
  }

  static func serviceText(for job: NightlyJob) -> String {
    """
    \(marker)
    [Unit]
    Description=deepcut: tonight's new releases from the artists you own

    [Service]
    Type=oneshot
    ExecStart=\(job.words.map(quoted).joined(separator: " "))
    Nice=10
    # The night's budget keeps a run well inside this; one stopped here keeps every answer for the next night.
    TimeoutStartSec=2h

    """
  }

  static func timerText(for job: NightlyJob) -> String {
    """
    \(marker)
    [Unit]
    Description=Run deepcut nightly \(job.when)

    [Timer]
    OnCalendar=\(job.weekday.map { $0.abbreviation + " " } ?? "")*-*-* \(job.timeOfDay):00
    # A night the machine was off or asleep is caught up when it is next up.
    Persistent=true

    [Install]
    WantedBy=timers.target

    """
  }

  /// One word of ExecStart: in double quotes with backslashes and quotes escaped, `%` doubled (systemd's specifiers)
  /// and `$` doubled (its variables); plain words as they are.
  static func quoted(_ word: String) -> String {
    let plain = !word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    if plain { return word }
    let escaped = word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
      .replacingOccurrences(of: "%", with: "%%").replacingOccurrences(of: "$", with: "$$")
    return "\"" + escaped + "\""
  }

  /// The words of an ExecStart value as `quoted` writes them (and as a hand-written unit spells a plain command).
  static func words(ofExecStart value: String) -> [String]? {
    // Specifiers are resolved over the whole line before it is split, variables in each word after.
    ShellWords.split(Substring(value.replacingOccurrences(of: "%%", with: "%")))?
      .map { $0.replacingOccurrences(of: "$$", with: "$") }
  }

  /// What the units run and when; nil unless the timer fires once a day, or on one day a week, at a fixed time.
  static func schedule(service: String, timer: String) -> (hour: Int, minute: Int, weekday: Weekday?, words: [String])?
  {
    guard let execStart = setting("ExecStart", in: service), let words = Self.words(ofExecStart: execStart),
      !words.isEmpty, let calendar = setting("OnCalendar", in: timer),
      let match = calendar.wholeMatch(of: /(?:([A-Za-z]+)\s+)?(?:\*-\*-\*\s+)?(\d{1,2}):(\d{2})(?::00)?/),
      let hour = Int(match.2), let minute = Int(match.3), hour < 24, minute < 60
    else { return nil }
    guard let day = match.1 else { return (hour, minute, nil, words) }
    // systemd takes a weekday's three letters or its whole English name.
    guard let weekday = Weekday(name: String(day)) else { return nil }
    return (hour, minute, weekday, words)
  }

  private static func setting(_ key: String, in unit: String) -> String? {
    unit.split(whereSeparator: \.isNewline).lazy.map { $0.trimmingCharacters(in: .whitespaces) }
      .first { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)) }
  }
}

extension ScheduleInstaller {
  var unitFolder: String { SystemdTimer.folder(environment: environment, home: home) }

  private var enableCommands: [String] {
    ["systemctl --user daemon-reload", "systemctl --user enable --now \(SystemdTimer.timer)"]
  }

  func installSystemd(_ job: NightlyJob) async throws(SchedulingError) -> Outcome {
    guard !job.program.contains("$") else {
      throw .unschedulable("systemd cannot run a program whose path holds a '$' (\(job.program)); move deepcut")
    }
    let folder = unitFolder
    let wroteService = try SetupFiles.write(SystemdTimer.serviceText(for: job), to: folder + "/" + SystemdTimer.service)
    let wroteTimer = try SetupFiles.write(SystemdTimer.timerText(for: job), to: folder + "/" + SystemdTimer.timer)
    let units = "\(folder)/\(SystemdTimer.service) and \(SystemdTimer.timer)"
    var said = [wroteService || wroteTimer ? "wrote \(units)" : "\(units) are up to date"]
    let enabled = await enableTimer()
    said += enabled.said
    if enabled.done {
      said.append("deepcut.timer runs `\(ShellWords.line(job.words))` \(job.when)")
    }
    return Outcome(said: said + (await lingerHint()), done: enabled.done)
  }

  private func enableTimer() async -> Outcome {
    guard let systemctl = tools.locate("systemctl") else {
      return Outcome(
        said: ["systemctl is not on PATH, so the timer is not started; run:"] + indented(enableCommands), done: false)
    }
    for arguments in [["--user", "daemon-reload"], ["--user", "enable", "--now", SystemdTimer.timer]] {
      let run = await tools.run(systemctl, arguments)
      guard run.succeeded else {
        let failed = "systemctl \(arguments.joined(separator: " ")) failed (\(run.message))"
        return Outcome(said: ["\(failed); once your user session runs, run:"] + indented(enableCommands), done: false)
      }
    }
    return Outcome(said: ["enabled and started \(SystemdTimer.timer)"], done: true)
  }

  /// Without lingering, a user's timers run only while the user is logged in: not on a server nobody logs in to.
  private func lingerHint() async -> [String] {
    guard let loginctl = tools.locate("loginctl") else { return [] }
    let run = await tools.run(loginctl, ["show-user", user, "--property=Linger"])
    let lingers = String(decoding: run.output, as: UTF8.self).split(whereSeparator: \.isNewline).contains("Linger=yes")
    if run.succeeded && lingers { return [] }
    return [
      "the timer runs only while \(user) is logged in; for it to run on time even so, run:",
      "  loginctl enable-linger \(user)",
    ]
  }

  func removeSystemd() async -> [String] {
    let paths = [SystemdTimer.service, SystemdTimer.timer].map { unitFolder + "/" + $0 }
    let present = paths.filter { FileManager.default.fileExists(atPath: $0) }
    let ours = present.filter {
      (try? String(contentsOfFile: $0, encoding: .utf8))?.hasPrefix(SystemdTimer.marker) ?? false
    }
    var said = present.filter { !ours.contains($0) }.map { "left \($0), which deepcut setup did not write" }
    guard !ours.isEmpty else { return said }
    let systemctl = tools.locate("systemctl")
    if let systemctl {
      let run = await tools.run(systemctl, ["--user", "disable", "--now", SystemdTimer.timer])
      if run.succeeded {
        said.append("stopped and disabled \(SystemdTimer.timer)")
      } else {
        said.append("systemctl --user disable --now \(SystemdTimer.timer) failed (\(run.message))")
      }
    }
    said += ours.map(SetupFiles.remove)
    if let systemctl, await tools.run(systemctl, ["--user", "daemon-reload"]).succeeded { return said }
    return said + ["to have the user manager forget the units now, run: systemctl --user daemon-reload"]
  }

  func installedSystemd() -> InstalledSchedule? {
    let servicePath = unitFolder + "/" + SystemdTimer.service
    let timerPath = unitFolder + "/" + SystemdTimer.timer
    guard let service = try? String(contentsOfFile: servicePath, encoding: .utf8),
      let timer = try? String(contentsOfFile: timerPath, encoding: .utf8),
      let found = SystemdTimer.schedule(service: service, timer: timer), let program = found.words.first
    else { return nil }
    return InstalledSchedule(
      kind: .systemd, hour: found.hour, minute: found.minute, weekday: found.weekday, program: program,
      arguments: Array(found.words.dropFirst()),
      location: timerPath, since: SetupFiles.modified(timerPath))
  }
}

/// Commands shown on lines of their own, set in.
func indented(_ commands: [String]) -> [String] {
  commands.map { "  " + $0 }
}
