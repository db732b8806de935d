internal import Basics
internal import Catalog
internal import Identity
internal import MusicLibrary

/// How the catalogs write one title differently. Every variation is one the project's title rules read alike, and
/// each title is checked against the release's key as it is made: a variation that would change the key is not
/// used, so a catalog that writes a title its own way still names the same release.
enum TitleVariants {
  /// Spellings of one edition that fold to the same edition; the first is what a label calls a new one.
  struct EditionSpellings {
    let spellings: [String]
  }

  /// The editions a new release can be, and every spelling of them the catalogs use.
  static let editionSpellings = [
    EditionSpellings(spellings: ["(Deluxe Edition)", "(Deluxe)", "(Deluxe Version)", "[Deluxe Edition]"]),
    EditionSpellings(spellings: ["(Expanded Edition)", "(Expanded)", "[Expanded Edition]"]),
    EditionSpellings(spellings: ["(Anniversary Edition)", "(Anniversary)", "[Anniversary Edition]"]),
  ]

  /// Besides those, the edition words of owned albums, as the library names them.
  static let respellings =
    editionSpellings + [
      EditionSpellings(spellings: ["(Remastered)", "(Remaster)", "[Remastered]"]),
      EditionSpellings(spellings: ["[Bonus Track Version]", "(Bonus Track Version)", "(Bonus Tracks)"]),
    ]

  /// The title as `catalog` writes it, and the kind it types beside it (none on iTunes, whose title says it).
  static func title(
    of release: JointWorld.Release, in catalog: JointWorld.Catalog, rng: inout SplitMix64
  ) -> (text: String, typedKind: ReleaseKind?) {
    let typed = catalog == .iTunes ? nil : release.kind
    let body = withoutKindSuffix(release.title)
    var varied = body
    if rng.chance(0.5), let respelled = respelledEdition(varied, rng: &rng) { varied = respelled }
    if rng.chance(0.25), let swapped = swappedAnd(varied) { varied = swapped }
    // Catalogs re-case titles now and then: every word capitalized, a title written all lower case, a shouted one.
    switch rng.below(100) {
    case 0..<8: varied = capitalizingWords(varied)
    case 8..<11: varied = varied.lowercased()
    case 11: varied = varied.uppercased()
    default: break
    }
    for candidate in [varied, body] {
      let text = catalog == .iTunes ? withKindSuffix(candidate, release.kind) : candidate
      if key(of: text, typed: typed) == release.key { return (text, typed) }
    }
    return (release.title, typed)
  }

  /// The key the project reads from a catalog's title and typed kind.
  static func key(of title: String, typed kind: ReleaseKind?) -> AlbumKey {
    CatalogRelease(id: "", artistName: "", title: title, releaseDate: nil, kind: kind).key
  }

  /// The title without a literal " - Single" or " - EP": how a catalog that types the kind writes it.
  static func withoutKindSuffix(_ title: String) -> String {
    for suffix in [" - Single", " - EP"] where title.hasSuffix(suffix) && title.count > suffix.count {
      return String(title.dropLast(suffix.count))
    }
    return title
  }

  /// iTunes's title: the kind as its suffix, unless the title says it already.
  static func withKindSuffix(_ title: String, _ kind: ReleaseKind) -> String {
    guard AlbumKey(title).kind != kind else { return title }
    switch kind {
    case .album: return title
    case .single: return title + " - Single"
    case .ep: return title + " - EP"
    }
  }

  /// Another spelling of the edition the title ends with, if it ends with one this knows.
  static func respelledEdition(_ title: String, rng: inout SplitMix64) -> String? {
    for edition in respellings {
      guard let spelling = edition.spellings.first(where: { title.hasSuffix(" " + $0) }) else { continue }
      let others = edition.spellings.filter { $0 != spelling }
      return String(title.dropLast(spelling.count)) + rng.pick(others)
    }
    // "(2011 Remaster)", as the library's remasters are named, is also written "(Remastered 2011)".
    let words = title.split(separator: " ")
    if words.count >= 3, title.hasSuffix(" Remaster)"), let year = words.dropLast().last, year.hasPrefix("("),
      year.dropFirst().count == 4, year.dropFirst().allSatisfy(\.isNumber)
    {
      return words.dropLast(2).joined(separator: " ") + " (Remastered \(year.dropFirst()))"
    }
    return nil
  }

  /// "Songs For The Road" for "Songs for the Road": the first letter of every word upper case, the rest kept.
  static func capitalizingWords(_ title: String) -> String {
    var result = ""
    var atStart = true
    for character in title {
      result += atStart ? character.uppercased() : String(character)
      atStart = character == " "
    }
    return result
  }

  /// "&" written as "and", or "and" as "&".
  static func swappedAnd(_ title: String) -> String? {
    if title.contains(" & ") { return title.replacingOccurrences(of: " & ", with: " and ") }
    if title.contains(" and ") { return title.replacingOccurrences(of: " and ", with: " & ") }
    return nil
  }
}

extension JointWorld {
  /// GTINs (UPC, EAN): digits whose last is a mod-10 check digit, weights 3 and 1 alternating from the right of the
  /// digits before it (GS1).
  public enum GTIN {
    /// The check digit that completes `body`, the digits before it; nil for anything but digits.
    public static func checkDigit(completing body: some StringProtocol) -> Int? {
      var sum = 0
      for (position, character) in body.reversed().enumerated() {
        guard let digit = character.wholeNumberValue, character.isASCII else { return nil }
        sum += digit * (position % 2 == 0 ? 3 : 1)
      }
      return (10 - sum % 10) % 10
    }

    /// Whether `gtin` is 8, 12, 13 or 14 digits whose last is their check digit.
    public static func isValid(_ gtin: some StringProtocol) -> Bool {
      guard [8, 12, 13, 14].contains(gtin.count), let last = gtin.last?.wholeNumberValue else { return false }
      return checkDigit(completing: gtin.dropLast()) == last
    }

    /// The 14-digit form, zero-padded, as an iTunes artwork path names it.
    public static func padded(_ gtin: String) -> String {
      String(repeating: "0", count: max(0, 14 - gtin.count)) + gtin
    }
  }
}

/// Hands out GTINs no other release of the world has: 12-digit UPCs of the big labels' prefixes, and 13-digit
/// EANs of European ones, never starting with 0, so no two name the same number.
struct GTINMaker {
  private var rng: SplitMix64
  private var used = Set<String>()

  private static let upcPrefixes = ["602", "886", "196", "190", "075", "093", "880"]
  private static let eanPrefixes = ["505", "400", "376", "871", "730"]

  init(rng: SplitMix64) {
    self.rng = rng
  }

  mutating func make() -> String {
    while true {
      let ean = rng.chance(0.4)
      var body = rng.pick(ean ? Self.eanPrefixes : Self.upcPrefixes)
      while body.count < (ean ? 12 : 11) { body += String(rng.below(10)) }
      let gtin = body + String(JointWorld.GTIN.checkDigit(completing: body) ?? 0)
      if used.insert(gtin).inserted { return gtin }
    }
  }
}
