internal import Templates

/// An iCalendar file (RFC 5545): an all-day event per upcoming release, and per new one if asked.
public struct CalendarFormat: FeedFormat {
  public static let name = "ics"
  public static let fileExtension = "ics"
  public static let gloss: String? = "a calendar"
  static let drawing = TemplateDrawing(
    fileName: "report.ics.mustache", builtIn: BuiltInTemplates.ics, escape: Escaping.iCalendarText)

  public var feed: FeedOptions

  public init(feed: FeedOptions) {
    self.feed = feed
  }

  public func render(_ listing: ReportListing, templates: TemplateLocator) throws(ReportError) -> RenderedReport {
    let text = try Self.drawing.draw(listing.model, templates, feed: feed)
    return RenderedReport(text: ICalendarLines.format(text), shown: listing)
  }
}
