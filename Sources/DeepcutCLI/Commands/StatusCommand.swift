internal import Basics
internal import Catalog
internal import Foundation
internal import Identity
internal import MusicLibrary
internal import Night
internal import Options
internal import Scheduling
internal import SettingsKit
internal import State

/// `deepcut status [--json]`: how the last nights went, newest first, what waits undelivered, when the next run is,
/// how big and how old the state is, and how old the library export is. It exits 1 when the last night failed, one
/// was due and none ran, or the library is stale, so a monitor can run it.
enum StatusCommand: Command {
  static let spec = CommandSpec(
    command: .status,
    usage: "status [--json] [--nights N] [--state-dir DIR] [--library PATH] [--stale-after DAYS]",
    summary:
      "How the last nights went, what waits undelivered, and the next run; exits 1 when a night failed or the "
      + "library is stale."
  )

  static func run(_ invocation: Invocation) async throws(CLIError) -> ExitStatus {
    let (arguments, registry) = (invocation.arguments, invocation.registry)
    let settings = try Resolved(arguments, environment: ProcessInfo.processInfo.environment, registry: registry)
    let report = try await gather(settings)
    if try settings[\.commands.json] {
      Console.out(try json(report))
    } else {
      Console.out(text(report))
    }
    return report.problem == nil ? .success : .failure
  }

  // MARK: - Gather

  static func gather(_ settings: Resolved) async throws(CLIError) -> StatusReport {
    let directory = try settings[\.run.stateDirectory]
    let now = try settings[\.run.now]
    let store = try openStore(settings)
    var runs: [RunRecord] = []
    var lastNights: [RunRecord] = []
    var ages: [AnswerAge] = []
    var channels: [PushChannelState] = []
    let current = currentChannels(settings)
    try await mappingStateErrors {
      // A state an older deepcut wrote shows each channel's last push before the channel's first night.
      for (id, name) in current ?? [:] { try await store.claimEarlierPushes(of: id, named: name) }
      channels = try await store.pushChannels()
      runs = try await store.recentRuns(limit: try settings[\.commands.nights])
      // The verdict is the nights', however many runs by hand came since.
      lastNights = try await store.recentRuns(limit: 2, kind: .night)
      ages = try await store.answerAges()
    }
    let newest = runs.first?.id
    // Only the newest entry can be the run holding the lock; an older one left "running" died.
    let running = RunLock.holder(directory: directory) != nil
    func night(_ run: RunRecord) -> StatusReport.Night {
      StatusReport.Night(run, died: run.id != newest || !running)
    }
    let nights = runs.map(night)
    let schedule = await Self.schedule(settings, now: now)
    let pushed = channels.filter { channel in current.map { $0[channel.channel] != nil } ?? true }.map { channel in
      // As the channel reads now, when the file names it: the words may have changed since its last push.
      StatusReport.Channel(
        name: current?[channel.channel] ?? channel.name, lastAttempt: channel.lastAttempt,
        lastDelivered: channel.lastDelivered,
        reply: channel.lastReply, failure: channel.failure, permanent: channel.permanent, waiting: channel.waiting)
    }
    let library = try library(settings, now: now)
    return StatusReport(
      nights: nights, undelivered: undelivered(directory), channels: pushed, schedule: schedule,
      state: StatusReport.StateFolder(
        path: directory, bytes: store.bytesOnDisk,
        answers: ages.map { .init(catalog: $0.catalog, count: $0.answers, oldest: $0.oldest, newest: $0.newest) }),
      library: library,
      problem: StatusReport.problem(
        nights: lastNights.map(night), schedule: schedule, library: library, channels: pushed))
  }

  /// The channels the channels file names now, by identity, with their names: one replaced or taken out is no
  /// longer shown or judged. Nil when the file cannot be read, which `config --check` explains: then every channel
  /// that ever pushed is shown.
  static func currentChannels(_ settings: Resolved) -> [PushChannelID: String]? {
    guard let maker = try? PushChannelMaker(settings), let addresses = try? PushOptions.addresses(settings)
    else { return nil }
    let channels = addresses.compactMap { try? maker.channel($0) }
    return Dictionary(channels.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
  }

  /// The configured library as it is now, not as the last night found it: a library refreshed since counts as fresh.
  /// Standard input is no library to look at later.
  static func library(_ settings: Resolved, now: Date) throws(CLIError) -> StatusReport.Library? {
    guard let path = try settings[\.library.path], path != "-" else { return nil }
    return StatusReport.Library(path: path, now: now, staleAfterDays: try settings[\.library.staleAfter])
  }

  /// The messages kept in the state folder because they were not delivered, oldest first.
  static func undelivered(_ directory: String) -> [StatusReport.Kept] {
    let folder = directory + "/undelivered"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasSuffix(".eml") }.sorted().map { name in
      let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)
      return StatusReport.Kept(
        path: folder + "/" + name, bytes: attributes?[.size] as? Int ?? 0,
        made: attributes?[.modificationDate] as? Date)
    }
  }

  /// The nightly run as the system has it installed, if it does, with when it runs next and when it was last due.
  static func schedule(_ settings: Resolved, now: Date) async -> StatusReport.Schedule? {
    let installer = ScheduleInstaller(environment: settings.environment, now: now) { Console.error($0) }
    guard let installed = await installer.installed() else { return nil }
    // A night gets an hour to start (launchd runs one the Mac slept through at wake-up, later still).
    let due = installed.lastRun(atOrBefore: now.addingTimeInterval(-3_600))
    let at = TimeOfDay(hour: installed.hour, minute: installed.minute).text
    return StatusReport.Schedule(
      kind: installed.kind.rawValue, every: installed.cadence.text, at: at,
      program: installed.program, arguments: installed.arguments, next: installed.nextRun(after: now),
      lastDue: installed.since.map { due > $0 ? due : nil } ?? due,
      unlike: unlike(installed.cadence, at: at, settings))
  }

  /// What the schedule does not do that the configuration says, when it was changed by hand and not set up again:
  /// a weekly digest scheduled every night would be told as seven small ones.
  static func unlike(_ installed: Cadence, at time: String, _ settings: Resolved) -> String? {
    guard let wanted = try? settings[\.ledger.every], wanted != installed else { return nil }
    return "the schedule runs \(installed.when(at: time)), but the configuration says \(wanted.every): run "
      + "'deepcut setup' to schedule it so"
  }

  // MARK: - Show

  static func json(_ report: StatusReport) throws(CLIError) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    do {
      return String(decoding: try encoder.encode(report), as: UTF8.self)
    } catch {
      throw .output(path: "-", reason: "cannot encode the status (\(error))")
    }
  }

  static func text(_ report: StatusReport) -> String {
    var lines: [String] = []
    if report.nights.isEmpty {
      lines.append("no run is in the log yet: 'deepcut nightly' (or 'deepcut setup') makes the first")
    } else {
      lines.append("last runs, newest first:")
      lines += report.nights.map { "  " + line($0) }
    }
    if !report.undelivered.isEmpty {
      let count = report.undelivered.count
      lines.append(
        "undelivered: \(count) message\(count == 1 ? "" : "s") kept (\(report.undelivered.map(\.path).joined(separator: ", "))); "
          + "the next delivered e-mail carries what \(count == 1 ? "it lists" : "they list")")
    }
    if !report.channels.isEmpty {
      lines.append("push channels:")
      lines += report.channels.map { "  " + line($0) }
    }
    if let schedule = report.schedule {
      let command = ([schedule.program] + schedule.arguments).joined(separator: " ")
      let when = Weekday(name: schedule.every).map { "every \($0.title)" } ?? "daily"
      lines.append(
        "next run: \(StatusReport.shown(schedule.next)) (\(schedule.kind), \(when) at \(schedule.at): \(command))")
    } else {
      lines.append("next run: none scheduled ('deepcut setup' installs one)")
    }
    lines.append(stateLine(report.state))
    if let library = report.library { lines += libraryLines(library) }
    lines.append(report.problem.map { "problem: \($0)" } ?? "fine")
    return lines.joined(separator: "\n")
  }

  /// `2026-12-02 06:30  12m 04s  night  ok  3,307 requests  1,610 of 1,610 artists  4 new, 4 told  delivered (250 …)`
  static func line(_ night: StatusReport.Night) -> String {
    var parts = [StatusReport.shown(night.started), night.seconds.map(duration) ?? "-"]
    parts.append(night.kind == .night ? "\(night.status)" : "\(night.status), \(night.kindName)")
    parts.append("\(night.requests) requests")
    parts.append("\(night.artistsChecked)\(night.libraryArtists.map { " of \($0)" } ?? "") artists")
    if let new = night.new, let told = night.told { parts.append("\(new) new, \(told) told") }
    switch night.delivered {
    case true?: parts.append("delivered" + (night.reply.map { " (\($0))" } ?? ""))
    case false?: parts.append("NOT delivered" + (night.reply.map { ": \($0)" } ?? ""))
    case nil: if night.failed, let note = night.note { parts.append(note) }
    }
    return parts.joined(separator: "  ")
  }

  /// `ntfy topic mu… on ntfy.sh #3f9a1c  pushed 2026-12-03 06:31 (200)  3 waiting`
  static func line(_ channel: StatusReport.Channel) -> String {
    var parts = [channel.name]
    if let failure = channel.failure {
      parts.append(
        "NOT pushed \(StatusReport.shown(channel.lastAttempt)) (\(channel.permanent ? "until fixed" : "for now")): "
          + failure)
      if let delivered = channel.lastDelivered { parts.append("last pushed \(StatusReport.shown(delivered))") }
    } else {
      parts.append("pushed \(StatusReport.shown(channel.lastAttempt))" + (channel.reply.map { " (\($0))" } ?? ""))
    }
    if channel.waiting > 0 { parts.append("\(channel.waiting) waiting for its next push") }
    return parts.joined(separator: "  ")
  }

  static func duration(_ seconds: Int) -> String {
    seconds >= 3_600
      ? "\(seconds / 3_600)h \(String(format: "%02d", seconds % 3_600 / 60))m"
      : "\(seconds / 60)m \(String(format: "%02d", seconds % 60))s"
  }

  /// `library: /home/me/Music/Library.xml, written 29 Nov 2026 (3 days ago)`, and when it is stale, the advice.
  static func libraryLines(_ library: StatusReport.Library) -> [String] {
    if let unreadable = library.unreadable { return ["library: \(unreadable)"] }
    guard let age = library.age else {
      return ["library: \(library.path), which says nothing of when it was written"]
    }
    let written = age.dateSource == LibraryAge.Source.exportDate.rawValue ? "written" : "last changed"
    let days = age.ageDays == 0 ? "less than a day" : age.ageDays == 1 ? "1 day" : "\(age.ageDays) days"
    let line = "library: \(library.path), \(written) \(age.exportedAtLabel) (\(days) ago)"
    guard age.stale, let advice = age.advice else { return [line] }
    return [line + ": stale", "  " + advice]
  }

  static func stateLine(_ state: StatusReport.StateFolder) -> String {
    let size = ByteCountFormatter.string(fromByteCount: Int64(state.bytes), countStyle: .file)
    let ages = state.answers.map { answers in
      "\(answers.catalog) \(answers.count) from \(StatusReport.shown(answers.oldest)) to \(StatusReport.shown(answers.newest))"
    }
    return "state: \(size) in \(state.path)" + (ages.isEmpty ? "" : "; answers kept: " + ages.joined(separator: "; "))
  }
}
