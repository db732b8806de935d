import Foundation
import Identity
import Testing

@testable import Catalog

/// What a title alone says a release is: the words labels and catalogs write, in the languages libraries hold, and
/// never what a studio title only looks like.
struct TitleGrammarTests {
  static func classOf(_ title: String, _ kind: ReleaseKind = .album) -> ReleaseClass? {
    TitleGrammar.classify(title, kind: kind)?.releaseClass
  }

  @Test(arguments: [
    ("Alive at the Apollo (Live)", ReleaseClass.live), ("Live at Wembley", .live), ("Live from Austin, TX", .live),
    ("Live in Berlin (September 2016)", .live), ("Acústico (Ao Vivo)", .live), ("Mis Éxitos (En Vivo)", .live),
    ("En Directo desde Madrid", .live), ("MTV Unplugged", .live), ("Songs - Live at the BBC", .live),
    ("Anthems [Live]", .live), ("Night Shift (Live Session)", .live), ("Concert at Carnegie Hall", .live),
    ("2019-07-04: Madison Square Garden, New York, NY", .live), ("2016‐09‐11: Lollapalooza: Berlin", .live),
    ("Night Drive (Remixes)", .remix), ("Glasshouse Remixed", .remix), ("Harbour Lights (Club Mix)", .remix),
    ("Paper Moons (Tiësto Remix)", .remix), ("Static Bloom Reworked", .remix), ("Drive (Dub Version)", .remix),
    ("Greatest Hits", .compilation), ("The Best of Kilowatt Tide", .compilation), ("The Very Best Of", .compilation),
    ("Lo Mejor de Los Lobos", .compilation), ("Grandes Éxitos", .compilation), ("Classic Rock Hits", .compilation),
    ("The Essential Dario & Odette", .compilation), ("B-Sides & Rarities", .compilation),
    ("Heatwave (Original Motion Picture Soundtrack)", .soundtrack), ("Orbit - Original Soundtrack", .soundtrack),
    ("Island Story Soundtrack", .soundtrack), ("Le Voyage (Bande Originale du Film)", .soundtrack),
    ("Wild Hearts (Music from the Netflix Series)", .soundtrack), ("Echoes (Original Score)", .soundtrack),
    ("Harbour Lights (Sped Up)", .version), ("Harbour Lights (Slowed + Reverb)", .version),
    ("Night Drive (Instrumental)", .version), ("Night Drive (Karaoke Version)", .version),
    ("Paper Moons (A Cappella)", .version), ("Loud (Radio Edit)", .version), ("Homework (Drumless Edition)", .version),
    ("Homework (Remastered 2026)", .reissue), ("Homework (25th Anniversary Edition)", .reissue),
    ("Tank (2005 Remaster)", .reissue), ("Night Drive - Remastered", .reissue),
    ("Alive 1997 (Live) [Remastered]", .reissue),
  ])
  func aMarkerNamesItsClass(title: String, expected: ReleaseClass) {
    #expect(Self.classOf(title) == expected, "\(title)")
  }

  /// Studio titles that only look like noise: a word inside another ("Alive", "Lost", "Demon Days"), "Live" that
  /// is a verb, an edition that is no reissue, a soundtrack that is a metaphor.
  @Test(arguments: [
    "Live Forever", "Alive", "Come Alive", "Lost", "Demon Days", "Live a Little", "Live and Let Die",
    "Homework (Deluxe Edition)", "Soundtrack to the Apocalypse", "Song Machine Theme Tune", "An Evening With Friends",
    "Kernkraft 400 (A Better Day)", "We Are One (Ole Ola) [The Official 2014 FIFA World Cup Song]", "Remixture",
    "Mixtape Memories", "Collection of Dust", "Private Collection", "Singles", "Unplugging", "Liver",
  ])
  func aStudioTitleSaysNothing(title: String) {
    #expect(Self.classOf(title) == nil, "\(title)")
  }

  @Test func aBestOfIsNamedOnlyForAnAlbum() {
    #expect(Self.classOf("The Best of You", .single) == nil)
    #expect(Self.classOf("Greatest Hits", .ep) == nil)
    #expect(Self.classOf("The Best of You") == .compilation)
  }

  @Test func theWordsThatSaidItAreGiven() throws {
    let said = try #require(TitleGrammar.classify("Harbour Lights (Slowed + Reverb)", kind: .single))
    #expect(said.releaseClass == .version && said.words == "slowed")
  }

  /// The real titles collected in the shared fixtures (`../shared/fixtures/musicbrainz-barcode/noise-titles.tsv`),
  /// read where the checkout sits beside them: no studio look-alike is classed as anything, and where the title
  /// names a class, it is the class the collector judged (or one as far from new music: a remastered live album is
  /// a reissue). Titles with no marker ("Daft Club", "S&M") are for the catalogs' types to class.
  @Test func theCollectedTitlesReadAsTheirClass() throws {
    guard let rows = Self.collectedTitles() else { return }
    var named = 0
    for row in rows {
      let found = TitleGrammar.classify(row.title, kind: row.kind)?.releaseClass
      if row.judged == "studio-lookalike" {
        #expect(found == nil, "\(row.title): a studio title, classed \(String(describing: found))")
        continue
      }
      guard let found else { continue }
      named += 1
      let judged = try #require(ReleaseClass(rawValue: row.judged))
      // A title whose words mislead toward new music ("Hullabaloo Soundtrack", a best-of) keeps it in the main list:
      // never the other way.
      #expect(
        found == judged || found.strictness > judged.strictness || found.defaultPlacement == .main,
        "\(row.title): \(found), judged \(judged)")
    }
    // Most of the collected non-studio titles carry a marker a person would read too.
    #expect(named >= 35, "only \(named) collected titles were named by their words")
  }

  struct CollectedTitle {
    var title: String
    var kind: ReleaseKind
    var judged: String
  }

  /// The collected rows, or nil where the shared fixtures are not beside the checkout.
  static func collectedTitles() -> [CollectedTitle]? {
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    for _ in 0..<8 {
      folder.deleteLastPathComponent()
      let file = folder.appendingPathComponent("shared/fixtures/musicbrainz-barcode/noise-titles.tsv")
      guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
      return text.split(separator: "\n").dropFirst().compactMap { line in
        let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard columns.count >= 4 else { return nil }
        let types = columns[2].lowercased()
        let kind: ReleaseKind = types.contains("=single") ? .single : types.contains("=ep") ? .ep : .album
        return CollectedTitle(title: columns[1], kind: kind, judged: columns[3])
      }
    }
    return nil
  }
}
