import Foundation
import MusicLibrary
import Night
import Report
import State
import TestSupport
import Testing

@testable import DeepcutCLI
@testable import Options

/// The verdict `deepcut status` exits with, from the run log and the schedule alone.
struct StatusReportTests {
  static let night = Date(timeIntervalSince1970: 1_796_193_000)  // 2026-12-02T06:30:00Z

  static func run(_ status: RunStatus, at start: Date = night, kind: RunRecord.Kind = .night, delivered: Bool? = true)
    -> RunRecord
  {
    RunRecord(
      id: 1, startedAt: start, finishedAt: status == .running ? nil : start.addingTimeInterval(300), status: status,
      artists: 10, requests: 20, cacheHits: 0, note: "a note", kind: kind,
      outcome: status == .running
        ? nil
        : RunOutcome(libraryArtists: 10, newReleases: 2, told: 2, delivered: delivered, deliveryReply: "250 ok"))
  }

  static func schedule(lastDue: Date?) -> StatusReport.Schedule {
    StatusReport.Schedule(
      kind: "cron", every: "night", at: "06:30", program: "/x/deepcut", arguments: ["nightly"],
      next: night.addingTimeInterval(86_400),
      lastDue: lastDue)
  }

  @Test func aGoodOrPartialLastNightIsFine() {
    for status in [RunStatus.ok, .partial] {
      let nights = [StatusReport.Night(Self.run(status), died: false)]
      #expect(StatusReport.problem(nights: nights, schedule: Self.schedule(lastDue: Self.night)) == nil)
    }
  }

  @Test func aRunLeftRunningAndNotHoldingTheLockDied() {
    let died = StatusReport.Night(Self.run(.running), died: true)
    #expect(died.status == .died && died.failed)
    #expect(StatusReport.problem(nights: [died], schedule: nil)?.contains("it wrote no report (died)") == true)
    let running = StatusReport.Night(Self.run(.running), died: false)
    #expect(running.status == .logged(.running) && !running.failed)
    #expect(StatusReport.problem(nights: [running], schedule: nil) == nil)
  }

  @Test func onlyNightsDecideNotRunsByHand() {
    let nights = [
      StatusReport.Night(Self.run(.ok, kind: .dryRun, delivered: nil), died: false),
      StatusReport.Night(Self.run(.undelivered, delivered: false), died: false),
    ]
    #expect(StatusReport.problem(nights: nights, schedule: nil)?.contains("its e-mail was not delivered") == true)
  }

  @Test func aNightDueWithNoneAfterItIsMissedAndOneAnHourEarlyCounts() {
    let yesterday = StatusReport.Night(Self.run(.ok, at: Self.night.addingTimeInterval(-86_400)), died: false)
    let missed = StatusReport.problem(nights: [yesterday], schedule: Self.schedule(lastDue: Self.night))
    #expect(missed?.contains("no night ran since it was due at") == true)
    let early = StatusReport.Night(Self.run(.ok, at: Self.night.addingTimeInterval(-1_800)), died: false)
    #expect(StatusReport.problem(nights: [early], schedule: Self.schedule(lastDue: Self.night)) == nil)
    // Set up since its last time: not due yet.
    #expect(StatusReport.problem(nights: [], schedule: Self.schedule(lastDue: nil)) == nil)
  }

  /// A library export, written `days` before the night, as the status reads it: its header, from the file.
  static func library(writtenDaysBefore days: Int, staleAfter: Int = 14) throws -> StatusReport.Library {
    var document = LibraryDocument()
    document.exportDate =
      "<date>\(Date(timeIntervalSince1970: 1_796_193_000 - Double(days) * 86_400).formatted(.iso8601))</date>"
    document.addSong(id: 1, artist: "Adele", album: "21")
    return StatusReport.Library(path: try document.write(), now: night, staleAfterDays: staleAfter)
  }

  @Test func aStaleLibraryIsAProblemBesideTheNights() throws {
    let good = [StatusReport.Night(Self.run(.ok), died: false)]
    let stale = try Self.library(writtenDaysBefore: 30)
    #expect(stale.age?.stale == true && stale.age?.ageDays == 30)
    let problem = try #require(StatusReport.problem(nights: good, schedule: nil, library: stale))
    #expect(problem.hasPrefix("the library \(stale.path) is 30 days old (written 2 Nov 2026)"))
    #expect(problem.hasSuffix(LibraryAge.briefAdvice))
    // Both when both: the nights' first.
    let failed = [StatusReport.Night(Self.run(.failed, delivered: nil), died: false)]
    let both = try #require(StatusReport.problem(nights: failed, schedule: nil, library: stale))
    #expect(both.hasPrefix("the last night") && both.contains("; and the library "))
  }

  @Test func aFreshLibraryOrANeverStaleOneIsFine() throws {
    let good = [StatusReport.Night(Self.run(.ok), died: false)]
    #expect(StatusReport.problem(nights: good, schedule: nil, library: try Self.library(writtenDaysBefore: 14)) == nil)
    let never = try Self.library(writtenDaysBefore: 400, staleAfter: 0)
    #expect(never.age?.ageDays == 400)
    #expect(StatusReport.problem(nights: good, schedule: nil, library: never) == nil)
  }

  /// A library that cannot be read is shown, and left to the nights to fail on.
  @Test func anUnreadableLibraryIsShownNotJudged() throws {
    let missing = StatusReport.Library(path: "/nowhere/Library.xml", now: Self.night, staleAfterDays: 14)
    #expect(missing.age == nil)
    #expect(missing.unreadable?.hasPrefix("/nowhere/Library.xml: no such file") == true)
    #expect(StatusReport.problem(nights: [], schedule: nil, library: missing) == nil)
    #expect(StatusCommand.libraryLines(missing) == ["library: " + (missing.unreadable ?? "")])
  }

  @Test func theTextSaysTheAgeAndTheAdviceWhenStale() throws {
    let fresh = try Self.library(writtenDaysBefore: 1)
    #expect(StatusCommand.libraryLines(fresh) == ["library: \(fresh.path), written 1 Dec 2026 (1 day ago)"])
    let stale = try Self.library(writtenDaysBefore: 30)
    #expect(
      StatusCommand.libraryLines(stale) == [
        "library: \(stale.path), written 2 Nov 2026 (30 days ago): stale", "  " + LibraryAge.advice,
      ])
  }

  @Test func theJSONHasEveryKeyNullWhereThereIsNoValue() throws {
    let report = StatusReport(
      nights: [StatusReport.Night(Self.run(.failed, delivered: nil), died: false)], undelivered: [], schedule: nil,
      state: StatusReport.StateFolder(path: "/s", bytes: 1, answers: []), problem: nil)
    let object = try JSONSerialization.jsonObject(with: Data(try StatusCommand.json(report).utf8)) as? [String: Any]
    #expect(object?["schedule"] is NSNull)
    #expect(object?["problem"] is NSNull)
    let night = (object?["nights"] as? [[String: Any]])?.first
    #expect(night?["delivered"] is NSNull)
    #expect(night?["kind"] as? String == "night")
    #expect(object?["library"] is NSNull)
    var withLibrary = report
    withLibrary.library = StatusReport.Library(path: "/x/Library.xml", age: nil)
    let library =
      try JSONSerialization.jsonObject(with: Data(try StatusCommand.json(withLibrary).utf8))
      as? [String: Any]
    let fields = library?["library"] as? [String: Any]
    #expect(fields?["path"] as? String == "/x/Library.xml")
    #expect(fields?["age"] is NSNull && fields?["unreadable"] is NSNull)
  }
}

@Suite struct StatusChannelTests {
  static let at = Date(timeIntervalSince1970: 1_796_000_000)

  @Test func aChannelThatRefusesForGoodIsTheProblemAndEachChannelSaysItsLastPush() {
    let up = StatusReport.Channel(
      name: "ntfy topic mu… on ntfy.sh", lastAttempt: Self.at, lastDelivered: Self.at, reply: "200", failure: nil,
      permanent: false, waiting: 0)
    let gone = StatusReport.Channel(
      name: "Discord webhook 123456…", lastAttempt: Self.at, lastDelivered: nil, reply: nil,
      failure: "Discord webhook 123456… no longer exists (http 404)", permanent: true, waiting: 4)
    #expect(StatusReport.problem(nights: [], schedule: nil, library: nil, channels: [up]) == nil)
    #expect(
      StatusReport.problem(nights: [], schedule: nil, library: nil, channels: [up, gone])
        == "the push channel Discord webhook 123456… refuses until something is changed: Discord webhook 123456… no "
        + "longer exists (http 404)")
    let shown = StatusReport.shown(Self.at)
    #expect(StatusCommand.line(up) == "ntfy topic mu… on ntfy.sh  pushed \(shown) (200)")
    #expect(
      StatusCommand.line(gone)
        == "Discord webhook 123456…  NOT pushed \(shown) (until fixed): Discord webhook 123456… no longer exists "
        + "(http 404)  4 waiting for its next push")
  }
}
