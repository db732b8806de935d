internal import Basics
public import Foundation

/// Installs, reads back and removes the schedule that runs `deepcut nightly`: a line of the user's crontab, two
/// systemd user units, or a LaunchAgent. Everything comes from the environment given (HOME, XDG_CONFIG_HOME, PATH,
/// USER), and the schedulers' own programs are found on its PATH, so nothing depends on the process it runs in.
public struct ScheduleInstaller: Sendable {
  let environment: [String: String]
  /// The day a crontab line says it was set up, in `timeZone`.
  var now: Date
  var timeZone: TimeZone
  /// Whose launchd domain a LaunchAgent is loaded into (gui/UID).
  var userID: UInt32
  let tools: SetupTools
  /// Where a warning goes: what could not be read, and so is not shown.
  let warn: @Sendable (String) -> Void

  /// The installer of this user, now, on the local clock; `warn` says what could not be read.
  public init(environment: [String: String], now: Date = Date(), warn: @escaping @Sendable (String) -> Void) {
    self.init(environment: environment, now: now, timeZone: .current, userID: Platform.userID, warn: warn)
  }

  init(
    environment: [String: String], now: Date, timeZone: TimeZone, userID: UInt32,
    warn: @escaping @Sendable (String) -> Void
  ) {
    self.environment = environment
    self.now = now
    self.timeZone = timeZone
    self.userID = userID
    self.warn = warn
    tools = SetupTools(environment: environment)
  }

  /// What one scheduler's installation said, and whether the schedule runs now.
  struct Outcome {
    var said: [String]
    var done: Bool
  }

  var home: String { SetupFiles.home(environment: environment) }

  /// The first executable file named `name` on the environment's PATH, found as the schedulers' programs are; nil
  /// when there is none.
  public func locate(_ name: String) -> String? {
    tools.locate(name)
  }

  var user: String {
    environment["USER"] ?? environment["LOGNAME"] ?? String(userID)
  }

  /// Installs `job` with `kind`; once it runs, removes every other kind deepcut installed before, so that a night
  /// never runs twice. Returns what to tell the user: what was done, or the commands to run where it could not be.
  public func install(_ job: NightlyJob, kind: ScheduleKind) async throws(SchedulingError) -> [String] {
    let job = try job.checked()
    let outcome: Outcome
    switch kind {
    case .cron: outcome = await installCron(job)
    case .systemd: outcome = try await installSystemd(job)
    case .launchd: outcome = try await installLaunchd(job)
    case .none:
      outcome = Outcome(
        said: ["no schedule installed; run it by hand when you like: \(ShellWords.line(job.words))"], done: true)
    }
    guard outcome.done else { return outcome.said }
    var said = outcome.said
    for other in ScheduleKind.allCases where other != kind { said += await remove(other) }
    return said
  }

  /// Removes whatever deepcut installed, of every kind, and nothing else; says what it removed.
  public func uninstall() async -> [String] {
    var said: [String] = []
    for kind in ScheduleKind.allCases { said += await remove(kind) }
    return said.isEmpty ? ["no nightly schedule of deepcut's was installed; nothing removed"] : said
  }

  /// The schedule installed now, read from where it is; the first found when there are several.
  public func installed() async -> InstalledSchedule? {
    await installedSchedules().first
  }

  /// Every schedule of deepcut's installed now.
  func installedSchedules() async -> [InstalledSchedule] {
    [installedSystemd(), installedLaunchd(), await installedCron()].compactMap { $0 }
  }

  private func remove(_ kind: ScheduleKind) async -> [String] {
    switch kind {
    case .cron: await removeCron()
    case .systemd: await removeSystemd()
    case .launchd: await removeLaunchd()
    case .none: []
    }
  }
}

/// The files a schedule is made of.
public enum SetupFiles {
  /// HOME as the environment gives it; this process's own only when it gives none.
  public static func home(environment: [String: String]) -> String {
    environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
  }

  /// Writes `text` to `path` atomically, unless it holds exactly that already (so its time stays the day it was set
  /// up); true when it wrote.
  static func write(_ text: String, to path: String, mode: mode_t = 0o644) throws(SchedulingError) -> Bool {
    let data = Data(text.utf8)
    if FileManager.default.contents(atPath: path) == data { return false }
    try makeFolder((path as NSString).deletingLastPathComponent)
    try writeAtomically(data, to: path, mode: mode, what: "the file")
    return true
  }

  /// Writes `data` the way ``AtomicFile`` does; `what` names the file in a failure's message.
  static func writeAtomically(_ data: Data, to path: String, mode: mode_t, what: String) throws(SchedulingError) {
    do {
      try AtomicFile.write(data, to: path, mode: mode, what: what)
    } catch {
      throw .output(path: error.path, reason: error.reason)
    }
  }

  public static func makeFolder(_ path: String) throws(SchedulingError) {
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw .cannotCreate("cannot create the folder \(path): \(error.localizedDescription)")
    }
  }

  /// Removes `path`; what to tell the user.
  public static func remove(_ path: String) -> String {
    do {
      try FileManager.default.removeItem(atPath: path)
      return "removed \(path)"
    } catch {
      return "cannot remove \(path) (\(error.localizedDescription)); remove it by hand"
    }
  }

  static func modified(_ path: String) -> Date? {
    (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
  }
}
