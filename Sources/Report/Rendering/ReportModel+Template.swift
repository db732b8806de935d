internal import Foundation
public import Templates

/// The view model as templates see it: the same field names as the JSON report.
extension ReportModel {
  public var templateValue: TemplateValue {
    var object: [String: TemplateValue] = [
      "date": .string(date), "dateLabel": .string(dateLabel), "since": .string(since),
      "sinceLabel": .string(sinceLabel), "days": .int(days), "headline": .string(headline),
      "emptyMessage": .string(emptyMessage), "newCount": .int(newCount),
      "new": .array(new.map(\.templateValue)),
      "newByDate": .array(
        newByDate.map {
          .object([
            "date": .string($0.date), "label": .string($0.label), "releases": .array($0.releases.map(\.templateValue)),
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

extension ReportModel.Release {
  var templateValue: TemplateValue {
    .object([
      "artist": .string(artist), "title": .string(title), "kind": .string(kind),
      "releaseDate": releaseDate.map(TemplateValue.string) ?? .null,
      "releaseDateLabel": releaseDateLabel.map(TemplateValue.string) ?? .null,
      "trackCount": trackCount.map(TemplateValue.int) ?? .null,
      "trackCountLabel": trackCountLabel.map(TemplateValue.string) ?? .null, "explicit": .bool(explicit),
      "url": url.map(TemplateValue.string) ?? .null, "artworkURL": artworkURL.map(TemplateValue.string) ?? .null,
      "genre": genre.map(TemplateValue.string) ?? .null, "reason": .string(reason),
      "editionOf": editionOf.map(TemplateValue.string) ?? .null, "catalogID": .string(catalogID),
    ])
  }
}

extension ReportModel.Attention {
  var templateValue: TemplateValue {
    .object([
      "artist": .string(artist), "problem": .string(problem), "detail": .string(detail),
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
