internal import Templates

/// The report as a web page.
public struct HTMLFormat: ReportFormat {
  public static let name = "html"
  public static let fileExtension = "html"
  static let drawing = TemplateDrawing(
    fileName: "report.html.mustache", builtIn: BuiltInTemplates.html, escape: Template.htmlEscape)

  public init() {}
  public init?(_ inputs: FormatInputs) {}

  public func render(_ listing: ReportListing, templates: TemplateLocator) throws(ReportError) -> RenderedReport {
    RenderedReport(text: try Self.drawing.draw(listing.model, templates), shown: listing)
  }
}
