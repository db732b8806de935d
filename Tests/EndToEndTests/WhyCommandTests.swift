import Fixtures
import Foundation
import TestSupport
import Testing

/// `deepcut why` end to end on the sample library: the real binary, after a real report, offline. Golden files
/// next to this file; re-record with DEEPCUT_RECORD_GOLDEN=1 swift test --filter WhyCommandTests.
struct WhyCommandTests {
  /// A state folder after the README's sample report (told as a nightly e-mail tells it) on `provider`.
  static func reported(_ provider: String) async throws -> String {
    let state = NSTemporaryDirectory() + "deepcut-why-" + UUID().uuidString
    let snapshot = provider == "itunes" ? "samples/catalogs/itunes" : "samples/catalogs/musicbrainz"
    let result = try await DeepcutProcess.run([
      "report", "--library", "samples/Library.xml", "--provider", provider, "--snapshot", snapshot, "--now",
      "2026-11-29", "--state-dir", state, "--since-last-run", "--quiet",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    return state
  }

  static func why(_ arguments: [String], provider: String, state: String) async throws -> DeepcutProcess.Result {
    try await DeepcutProcess.run(
      ["why"] + arguments + ["--provider", provider, "--library", "samples/Library.xml", "--state-dir", state],
      environment: ["XDG_CONFIG_HOME": state + "/no-config"])
  }

  /// After a night of Deezer and MusicBrainz, each catalog's explanation names the other's listing of a release and
  /// how the two were found to be one row; told through one catalog is told in both.
  @Test func aNightOfSeveralCatalogsIsExplainedCatalogByCatalogWithTheRowsTheyShare() async throws {
    let state = NSTemporaryDirectory() + "deepcut-why-joint-" + UUID().uuidString
    let night = ["--provider", "deezer,musicbrainz", "--library", "samples/Library.xml", "--state-dir", state]
    let report = try await DeepcutProcess.run(
      ["report"] + night + ["--snapshot", "samples/catalogs", "--now", "2026-11-29", "--since-last-run", "--quiet"])
    #expect(report.status == 0, "\(report.stderr)")
    let why = try await DeepcutProcess.run(
      ["why", "Dario & Odette", "Glasshouse"] + night, environment: ["XDG_CONFIG_HOME": state + "/no-config"])
    #expect(why.status == 0, "\(why.stderr)")
    #expect(why.stdout.contains("from deezer") && why.stdout.contains("from musicbrainz"), "\(why.stdout)")
    #expect(why.stdout.contains("one report row with musicbrainz’s “Glasshouse”"), "\(why.stdout)")
    #expect(why.stdout.contains("by the same artist, title and kind, dated within 3 days"))
    #expect(why.stdout.components(separatedBy: "told on 29 Nov 2026 as new").count - 1 >= 2)
    let json = try await DeepcutProcess.run(
      ["why", "Dario & Odette", "--json"] + night, environment: ["XDG_CONFIG_HOME": state + "/no-config"])
    let explanations = try #require(try JSONValue(json: json.stdout).array)
    #expect(explanations.map { $0["provider"].string } == ["deezer", "musicbrainz"])
    let release = try #require(
      explanations.first?["releases"].array?.first { $0["title"].string == "Glasshouse" })
    #expect(release["catalogs"] == ["deezer", "musicbrainz"])
    #expect(release["joinedBy"].string == "titleAndDate")

    // What a release is, and what said so: MusicBrainz's barcode answer kept from the night, asked nothing now.
    let reissue = try await DeepcutProcess.run(
      ["why", "Kælan Fjöll", "Midnight Sun", "--json"] + night, environment: ["XDG_CONFIG_HOME": state + "/no-config"])
    let said = try #require(try JSONValue(json: reissue.stdout).array)
    let sun = try #require(
      said.first?["releases"].array?.first { $0["title"].string == "Midnight Sun" })
    #expect(sun["class"].string == "reissue" && sun["placement"].string == "also")
    #expect(sun["reissueOf"]["year"].int == 1998)
    #expect(sun["classEvidence"].array?.first?["source"].string == "barcode")
    #expect(
      (sun["sentence"].string)?.contains(
        "a reissue of Midnight Sun (1998) (musicbrainz, asked by its barcode, files it with “Midnight Sun”, first out "
          + "1998): listed under Also out") == true, "\(sun["sentence"])")
  }

  @Test(arguments: [
    ("itunes", ["Lil Vesper", "Night Drive"], "why-collaboration"),
    ("musicbrainz", ["Sonic Engines"], "why-owned-ep"),
    ("musicbrainz", ["赤い風船"], "why-ambiguous"),
    ("musicbrainz", ["Daphne Oakes", "Storm and Island"], "why-not-listed"),
    ("itunes", ["Dario & Odette", "Glasshouse"], "why-told"),
  ])
  func explainsInPlainSentencesAndAsAStableObject(provider: String, arguments: [String], golden: String) async throws {
    let state = try await Self.reported(provider)
    for (format, extra) in [("txt", [String]()), ("json", ["--json"])] {
      let result = try await Self.why(arguments + extra, provider: provider, state: state)
      #expect(result.status == 0, "\(result.stderr)")
      try Self.compare(result.stdout, golden: "\(golden).\(format)")
    }
  }

  @Test func theSentencesSayWhatTheyShould() async throws {
    let musicbrainz = try await Self.reported("musicbrainz")
    let owned = try await Self.why(["Sonic Engines"], provider: "musicbrainz", state: musicbrainz).stdout
    // The EP bought the week it came out is owned, by the kind MusicBrainz gives it.
    #expect(owned.contains("owned     “Sonic Engines”: owned: you own “Sonic Engines - EP” (an EP)"))
    let ambiguous = try await Self.why(["赤い風船"], provider: "musicbrainz", state: musicbrainz).stdout
    #expect(ambiguous.contains("to pin one: deepcut artists pin --provider musicbrainz \"赤い風船\" "))
    let json = try await Self.why(
      ["Daphne Oakes", "Storm and Island", "--json"], provider: "musicbrainz", state: musicbrainz)
    let object = try JSONValue(json: json.stdout)
    try #require(object.object != nil)
    let album = object["album"]
    try #require(album.object != nil)
    #expect(album["found"].bool == false)
    #expect(album["owned"] == ["Storm & Island"])
    #expect((album["sentence"].string)?.hasPrefix("the catalog lists no release called “Storm and Island”") == true)

    // A live album by MusicBrainz's types, though its title says nothing; a studio album that only looks live.
    let live = try await Self.why(["Hélène Mäkelä", "Dusk Sessions"], provider: "musicbrainz", state: musicbrainz)
    #expect(live.stdout.contains("a live album (musicbrainz types it Album + Live): listed under Also out"))
    let lookalike = try await Self.why(["Daphne Oakes", "Live Forever"], provider: "musicbrainz", state: musicbrainz)
    #expect(lookalike.stdout.contains("a studio album (musicbrainz types it Album); told on"), "\(lookalike.stdout)")

    let itunes = try await Self.reported("itunes")
    let version = try await Self.why(
      ["Broken Record Society", "Harbour Lights (Sped Up)"], provider: "itunes", state: itunes)
    #expect(version.stdout.contains("left out as a version (its title says “sped up”)"), "\(version.stdout)")
    let told = try await Self.why(["Dario & Odette", "Glasshouse"], provider: "itunes", state: itunes).stdout
    #expect(told.contains("told on 29 Nov 2026 as new"))
    let collaboration = try await Self.why(["Kilowatt Tide"], provider: "itunes", state: itunes).stdout
    #expect(collaboration.contains("credited to Kilowatt Tide and Lil Vesper, it is listed once, under Kilowatt Tide"))
  }

  @Test func anUnknownArtistExits64NamingTheNearestOnes() async throws {
    let state = try await Self.reported("itunes")
    let result = try await Self.why(["Kilowat Tyde"], provider: "itunes", state: state)
    #expect(result.status == 64)
    #expect(
      result.stderr.contains(#"no artist called "Kilowat Tyde" in samples/Library.xml; the nearest: "Kilowatt Tide""#))
  }

  @Test func anArtistLeftOutByTheConfigSaysWhich() async throws {
    let state = try await Self.reported("itunes")
    try FileManager.default.createDirectory(atPath: state + "/config/deepcut", withIntermediateDirectories: true)
    try Data(#"{"ignoreArtists": ["Lil Vesper"], "minimumOwnedTracks": 2}"#.utf8)
      .write(to: URL(fileURLWithPath: state + "/config/deepcut/config.json"))
    let environment = ["XDG_CONFIG_HOME": state + "/config"]
    let common = ["--library", "samples/Library.xml", "--state-dir", state]
    let ignored = try await DeepcutProcess.run(["why", "Lil Vesper"] + common, environment: environment)
    #expect(ignored.status == 0, "\(ignored.stderr)")
    #expect(ignored.stdout.contains("not looked up: ignoreArtists in the config names it"))
    let few = try await DeepcutProcess.run(
      ["why", "Broken Record Society", "--json"] + common, environment: environment)
    let object = try JSONValue(json: few.stdout)
    try #require(object.object != nil)
    let library = object["library"]
    try #require(library.object != nil)
    #expect(library["lookedUp"].bool == false)
    #expect((library["notLookedUpBecause"].string)?.contains("minimumOwnedTracks (2)") == true)
    #expect(object["releases"].array?.isEmpty == true)
  }

  @Test func helpShowsItWithAnExample() async throws {
    let help = try await DeepcutProcess.run(["--help"]).stdout
    #expect(help.contains("  why "))
    #expect(help.contains(#"deepcut why "Calvin Harris" "One Kiss""#))
    let own = try await DeepcutProcess.run(["why", "--help"]).stdout
    #expect(own.contains("--json"))
    #expect(own.contains("examples:"))
  }

  static func compare(_ text: String, golden name: String) throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/\(name)")
    if ProcessInfo.processInfo.environment["DEEPCUT_RECORD_GOLDEN"] == "1" {
      try Data(text.utf8).write(to: path)
      Issue.record("recorded Golden/\(name); run the tests again without DEEPCUT_RECORD_GOLDEN")
      return
    }
    let expected = try String(contentsOf: path, encoding: .utf8)
    #expect(text == expected, "Golden/\(name) differs; re-record with DEEPCUT_RECORD_GOLDEN=1 if it should")
  }
}
