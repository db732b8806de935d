internal import Catalog
internal import Foundation
internal import Identity
internal import MusicLibrary
internal import Report

/// The step that asks where a listed release plays on the person's service when no catalog of the night opens it
/// there: the pages a catalog names for its releases (MusicBrainz's url-rels).
extension ReportJob {
  /// Pages on the service `--listen` names for the releases tonight lists that open nowhere there, most played
  /// first, while the budget lasts; nothing without `--listen`, or when no catalog of the night names pages.
  mutating func askServicePages(_ told: inout Told, _ pass: Pass, _ catalogs: [AskedCatalog]) async {
    guard let listening = plan.catalogs.listening else { return }
    let sources = catalogs.compactMap { catalog in catalog.provider.servicePages.map { (catalog.night, $0) } }
    guard !sources.isEmpty else { return }
    let start = timer.now
    for (night, source) in sources {
      var check = ServicePageCheck(
        service: listening.service, sources: [night.definition.name: source], store: store, now: plan.now)
      check.asking.offline = night.pass.offline
      check.asking.mayAsk = mayAsk(at: source.requestsPerMinute, within: night.pass.budget)
      told.ledger.findings = await pages(told.ledger.findings, check, pass, &told)
      if let window = told.window?.findings {
        let paged = await pages(window, check, pass, &told)
        told.window?.findings = paged
      }
    }
    timings.append(ReportModel.Timing(phase: "look up pages", seconds: (timer.now - start).inSeconds))
  }

  private func pages(_ findings: [Finding], _ check: ServicePageCheck, _ pass: Pass, _ told: inout Told) async
    -> [Finding]
  {
    let order = mostPlayedFirst(
      findings.indices.filter { plan.catalogs.finder.placements.lists(findings[$0]) }, of: findings, pass)
    let result = await check.pages(for: order.map { findings[$0] })
    told.pageRequests += result.requests
    told.pagesWaiting += result.notAsked
    if let problem = result.keepingFailed, !plan.quiet {
      console.say("deepcut: warning: the listening pages' answers could not be kept (\(problem)); they are asked again")
    }
    var found: [Int: [ServicePage]] = [:]
    for (position, pages) in result.pages { found[order[position]] = pages }
    return ServicePageCheck.applying(found, to: findings)
  }

  /// `indices` of `findings` in the library's order, most played first: the findings' own order is the catalogs'.
  func mostPlayedFirst(_ indices: [Int], of findings: [Finding], _ pass: Pass) -> [Int] {
    var ranks: [ArtistKey: Int] = [:]
    for (rank, artist) in pass.scan.library.artists.enumerated() where ranks[artist.key] == nil {
      ranks[artist.key] = rank
    }
    return indices.sorted {
      (ranks[findings[$0].artist.key] ?? Int.max, $0) < (ranks[findings[$1].artist.key] ?? Int.max, $1)
    }
  }
}
