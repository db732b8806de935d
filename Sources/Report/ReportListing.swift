public import Catalog

/// A report's view model and the finding behind each release it lists. What a report told is known from here, row
/// by row, never read back from what it rendered: a shortened e-mail's listing holds only the findings it shows.
public struct ReportListing: Sendable, Equatable {
  public private(set) var model: ReportModel
  /// The finding of each release row, section by section, in the model's order: `model.new[i]` shows `new[i]`.
  private var sources: [ReportModel.Row.Section: [Finding]]

  init(model: ReportModel, sources: [ReportModel.Row.Section: [Finding]]) {
    self.model = model
    self.sources = sources
  }

  /// The findings of every release it lists: new, upcoming, backfill, editions and what is also out.
  public var findings: [Finding] {
    [.new, .upcoming, .backfill, .editions, .alsoOut].flatMap { sources[$0] ?? [] }
  }

  /// Only `rows` of it, as ``ReportModel/keeping(_:fullReportURL:)`` keeps them, with their findings.
  func keeping(_ rows: Set<ReportModel.Row>, fullReportURL: String?) -> ReportListing {
    ReportListing(
      model: model.keeping(rows, fullReportURL: fullReportURL),
      sources: sources.reduce(into: [:]) { kept, source in kept[source.key] = rows.kept(source.value, in: source.key) })
  }
}
