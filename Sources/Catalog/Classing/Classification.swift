public import Identity

/// One piece of evidence of a release's class, and who gave it.
public struct ClassEvidence: Sendable, Hashable, Codable {
  /// Where evidence comes from, strongest first.
  public enum Source: String, Sendable, Codable {
    /// A catalog's own type fields: MusicBrainz's primary and secondary types, Deezer's `compile`.
    case catalogTypes
    /// A catalog that types every release, asked by the release's UPC/EAN: its types, and when the record it belongs
    /// to first came out.
    case barcode
    /// The catalog's own list: an album of the same title listed a year or more earlier.
    case catalogList
    /// The title's words.
    case title
  }

  public var source: Source
  /// The catalog that gave it; nil for the title.
  public var catalog: CatalogName?
  /// What it says the release is: studio where a catalog that types every release gives it no other type.
  public var releaseClass: ReleaseClass
  /// What it said, in its own words: "Album + Live", "compile", "live", "Homework, 1997".
  public var words: String
  /// It speaks for every class a catalog types (MusicBrainz's), so it rules out the stated classes it does not name.
  public var complete: Bool
  /// For a reissue: the release it reissues, where the evidence names it.
  public var original: OriginalRelease?

  enum CodingKeys: String, CodingKey {
    case source, catalog, words, complete, original
    case releaseClass = "class"
  }

  public init(
    source: Source, catalog: CatalogName?, releaseClass: ReleaseClass, words: String, complete: Bool = false,
    original: OriginalRelease? = nil
  ) {
    self.source = source
    self.catalog = catalog
    self.releaseClass = releaseClass
    self.words = words
    self.complete = complete
    self.original = original
  }

  /// How much it weighs: a catalog that types every release, then another catalog's types, its list, the title.
  var strength: Int {
    switch source {
    case .catalogTypes, .barcode: complete ? 4 : 3
    case .catalogList: 2
    case .title: 1
    }
  }

  /// Whether it rules a claim of `other` out. A catalog that types every release knows whether a release is live, a
  /// remix, a compilation, a soundtrack or spoken word, and — its record dated — whether it is a reissue; it has no
  /// type for a sped-up or karaoke version, so it never rules one out.
  func rulesOut(_ other: ReleaseClass) -> Bool {
    complete && other != releaseClass && other != .version
  }

  /// In a sentence: "musicbrainz types it Album + Live", "its title says “live”".
  public var sentence: String {
    let who = catalog?.rawValue ?? "the catalog"
    switch (source, original) {
    case (.barcode, let original?):
      return
        "\(who), asked by its barcode, files it with “\(original.title)”, first out \(original.year.map(String.init) ?? "years before")"
    case (.barcode, nil): return "\(who), asked by its barcode, types it \(words)"
    case (.catalogTypes, _): return "\(who) types it \(words)"
    case (.catalogList, _):
      return "\(who) lists “\(original?.title ?? words)” \(original?.year.map { "in \($0)" } ?? "years before it")"
    case (.title, _): return "its title says “\(words)”"
    }
  }
}

/// The release a reissue reissues.
public struct OriginalRelease: Sendable, Hashable, Codable {
  public var title: String
  public var year: Int?

  public init(title: String, year: Int?) {
    self.title = title
    self.year = year
  }

  /// "Homework, 1997".
  public var described: String { year.map { "\(title), \($0)" } ?? title }
}

/// A release's class, and every piece of evidence there was, the deciding one first.
public struct Classification: Sendable, Hashable, Codable {
  public var releaseClass: ReleaseClass
  /// The evidence, strongest first, the one that decided first; empty when nothing said anything (studio).
  public var evidence: [ClassEvidence]
  /// For a reissue, what it reissues, where any evidence names it.
  public var original: OriginalRelease?

  public init(releaseClass: ReleaseClass, evidence: [ClassEvidence], original: OriginalRelease? = nil) {
    self.releaseClass = releaseClass
    self.evidence = evidence
    self.original = original
  }

  /// What a row says of it: "live album", "reissue of Homework (1997)", "soundtrack"; nil for studio music.
  public func label(for kind: ReleaseKind) -> String? {
    guard releaseClass != .studio else { return nil }
    guard releaseClass == .reissue, let original else { return releaseClass.label(for: kind) }
    return "reissue of \(original.title)" + (original.year.map { " (\($0))" } ?? "")
  }
}

/// Weighs a release's evidence: the strongest claim that nothing stronger rules out decides; equally strong claims
/// give the class further from new music. A claim of studio music decides nothing by itself — it is what is left
/// when no claim stands — but a catalog that types every release rules weaker claims out with it. A best-of that
/// another catalog types only as a compilation is what its title says more precisely: a soundtrack, live, remixes.
public enum Classifier {
  public static func classify(_ evidence: [ClassEvidence]) -> Classification {
    let ordered = evidence.sorted {
      ($0.strength, $0.releaseClass.strictness) > ($1.strength, $1.releaseClass.strictness)
    }
    let standing = ordered.filter { claim in
      claim.releaseClass != .studio
        && !ordered.contains { $0.strength > claim.strength && $0.rulesOut(claim.releaseClass) }
    }
    guard var decided = standing.first else {
      return Classification(releaseClass: .studio, evidence: ordered)
    }
    if decided.releaseClass == .compilation, !decided.complete,
      let precise = standing.first(where: {
        $0.source == .title && [.soundtrack, .live, .remix].contains($0.releaseClass)
      })
    {
      decided = precise
    }
    let first = ordered.firstIndex(of: decided) ?? 0
    var shown = ordered
    shown.remove(at: first)
    let original =
      decided.releaseClass == .reissue
      ? decided.original ?? standing.lazy.filter { $0.releaseClass == .reissue }.compactMap(\.original).first : nil
    return Classification(releaseClass: decided.releaseClass, evidence: [decided] + shown, original: original)
  }
}
