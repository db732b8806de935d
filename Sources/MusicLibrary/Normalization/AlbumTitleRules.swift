import Identity

/// Splits an album title into its base title and what only repackages it.
///
/// Trailing bracketed groups and " - " suffixes are peeled off one at a time while they name an
/// edition ("(Deluxe Edition)", "[Bonus Track Version]", " - Remastered 2011"), a disc, an
/// explicitness marker, a featured artist, or a " - Single" / " - EP" packaging (after any dash, spaced or
/// not, before or after the edition part: "X – EP (Deluxe)", "X (Deluxe)–EP"). Anything else —
/// "(Live at Wembley)", "Vol. 2", "Part II" — names a different album and stays in the base.
enum AlbumTitleRules {
  static func key(for title: String) -> AlbumKey {
    var scalars = Array(title.unicodeScalars)
    var editions: Set<Edition> = []
    var kind = ReleaseKind.album

    while true {
      trimTrailingSpace(&scalars)
      guard let (start, content) = trailingPart(of: scalars) else { break }
      let meaning = classify(TextFolding.words(String(String.UnicodeScalarView(content))))
      // A title that is nothing but a marker ("(Deluxe)") keeps its text as the base.
      guard meaning != .keep, scalars[..<start].contains(where: { !$0.properties.isWhitespace }) else { break }
      switch meaning {
      case .edition(let found): editions.formUnion(found)
      case .single: kind = .single
      case .ep: kind = .ep
      case .drop, .keep: break
      }
      scalars.removeSubrange(start...)
    }

    let base = TextFolding.key(for: String(String.UnicodeScalarView(scalars)))
    return AlbumKey(base: base, editions: editions.sorted(), kind: kind)
  }

  /// The start index of the last bracketed group or " - " suffix, and its content.
  private static func trailingPart(of scalars: [Unicode.Scalar]) -> (Int, ArraySlice<Unicode.Scalar>)? {
    guard let last = scalars.last else { return nil }
    if let open = matchingOpen(for: last) {
      var depth = 0
      for index in scalars.indices.reversed() {
        if scalars[index] == last {
          depth += 1
        } else if scalars[index] == open {
          depth -= 1
          if depth == 0 { return (index, scalars[(index + 1)..<(scalars.count - 1)]) }
        }
      }
      return nil
    }
    if let kind = kindSuffix(of: scalars) { return kind }
    // " – Remastered 2011": a dash with spaces on both sides, the last one. A dash inside a word ("Spider-Man",
    // "Blink-182") joins it; a no-break space is a space here as it is to TextFolding.
    var index = scalars.count - 2
    while index > 0 {
      if isDash(scalars[index]), scalars[index - 1].properties.isWhitespace,
        scalars[index + 1].properties.isWhitespace
      {
        return (index - 1, scalars[(index + 2)...])
      }
      index -= 1
    }
    return nil
  }

  /// A closing "Single" or "EP" after a dash, spaced or not ("X - EP", "X–EP", "X (Deluxe)–Single"): stores
  /// write the packaging so in every spacing, and it must read the same in the library and in the catalog,
  /// before or after the edition part. No other word is taken from an unspaced dash: "X-Ray" is a title.
  private static func kindSuffix(of scalars: [Unicode.Scalar]) -> (Int, ArraySlice<Unicode.Scalar>)? {
    var wordStart = scalars.count
    while wordStart > 0, isASCIILetter(scalars[wordStart - 1]) { wordStart -= 1 }
    let word = String(String.UnicodeScalarView(scalars[wordStart...])).lowercased()
    guard word == "single" || word == "ep" else { return nil }
    var dash = wordStart - 1
    while dash >= 0, scalars[dash].properties.isWhitespace { dash -= 1 }
    guard dash >= 0, isDash(scalars[dash]) else { return nil }
    var start = dash
    while start > 0, scalars[start - 1].properties.isWhitespace { start -= 1 }
    return (start, scalars[wordStart...])
  }

  private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }

  private static func matchingOpen(for close: Unicode.Scalar) -> Unicode.Scalar? {
    switch close {
    case ")": "("
    case "]": "["
    case "}": "{"
    case "\u{FF09}": "\u{FF08}"
    default: nil
    }
  }

  private static func isDash(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "-" || scalar == "\u{2013}" || scalar == "\u{2014}"
  }

  private static func trimTrailingSpace(_ scalars: inout [Unicode.Scalar]) {
    while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
  }

  enum Meaning: Equatable {
    case keep
    case edition(Set<Edition>)
    case single
    case ep
    case drop
  }

  /// Words that make a bracketed group part of the album's identity even next to edition words:
  /// "(Live Version)" and "(Deluxe Remix Edition)" are other albums.
  private static let identityWords: Set<String> = [
    "live", "acoustic", "unplugged", "instrumental", "instrumentals", "remix", "remixes", "remixed", "mix",
    "mixes", "demo", "demos", "karaoke", "acapella", "session", "sessions", "soundtrack", "score", "commentary",
    "radio", "dub", "orchestral", "symphonic",
  ]

  private static let editionWords: [String: Edition] = [
    "deluxe": .deluxe, "remaster": .remaster, "remastered": .remaster, "remasters": .remaster,
    "remastering": .remaster, "expanded": .expanded, "bonus": .bonusTracks, "anniversary": .anniversary,
    "complete": .complete, "collector": .collectors, "collectors": .collectors, "legacy": .legacy,
    "limited": .limited, "platinum": .platinum, "reissue": .reissue, "reissued": .reissue, "special": .special,
    "tour": .tour, "extended": .extended,
  ]

  private static let discWords: Set<String> = ["disc", "disk", "cd"]
  private static let explicitnessWords: Set<String> = ["explicit", "clean", "edited", "censored"]
  private static let featuringWords: Set<String> = ["feat", "ft", "featuring", "with"]

  static func classify(_ words: [String]) -> Meaning {
    guard let first = words.first else { return .drop }
    if words == ["single"] { return .single }
    if words == ["ep"] { return .ep }
    if featuringWords.contains(first), words.count > 1 { return .drop }
    if words.contains(where: identityWords.contains) { return .keep }
    if isDisc(words) { return .drop }
    let filler: Set<String> = ["edition", "version", "the", "and", "of", "track", "tracks", "album"]
    if words.contains(where: explicitnessWords.contains),
      words.allSatisfy({ explicitnessWords.contains($0) || filler.contains($0) })
    {
      return .drop
    }
    if words.contains("standard"), words.allSatisfy({ $0 == "standard" || filler.contains($0) }) {
      return .drop
    }
    var found: Set<Edition> = []
    for word in words {
      if let edition = editionWords[word] { found.insert(edition) }
    }
    if found.contains(.deluxe), words.contains("super") {
      found.remove(.deluxe)
      found.insert(.superDeluxe)
    }
    // "Extended" alone is usually a mix; it names an edition only with "edition" or "version".
    if found == [.extended], !words.contains("edition"), !words.contains("version") { return .keep }
    if !found.isEmpty { return .edition(found) }
    // "(Wembley Edition)", "(Japan Edition)": some edition we have no name for.
    if words.last == "edition" { return .edition([.special]) }
    return .keep
  }

  private static func isDisc(_ words: [String]) -> Bool {
    guard let first = words.first else { return false }
    let numberWords: Set<String> = ["one", "two", "three", "four", "five", "six", "of"]
    if discWords.contains(first) {
      return words.count > 1 && words.dropFirst().allSatisfy { isNumber($0) || numberWords.contains($0) }
    }
    // "CD2", "Disc1"
    if words.count == 1, let prefix = discWords.first(where: { first.hasPrefix($0) }) {
      return isNumber(String(first.dropFirst(prefix.count)))
    }
    return false
  }

  private static func isNumber(_ word: String) -> Bool {
    !word.isEmpty && word.utf8.allSatisfy { (0x30...0x39).contains($0) }
  }
}
