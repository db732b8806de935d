internal import Basics
internal import Catalog
internal import Foundation
internal import Options
internal import Report
internal import SettingsKit

/// `deepcut nightly`: what cron, a systemd timer or launchd runs each night. Tonight's report as an e-mail,
/// delivered, kept as a dated file in the state folder's `reports/`, and what the run said kept in
/// `reports/deepcut.log` instead of on standard error, which cron would mail every night. It takes every option
/// `report` takes; those it does not give are the nightly ones.
enum NightlyCommand: Command {
  static let spec = CommandSpec(
    command: .nightly,
    takesOptionsOf: ReportCommand.spec.command,
    usage: "nightly [report options]",
    summary: "The nightly job: tonight's e-mail, delivered and kept as a dated file, what it said in the log.",
    examples: ["nightly", "nightly --provider deezer,musicbrainz --budget 30m"]
  )

  /// How long a night may ask the catalogs when neither the command line nor the config says: room for the rest
  /// within the 2 hours a systemd unit gives it.
  static let budget = (value: Duration.seconds(100 * 60), shown: "100m")
  /// How many days of dated reports are kept.
  static let keptDays = 60
  /// How many lines of the log are kept.
  static let keptLogLines = 2_000

  static func run(_ invocation: Invocation) async throws(CLIError) -> ExitStatus {
    let environment = ProcessInfo.processInfo.environment
    let resolved = try Resolved(invocation.arguments, environment: environment, registry: invocation.registry)
    let night = try NightFiles(resolved)
    try night.createFolder()
    let (settings, defaults) = try night.defaults(resolved)
    night.log("starting: deepcut \((["report"] + defaults + invocation.words).joined(separator: " "))")
    // What the report says goes to the log; to the terminal too when a person is watching.
    Console.keep(Console.Transcript(path: night.logPath, echoed: Platform.isTerminal(STDERR_FILENO)))
    let (status, error) = await Deepcut.outcome { () async throws(CLIError) in try await ReportCommand.run(settings) }
    Console.keep(nil)
    let (line, exit) = night.ending(status, error)
    night.log(line)
    if exit != .success { Console.error("deepcut: \(line)") }
    night.tidy()
    return exit
  }

  /// One night's files: the dated report and the log, in the state folder's `reports/`.
  struct NightFiles {
    let folder: String
    let stamp: String
    let now: Date
    /// No one to e-mail, but channels to push to: the report is a page kept beside the others, and only pushed.
    let pushOnly: Bool

    init(_ settings: Resolved) throws(CLIError) {
      folder = try settings[\.run.stateDirectory] + "/reports"
      now = try settings[\.run.now]
      stamp = CalendarDay.today(at: now).description
      let mailed = try !settings[\.mail.to].isEmpty
      // A channels file that cannot be read still says the person pushes; the night says why it could not.
      let path = try PushOptions.channelsPath(settings)
      let pushing =
        (try? PushOptions.addresses(settings)).map { !$0.isEmpty }
        ?? FileManager.default.fileExists(atPath: path)
      pushOnly = !mailed && pushing
    }

    var logPath: String { folder + "/deepcut.log" }
    var message: String { folder + "/report-\(stamp).\(pushOnly ? "html" : "eml")" }
    var page: String { folder + "/report-\(stamp).html" }

    func createFolder() throws(CLIError) {
      do {
        try FileManager.default.createDirectory(
          atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      } catch {
        throw .output(path: folder, reason: "cannot create the reports folder (\(error.localizedDescription))")
      }
    }

    /// The report `settings` ask for, with what a night has unless the command line says otherwise: an e-mail of
    /// what no earlier one told, delivered, kept as a dated file with the whole report beside it, within a budget;
    /// and those defaults as the options the log shows.
    func defaults(_ settings: Resolved) throws(CLIError) -> (Resolved, shown: [String]) {
      var (settings, shown) = (settings, [String]())
      func unless<Value>(_ path: KeyPath<SettingsTable, Setting<Value>>, _ value: Value, _ words: String...) {
        guard !settings.onCommandLine(path) else { return }
        settings = settings.overriding(path, with: value)
        shown += words
      }
      let format = pushOnly ? FormatName(HTMLFormat.self) : FormatName(EmailFormat.self)
      unless(\.ledger.sinceLastRun, true, "--since-last-run")
      unless(\.output.format, format, "--format", format.rawValue)
      unless(\.mail.send, true, "--send")
      unless(\.output.path, message, "--output", message)
      if !pushOnly, try settings[\.mail.fullReport] == nil { unless(\.mail.fullReport, page, "--full-report", page) }
      if try settings[\.catalogs.budget] == nil {
        unless(\.catalogs.budget, NightlyCommand.budget.value, "--budget", NightlyCommand.budget.shown)
      }
      return (settings, shown)
    }

    /// The log's last line for the night, and the status the job exits with: another run holding the lock is not a
    /// failure.
    func ending(_ status: ExitStatus, _ error: CLIError?) -> (line: String, status: ExitStatus) {
      switch error {
      case nil:
        (
          pushOnly ? "wrote \(message); each push channel has told what was new" : "wrote \(message) and e-mailed it",
          .success
        )
      case .locked?: ("another run holds the lock; nothing done", .success)
      case .interrupted?:
        (
          "stopped by a signal (status \(status.rawValue)); every answer so far is kept and the next run continues",
          status
        )
      case .pushed(let failures, _)?:
        (
          "wrote \(message) and told it, but not every channel (status \(status.rawValue)): "
            + failures.joined(separator: "; ") + "; what a channel did not say waits for its next push", status
        )
      case .delivery?:
        (
          "wrote \(message), but the e-mail was not delivered (status \(status.rawValue)); nothing is marked as "
            + "told, and the next night's e-mail carries these releases too", status
        )
      case let error?:
        (
          "failed with status \(status.rawValue): \(error.lines.joined(separator: "; ")); earlier reports and the "
            + "state are untouched",
          status
        )
      }
    }

    func log(_ line: String) {
      // The log's times are the clock's, also for a run reporting for another day (`--now`).
      let formatter = ISO8601DateFormatter()
      formatter.timeZone = .current
      let time = formatter.string(from: Date())
      Console.append(Data("\(time) \(line)\n".utf8), to: logPath)
    }

    /// Reports older than `keptDays` go; the log keeps its last `keptLogLines` lines.
    func tidy() {
      let oldest = Date().addingTimeInterval(-Double(NightlyCommand.keptDays) * 86_400)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      for name in names where name.hasPrefix("report-") && (name.hasSuffix(".eml") || name.hasSuffix(".html")) {
        let path = folder + "/" + name
        let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        if let modified, modified < oldest { try? FileManager.default.removeItem(atPath: path) }
      }
      guard let text = try? String(contentsOfFile: logPath, encoding: .utf8) else { return }
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      guard lines.count > NightlyCommand.keptLogLines + 1 else { return }
      let kept = lines.suffix(NightlyCommand.keptLogLines + 1).joined(separator: "\n")
      try? OutputFile.write(Data(kept.utf8), to: logPath, mode: OwnerOnlyFile.mode)
    }
  }
}
