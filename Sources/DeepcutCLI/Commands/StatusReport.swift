internal import Foundation
import Identity
internal import MusicLibrary
internal import Night
internal import Options
internal import Report
internal import State

/// What `deepcut status` tells, as `--json` prints it: the last nights, what waits undelivered, the schedule and
/// the state. Made from the run log and the state folder; the verdict (`problem`) is the one the exit status gives.
struct StatusReport: Encodable {
  var nights: [Night]
  var undelivered: [Kept]
  /// The push channels that ever pushed, with their last push.
  var channels: [Channel] = []
  var schedule: Schedule?
  var state: StateFolder
  /// The library the nights read, as it is now; nil when no library is configured.
  var library: Library? = nil
  /// Why the nights are not fine: the last night failed, one was due and none ran, or the library is stale. Nil when
  /// fine.
  var problem: String?

  private enum CodingKeys: String, CodingKey {
    case nights, undelivered, channels, schedule, state, library, problem
  }

  /// Every key, null where there is none: no schedule installed, no problem.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(nights, forKey: .nights)
    try container.encode(undelivered, forKey: .undelivered)
    try container.encode(channels, forKey: .channels)
    try container.encode(schedule, forKey: .schedule)
    try container.encode(state, forKey: .state)
    try container.encode(library, forKey: .library)
    try container.encode(problem, forKey: .problem)
  }

  /// The library export the nights read, read again now: its header tells its age, so a library refreshed since the
  /// last night counts as fresh at once.
  struct Library: Encodable {
    var path: String
    /// When it was written, how old it is and whether that is stale, with the advice: as the report shows it. Nil
    /// when there is no time to tell it by, or it could not be read.
    var age: ReportModel.Library?
    /// Why it could not be read; the next night says the same.
    var unreadable: String?

    private enum CodingKeys: String, CodingKey {
      case path, age, unreadable
    }

    /// Every key, null where there is no value.
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(path, forKey: .path)
      try container.encode(age, forKey: .age)
      try container.encode(unreadable, forKey: .unreadable)
    }

    /// Reads the header of the export at `path` (only what comes before its tracks) and tells its age at `now`.
    init(path: String, now: Date, staleAfterDays: Int) {
      self.path = path
      do {
        let header = try LibraryReader.header(path: path)
        age = LibraryAge(header, now: now, staleAfterDays: staleAfterDays).map(ReportBuilder.library)
      } catch {
        unreadable = error.description
      }
    }

    init(path: String, age: ReportModel.Library?, unreadable: String? = nil) {
      self.path = path
      self.age = age
      self.unreadable = unreadable
    }

    /// What is wrong with it: stale; nil when it is fresh, has no time to tell, or could not be read (the nights tell
    /// that).
    var problem: String? {
      guard let age, age.stale else { return nil }
      let written = age.dateSource == LibraryAge.Source.exportDate.rawValue ? "written" : "last changed"
      return "the library \(path) is \(age.ageDays) days old (\(written) \(age.exportedAtLabel)), so albums you got "
        + "since then may be listed as new: \(LibraryAge.briefAdvice)"
    }
  }

  /// One run of the log.
  struct Night: Encodable {
    var started: Date
    var finished: Date?
    var seconds: Int?
    /// What the run was for; nil (shown as unknown) for runs logged before runs said.
    var kind: RunKind?
    var status: Standing
    var requests: Int
    var artistsChecked: Int
    var libraryArtists: Int?
    var new: Int?
    var told: Int?
    /// True when the server accepted the e-mail, false when it did not, null when the run sent none.
    var delivered: Bool?
    var reply: String?
    var note: String?

    private enum CodingKeys: String, CodingKey {
      case started, finished, seconds, kind, status, requests, artistsChecked, libraryArtists, new, told, delivered
      case reply, note
    }

    /// Every key, null where there is no value: `"delivered": null` is a run that sent nothing.
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(started, forKey: .started)
      try container.encode(finished, forKey: .finished)
      try container.encode(seconds, forKey: .seconds)
      try container.encode(kindName, forKey: .kind)
      try container.encode(status.description, forKey: .status)
      try container.encode(requests, forKey: .requests)
      try container.encode(artistsChecked, forKey: .artistsChecked)
      try container.encode(libraryArtists, forKey: .libraryArtists)
      try container.encode(new, forKey: .new)
      try container.encode(told, forKey: .told)
      try container.encode(delivered, forKey: .delivered)
      try container.encode(reply, forKey: .reply)
      try container.encode(note, forKey: .note)
    }

    /// How a run stands: as the log has it, or died (left running by a run that no longer holds the lock).
    enum Standing: Equatable, CustomStringConvertible {
      case logged(RunStatus)
      case died

      /// ok, partial, undelivered, failed, interrupted, running, or died.
      var description: String {
        switch self {
        case .logged(let status): status.rawValue
        case .died: "died"
        }
      }
    }

    /// night, dry-run or by-hand; unknown for runs logged before runs said.
    var kindName: String { kind?.rawValue ?? "unknown" }

    /// A night that wrote no report, or whose e-mail was not delivered.
    var failed: Bool {
      switch status {
      case .died, .logged(.undelivered), .logged(.failed), .logged(.interrupted): true
      case .logged(.running), .logged(.ok), .logged(.partial): false
      }
    }

    init(_ run: RunRecord, died: Bool) {
      started = run.startedAt
      finished = run.finishedAt
      seconds = run.finishedAt.map { Int($0.timeIntervalSince(run.startedAt).rounded()) }
      kind = run.kind
      status = run.status == .running && died ? .died : .logged(run.status)
      requests = run.requests
      artistsChecked = run.artists
      libraryArtists = run.outcome?.libraryArtists
      new = run.outcome?.newReleases
      told = run.outcome?.told
      delivered = run.outcome?.delivered ?? (run.status == .undelivered ? false : nil)
      reply = run.outcome?.deliveryReply
      note = run.note
    }
  }

  /// A message kept because it was not delivered; the next delivered night carries what it listed.
  struct Kept: Encodable {
    var path: String
    var bytes: Int
    var made: Date?
  }

  /// The nightly run as installed.
  struct Schedule: Encodable {
    var kind: String
    /// "night", or the weekday a weekly schedule runs on ("saturday"), as `--every` takes it.
    var every: String
    /// HH:MM, local time.
    var at: String
    var program: String
    var arguments: [String]
    var next: Date
    /// The latest time it was due, an hour's grace ago; nil when it was set up since.
    var lastDue: Date?
    /// How it differs from what the configuration says (`every`); nil when it does not.
    var unlike: String? = nil
  }

  struct StateFolder: Encodable {
    var path: String
    var bytes: Int
    var answers: [Answers]
  }

  /// How old one catalog's kept answers are.
  struct Answers: Encodable {
    var catalog: CatalogName
    var count: Int
    var oldest: Date
    var newest: Date
  }

  /// A push channel's last push.
  struct Channel: Encodable {
    var name: String
    var lastAttempt: Date
    var lastDelivered: Date?
    var reply: String?
    /// Why the last push was not accepted; nil when it was.
    var failure: String?
    /// The failure lasts until something is changed.
    var permanent: Bool
    /// Releases waiting for its next push.
    var waiting: Int
  }

  /// The verdict: the nights' (``problem(nights:schedule:)``), the library's when it is stale, and a push channel's
  /// that refuses until something is changed; all of them when several.
  static func problem(
    nights: [Night], schedule: Schedule?, library: Library?, channels: [Channel] = []
  ) -> String? {
    let refused = channels.first(where: \.permanent).map { channel in
      "the push channel \(channel.name) refuses until something is changed: \(channel.failure ?? "")"
    }
    let problems = [problem(nights: nights, schedule: schedule), schedule?.unlike, library?.problem, refused]
      .compactMap { $0 }
    return problems.isEmpty ? nil : problems.joined(separator: "; and ")
  }

  /// The nights' verdict: the newest night failed, or the schedule's last due time has no night after it.
  static func problem(nights: [Night], schedule: Schedule?) -> String? {
    let real = nights.filter { $0.kind == .night }
    if let due = schedule?.lastDue, !real.contains(where: { $0.started >= due.addingTimeInterval(-3_600) }) {
      let last = real.first.map { "; the last one started \(Self.shown($0.started))" } ?? ""
      return "no night ran since it was due at \(Self.shown(due))\(last): look at reports/deepcut.log and the system's "
        + "log of the scheduler"
    }
    guard let last = real.first, last.failed else { return nil }
    let why =
      last.status == .logged(.undelivered) ? "its e-mail was not delivered" : "it wrote no report (\(last.status))"
    let said = (last.reply ?? last.note).map { ": \($0)" } ?? ""
    return "the last night, \(Self.shown(last.started)), failed: \(why)\(said)"
  }

  /// A time as the text shows it: local, to the minute.
  static func shown(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    return formatter.string(from: date)
  }
}
