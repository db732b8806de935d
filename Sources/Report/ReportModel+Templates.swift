internal import Catalog
internal import Foundation
public import Templates

// Templates read the model as JSON has it (`TemplateValueEncoder` lays it out the same way, nil as null), plus the
// members declared here, which only templates need and JSON never carries.

extension ReportModel: TemplateExtending {
  public struct TemplateExtras: Encodable, Sendable {
    /// "20261129T120000Z": the iCalendar form of `generated`.
    var generatedCompact: String
    var hasTimings: Bool
  }

  public var templateExtras: TemplateExtras {
    TemplateExtras(generatedCompact: generated.filter { $0 != "-" && $0 != ":" }, hasTimings: timings != nil)
  }

  /// The model as templates see it.
  public func templateValue() throws(ReportError) -> TemplateValue {
    try Self.templateValue(of: self)
  }

  /// The model as feeds and calendars see it, with what they say about themselves: `feed` (`id`, `title`, `selfURL`)
  /// and `calendar` (`name`, `events`: the upcoming releases, and the new ones if asked, by date).
  public func templateValue(feed: FeedOptions) throws(ReportError) -> TemplateValue {
    try Self.templateValue(of: FeedView(model: self, options: feed))
  }

  private static func templateValue(of value: some Encodable) throws(ReportError) -> TemplateValue {
    do {
      return try TemplateValueEncoder().encode(value)
    } catch {
      throw .encoding("cannot lay the report out for its template: \(error)")
    }
  }
}

extension ReportModel.Release: TemplateExtending {
  /// Feeds and calendars want a whole day: a month or a year starts on its first day, and says it is partial.
  public struct TemplateExtras: Encodable, Sendable {
    /// "2026-11-20T00:00:00Z", for Atom.
    var dateTime: String?
    /// "20261120" and the day after, for an all-day iCalendar event.
    var dateCompact: String?
    var dayAfterCompact: String?
    var datePartial: Bool
    /// The release as a short HTML fragment, for a feed entry's summary: its link, kind and date, and why it is
    /// listed. Escaped here for HTML; the feed's template escapes the fragment again for XML.
    var summaryHTML: String
    /// The row shows where else it opens after its title: each catalog's page when more than one catalog lists it
    /// ("Apple Music · Deezer"); with a service the person listens on, every page but the one the title opens.
    var severalLinks: Bool
    /// The links as a row shows them: each with whether it comes first (no " · " before it).
    var listenLinks: [ListenLink]
    /// What a title that opens a search says of itself: "search on Spotify"; nil when it opens the release.
    var listenSearch: String?
    /// The words of the e-mail's button to where the person listens: "Open in Apple Music", "Search Spotify".
    var listenButton: String?
    /// What a row says the release is: its class where that is not studio music ("live album", "soundtrack"), else
    /// its kind ("album").
    var classOrKind: String
  }

  struct ListenLink: Encodable, Sendable {
    var name: String
    var url: String
    var first: Bool
  }

  public var templateExtras: TemplateExtras {
    let firstDay = releaseDate.flatMap(Timestamp.firstDay(of:))
    let dayAfter = firstDay.flatMap { CalendarDay(iso8601: $0)?.adding(days: 1).description }
    return TemplateExtras(
      dateTime: firstDay.map { $0 + "T00:00:00Z" }, dateCompact: firstDay.map(Timestamp.compact),
      dayAfterCompact: dayAfter.map(Timestamp.compact), datePartial: firstDay != nil && releaseDate?.count != 10,
      summaryHTML: summaryHTML, severalLinks: showsOtherLinks,
      listenLinks: listenLinks, listenSearch: listen.flatMap { $0.direct ? nil : "search on \($0.name)" },
      listenButton: listen.map { $0.direct ? "Open in \($0.name)" : "Search \($0.name)" },
      classOrKind: classLabel ?? kind)
  }

  /// Whether the row shows where else it opens after its title.
  private var showsOtherLinks: Bool { listen == nil ? links.count > 1 : !listenLinks.isEmpty }

  /// Each catalog's page, but the one the title opens on the service the person listens on.
  private var listenLinks: [ListenLink] {
    let opened = listen?.catalog
    return links.filter { opened == nil || $0.catalog != opened }.compactMap { link in
      link.url.map { ListenLink(name: link.name, url: $0, first: false) }
    }.enumerated().map {
      var link = $0.element
      link.first = $0.offset == 0
      return link
    }
  }

  private var summaryHTML: String {
    let escape = Template.htmlEscape
    let title = url.map { "<a href=\"\(escape($0))\">\(escape(self.title))</a>" } ?? escape(self.title)
    let details = [classLabel ?? kind, trackCountLabel, releaseDateLabel].compactMap { $0 }.map(escape)
      .joined(separator: " · ")
    let elsewhere =
      showsOtherLinks
      ? "<p>" + listenLinks.map { "<a href=\"\(escape($0.url))\">\(escape($0.name))</a>" }.joined(separator: " · ")
        + "</p>" : ""
    return "<p>\(escape(artist)) — \(title) · \(details)</p>\(elsewhere)<p><em>\(escape(reason))</em></p>"
  }
}

extension ReportModel.Timing: TemplateExtending {
  /// JSON has the number; templates show it as text, to the millisecond.
  public struct TemplateExtras: Encodable, Sendable {
    var seconds: String
  }

  public var templateExtras: TemplateExtras { TemplateExtras(seconds: String(format: "%.3f", seconds)) }
}

extension ReportModel.Omitted: TemplateExtending {
  /// The full report's address when it is a web link, for an HTML `href`.
  public struct TemplateExtras: Encodable, Sendable {
    var link: String?
  }

  public var templateExtras: TemplateExtras { TemplateExtras(link: ReportBuilder.safeLink(fullReport)) }
}

/// What feeds and calendars see: the model, and what they say about themselves.
struct FeedView: TemplateExtending {
  var model: ReportModel
  var options: FeedOptions

  struct TemplateExtras: Encodable {
    var feed: Feed
    var calendar: Calendar
  }

  struct Feed: Encodable {
    var id: String
    var title = "New releases from artists you own"
    var selfURL: String?
    /// The feed's entries, newest first: the new releases, and what is also out when asked.
    var entries: [ReportModel.Release]

    init(id: String, selfURL: String?, entries: [ReportModel.Release]) {
      self.id = id
      self.selfURL = selfURL
      self.entries = entries
    }
  }

  struct Calendar: Encodable {
    var name: String
    var events: [ReportModel.Release]
  }

  /// The model's own members, extras and all, are the view's; the view only adds to them.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(model)
  }

  var templateExtras: TemplateExtras {
    let link = ReportBuilder.safeLink(options.selfURL)
    // What is also out joins the lists only when asked: out ones the feed, announced ones the calendar.
    let also = options.includesAlsoOut ? model.alsoOut : []
    let announced = also.filter { ($0.releaseDate ?? "") > model.date }
    let out = also.filter { !announced.contains($0) }
    let releases = (options.calendarIncludesNew ? model.new + out + model.upcoming : model.upcoming) + announced
    let events = releases.filter { $0.releaseDate != nil }.sorted {
      ($0.releaseDate ?? "", $0.artist, $0.title, $0.id) < ($1.releaseDate ?? "", $1.artist, $1.title, $1.id)
    }
    let entries = (model.new + out).sorted {
      ($1.releaseDate ?? "", $0.artist, $0.title, $0.id) < ($0.releaseDate ?? "", $1.artist, $1.title, $1.id)
    }
    return TemplateExtras(
      feed: Feed(id: link ?? StableID.feed(options.identity), selfURL: link, entries: entries),
      calendar: Calendar(
        name: options.calendarIncludesNew ? "New and upcoming releases" : "Upcoming releases", events: events))
  }
}
