internal import Basics
internal import Foundation

/// The LaunchAgent that runs deepcut every night (or once a week) on macOS: a property list in
/// ~/Library/LaunchAgents, loaded into the user's own launchd domain.
public enum LaunchAgent {
  public static let label = "org.deepcut.nightly"
  /// launchd starts a job with PATH=/usr/bin:/bin:/usr/sbin:/sbin; a mail command from Homebrew lives in neither.
  static let searchPath = "/usr/bin:/bin:/usr/sbin:/sbin:/opt/homebrew/bin:/usr/local/bin"

  static func path(home: String) -> String { home + "/Library/LaunchAgents/" + label + ".plist" }

  /// Where what the night says goes: launchd drops it otherwise.
  static func logPath(home: String) -> String { home + "/Library/Logs/deepcut/nightly.log" }

  static func plist(for job: NightlyJob, log: String) -> String {
    let arguments = job.words.map { "\t\t<string>\(escaped($0))</string>\n" }.joined()
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <!-- Written by `deepcut setup`, which rewrites it, and removes it when asked to uninstall. -->
      <plist version="1.0">
      <dict>
      \t<key>Label</key>
      \t<string>\(label)</string>
      \t<key>ProgramArguments</key>
      \t<array>
      \(arguments)\t</array>
      \t<key>StartCalendarInterval</key>
      \t<dict>
      \(weekday(job))\t\t<key>Hour</key>
      \t\t<integer>\(job.hour)</integer>
      \t\t<key>Minute</key>
      \t\t<integer>\(job.minute)</integer>
      \t</dict>
      \t<key>EnvironmentVariables</key>
      \t<dict>
      \t\t<key>PATH</key>
      \t\t<string>\(searchPath)</string>
      \t</dict>
      \t<key>StandardOutPath</key>
      \t<string>\(escaped(log))</string>
      \t<key>StandardErrorPath</key>
      \t<string>\(escaped(log))</string>
      \t<key>RunAtLoad</key>
      \t<false/>
      \t<key>Nice</key>
      \t<integer>10</integer>
      \t<key>ProcessType</key>
      \t<string>Background</string>
      </dict>
      </plist>

      """
  }

  /// A weekly job's day, as launchd numbers it (Sunday is 0).
  private static func weekday(_ job: NightlyJob) -> String {
    job.weekday.map { "\t\t<key>Weekday</key>\n\t\t<integer>\($0.rawValue)</integer>\n" } ?? ""
  }

  /// `text` as XML character data.
  static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
      .replacingOccurrences(of: "'", with: "&apos;")
  }

  /// What a LaunchAgent runs and when; nil unless it runs at one time each day, or on one day a week.
  static func schedule(in data: Data) -> (hour: Int, minute: Int, weekday: Weekday?, words: [String])? {
    guard let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
      let words = plist["ProgramArguments"] as? [String], !words.isEmpty,
      let interval = plist["StartCalendarInterval"] as? [String: Any],
      let hour = interval["Hour"] as? Int, let minute = interval["Minute"] as? Int
    else { return nil }
    guard let day = interval["Weekday"] else { return (hour, minute, nil, words) }
    // launchd takes 0 to 7, where 0 and 7 are Sunday.
    guard let number = day as? Int, (0...7).contains(number), let weekday = Weekday(rawValue: number % 7) else {
      return nil
    }
    return (hour, minute, weekday, words)
  }
}

extension ScheduleInstaller {
  private var agentPath: String { LaunchAgent.path(home: home) }
  private var domain: String { "gui/\(userID)" }

  func installLaunchd(_ job: NightlyJob) async throws(SchedulingError) -> Outcome {
    let log = LaunchAgent.logPath(home: home)
    try SetupFiles.makeFolder((log as NSString).deletingLastPathComponent)
    let wrote = try SetupFiles.write(LaunchAgent.plist(for: job, log: log), to: agentPath)
    var said = [wrote ? "wrote \(agentPath)" : "\(agentPath) is up to date"]
    let load = "launchctl bootstrap \(domain) \(ShellWords.quoted(agentPath))"
    guard let launchctl = tools.locate("launchctl") else {
      return Outcome(said: said + ["launchctl is not on PATH, so it is not loaded; run:", "  " + load], done: false)
    }
    // A job loaded before keeps its old schedule until it is booted out; one not loaded makes bootout fail, harmlessly.
    _ = await tools.run(launchctl, ["bootout", "\(domain)/\(LaunchAgent.label)"])
    // launchd may still be unloading the old job: "Bootstrap failed: 5" passes once it has.
    var run = await tools.run(launchctl, ["bootstrap", domain, agentPath])
    for _ in 0..<3 where !run.succeeded {
      try? await Task.sleep(for: .seconds(1))
      run = await tools.run(launchctl, ["bootstrap", domain, agentPath])
    }
    guard run.succeeded else {
      return Outcome(said: said + ["launchctl bootstrap failed (\(run.message)); run:", "  " + load], done: false)
    }
    said.append("loaded \(LaunchAgent.label): it runs `\(ShellWords.line(job.words))` \(job.when)")
    said.append("what it says goes to \(log)")
    return Outcome(said: said, done: true)
  }

  func removeLaunchd() async -> [String] {
    guard FileManager.default.fileExists(atPath: agentPath) else { return [] }
    var said: [String] = []
    if let launchctl = tools.locate("launchctl"),
      await tools.run(launchctl, ["bootout", "\(domain)/\(LaunchAgent.label)"]).succeeded
    {
      said.append("unloaded \(LaunchAgent.label)")
    }
    return said + [SetupFiles.remove(agentPath)]
  }

  func installedLaunchd() -> InstalledSchedule? {
    guard let data = FileManager.default.contents(atPath: agentPath), let found = LaunchAgent.schedule(in: data),
      let program = found.words.first
    else { return nil }
    return InstalledSchedule(
      kind: .launchd, hour: found.hour, minute: found.minute, weekday: found.weekday, program: program,
      arguments: Array(found.words.dropFirst()),
      location: agentPath, since: SetupFiles.modified(agentPath))
  }
}
