internal import Templates

/// The e-mail: a text and an HTML part kept under the size mail clients show whole, and when shortened the whole
/// report attached. Its listing holds only the rows its parts show, so only those are marked as told.
public struct EmailFormat: ReportFormat {
  public static let name = "email"
  public static let fileExtension = "eml"
  public static let gloss: String? = "a message; email.send delivers it"

  public var options: EmailOptions

  public init(options: EmailOptions) {
    self.options = options
  }

  public init?(_ inputs: FormatInputs) {
    guard let email = inputs.email else { return nil }
    self.init(options: email)
  }

  /// The parts come from the user's copies of the Markdown and HTML templates, or the built-in ones: `--template`
  /// is for one part alone, so neither takes it.
  public func render(_ listing: ReportListing, templates: TemplateLocator) throws(ReportError) -> RenderedReport {
    let text = try MarkdownFormat.drawing.template(templates.withoutExplicit)
    let page = try HTMLFormat.drawing.template(templates.withoutExplicit)
    let fitted = try EmailFitting.fit(listing.model, options: options) { (model) throws(ReportError) in
      let value = try model.templateValue()
      return (try MarkdownFormat.drawing.fill(text, value), try HTMLFormat.drawing.fill(page, value))
    }
    // The attachment does not count toward the parts' limit: mail clients clip the body they show, not the files.
    let model = listing.model
    let attachment = fitted.kept.map { _ in EmailAttachment(fileName: model.attachmentName, html: fitted.wholeHTML) }
    let message = EmailMessage.compose(
      text: fitted.text, html: fitted.html, subject: options.subject ?? model.headline, options: options,
      attachment: attachment)
    let shown = fitted.kept.map { listing.keeping($0, fullReportURL: options.fullReportURL) } ?? listing
    return RenderedReport(text: message, shown: shown, wholeHTML: fitted.wholeHTML)
  }
}
