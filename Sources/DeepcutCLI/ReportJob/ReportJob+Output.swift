internal import Basics
internal import Catalog
internal import Foundation
internal import MusicLibrary
internal import Report
internal import State

/// The steps that tell: render, write, record, and say what happened (delivering is in ReportJob+Delivery).
extension ReportJob {
  /// Everything a run writes, rendered before anything is written.
  struct Outputs {
    /// The report asked for, in its format.
    var report: String
    /// The report as it shows, with the finding of each release it lists: for a shortened e-mail, only those.
    var shown: ReportListing
    /// The whole report as HTML, for `--full-report`.
    var fullReport: String?
    /// deepcut.atom and deepcut.ics, for `--feeds`.
    var feeds: [(name: String, text: String)] = []
  }

  // MARK: - Render

  mutating func render(_ told: Told, _ pass: Pass) throws(CLIError) -> Outputs {
    let start = timer.now
    var outputs = try render(listing(told.ledger.findings, pass, told, timings: nil))
    timings.append(ReportModel.Timing(phase: "render", seconds: (timer.now - start).inSeconds))
    if settings[\.timings] {
      outputs = try render(listing(told.ledger.findings, pass, told, timings: timings))
    }
    if let window = told.window {
      outputs.feeds = try renderFeeds(listing(window.findings, pass, told, timings: nil).model)
    }
    return outputs
  }

  func listing(_ findings: [Finding], _ pass: Pass, _ told: Told, timings: [ReportModel.Timing]?) -> ReportListing {
    ReportBuilder.listing(
      findings: findings, scan: pass.scan, night: pass.night, options: settings.finder, now: settings[\.now],
      timings: timings,
      linksLine: ReportBuilder.linksLine(
        waiting: told.linksWaiting, to: settings.linkedCatalogs.map(\.definition.linkTitle)))
  }

  func render(_ listing: ReportListing) throws(CLIError) -> Outputs {
    let format = settings[\.format]
    do {
      if format == .email, let email = settings.email {
        let (message, shown, page) = try ReportRenderer.email(listing, templates: settings.templates, options: email)
        return Outputs(report: message, shown: shown, fullReport: settings[\.fullReport] == nil ? nil : page)
      }
      let report = try ReportRenderer.render(
        listing.model, as: format, templates: settings.templates, email: settings.email, feed: settings.feed)
      return Outputs(report: report, shown: listing)
    } catch {
      throw .template(error.description)
    }
  }

  /// deepcut.atom and deepcut.ics, from the built-in templates or the user's copies of them.
  func renderFeeds(_ model: ReportModel) throws(CLIError) -> [(name: String, text: String)] {
    do {
      let atom = try ReportRenderer.atom(
        model, template: try settings.templates.template(for: .atom, useExplicit: false), feed: settings.feed)
      let ics = try ReportRenderer.ics(
        model, template: try settings.templates.template(for: .ics, useExplicit: false), feed: settings.feed)
      return [("deepcut.atom", atom), ("deepcut.ics", ics)]
    } catch {
      throw .template(error.description)
    }
  }

  // MARK: - Write

  /// The report (atomically, to `--output`, else to standard output unless it is being sent), the full report and
  /// the feeds.
  func write(_ outputs: Outputs) throws(CLIError) {
    if let output = settings[\.output] {
      try OutputFile.write(Data(outputs.report.utf8), to: output)
    } else if settings.delivery == nil {
      Console.out(outputs.report)
    }
    if let fullReport = settings[\.fullReport], let page = outputs.fullReport {
      try OutputFile.write(Data(page.utf8), to: fullReport)
    }
    if let directory = settings[\.feeds] {
      for (name, text) in outputs.feeds {
        try OutputFile.write(Data(text.utf8), to: directory + "/" + name)
      }
    }
  }

  // MARK: - Record

  /// Only now that the report is out (and, sent, accepted) are its releases remembered as seen and told; a message
  /// not delivered records nothing of them, so the next run finds them as tonight did. The run's entry is closed.
  func record(
    _ told: Told, _ outputs: Outputs, _ pass: Pass, _ storage: Storage, _ delivery: Delivery
  ) async throws(CLIError) {
    let failed = pass.night.problems.count { !$0.isAnswer }
    let model = outputs.shown.model
    var toldCount = 0
    do {
      if !settings[\.dryRun], !delivery.failed {
        for (catalog, sightings) in Dictionary(grouping: told.ledger.sightings, by: \.catalog) {
          try await storage.store.recordSeen(provider: catalog, sightings.map(\.record))
        }
        if settings[\.sinceLastRun], !rolling {
          // All the report listed, but of a shortened e-mail only what it showed: the rest come in the next
          // e-mails, most played first.
          let reported = told.ledger.reported(showing: outputs.shown.findings)
          toldCount = reported.count
          for (catalog, told) in Dictionary(grouping: reported, by: \.catalog) {
            try await storage.store.markReported(
              provider: catalog, told.map { (key: $0.key, section: $0.section) }, at: settings[\.now])
          }
        }
      }
      let complete = failed == 0 && pass.night.coverage.complete && pass.night.unreachable.isEmpty
      let found =
        "\(model.newCount) new, \(model.upcoming.count) upcoming, \(failed) lookups failed"
        + (told.coverRequests > 0 ? ", \(told.coverRequests) covers asked" : "")
        + (told.linkRequests > 0 ? ", \(told.linkRequests) link requests" : "")
      let outcome = RunOutcome(
        libraryArtists: pass.night.coverage.artists, newReleases: model.newCount, told: toldCount,
        delivered: delivery.accepted, deliveryReply: deliveryReply(delivery))
      try await finish(
        storage, status: delivery.failed ? "undelivered" : complete ? "ok" : "partial", night: pass.night,
        note: [found, deliveryNote(delivery)].compactMap { $0 }.joined(separator: "; "), outcome: outcome)
    } catch {
      throw .state(error.description)
    }
  }

  /// Closes the run's entry in the run log, with how much of the library it covered. The run began at
  /// `settings[\.now]` and ends as much later as it took, so `--now` runs log times on one clock.
  func finish(
    _ storage: Storage, status: String, night: NightOutcome, note: String?, outcome: RunOutcome?
  ) async throws(StateError) {
    guard let runID = storage.runID else { return }
    let coverage = night.coverage
    let stats = night.stats
    let covered = "checked \(coverage.checked) of \(coverage.artists) artists, \(stats.answersKept) answers kept"
    try await storage.store.finishRun(
      id: runID,
      RunEnd(
        at: endedAt, status: status, artists: coverage.checked, requests: stats.requests,
        cacheHits: stats.cacheHits, note: [note, covered].compactMap { $0 }.joined(separator: "; "),
        outcome: outcome))
  }

  /// A run that stopped before its report closes its entry with why, unless a step closed it already (a signal
  /// during the passes, with what they asked); if even that fails, the entry stays "running", which `status` shows
  /// as a run that died.
  func recordFailure(_ error: CLIError, _ storage: Storage) async {
    guard let runID = storage.runID else { return }
    let status = if case .interrupted = error { "interrupted" } else { "failed" }
    try? await storage.store.finishRun(
      id: runID, RunEnd(at: endedAt, status: status, note: error.description), ifOpen: true)
  }

  private var endedAt: Date { settings[\.now].addingTimeInterval(clock.elapsed().inSeconds) }

  // MARK: - Say what happened

  /// On standard error: failures, what a shortened e-mail left out, how much was checked, where it was sent, the
  /// timings.
  func sayWhatHappened(_ outputs: Outputs, _ pass: Pass, _ delivery: Delivery) {
    guard !settings[\.quiet] else { return }
    let failed = pass.night.problems.count { !$0.isAnswer }
    for (catalog, reason) in pass.night.unreachable {
      Console.error(
        "deepcut: \(catalog) answered nothing tonight (\(reason)); the report has the other catalogs' releases")
    }
    if failed > 0 {
      Console.error("deepcut: \(failed) artist lookups failed; the report lists them under \"Needs attention\"")
    }
    let model = outputs.shown.model
    if let omitted = model.omitted {
      let kept = model.new.count + model.upcoming.count + model.backfill.count + model.editions.count
      let rest =
        "the rest are in the attached \(omitted.attachment)" + (omitted.fullReport.map { " and at \($0)" } ?? "")
        + (settings[\.sinceLastRun] ? ", and come in the next e-mails" : "")
      Console.error(
        "deepcut: the e-mail lists \(kept) of \(kept + omitted.releases) releases, most played artists first, to "
          + "stay under \((settings.email?.maximumPartBytes ?? 0) / 1000) KB; " + rest)
    }
    if let line = model.coverageLine {
      let reason =
        pass.night.stop == .budget
        ? " (the budget is spent)" : pass.night.stats.stoppedAnswering ? " (a catalog stopped answering)" : ""
      Console.error("deepcut: \(line.dropLast())\(reason).")
    }
    if case .delivered = delivery, let note = deliveryNote(delivery) {
      Console.error("deepcut: \(note) to \(settings.email?.to.joined(separator: ", ") ?? "")")
    }
    if settings[\.timings] { Console.error(timingTable) }
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
