internal import Basics

/// Invents unique artist names, album titles and track names from `Words`.
struct NameFactory {
  enum ArtistStyle: CaseIterable {
    case person, theBand, band, duo, dj, bandSuffix, single, accentedPerson, accentedBand
    case japanese, korean, cyrillic, greek, arabic
  }

  /// Styles given to the first artists so that even a small library shows every kind of name.
  static let leadingStyles: [ArtistStyle] = [
    .theBand, .duo, .accentedPerson, .japanese, .person, .accentedBand, .korean, .dj, .cyrillic, .band,
    .greek, .arabic, .bandSuffix, .single,
  ]

  private static let styleWeights: [(ArtistStyle, Double)] = [
    (.person, 30), (.theBand, 14), (.band, 10), (.duo, 6), (.dj, 5), (.bandSuffix, 8), (.single, 5),
    (.accentedPerson, 7), (.accentedBand, 3), (.japanese, 2), (.korean, 1.5), (.cyrillic, 1.5), (.greek, 1),
    (.arabic, 1),
  ]

  private var usedArtistKeys = Set<String>()

  /// Reserves a name (e.g. one an edge case spells out) so that it is never generated again.
  mutating func reserve(_ name: String) {
    usedArtistKeys.insert(TextKey.normalized(name))
  }

  mutating func artistName(index: Int, rng: inout SplitMix64) -> String {
    var style =
      index < Self.leadingStyles.count
      ? Self.leadingStyles[index] : Self.styleWeights[rng.weighted(Self.styleWeights.map(\.1))].0
    for attempt in 0..<40 {
      if attempt == 20 { style = .person }
      let candidate = Self.artistName(style: style, rng: &rng)
      if accept(candidate) { return candidate }
    }
    // Widen the space: a middle initial, then a number.
    for _ in 0..<200 {
      let initial = Character(Unicode.Scalar(UInt8(65 + rng.below(26))))
      let candidate = "\(rng.pick(Words.firstNames)) \(initial). \(rng.pick(Words.lastNames))"
      if accept(candidate) { return candidate }
    }
    var number = 2
    while true {
      let candidate = "\(rng.pick(Words.firstNames)) \(rng.pick(Words.lastNames)) \(number)"
      if accept(candidate) { return candidate }
      number += 1
    }
  }

  private mutating func accept(_ candidate: String) -> Bool {
    guard !TextKey.isAmbiguousArtistName(candidate) else { return false }
    return usedArtistKeys.insert(TextKey.normalized(candidate)).inserted
  }

  static func artistName(style: ArtistStyle, rng: inout SplitMix64) -> String {
    switch style {
    case .person:
      return "\(rng.pick(Words.firstNames)) \(rng.pick(Words.lastNames))"
    case .theBand:
      return "The \(rng.pick(Words.adjectives)) \(rng.pick(Words.pluralNouns))"
    case .band:
      return rng.chance(0.5)
        ? "\(rng.pick(Words.adjectives)) \(rng.pick(Words.pluralNouns))"
        : "\(rng.pick(Words.nouns)) \(rng.pick(Words.pluralNouns))"
    case .duo:
      switch rng.below(3) {
      case 0: return "\(rng.pick(Words.lastNames)) & \(rng.pick(Words.lastNames))"
      case 1: return "\(rng.pick(Words.firstNames)) & the \(rng.pick(Words.pluralNouns))"
      default: return "\(rng.pick(Words.firstNames)) & \(rng.pick(Words.firstNames))"
      }
    case .dj:
      return "\(rng.pick(Words.djPrefixes)) \(rng.pick(Words.bandSingles))"
    case .bandSuffix:
      return "\(rng.pick(Words.lastNames)) \(rng.pick(Words.bandSuffixes))"
    case .single:
      return rng.chance(0.5) ? rng.pick(Words.bandSingles) : "\(rng.pick(Words.bandSingles)) \(rng.pick(Words.nouns))"
    case .accentedPerson:
      return rng.chance(0.5)
        ? "\(rng.pick(Words.accentedFirst)) \(rng.pick(Words.accentedLast))"
        : "\(rng.pick(Words.firstNames)) \(rng.pick(Words.accentedLast))"
    case .accentedBand:
      return rng.pick(Words.accentedBands)
    case .japanese:
      return rng.pick(Words.japanese)
    case .korean:
      return rng.pick(Words.korean)
    case .cyrillic:
      return rng.pick(Words.cyrillic)
    case .greek:
      return rng.pick(Words.greek)
    case .arabic:
      return rng.pick(Words.arabic)
    }
  }

  /// How Music.app would sort the name ("The Midnight Owls" sorts as "Midnight Owls").
  static func sortName(_ name: String) -> String? {
    for article in ["The ", "A ", "An "] where name.hasPrefix(article) && name.count > article.count + 1 {
      return String(name.dropFirst(article.count))
    }
    return nil
  }

  static func albumTitle(artist: String, ordinal: Int, rng: inout SplitMix64) -> String {
    switch rng.below(20) {
    case 0...6: return rng.pick(Words.albumWords)
    case 7...10: return "\(rng.pick(Words.adjectives)) \(rng.pick(Words.nouns))"
    case 11: return "The \(rng.pick(Words.nouns))"
    case 12: return "\(rng.pick(Words.nouns)) of \(rng.pick(Words.nouns))"
    case 13: return "\(rng.pick(Words.nouns)) & \(rng.pick(Words.nouns))"
    case 14: return ordinal == 0 ? artist : "\(rng.pick(Words.albumWords)) II"
    case 15: return "Live at the \(rng.pick(Words.nouns))"
    case 16: return "\(rng.pick(Words.titleWords)) \(rng.pick(Words.nouns))"
    case 17: return "Songs from the \(rng.pick(Words.nouns))"
    case 18: return "\(rng.pick(Words.adjectives)) \(rng.pick(Words.pluralNouns))"
    default: return "\(rng.pick(Words.albumWords)), Vol. \(rng.int(1...4))"
    }
  }

  static func trackName(rng: inout SplitMix64) -> String {
    let pattern = rng.pick(Words.titlePatterns)
    var name = ""
    var iterator = pattern.makeIterator()
    while let character = iterator.next() {
      if character == "%" {
        _ = iterator.next()
        name += rng.pick(Words.titleWords)
      } else {
        name.append(character)
      }
    }
    if rng.chance(0.05) { name += rng.pick(Words.trackSuffixes) }
    return name
  }

  static func person(rng: inout SplitMix64) -> String {
    rng.chance(0.2)
      ? "\(rng.pick(Words.accentedFirst)) \(rng.pick(Words.lastNames))"
      : "\(rng.pick(Words.firstNames)) \(rng.pick(Words.lastNames))"
  }

  /// "A", "A & B" or "A, B & C", as Apple writes composer credits.
  static func composers(_ people: [String]) -> String {
    switch people.count {
    case 0: return ""
    case 1: return people[0]
    default: return people.dropLast().joined(separator: ", ") + " & " + (people.last ?? "")
    }
  }
}
