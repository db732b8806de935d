public import Identity

/// What a release is besides its kind: new studio music, or one of the things catalogs list beside it.
public enum ReleaseClass: String, Sendable, Codable, CaseIterable {
  /// New music made in the studio: an album, an EP or a single.
  case studio
  /// A film's, a series' or a game's music: new music, named as a soundtrack.
  case soundtrack
  /// Recorded on stage: "Live at Wembley", "(Ao Vivo)", "MTV Unplugged".
  case live
  /// Remixes of released tracks: "(Remixes)", "Remixed", "(Club Mix)".
  case remix
  /// Released tracks gathered again: a best-of, greatest hits, an anthology.
  case compilation
  /// An album out before, out again: remastered, for an anniversary, or the same record with a new date and code.
  case reissue
  /// A re-cut of released tracks: sped up, slowed, instrumental, karaoke, a cappella, a radio edit.
  case version
  /// Spoken word, interviews, audiobooks and field recordings: catalogs type them so, and they are not music news.
  case other

  /// Which of two equally strong claims stands: the class further from new music, so a remastered live album is a
  /// reissue and a live best-of is live.
  var strictness: Int {
    switch self {
    case .studio: 0
    case .soundtrack: 1
    case .compilation: 2
    case .remix: 3
    case .live: 4
    case .reissue: 5
    case .other: 6
    case .version: 7
    }
  }

  /// What a row says of it, by its kind: "live album", "remix EP", "compilation", "sped-up or re-cut version".
  public func label(for kind: ReleaseKind) -> String {
    switch self {
    case .studio: kind.label
    case .soundtrack: "soundtrack"
    case .live: "live \(kind.label)"
    case .remix: "remix \(kind.label)"
    case .compilation: "compilation"
    case .reissue: "reissue"
    case .version: "version"
    case .other: "spoken word or other"
    }
  }

  /// Where a class goes when the person has not said: new music in the main list, the rest a glance away, re-cut
  /// versions and what is not music nowhere.
  public var defaultPlacement: Placement {
    switch self {
    case .studio, .soundtrack: .main
    case .live, .remix, .compilation, .reissue: .also
    case .version, .other: .none
    }
  }

  /// The class a catalog's type word names, in MusicBrainz's vocabulary, which other catalogs' few types map to
  /// ("compilation"); nil for a word that names none (a kind, "mixtape/street": new music).
  public init?(typeWord word: String) {
    switch word.lowercased() {
    case "live": self = .live
    case "remix": self = .remix
    case "compilation", "dj-mix": self = .compilation
    case "soundtrack": self = .soundtrack
    case "demo": self = .version
    case "spokenword", "interview", "audiobook", "audio drama", "field recording": self = .other
    default: return nil
    }
  }
}

/// Where the report lists a class of release.
public enum Placement: String, Sendable, Codable, CaseIterable {
  /// New or Upcoming.
  case main
  /// "Also out", one compact line each, its class named.
  case also
  /// Left out of every list.
  case none
}

/// Where the report lists each class: the defaults, with what the person changed.
public struct ClassPlacements: Sendable, Equatable {
  public private(set) var changed: [ReleaseClass: Placement]

  public init(_ changed: [ReleaseClass: Placement] = [:]) {
    self.changed = changed
  }

  public subscript(releaseClass: ReleaseClass) -> Placement {
    get { changed[releaseClass] ?? releaseClass.defaultPlacement }
    set { changed[releaseClass] = newValue == releaseClass.defaultPlacement ? nil : newValue }
  }

  /// "live, remix, compilation and reissue: also out; version and other: left out".
  public var described: String {
    let groups = Placement.allCases.compactMap { placement -> String? in
      let classes = ReleaseClass.allCases.filter { self[$0] == placement }.map(\.rawValue)
      guard !classes.isEmpty else { return nil }
      let words =
        classes.count == 1
        ? classes[0]
        : classes.dropLast().joined(separator: ", ") + " and "
          + classes[
            classes.count - 1]
      return "\(words): \(placement.rawValue)"
    }
    return groups.joined(separator: "; ")
  }
}

extension ClassPlacements {
  /// Where a finding is listed: an edition of an owned album in Editions whatever its class, anything else by its
  /// class (`classification`, where it is known already); nil for a finding no list shows (owned, older).
  public func placement(of finding: Finding, classed classification: Classification? = nil) -> Placement? {
    guard finding.category.isListed else { return nil }
    return finding.category == .edition ? .main : self[(classification ?? finding.classification).releaseClass]
  }

  /// Whether a report lists the finding at all.
  public func lists(_ finding: Finding) -> Bool {
    placement(of: finding).map { $0 != .none } ?? false
  }
}
