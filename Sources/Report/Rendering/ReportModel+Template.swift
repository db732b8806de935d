internal import Catalog
internal import Foundation
public import Templates

/// The view model as templates see it: the same field names as the JSON report.
extension ReportModel {
  public var templateValue: TemplateValue {
    var object: [String: TemplateValue] = [
      "date": .string(date), "generated": .string(generated),
      // "20261129T120000Z": the iCalendar form of the same moment.
      "generatedCompact": .string(generated.filter { $0 != "-" && $0 != ":" }),
      "dateLabel": .string(dateLabel), "since": .string(since),
      "sinceLabel": .string(sinceLabel), "days": .int(days), "headline": .string(headline),
      "emptyMessage": .string(emptyMessage), "newCount": .int(newCount),
      "new": .array(new.map(\.templateValue)),
      "newByDate": .array(
        newByDate.map {
          .object([
            "date": .string($0.date), "label": .string($0.label), "releases": .array($0.releases.map(\.templateValue)),
          ])
        }),
      "newByArtist": .array(
        newByArtist.map {
          .object([
            "artist": .string($0.artist), "rank": .int($0.rank), "releases": .array($0.releases.map(\.templateValue)),
          ])
        }),
      "upcoming": .array(upcoming.map(\.templateValue)), "editions": .array(editions.map(\.templateValue)),
      "backfill": .array(backfill.map(\.templateValue)), "hasBackfill": .bool(hasBackfill),
      "owned": .array(owned.map(\.templateValue)),
      "needsAttention": .array(needsAttention.map(\.templateValue)), "summary": summary.templateValue,
      "isEmpty": .bool(isEmpty), "hasNew": .bool(hasNew), "hasUpcoming": .bool(hasUpcoming),
      "hasEditions": .bool(hasEditions), "hasAttention": .bool(hasAttention), "hasTimings": .bool(timings != nil),
      "coverage": .object([
        "artists": .int(coverage.artists), "checked": .int(coverage.checked), "remaining": .int(coverage.remaining),
        "complete": .bool(coverage.complete), "estimatedMinutesToFinish": .int(coverage.estimatedMinutesToFinish),
      ]),
      "coverageLine": coverageLine.map(TemplateValue.string) ?? .null,
      "omitted": omitted.map {
        .object([
          "releases": .int($0.releases), "attention": .int($0.attention), "line": .string($0.line),
          "fullReport": $0.fullReport.map(TemplateValue.string) ?? .null,
          "link": ReportBuilder.safeLink($0.fullReport).map(TemplateValue.string) ?? .null,
        ])
      } ?? .null,
    ]
    if let timings {
      object["timings"] = .array(
        timings.map {
          .object([
            "phase": .string($0.phase), "seconds": .string(String(format: "%.3f", $0.seconds)),
            "cache": $0.cache.map(TemplateValue.string) ?? .null,
          ])
        })
    }
    return .object(object)
  }
}

extension ReportModel {
  /// The view model with what feeds and calendars add: `feed` (`id`, `title`, `selfURL`) and `calendar`
  /// (`name`, `events`: the upcoming releases, and the new ones if asked, by date).
  public func templateValue(feed: FeedOptions) -> TemplateValue {
    guard case .object(var object) = templateValue else { return templateValue }
    let link = ReportBuilder.safeLink(feed.selfURL)
    object["feed"] = .object([
      "id": .string(link ?? StableID.feed(feed.identity)),
      "title": .string("New releases from artists you own"),
      "selfURL": link.map(TemplateValue.string) ?? .null,
    ])
    let events = (feed.calendarIncludesNew ? new + upcoming : upcoming).filter { $0.releaseDate != nil }.sorted {
      ($0.releaseDate ?? "", $0.artist, $0.title, $0.id) < ($1.releaseDate ?? "", $1.artist, $1.title, $1.id)
    }
    object["calendar"] = .object([
      "name": .string(feed.calendarIncludesNew ? "New and upcoming releases" : "Upcoming releases"),
      "events": .array(events.map(\.templateValue)),
    ])
    return .object(object)
  }
}

extension ReportModel.Release {
  var templateValue: TemplateValue {
    // Feeds and calendars want a whole day: a month or a year starts on its first day, and says it is partial.
    let firstDay = releaseDate.flatMap(Timestamp.firstDay(of:))
    let dayAfter = firstDay.flatMap { CalendarDay(iso8601: $0)?.adding(days: 1).description }
    return .object([
      "id": .string(id), "rank": .int(rank), "artist": .string(artist), "title": .string(title), "kind": .string(kind),
      "releaseDate": releaseDate.map(TemplateValue.string) ?? .null,
      "releaseDateLabel": releaseDateLabel.map(TemplateValue.string) ?? .null,
      "trackCount": trackCount.map(TemplateValue.int) ?? .null,
      "trackCountLabel": trackCountLabel.map(TemplateValue.string) ?? .null, "explicit": .bool(explicit),
      "url": url.map(TemplateValue.string) ?? .null, "artworkURL": artworkURL.map(TemplateValue.string) ?? .null,
      "genre": genre.map(TemplateValue.string) ?? .null, "reason": .string(reason),
      "editionOf": editionOf.map(TemplateValue.string) ?? .null, "catalogID": .string(catalogID),
      "dateTime": firstDay.map { .string($0 + "T00:00:00Z") } ?? .null,
      "dateCompact": firstDay.map { .string(Timestamp.compact($0)) } ?? .null,
      "dayAfterCompact": dayAfter.map { .string(Timestamp.compact($0)) } ?? .null,
      "datePartial": .bool(firstDay != nil && releaseDate?.count != 10),
      "summaryHTML": .string(summaryHTML),
    ])
  }

  /// The release as a short HTML fragment, for a feed entry's summary: its link, kind and date, and why it is
  /// listed. Escaped here for HTML; the feed's template escapes the fragment again for XML.
  var summaryHTML: String {
    let escape = Template.htmlEscape
    let title = url.map { "<a href=\"\(escape($0))\">\(escape(self.title))</a>" } ?? escape(self.title)
    let details = [kind, trackCountLabel, releaseDateLabel].compactMap { $0 }.map(escape).joined(separator: " · ")
    return "<p>\(escape(artist)) — \(title) · \(details)</p><p><em>\(escape(reason))</em></p>"
  }
}

extension ReportModel.Attention {
  var templateValue: TemplateValue {
    .object([
      "artist": .string(artist), "problem": .string(problem), "detail": .string(detail),
      "rank": .int(rank),
      "candidates": .array(
        candidates.map {
          .object([
            "id": .string($0.id), "name": .string($0.name), "genre": $0.genre.map(TemplateValue.string) ?? .null,
            "disambiguation": $0.disambiguation.map(TemplateValue.string) ?? .null,
            "url": $0.url.map(TemplateValue.string) ?? .null,
          ])
        }),
    ])
  }
}

extension ReportModel.Summary {
  var templateValue: TemplateValue {
    .object([
      "artistsChecked": .int(artistsChecked), "artistsResolved": .int(artistsResolved),
      "artistsUnresolved": .int(artistsUnresolved), "artistsAmbiguous": .int(artistsAmbiguous),
      "lookupsFailed": .int(lookupsFailed), "albumsOwned": .int(albumsOwned), "tracksOwned": .int(tracksOwned),
      "releasesSeen": .int(releasesSeen), "releasesOwned": .int(releasesOwned), "releasesOlder": .int(releasesOlder),
      "searches": .int(searches), "lookups": .int(lookups), "requests": .int(requests), "retries": .int(retries),
      "cacheHits": .int(cacheHits),
    ])
  }
}
