import Identity
import MusicLibrary
import TestSupport
import Testing

/// The normalization rules as a table a person can read: which spellings are the same artist or
/// album, and which stay apart.
struct KeyRulesTests {
  struct Pair: CustomTestStringConvertible, Sendable {
    var first: String
    var second: String
    var same: Bool
    var why: String
    var testDescription: String { "\(same ? "same" : "apart"): '\(first)' / '\(second)' (\(why))" }
  }

  static func same(_ first: String, _ second: String, _ why: String) -> Pair {
    Pair(first: first, second: second, same: true, why: why)
  }

  static func apart(_ first: String, _ second: String, _ why: String) -> Pair {
    Pair(first: first, second: second, same: false, why: why)
  }

  static let artistPairs: [Pair] = [
    same("Beyonce\u{301}", "Beyonc\u{E9}", "NFD and NFC"),
    same("Beyoncé", "Beyonce", "diacritics"),
    same("BEYONCÉ", "beyoncé", "case"),
    same("Sigur Rós", "Sigur Ros", "acute accent"),
    same("Mötley Crüe", "Motley Crue", "umlauts"),
    same("Björk", "Bjork", "umlaut"),
    same("Røyksopp", "Royksopp", "o with stroke"),
    same("Die Ärzte", "Die Arzte", "umlaut in German"),
    same("The Beatles", "Beatles", "leading The"),
    same("the beatles", "The Beatles", "leading the, any case"),
    same("  Radiohead ", "Radiohead", "surrounding spaces"),
    same("Massive\u{00A0}Attack", "Massive Attack", "no-break space"),
    same("Massive   Attack", "Massive Attack", "runs of spaces"),
    same("Simon & Garfunkel", "Simon and Garfunkel", "& and 'and'"),
    same("Florence + the Machine", "Florence and the Machine", "+ and 'and'"),
    same("Guns N' Roses", "Guns N Roses", "apostrophe"),
    same("Guns N’ Roses", "Guns N' Roses", "curly apostrophe"),
    same("AC/DC", "ACDC", "slash"),
    same("AC/DC", "AC DC", "slash as space"),
    same("R.E.M.", "REM", "dots"),
    same("Blink-182", "Blink 182", "hyphen"),
    same("Ｑｕｅｅｎ", "Queen", "full-width letters"),
    same("ﬁnch", "finch", "ligature"),
    same("“Weird Al” Yankovic", "Weird Al Yankovic", "curly quotes"),
    same("Sinéad O’Connor", "Sinead O'Connor", "accent and apostrophe"),
    same("Motörhead", "MOTORHEAD", "umlaut and case"),
    same("Ólafur Arnalds", "Olafur Arnalds", "Icelandic accent"),
    same("Æther Realm", "Aether Realm", "ae ligature"),
    same("Straßenjungs", "Strassenjungs", "sharp s"),
    same("ΜΙΚΗΣ ΘΕΟΔΩΡΑΚΗΣ", "Μίκης Θεοδωράκης", "Greek case and tonos"),
    same("宇多田ヒカル", "宇多田 ヒカル", "Japanese with a space between the names"),
    same("ガガ", "ガガ".decomposedForTest, "Japanese NFD voicing marks"),
    same("방탄소년단", "방탄 소년단", "Korean with a space"),
    same("방탄소년단".decomposedForTest, "방탄소년단", "Korean NFD jamo"),
    same("Мумий Тролль", "мумий тролль", "Cyrillic case"),
    apart("The The", "The", "a band named The The"),
    apart("Beatles", "Beat", "prefix"),
    apart("カ", "ガ", "Japanese voicing mark is a different letter"),
    apart("Мумий", "Мумии", "Cyrillic short i is a different letter"),
    apart("Bon Iver", "Bon Jovi", "different names"),
    apart("宇多田ヒカル", "Utada Hikaru", "no transliteration between scripts"),
    apart("Sigur Rós", "Sigur Rós Orchestra", "extra word"),
    apart("Chvrches", "Churches", "different letters"),
  ]

  @Test(arguments: artistPairs)
  func artistKeys(_ pair: Pair) {
    #expect((ArtistKey(pair.first) == ArtistKey(pair.second)) == pair.same)
  }

  static let albumPairs: [Pair] = [
    same("OK Computer", "ok computer", "case"),
    same("Ágætis byrjun", "Agaetis byrjun", "Icelandic letters"),
    same("(What's the Story) Morning Glory?", "What’s the Story Morning Glory", "leading group and quotes"),
    same("Hail to the Thief", "Hail To The Thief", "title case"),
    same("The Wall", "Wall", "leading The"),
    same("Songs of Innocence", " Songs of Innocence\u{00A0}", "whitespace"),
    same("Rock & Roll", "Rock and Roll", "ampersand"),
    same("Reign in Blood (Expanded)", "Reign in Blood", "expanded edition has the same base"),
    same("Nevermind (Remastered)", "Nevermind", "remaster base"),
    same("Nevermind (20th Anniversary Super Deluxe Edition)", "Nevermind", "anniversary base"),
    same("Thriller [Bonus Track Version]", "Thriller", "bonus track version base"),
    same("Rumours (2004 Remaster)", "Rumours", "year remaster base"),
    same("Abbey Road (Super Deluxe)", "Abbey Road", "super deluxe base"),
    same("Hybrid Theory (Deluxe Version)", "Hybrid Theory", "deluxe version base"),
    same("Back in Black (Complete Edition)", "Back in Black", "complete edition base"),
    same("Purple Rain (Disc 1)", "Purple Rain", "disc marker"),
    same("Purple Rain [CD2]", "Purple Rain (Disc 1)", "two discs of one album"),
    same("Repentless - Single", "Repentless", "single suffix base"),
    same("Breach - EP", "Breach", "EP suffix base"),
    same("Dark Side of the Moon - Remastered 2011", "Dark Side of the Moon", "dash remaster"),
    same("Confessions (Expanded Edition)", "Confessions", "expanded edition"),
    same("DAMN. (Explicit)", "DAMN.", "explicit marker"),
    same("1989 (Deluxe Edition) [Remastered]", "1989", "two edition groups"),
    same("Best of You (feat. Elle King) - Single", "Best of You - Single", "featured artist in title"),
    same("x (Wembley Edition)", "x", "a named edition"),
    same("Sgt. Pepper’s Lonely Hearts Club Band", "Sgt Peppers Lonely Hearts Club Band", "punctuation"),
    apart("Greatest Hits Vol. 2", "Greatest Hits Vol. 1", "volume numbers"),
    apart("Greatest Hits, Vol. 2", "Greatest Hits", "volume kept"),
    apart("Kill Bill Vol. 2", "Kill Bill Vol. 20", "number boundary"),
    apart("Part II", "Part III", "roman numerals"),
    apart("Live at Leeds", "Leeds", "live album is another album"),
    apart("Unplugged (Live)", "Unplugged", "live group kept"),
    apart("Nevermind (Live at the Paramount)", "Nevermind", "live recording"),
    apart("Fearless (Taylor's Version)", "Fearless", "a re-recording is another album"),
    apart("Random Access Memories (Drumless Edition)", "Random Access Memories (Remixes)", "remix album"),
    apart("Blue (Acoustic)", "Blue", "acoustic version kept"),
    apart("1989", "1988", "different years"),
    apart("Ceinture noire (Décennie)", "Ceinture noire", "an unknown subtitle stays"),
    apart("Tubular Bells (Extended Mix)", "Tubular Bells", "a mix is not an edition"),
    apart("ガール", "カール", "Japanese voicing mark"),
  ]

  @Test(arguments: albumPairs)
  func albumBaseTitles(_ pair: Pair) {
    #expect((AlbumKey(pair.first).base == AlbumKey(pair.second).base) == pair.same)
  }

  struct Split: CustomTestStringConvertible, Sendable {
    var title: String
    var editions: [Edition]
    var kind: ReleaseKind
    var testDescription: String { title }
  }

  static let splits: [Split] = [
    Split(title: "Soundtrack to the Apocalypse (Deluxe Version)", editions: [.deluxe], kind: .album),
    Split(title: "Soundtrack to the Apocalypse", editions: [], kind: .album),
    Split(title: "Thriller [Bonus Track Version]", editions: [.bonusTracks], kind: .album),
    Split(title: "Rumours (2011 Remaster)", editions: [.remaster], kind: .album),
    Split(title: "Rumours (Remastered)", editions: [.remaster], kind: .album),
    Split(title: "Nevermind (Expanded Edition)", editions: [.expanded], kind: .album),
    Split(title: "Abbey Road (Super Deluxe)", editions: [.superDeluxe], kind: .album),
    Split(title: "Nevermind (30th Anniversary Edition)", editions: [.anniversary], kind: .album),
    Split(title: "Back in Black (Complete Edition)", editions: [.complete], kind: .album),
    Split(title: "Repentless - Single", editions: [], kind: .single),
    Split(title: "Nightmare·Escape The ERA - EP", editions: [], kind: .ep),
    Split(title: "Purple Rain (Disc 1)", editions: [], kind: .album),
    Split(title: "1989 (Deluxe Edition) [Remastered]", editions: [.deluxe, .remaster], kind: .album),
    Split(title: "Come On Over (Diamond Edition / Super Deluxe)", editions: [.superDeluxe], kind: .album),
    Split(title: "Live at Leeds (Deluxe Edition)", editions: [.deluxe], kind: .album),
    Split(title: "Dark Side of the Moon - Remastered 2011", editions: [.remaster], kind: .album),
    Split(title: "(Deluxe)", editions: [], kind: .album),
    Split(title: "Unplugged (Live)", editions: [], kind: .album),
  ]

  @Test(arguments: splits)
  func editionsAndKinds(_ split: Split) {
    let key = AlbumKey(split.title)
    #expect(key.editions == split.editions)
    #expect(key.kind == split.kind)
  }

  /// A " - EP" / " - Single" packaging as stores write it: any dash, spaced, unspaced or with no-break spaces, in
  /// any case, before or after an edition part in parentheses or brackets.
  struct KindSuffix: CustomTestStringConvertible, Sendable {
    var title: String
    var editions: [Edition]
    var kind: ReleaseKind
    var testDescription: String {
      title.unicodeScalars.map { $0.isASCII ? String($0) : $0.escaped(asASCII: true) }.joined()
    }
  }

  static let kindSuffixes: [KindSuffix] = {
    let dashes = ["-", "\u{2013}", "\u{2014}"]
    let spacings = [(" ", " "), ("", ""), (" ", ""), ("", " "), ("\u{00A0}", "\u{00A0}")]
    let kinds: [(String, ReleaseKind)] = [("EP", .ep), ("ep", .ep), ("Single", .single), ("SINGLE", .single)]
    let parts: [(String, [Edition])] = [("(Deluxe)", [.deluxe]), ("[Remastered]", [.remaster])]
    var cases: [KindSuffix] = []
    for dash in dashes {
      for (before, after) in spacings {
        for (word, kind) in kinds {
          let suffix = before + dash + after + word
          for (part, editions) in parts {
            cases.append(
              KindSuffix(title: "Song Machine Episode 2" + suffix + " " + part, editions: editions, kind: kind))
            cases.append(KindSuffix(title: "Song Machine Episode 2 " + part + suffix, editions: editions, kind: kind))
          }
          cases.append(KindSuffix(title: "Song Machine Episode 2" + suffix, editions: [], kind: kind))
        }
      }
    }
    return cases
  }()

  @Test(arguments: kindSuffixes)
  func theKindSuffixIsReadWhereverItStands(_ suffix: KindSuffix) {
    #expect(
      AlbumKey(suffix.title)
        == AlbumKey(base: "songmachineepisode2", editions: suffix.editions, kind: suffix.kind))
  }

  @Test(arguments: [
    ("Spider-Man", "spiderman"), ("X-Ray", "xray"), ("Deep Sleep", "deepsleep"), ("Sleep-Deep", "sleepdeep"),
    ("Keep", "keep"), ("Singles", "singles"), ("Blink-182", "blink182"), ("EP", "ep"), ("- EP", "ep"),
    ("Hip-Hop Single Ladies", "hiphopsingleladies"),
  ])
  func aDashInsideATitleIsNoKindSuffix(_ title: String, _ base: String) {
    #expect(AlbumKey(title) == AlbumKey(base: base))
  }

  @Test func aTitleThatIsOnlyAMarkerKeepsItsText() {
    #expect(AlbumKey("(Deluxe)").base == "deluxe")
    #expect(AlbumKey("?").base == "?")
    #expect(ArtistKey("!!!").rawValue == "!!!")
  }

  @Test func keysAreReadableFoldedText() {
    #expect(ArtistKey("The Beatles").rawValue == "beatles")
    #expect(ArtistKey("Simon & Garfunkel").rawValue == "simonandgarfunkel")
    #expect(AlbumKey("Rumours (2011 Remaster)").base == "rumours")
  }

  static let credits: [(String, String)] = [
    ("Nicky Jam feat. J Balvin", "Nicky Jam"),
    ("Eminem ft. Rihanna", "Eminem"),
    ("Calvin Harris featuring Ellie Goulding", "Calvin Harris"),
    ("Rae Sremmurd with Juicy J", "Rae Sremmurd"),
    ("David Guetta (feat. Sia)", "David Guetta"),
    ("DJ Snake [feat. Justin Bieber]", "DJ Snake"),
    ("Drake Feat. Future", "Drake"),
    ("Simon & Garfunkel", "Simon & Garfunkel"),
    ("Earth, Wind & Fire", "Earth, Wind & Fire"),
    ("Without Tears", "Without Tears"),
    ("Ftopia", "Ftopia"),
    ("With Honors", "With Honors"),
    ("  Adele  ", "Adele"),
  ]

  @Test(arguments: credits)
  func featuredArtistsAreSplitOff(_ credit: String, _ primary: String) {
    #expect(ArtistCredit.primaryArtist(credit) == primary)
  }

  @Test(arguments: [
    "Various Artists", "Various", "VA", "Multi-interprètes", "Verschiedene Interpreten", "Varios Artistas",
  ])
  func variousArtistsAliases(_ name: String) {
    #expect(ArtistCredit.isVariousArtists(name))
  }

  @Test(arguments: ["Various Cruelties", "Vance Joy", "The Various"])
  func bandsThatOnlyLookVarious(_ name: String) {
    #expect(!ArtistCredit.isVariousArtists(name))
  }
}

extension String {
  /// The canonical decomposition, written out so tests can feed NFD text.
  fileprivate var decomposedForTest: String {
    var scalars = String.UnicodeScalarView()
    for scalar in unicodeScalars {
      // Hangul syllables decompose arithmetically (Unicode §3.12).
      let value = scalar.value
      if (0xAC00...0xD7A3).contains(value) {
        let index = value - 0xAC00
        let lead = 0x1100 + index / 588
        let vowel = 0x1161 + (index % 588) / 28
        let trail = 0x11A7 + index % 28
        scalars.append(Unicode.Scalar(lead) ?? scalar)
        scalars.append(Unicode.Scalar(vowel) ?? scalar)
        if trail != 0x11A7 { scalars.append(Unicode.Scalar(trail) ?? scalar) }
      } else {
        scalars.append(scalar)
      }
    }
    return String(scalars)
  }
}
