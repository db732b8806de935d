internal import Templates

/// The report as Markdown: what a terminal, a note or a chat shows.
public struct MarkdownFormat: ReportFormat {
  public static let name = "markdown"
  public static let fileExtension = "md"
  static let drawing = TemplateDrawing(
    fileName: "report.md.mustache", builtIn: BuiltInTemplates.markdown, escape: Escaping.markdown)

  public init() {}
  public init?(_ inputs: FormatInputs) {}

  public func render(_ listing: ReportListing, templates: TemplateLocator) throws(ReportError) -> RenderedReport {
    RenderedReport(text: try Self.drawing.draw(listing.model, templates), shown: listing)
  }
}
