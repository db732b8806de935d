internal import Basics
internal import Catalog
internal import Foundation
internal import MusicLibrary
internal import Report

/// The steps that tell: render, write, record, and say what happened (delivering is in ReportJob+Delivery).
extension ReportJob {
  /// Everything a run writes, rendered before anything is written.
  struct Outputs {
    /// The report asked for, in its format.
    var report: String
    /// The report as it shows, with the finding of each release it lists: for a shortened e-mail, only those.
    var shown: ReportListing
    /// The whole report's model, shortened or not: what a push tells.
    var whole: ReportModel
    /// The whole report as HTML, for `--full-report`.
    var fullReport: String?
    /// The formats written beside it: deepcut.atom and deepcut.ics, for `--feeds`.
    var feeds: [(name: String, text: String)] = []
  }

  // MARK: - Render

  mutating func render(_ told: Told, _ pass: Pass) throws(NightError) -> Outputs {
    let start = timer.now
    var outputs = try render(listing(told.ledger.findings, pass, told, timings: nil))
    timings.append(ReportModel.Timing(phase: "render", seconds: (timer.now - start).inSeconds))
    if plan.timings {
      outputs = try render(listing(told.ledger.findings, pass, told, timings: timings))
    }
    if let window = told.window {
      outputs.feeds = try renderFeeds(listing(window.findings, pass, told, timings: nil))
    }
    return outputs
  }

  func listing(_ findings: [Finding], _ pass: Pass, _ told: Told, timings: [ReportModel.Timing]?) -> ReportListing {
    ReportBuilder.listing(
      findings: findings, scan: pass.scan, night: pass.night, options: plan.catalogs.finder, now: plan.now,
      timings: timings, digest: plan.ledger.weekly ? .weekly : nil,
      linksLine: linksLine(told),
      libraryAge: LibraryAge(pass.scan, now: plan.now, staleAfterDays: plan.library.staleAfterDays))
  }

  /// What waits for the next nights: the linked catalogs' links, and the pages on the person's service.
  func linksLine(_ told: Told) -> String? {
    let lines = [
      ReportBuilder.linksLine(waiting: told.linksWaiting, to: plan.catalogs.linked.map(\.definition.linkTitle)),
      ReportBuilder.linksLine(waiting: told.pagesWaiting, to: plan.catalogs.listening.map { [$0.service.name] } ?? []),
    ].compactMap { $0 }
    return lines.isEmpty ? nil : lines.joined(separator: " ")
  }

  func render(_ listing: ReportListing) throws(NightError) -> Outputs {
    do {
      let rendered = try plan.output.format.render(listing, templates: plan.output.templates)
      return Outputs(
        report: rendered.text, shown: rendered.shown, whole: listing.model,
        fullReport: plan.mail?.fullReport == nil ? nil : rendered.wholeHTML)
    } catch {
      throw .template(error.description)
    }
  }

  /// The formats written beside the report, from the user's copies of their templates or the built-in ones.
  func renderFeeds(_ listing: ReportListing) throws(NightError) -> [(name: String, text: String)] {
    guard let feeds = plan.output.feeds else { return [] }
    let templates = plan.output.templates.withoutExplicit
    do {
      return try feeds.formats.map { (format) throws(ReportError) in
        ("deepcut." + type(of: format).fileExtension, try format.render(listing, templates: templates).text)
      }
    } catch {
      throw .template(error.description)
    }
  }

  // MARK: - Write

  /// The report (atomically, to `--output`, else to standard output unless it is being sent), the full report and
  /// the feeds.
  func write(_ outputs: Outputs) throws(NightError) {
    if let output = plan.output.path {
      try Self.write(Data(outputs.report.utf8), to: output)
    } else if plan.mail?.channel == nil {
      console.report(outputs.report)
    }
    if let fullReport = plan.mail?.fullReport, let page = outputs.fullReport {
      try Self.write(Data(page.utf8), to: fullReport)
    }
    if let directory = plan.output.feeds?.directory {
      for (name, text) in outputs.feeds {
        try Self.write(Data(text.utf8), to: directory + "/" + name)
      }
    }
  }

  /// Writes `data` whole or not at all.
  static func write(_ data: Data, to path: String, mode: mode_t = 0o644) throws(NightError) {
    do {
      try AtomicFile.write(data, to: path, mode: mode)
    } catch {
      throw .output(path: error.path, reason: error.reason)
    }
  }

  // MARK: - Record

  /// Only now that the report is out (and, sent, accepted) are its releases remembered as seen and told; a message
  /// not delivered records nothing of them, so the next run finds them as tonight did. The run's entry is closed.
  func record(
    _ told: Told, _ outputs: Outputs, _ pass: Pass, _ delivery: Delivery, _ pushed: [Pushed]
  ) async throws(NightError) {
    let failed = pass.night.problems.count { !$0.isAnswer }
    let model = outputs.shown.model
    var toldCount = 0
    do {
      if !plan.ledger.dryRun, !delivery.failed {
        for (catalog, sightings) in Dictionary(grouping: told.ledger.sightings, by: \.catalog) {
          try await store.recordSeen(provider: catalog, sightings.map(\.record))
        }
        if plan.ledger.sinceLastRun, !plan.rolling {
          // All the report listed, but of a shortened e-mail only what it showed: the rest come in the next
          // e-mails, most played first.
          let reported = told.ledger.reported(showing: outputs.shown.findings)
          toldCount = reported.count
          for (catalog, told) in Dictionary(grouping: reported, by: \.catalog) {
            try await store.markReported(
              provider: catalog, told.map { (key: $0.key, section: $0.section) }, at: plan.now)
          }
        }
      }
      let complete = failed == 0 && pass.night.coverage.complete && pass.night.unreachable.isEmpty
      let found =
        "\(model.newCount) new, \(model.upcoming.count) upcoming, \(model.alsoOut.count) also out, "
        + "\(failed) lookups failed"
        + (told.classRequests > 0 ? ", \(told.classRequests) barcode requests" : "")
        + (told.coverRequests > 0 ? ", \(told.coverRequests) covers asked" : "")
        + (told.linkRequests > 0 ? ", \(told.linkRequests) link requests" : "")
        + (told.pageRequests > 0 ? ", \(told.pageRequests) listening page requests" : "")
      let outcome = RunOutcome(
        libraryArtists: pass.night.coverage.artists, newReleases: model.newCount, told: toldCount,
        delivered: delivery.accepted, deliveryReply: deliveryReply(delivery))
      try await finish(
        status: delivery.failed ? .undelivered : complete ? .ok : .partial, night: pass.night,
        note: ([found, deliveryNote(delivery)].compactMap { $0 } + pushNotes(pushed)).joined(separator: "; "),
        outcome: outcome)
    } catch {
      throw .state(String(describing: error))
    }
  }

  /// Closes the run's entry in the run log, with how much of the library it covered. The run began at
  /// `plan.now` and ends as much later as it took, so `--now` runs log times on one clock.
  func finish(
    status: RunStatus, night: NightOutcome, note: String?, outcome: RunOutcome?
  ) async throws {
    guard let runID else { return }
    let coverage = night.coverage
    let stats = night.stats
    let covered = "checked \(coverage.checked) of \(coverage.artists) artists, \(stats.answersKept) answers kept"
    try await store.finishRun(
      id: runID,
      RunEnd(
        at: endedAt, status: status, artists: coverage.checked, requests: stats.requests,
        cacheHits: stats.cacheHits, note: [note, covered].compactMap { $0 }.joined(separator: "; "),
        outcome: outcome), ifOpen: false)
  }

  /// A run that stopped before its report closes its entry with why, unless a step closed it already (a signal
  /// during the passes, with what they asked); if even that fails, the entry stays "running", which `status` shows
  /// as a run that died.
  func recordFailure(_ error: NightError) async {
    guard let runID else { return }
    let status: RunStatus = if case .interrupted = error { .interrupted } else { .failed }
    try? await store.finishRun(
      id: runID, RunEnd(at: endedAt, status: status, note: error.description), ifOpen: true)
  }

  private var endedAt: Date { plan.now.addingTimeInterval(clock.elapsed().inSeconds) }

  // MARK: - Say what happened

  /// On standard error: failures, what a shortened e-mail left out, how much was checked, where it was sent, the
  /// timings.
  func sayWhatHappened(_ outputs: Outputs, _ pass: Pass, _ delivery: Delivery, _ pushed: [Pushed]) {
    guard !plan.quiet else { return }
    let model = outputs.shown.model
    if let library = model.library, library.stale {
      let written = library.dateSource == LibraryAge.Source.exportDate.rawValue ? "written" : "last changed"
      console.say(
        "deepcut: \(plan.library.path) is \(library.ageDays) days old (\(written) \(library.exportedAtLabel)), so albums "
          + "you got since then may be listed as new: \(LibraryAge.briefAdvice)")
    }
    let failed = pass.night.problems.count { !$0.isAnswer }
    for (catalog, reason) in pass.night.unreachable {
      console.say(
        "deepcut: \(catalog) answered nothing tonight (\(reason)); the report has the other catalogs' releases")
    }
    if failed > 0 {
      console.say("deepcut: \(failed) artist lookups failed; the report lists them under \"Needs attention\"")
    }
    if let omitted = model.omitted {
      let kept = model.new.count + model.upcoming.count + model.backfill.count + model.editions.count
      let rest =
        "the rest are in the attached \(omitted.attachment)" + (omitted.fullReport.map { " and at \($0)" } ?? "")
        + (plan.ledger.sinceLastRun ? ", and come in the next e-mails" : "")
      console.say(
        "deepcut: the e-mail lists \(kept) of \(kept + omitted.releases) releases, most played artists first, to "
          + "stay under \((plan.mail?.message.maximumPartBytes ?? 0) / 1000) KB; " + rest)
    }
    if let line = model.coverageLine {
      let reason =
        pass.night.stop == .budget
        ? " (the budget is spent)" : pass.night.stats.stoppedAnswering ? " (a catalog stopped answering)" : ""
      console.say("deepcut: \(line.dropLast())\(reason).")
    }
    if case .delivered = delivery, let note = deliveryNote(delivery) {
      console.say("deepcut: \(note) to \(plan.mail?.message.to.joined(separator: ", ") ?? "")")
    }
    for note in pushNotes(pushed.filter { !$0.failed }) { console.say("deepcut: \(note)") }
    if plan.timings { console.say(timingTable) }
  }

  var timingTable: String {
    var table = ["phase              seconds  cache"]
    for timing in timings {
      let phase = timing.phase.padding(toLength: 17, withPad: " ", startingAt: 0)
      let value = String(format: "%8.3f", timing.seconds)
      table.append("\(phase)\(value)  \(timing.cache ?? "")".trimmingCharacters(in: .whitespaces))
    }
    return table.joined(separator: "\n")
  }
}
