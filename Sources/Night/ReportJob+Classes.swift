internal import Catalog
internal import Identity
internal import Report

/// The step that asks what a release is when only its listing's word is known: a catalog of the night that types
/// every release (MusicBrainz) is asked, by barcode, about the listed releases it did not list itself.
extension ReportJob {
  /// The records of the listed releases that a typing catalog of the night did not list, most played first, while
  /// the budget lasts; nothing on a night without such a catalog.
  mutating func askClasses(_ told: inout Told, _ pass: Pass, _ catalogs: [AskedCatalog]) async {
    let typing = catalogs.compactMap { catalog in catalog.provider.barcodeTypes.map { (catalog.night, $0) } }
    guard !typing.isEmpty else { return }
    let start = timer.now
    var sources: [CatalogName: any GTINSource] = [:]
    for catalog in catalogs {
      if let source = catalog.provider.gtins { sources[catalog.night.definition.name] = source }
    }
    for (night, source) in typing {
      var gtins = ReleaseGTINs(sources: sources, store: store, now: plan.now)
      gtins.asking.offline = night.pass.offline
      var check = BarcodeCheck(
        catalog: night.definition.name, source: source, gtins: gtins, store: store, now: plan.now)
      check.asking.offline = night.pass.offline
      check.asking.mayAsk = mayAsk(at: source.requestsPerMinute, within: night.pass.budget)
      told.ledger.findings = await records(told.ledger.findings, check, pass, &told)
      if let window = told.window?.findings {
        let typed = await records(window, check, pass, &told)
        told.window?.findings = typed
      }
    }
    timings.append(ReportModel.Timing(phase: "look up classes", seconds: (timer.now - start).inSeconds))
    if told.classesWaiting > 0, !plan.quiet {
      console.say(
        "deepcut: the classes of \(told.classesWaiting) release\(told.classesWaiting == 1 ? "" : "s") by artists "
          + "played less are asked on the next nights; their titles and listings class them meanwhile")
    }
  }

  private func records(_ findings: [Finding], _ check: BarcodeCheck, _ pass: Pass, _ told: inout Told) async
    -> [Finding]
  {
    let placements = plan.catalogs.finder.placements
    let listed = findings.indices.filter { findings[$0].category != .edition && placements.lists(findings[$0]) }
    let order = mostPlayedFirst(listed, of: findings, pass)
    let result = await check.records(for: order.map { findings[$0] })
    told.classRequests += result.requests
    told.classesWaiting += result.notAsked
    if let problem = result.keepingFailed, !plan.quiet {
      console.say("deepcut: warning: the barcodes' answers could not be kept (\(problem)); they are asked again")
    }
    var found: [Int: ReleaseLink] = [:]
    for (position, record) in result.records { found[order[position]] = record }
    return BarcodeCheck.applying(found, to: findings)
  }
}
