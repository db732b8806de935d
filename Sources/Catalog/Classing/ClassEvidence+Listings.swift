internal import Identity

extension CatalogRelease {
  /// What the catalog's type fields say, and what the list it came in shows before it: nothing for a catalog whose
  /// fields say nothing beyond the kind.
  func listingEvidence(catalog: CatalogName?) -> [ClassEvidence] {
    var evidence: [ClassEvidence] = []
    let claim = secondaryTypes.compactMap(ReleaseClass.init(typeWord:)).max { $0.strictness < $1.strictness }
    if claim != nil || types?.complete == true {
      evidence.append(
        ClassEvidence(
          source: .catalogTypes, catalog: catalog, releaseClass: claim ?? .studio,
          words: types?.words ?? secondaryTypes.joined(separator: " + "), complete: types?.complete ?? false))
    }
    if let listedOriginal {
      evidence.append(
        ClassEvidence(
          source: .catalogList, catalog: catalog, releaseClass: .reissue, words: listedOriginal.described,
          original: listedOriginal))
    }
    return evidence
  }

  /// What the title says.
  var titleEvidence: ClassEvidence? {
    TitleGrammar.classify(title, kind: releaseKind).map {
      ClassEvidence(source: .title, catalog: nil, releaseClass: $0.releaseClass, words: $0.words)
    }
  }

  /// How long after an album first came out a release of its title is its reissue, not a re-listing: a year.
  static let reissueAfterDays = 365
}

extension ReleaseLink {
  /// What a catalog that types every release says of a release another catalog lists, found by its barcode: this
  /// link is the record the barcode belongs to, dated by when the record first came out. A record out a year or
  /// more before the release makes it a reissue of that record; else its types speak, as a listing's do.
  func barcodeEvidence(releasedOn day: CalendarDay?) -> ClassEvidence? {
    if let day, let first = release.releaseDate, day - first >= CatalogRelease.reissueAfterDays {
      let original = OriginalRelease(title: release.title, year: first.year)
      return ClassEvidence(
        source: .barcode, catalog: catalog, releaseClass: .reissue, words: original.described, complete: true,
        original: original)
    }
    return release.listingEvidence(catalog: catalog).first.map { evidence in
      var evidence = evidence
      evidence.source = .barcode
      return evidence
    }
  }
}

/// A release's evidence from every listing of it, the barcode's answer and each way its title is written.
enum ReleaseEvidence {
  static func of(_ listings: [ReleaseLink], barcode: ReleaseLink?, releasedOn day: CalendarDay?) -> [ClassEvidence] {
    var evidence = listings.flatMap { $0.release.listingEvidence(catalog: $0.catalog) }
    if let found = barcode?.barcodeEvidence(releasedOn: day) { evidence.append(found) }
    for link in listings {
      if let said = link.release.titleEvidence, !evidence.contains(said) { evidence.append(said) }
    }
    return evidence
  }
}

extension Verdict {
  /// Its class, by every catalog that lists it; before the join, by its own catalog's listing.
  public var classification: Classification {
    let listings = links.isEmpty ? [ReleaseLink(catalog: "", release: release)] : links
    var evidence = ReleaseEvidence.of(listings, barcode: nil, releasedOn: release.releaseDate)
    if links.isEmpty {
      for index in evidence.indices { evidence[index].catalog = nil }
    }
    return Classifier.classify(evidence)
  }
}

extension Finding {
  /// Its class, by every catalog that lists it, the barcode's answer and its titles.
  public var classification: Classification {
    let listings = links.isEmpty ? [ReleaseLink(catalog: "", release: release)] : links
    return Classifier.classify(ReleaseEvidence.of(listings, barcode: barcodeListing, releasedOn: release.releaseDate))
  }
}
