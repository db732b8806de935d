public import Identity
internal import MusicLibrary

/// The last evidence of a release's class: what its title says, in the words labels and catalogs use ("(Live)",
/// "Live at …", "(Ao Vivo)", "(Remixes)", "Greatest Hits", "(Sped Up)", "(Remastered 2026)", …).
///
/// A title is read as a main part and its qualifiers (each bracketed group, and what follows a spaced dash), in
/// folded words, so "Alive", "Live Forever", "Lost" and "Demon Days" name nothing: a word must be the word, and most
/// words count only inside a qualifier ("Live" opens a main title only as "Live at", "Live from" or "Live in"). A
/// best-of is named only for an album: "Best of You" is a single.
public enum TitleGrammar {
  /// What the title says the release is, and the words that say it; nil when it says nothing.
  public static func classify(_ title: String, kind: ReleaseKind) -> (releaseClass: ReleaseClass, words: String)? {
    let parts = TitleParts(title)
    var found: (releaseClass: ReleaseClass, words: String)?
    for rule in rules where kind == .album || rule.releaseClass != .compilation {
      guard let words = rule.match(parts) else { continue }
      if found.map({ rule.releaseClass.strictness > $0.releaseClass.strictness }) ?? true {
        found = (rule.releaseClass, words)
      }
    }
    if found == nil, parts.startsWithDay { found = (.live, "a concert's date") }
    return found
  }

  /// Where a rule looks for its phrases.
  enum Place {
    /// Inside any qualifier: "(Live at the BBC)", "- Remastered 2011".
    case qualifier
    /// Anywhere, the main part too.
    case anywhere
    /// Opening the main part, with more after it: "Live at Wembley".
    case start
    /// Closing the main part: "A Star Is Born Soundtrack", "Classic Rock Hits".
    case end
  }

  struct Rule {
    var releaseClass: ReleaseClass
    var place: Place
    var phrases: [[String]]

    init(_ releaseClass: ReleaseClass, _ place: Place, _ phrases: [String]) {
      self.releaseClass = releaseClass
      self.place = place
      self.phrases = phrases.map { FoldedWords.of($0) }
    }

    /// The phrase that matches, as the title's words have it.
    func match(_ parts: TitleParts) -> String? {
      for phrase in phrases {
        switch place {
        case .qualifier:
          if parts.qualifiers.contains(where: { $0.contains(phrase) }) { return phrase.joined(separator: " ") }
        case .anywhere:
          if parts.all.contains(where: { $0.contains(phrase) }) { return phrase.joined(separator: " ") }
        case .start:
          if parts.main.count > phrase.count, parts.main.starts(with: phrase) { return phrase.joined(separator: " ") }
        case .end:
          if parts.main.count >= phrase.count, parts.main.suffix(phrase.count).elementsEqual(phrase) {
            return phrase.joined(separator: " ")
          }
        }
      }
      return nil
    }
  }

  static let rules: [Rule] = [
    Rule(.live, .qualifier, ["live", "ao vivo", "en vivo", "en directo", "dal vivo", "en concert", "ライブ", "ライヴ"]),
    Rule(
      .live, .anywhere,
      ["unplugged", "in concert", "en concierto", "im konzert", "ao vivo", "en vivo", "en directo", "concert"]),
    Rule(.live, .start, ["live at", "live from", "live in", "live aus", "live au"]),
    Rule(.remix, .qualifier, ["remix", "remixes", "rmx", "mix", "mixes", "rework", "reworks", "reworked", "dub"]),
    Rule(.remix, .anywhere, ["remix", "remixes", "remixed", "reworked", "reconfigured", "remixe", "remixé"]),
    Rule(
      .compilation, .anywhere,
      [
        "greatest hits", "best of", "the very best", "anthology", "b sides", "rarities", "number ones",
        "grandes exitos", "grandes sucessos", "lo mejor de", "das beste", "het beste", "le meilleur de", "hits of",
        "retrospective", "the collection",
      ]),
    Rule(.compilation, .start, ["the essential", "the singles"]),
    Rule(
      .compilation, .end,
      ["hits", "platinum collection", "ultimate collection", "definitive collection", "essential collection"]),
    Rule(
      .soundtrack, .qualifier,
      [
        "soundtrack", "ost", "score", "motion picture", "music from", "from the film", "from the movie",
        "from the series", "from the netflix", "bande originale", "banda sonora", "trilha sonora", "colonna sonora",
        "cast recording", "original cast",
      ]),
    Rule(.soundtrack, .end, ["soundtrack", "ost", "original score"]),
    Rule(
      .soundtrack, .anywhere,
      ["original motion picture soundtrack", "music from the motion picture", "bande originale", "banda sonora"]),
    Rule(
      .version, .qualifier,
      [
        "sped up", "speed up", "slowed", "reverb", "nightcore", "instrumental", "instrumentals", "karaoke", "acapella",
        "a cappella", "a capella", "acappella", "radio edit", "single edit", "drumless", "8d", "originally performed",
        "made famous", "backing track",
      ]),
    Rule(.version, .anywhere, ["sped up", "slowed and reverb", "karaoke", "instrumentals", "8 bit versions"]),
    Rule(
      .reissue, .qualifier,
      [
        "remaster", "remastered", "remasters", "anniversary", "reissue", "reissued", "legacy edition",
        "expanded edition",
      ]),
  ]
}

/// A title's main part and its qualifiers, in folded words.
struct TitleParts {
  var main: [String] = []
  var qualifiers: [[String]] = []
  /// Whether it opens with a day ("2016-09-11: Lollapalooza"): a concert's recording.
  var startsWithDay = false

  var all: [[String]] { [main] + qualifiers }

  init(_ title: String) {
    var mainText = ""
    var qualifierTexts: [String] = []
    var depth = 0
    var current = ""
    var inQualifier = false
    let characters = Array(title)
    for (index, character) in characters.enumerated() {
      if "([{（".contains(character) {
        if depth == 0 { Self.close(&current, inQualifier, &mainText, &qualifierTexts) }
        if depth > 0 { current.append(" ") }
        depth += 1
        inQualifier = true
      } else if ")]}）".contains(character), depth > 0 {
        depth -= 1
        if depth == 0 { Self.close(&current, true, &mainText, &qualifierTexts) }
      } else if depth == 0, Self.isSpacedDash(characters, index) {
        Self.close(&current, inQualifier, &mainText, &qualifierTexts)
        inQualifier = true
      } else {
        current.append(character)
      }
    }
    Self.close(&current, inQualifier || depth > 0, &mainText, &qualifierTexts)
    main = FoldedWords.of(mainText)
    qualifiers = qualifierTexts.map { FoldedWords.of($0) }.filter { !$0.isEmpty }
    let opening = FoldedWords.of(String(title.prefix(12)))
    startsWithDay =
      opening.count >= 3 && opening[0].count == 4 && opening[1].count == 2 && opening[2].count == 2
      && opening.prefix(3).allSatisfy { $0.allSatisfy(\.isNumber) }
  }

  private static func close(_ current: inout String, _ qualifier: Bool, _ main: inout String, _ all: inout [String]) {
    if qualifier { all.append(current) } else { main += current }
    current = ""
  }

  /// A dash with a space on each side: " - Remastered", " – Live"; "Spider-Man" and "Blink-182" are one word.
  private static func isSpacedDash(_ characters: [Character], _ index: Int) -> Bool {
    guard "-–—".contains(characters[index]), index > 0, index + 1 < characters.count else { return false }
    return characters[index - 1] == " " && characters[index + 1] == " "
  }
}

extension Array where Element == String {
  /// Whether `phrase` occurs here as a run of whole words.
  func contains(_ phrase: [String]) -> Bool {
    guard !phrase.isEmpty, phrase.count <= count else { return false }
    return (0...(count - phrase.count)).contains { self[$0..<($0 + phrase.count)].elementsEqual(phrase) }
  }
}
