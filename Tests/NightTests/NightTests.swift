import Catalog
import Delivery
import Foundation
import Identity
import Night
import Report
import Synchronization
import TestSupport
import Testing

/// A whole night from a plan alone: no settings table, no command line, no file but the sample library and the
/// catalogs' recorded answers; what it keeps in memory, what it says kept too.
@Suite struct NightTests {
  static let samples = DeepcutProcess.packageRoot.appendingPathComponent("samples")
  /// `--now 2026-11-29`: noon, UTC.
  static let now = Date(
    timeIntervalSince1970: Double(CalendarDay(iso8601: "2026-11-29")?.daysSinceEpoch ?? 0) * 86_400 + 43_200)

  /// The plan of the README's first command: the sample library, Deezer and MusicBrainz from their recordings, the
  /// last 30 days, Markdown on standard output.
  static func samplePlan(at now: Date = now) throws -> NightPlan {
    let today = CalendarDay.today(at: now)
    let finder = FinderOptions(today: today, days: 30)
    let catalogs = try ["deezer", "musicbrainz"].map { name in
      let definition = try #require(ProviderRegistry.standard.named(name))
      let snapshot = samples.appendingPathComponent("catalogs/\(name)")
      let run = ProviderRun(
        baseURL: definition.defaultBaseURL, country: ProviderRun.defaultCountry, today: today, since: finder.since,
        requestsPerMinute: .infinity, transport: { _ in definition.snapshotTransport(snapshot) })
      return CatalogNight(definition: definition, run: run, pass: CatalogPassOptions(), finder: finder)
    }
    let library = samples.appendingPathComponent("Library.xml").path
    return NightPlan(
      library: NightPlan.Library(path: library), catalogs: NightPlan.Catalogs(searched: catalogs, finder: finder),
      output: NightPlan.Output(templates: TemplateLocator()), now: now, outbox: Self.folder() + "/undelivered")
  }

  static func folder() -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("night-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  static func run(_ plan: NightPlan, _ store: MemoryNightStore, _ console: KeptConsole) async throws(NightError) {
    var job = ReportJob(
      plan, store: store, console: console, interruption: NoInterruption(), clock: PassClock { .zero })
    try await job.run()
  }

  @Test func thePlanOfTheSampleNightPrintsTheSampleReport() async throws {
    let (store, console) = (MemoryNightStore(), KeptConsole())
    try await Self.run(try Self.samplePlan(), store, console)
    let expected = try String(contentsOf: Self.samples.appendingPathComponent("report.md"), encoding: .utf8)
    #expect(console.reports.count == 1)
    #expect(console.reports.first.map { $0.hasSuffix("\n") ? $0 : $0 + "\n" } == expected)
    let runs = await store.runs
    #expect(runs.count == 1)
    #expect(runs.first?.kind == .byHand)
    #expect(runs.first?.end?.status == .ok)
    #expect(runs.first?.end?.outcome?.newReleases ?? 0 > 0)
    #expect(await store.told.isEmpty, "a report not asked to tell since the last run marks nothing as told")
  }

  /// The plan carries the setting as a plain value; the night tells the library's age by its own `now`.
  @Test func aPlanWithAStaleLibraryNamesItInTheReportAndOnStandardError() async throws {
    var plan = try Self.samplePlan()
    plan.now = Self.now.addingTimeInterval(30 * 86_400)
    plan.catalogs.finder = FinderOptions(today: CalendarDay.today(at: plan.now), days: 30)
    for (staleAfter, named) in [(14, true), (0, false), (45, false)] {
      let (store, console) = (MemoryNightStore(), KeptConsole())
      plan.library.staleAfterDays = staleAfter
      try await Self.run(plan, store, console)
      let report = try #require(console.reports.first)
      #expect(report.contains("> **The library export is 29 days old") == named, "\(staleAfter)")
      #expect(console.lines.contains { $0.contains("Library.xml is 29 days old (written 29 Nov 2026)") } == named)
    }
    plan.quiet = true
    plan.library.staleAfterDays = 14
    let console = KeptConsole()
    try await Self.run(plan, MemoryNightStore(), console)
    #expect(console.reports.first?.contains("29 days old") == true)
    #expect(!console.lines.contains { $0.contains("days old") }, "--quiet says nothing but errors")
  }

  @Test func aNightSinceTheLastRunTellsEachReleaseOnce() async throws {
    let (store, console) = (MemoryNightStore(), KeptConsole())
    var plan = try Self.samplePlan()
    plan.ledger.sinceLastRun = true
    try await Self.run(plan, store, console)
    let told = await store.told.count
    try await Self.run(plan, store, console)
    let runs = await store.runs
    #expect(told > 0)
    #expect(runs.map { $0.end?.outcome?.told } == [told, 0])
    #expect(await store.told.count == told)
  }

  @Test func aReportTheChannelRefusesIsKeptAndMarksNothingAsTold() async throws {
    let (store, console) = (MemoryNightStore(), KeptConsole())
    var plan = try Self.emailPlan()
    plan.mail?.channel = RefusingChannel()
    await #expect(throws: NightError.self) { try await Self.run(plan, store, console) }
    #expect(await store.told.isEmpty)
    let kept = try FileManager.default.contentsOfDirectory(atPath: plan.outbox)
    #expect(kept.count == 1 && kept.allSatisfy { $0.hasSuffix(".eml") })
    let end = await store.runs.first?.end
    #expect(end?.status == .undelivered)
    #expect(end?.outcome?.delivered == false)
    #expect(console.reports.isEmpty, "a report that is delivered is not printed")
  }

  @Test func aReportTheChannelAcceptsIsToldAndTheKeptOnesGo() async throws {
    let (store, console) = (MemoryNightStore(), KeptConsole())
    var plan = try Self.emailPlan()
    plan.mail?.channel = RefusingChannel()
    try? await Self.run(plan, store, console)
    let channel = AcceptingChannel()
    plan.mail?.channel = channel
    try await Self.run(plan, store, console)
    #expect(channel.messages.count == 1)
    #expect(await store.told.count == (await store.runs.last?.end?.outcome?.told))
    #expect(await store.told.count > 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: plan.outbox).isEmpty)
    #expect(console.lines.contains { $0.hasPrefix("deepcut: handed over through accepting") })
  }

  /// The nightly e-mail: sent, telling only what no earlier one told.
  static func emailPlan(at now: Date = now) throws -> NightPlan {
    var plan = try samplePlan(at: now)
    let email = EmailOptions(from: "night@example.org", to: ["me@example.org"], subject: nil, date: now)
    plan.output.format = EmailFormat(options: email)
    plan.mail = NightPlan.Mail(message: email)
    plan.ledger.sinceLastRun = true
    return plan
  }
}

/// Keeps what a night says.
final class KeptConsole: NightConsole {
  private let kept = Mutex<(reports: [String], lines: [String])>(([], []))

  var reports: [String] { kept.withLock(\.reports) }
  var lines: [String] { kept.withLock(\.lines) }

  func report(_ text: String) { kept.withLock { $0.reports.append(text) } }
  func say(_ line: String) { kept.withLock { $0.lines.append(line) } }
  func progress(_ progress: PassProgress, catalog: Int) {}
  func passesDone() {}
}

/// No signal ever comes.
struct NoInterruption: InterruptionWatch {
  var signal: Int32? { nil }
  func kept(_ answers: Int, catalog: Int) {}
}

/// A channel that is no mail server: it refuses every message until something is changed.
struct RefusingChannel: DeliveryChannel {
  let name = "refusing"
  let accepted = "handed over"

  func attempt(_ mail: OutgoingMail) async throws(DeliveryError) -> String {
    throw .permanent("refused for the test")
  }
}

/// A channel that takes every message and keeps it.
final class AcceptingChannel: DeliveryChannel {
  let name = "accepting"
  let accepted = "handed over"
  private let kept = Mutex<[OutgoingMail]>([])

  var messages: [OutgoingMail] { kept.withLock { $0 } }

  func attempt(_ mail: OutgoingMail) async throws(DeliveryError) -> String {
    kept.withLock { $0.append(mail) }
    return "taken"
  }
}
