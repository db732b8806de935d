internal import Basics

/// Keeps an e-mail under the size mail clients show whole. When the whole report is longer, the e-mail carries the
/// rows that matter most — new and upcoming releases of the most played artists, then artists that need attention,
/// then backfill, editions and what is also out, each most played first — and one line saying how many more there are and where: the
/// whole report attached, or served at a web address.
enum EmailFitting {
  struct Fitted {
    /// The rows it keeps; nil when the whole report fits.
    var kept: Set<ReportModel.Row>?
    var text: String
    var html: String
    /// The whole report as HTML, rendered first to see whether it fits.
    var wholeHTML: String
  }

  static func fit(
    _ model: ReportModel,
    options: EmailOptions,
    render: (ReportModel) throws(ReportError) -> (text: String, html: String)
  ) throws(ReportError) -> Fitted {
    func fits(_ parts: (text: String, html: String)) -> Bool {
      parts.text.utf8.count <= options.maximumPartBytes && parts.html.utf8.count <= options.maximumPartBytes
    }
    let whole = try render(model)
    if fits(whole) { return Fitted(text: whole.text, html: whole.html, wholeHTML: whole.html) }
    // More rows never make a smaller message, and the whole report is already known not to fit.
    let rows = model.rowsByImportance
    var rendered: [Int: (text: String, html: String)] = [:]
    func keeping(_ count: Int) throws(ReportError) -> (text: String, html: String) {
      if let parts = rendered[count] { return parts }
      let parts = try render(model.keeping(Set(rows.prefix(count)), fullReportURL: options.fullReportURL))
      rendered[count] = parts
      return parts
    }
    let most = try Fitting.most(of: max(0, rows.count - 1)) { count throws(ReportError) in try fits(keeping(count)) }
    let parts = try keeping(most)
    return Fitted(kept: Set(rows.prefix(most)), text: parts.text, html: parts.html, wholeHTML: whole.html)
  }
}

extension ReportModel {
  /// A row of a report's lists: the section and the place in it. The fitting keeps rows, and a listing knows the
  /// finding of each, so what an e-mail shows is told by rows, not by its text.
  struct Row: Hashable {
    enum Section: Int {
      case new, upcoming, attention, backfill, editions, alsoOut
    }
    var section: Section
    var index: Int
  }

  /// Every row, in the order a shortened report keeps them.
  var rowsByImportance: [Row] {
    func rows(_ section: Row.Section, _ ranks: [Int], tier: Int) -> [(tier: Int, rank: Int, row: Row)] {
      ranks.enumerated().map { (tier, $0.element, Row(section: section, index: $0.offset)) }
    }
    let all =
      rows(.new, new.map(\.rank), tier: 0) + rows(.upcoming, upcoming.map(\.rank), tier: 0)
      + rows(.attention, needsAttention.map(\.rank), tier: 1) + rows(.backfill, backfill.map(\.rank), tier: 2)
      + rows(.editions, editions.map(\.rank), tier: 2) + rows(.alsoOut, alsoOut.map(\.rank), tier: 2)
    return all.sorted {
      ($0.tier, $0.rank, $0.row.section.rawValue, $0.row.index) < (
        $1.tier, $1.rank, $1.row.section.rawValue, $1.row.index
      )
    }.map(\.row)
  }

  /// The name of the whole report attached to a shortened e-mail, by the report's day: several nights' attachments
  /// saved to one folder stay apart.
  var attachmentName: String { "\(Product.name)-\(date).html" }

  /// The report with only `rows` in its lists, and a line for the rest. Counts, the headline and the summary still
  /// describe the whole night.
  func keeping(_ kept: Set<Row>, fullReportURL: String?) -> ReportModel {
    var result = self
    result.new = kept.kept(new, in: .new)
    result.upcoming = kept.kept(upcoming, in: .upcoming)
    result.needsAttention = kept.kept(needsAttention, in: .attention)
    result.backfill = kept.kept(backfill, in: .backfill)
    result.editions = kept.kept(editions, in: .editions)
    result.alsoOut = kept.kept(alsoOut, in: .alsoOut)
    let shownNew = Set(result.new)
    result.newByDate = newByDate.compactMap { day in
      var day = day
      day.releases.removeAll { !shownNew.contains($0) }
      return day.releases.isEmpty ? nil : day
    }
    result.newByArtist = newByArtist.compactMap { group in
      var group = group
      group.releases.removeAll { !shownNew.contains($0) }
      return group.releases.isEmpty ? nil : group
    }
    result.hasNew = !result.new.isEmpty
    result.hasUpcoming = !result.upcoming.isEmpty
    result.hasAttention = !result.needsAttention.isEmpty
    result.hasBackfill = !result.backfill.isEmpty
    result.hasEditions = !result.editions.isEmpty
    result.hasAlsoOut = !result.alsoOut.isEmpty
    let releases =
      (new.count + upcoming.count + backfill.count + editions.count + alsoOut.count)
      - (result.new.count + result.upcoming.count + result.backfill.count + result.editions.count
        + result.alsoOut.count)
    let attention = needsAttention.count - result.needsAttention.count
    result.omitted = Omitted(
      releases: releases, attention: attention, fullReport: fullReportURL, attachment: attachmentName,
      line: Self.omittedLine(
        releases: releases, attention: attention, attachment: attachmentName, fullReportURL: fullReportURL))
    return result
  }

  /// "This e-mail lists the most played artists first and stops where mail would be cut: 323 more releases and 12
  /// more artists that need attention are in the attached full report, deepcut-2026-12-01.html."
  static func omittedLine(releases: Int, attention: Int, attachment: String, fullReportURL: String?) -> String {
    var parts: [String] = []
    if releases > 0 {
      parts.append(releases == 1 ? "1 more release" : "\(ReportBuilder.grouped(releases)) more releases")
    }
    if attention > 0 {
      parts.append(
        attention == 1
          ? "1 more artist that needs attention"
          : "\(ReportBuilder.grouped(attention)) more artists that need attention")
    }
    let what = parts.joined(separator: " and ")
    let verb = releases + attention == 1 ? "is" : "are"
    // A path on this machine is never named: the phone the e-mail is read on cannot open it.
    let place =
      fullReportURL.map { " \(verb) in the full report: \($0)" }
      ?? " \(verb) in the attached full report, \(attachment)"
    return "This e-mail lists the most played artists first and stops where mail would be cut: \(what)\(place)."
  }
}

extension Set<ReportModel.Row> {
  /// The items of `section` whose rows are in the set, in their order.
  func kept<Item>(_ items: [Item], in section: ReportModel.Row.Section) -> [Item] {
    items.enumerated().filter { contains(ReportModel.Row(section: section, index: $0.offset)) }.map(\.element)
  }
}
