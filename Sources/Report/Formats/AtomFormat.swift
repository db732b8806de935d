internal import Templates

/// An Atom feed (RFC 4287) of the window's new releases, newest first.
public struct AtomFormat: FeedFormat {
  public static let name = "atom"
  public static let fileExtension = "atom"
  public static let gloss: String? = "a feed"
  static let drawing = TemplateDrawing(
    fileName: "report.atom.mustache", builtIn: BuiltInTemplates.atom, escape: Escaping.xml)

  public var feed: FeedOptions

  public init(feed: FeedOptions) {
    self.feed = feed
  }

  public func render(_ listing: ReportListing, templates: TemplateLocator) throws(ReportError) -> RenderedReport {
    RenderedReport(text: try Self.drawing.draw(listing.model, templates, feed: feed), shown: listing)
  }
}
