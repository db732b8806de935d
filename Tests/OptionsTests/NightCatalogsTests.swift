import Catalog
import Foundation
import SettingsKit
import Testing

@testable import DeepcutCLI
@testable import Options

/// A night may ask several catalogs: `--provider` and `provider.name` name them in the order of their links, and each
/// catalog's own settings (its address, pace, batch, timeout, cache age) are given for all or for one, by flag or in
/// config.json, and read for each catalog into its `CatalogNight`.
struct NightCatalogsTests {
  static let registry = ProviderRegistry.standard

  static func resolved(_ flags: [String], config: String = "{}", for spec: CommandSpec = ReportCommand.spec) throws
    -> Resolved
  {
    try SettingsTableTests.resolved(flags, config: config, for: spec)
  }

  static func names(_ settings: Resolved) throws -> [String] { try settings.nightCatalogs.map(\.name.rawValue) }

  static func catalog(_ name: String) throws -> any ProviderDefinition { try #require(registry.named(name)) }

  /// What reading `flags` and `config` for a report throws, as deepcut says it.
  static func refusal(_ flags: [String], config: String = "{}") -> String {
    SettingsTableTests.refusal { _ = try ReportSettingsTests.report(flags + ["--offline"], config: config) }
  }

  // MARK: - The list

  @Test func theFlagNamesCatalogsInAnyCaseEachOnceInTheirOrder() throws {
    #expect(try Self.names(Self.resolved(["--provider", "Deezer,MUSICBRAINZ, deezer"])) == ["deezer", "musicbrainz"])
    #expect(try Self.names(Self.resolved(["--provider", "deezer", "--provider", "itunes"])) == ["deezer", "itunes"])
    #expect(try Self.names(Self.resolved(["--provider=musicbrainz"])) == ["musicbrainz"])
    // Named nowhere: the recommended night; MusicBrainz only once someone says who runs this.
    #expect(Self.registry.defaultNight.map(\.name) == ["deezer", "musicbrainz"])
    #expect(try Self.names(Self.resolved(["--contact", "me@example.org"])) == ["deezer", "musicbrainz"])
    #expect(try Self.names(Self.resolved([])) == ["deezer"])
    #expect(try Self.resolved([]).waitingForContact == ["musicbrainz"])
  }

  /// A state keeps the night's catalogs only when it holds one that is not recommended: one that knows only some of
  /// the recommended ones had one down, or no contact for MusicBrainz, on the nights it learned from.
  @Test func earlierNightsKeepTheirCatalogsOnlyWhenNotOnlyRecommendedOnes() throws {
    var partOfTheRecommended = try Self.resolved(["--contact", "me@example.org"])
    partOfTheRecommended.earlierCatalogs = ["deezer"]
    #expect(try Self.names(partOfTheRecommended) == ["deezer", "musicbrainz"])
    #expect(partOfTheRecommended.keepsEarlierCatalogs == nil)
    var withoutContact = try Self.resolved([])
    withoutContact.earlierCatalogs = ["deezer"]
    #expect(try Self.names(withoutContact) == ["deezer"])
    #expect(withoutContact.waitingForContact == ["musicbrainz"])
    var others = try Self.resolved(["--contact", "me@example.org"])
    others.earlierCatalogs = ["itunes", "deezer"]
    #expect(try Self.names(others) == ["itunes", "deezer"])
    #expect(others.keepsEarlierCatalogs == ["itunes", "deezer"])
    #expect(others.waitingForContact.isEmpty)
    var named = try Self.resolved(["--provider", "musicbrainz", "--contact", "me@example.org"])
    named.earlierCatalogs = ["itunes"]
    #expect(try Self.names(named) == ["musicbrainz"])
  }

  @Test func configJSONNamesThemInOneTextOrAList() throws {
    let text = try Self.resolved([], config: #"{"provider": {"name": "deezer,MusicBrainz"}}"#)
    #expect(try Self.names(text) == ["deezer", "musicbrainz"])
    let list = try Self.resolved([], config: #"{"provider": {"name": ["MusicBrainz", "deezer", "musicbrainz"]}}"#)
    #expect(try Self.names(list) == ["musicbrainz", "deezer"])
    // The flag over the file, whole.
    let both = try Self.resolved(["--provider", "itunes"], config: #"{"provider": {"name": ["deezer"]}}"#)
    #expect(try Self.names(both) == ["itunes"])
    // Written back as config.json has it: one name as a text, several as a list.
    let kind = SettingsTable.standard.catalogs.provider.kind
    #expect(kind.json(try list.nightCatalogs) == #"["musicbrainz", "deezer"]"#)
    #expect(kind.json(try both.nightCatalogs) == #""itunes""#)
    #expect(kind.text(try list.nightCatalogs) == "musicbrainz,deezer")
  }

  @Test func aNameThatIsNoCatalogIsRefusedWithTheNearest() throws {
    let flags: [(String, String)] = [
      ("deezr", "--provider takes itunes, musicbrainz or deezer, not 'deezr' (did you mean 'deezer'?)"),
      ("itunes,spotifyy", "--provider takes itunes, musicbrainz or deezer, not 'spotifyy'"),
      ("deezer,", "--provider takes itunes, musicbrainz or deezer, not ''"),
    ]
    for (given, message) in flags {
      #expect(SettingsTableTests.refusal { _ = try Self.resolved(["--provider", given]).nightCatalogs } == message)
    }
    let files: [(String, String)] = [
      (#""deezer,x""#, #"c.json: provider.name: expected one of itunes, musicbrainz, deezer, found "x""#),
      (
        #"["deezer", "musicbrain"]"#,
        #"c.json: provider.name[1]: expected one of itunes, musicbrainz, deezer, found "musicbrain" (did you mean 'musicbrainz'?)"#
      ),
      (#"["deezer", 3]"#, "c.json: provider.name[1]: expected text, found 3"),
      ("[]", "c.json: provider.name: expected a catalog's name, or a list of one or more, found a list"),
      ("3", "c.json: provider.name: expected a catalog's name, or a list of one or more, found 3"),
    ]
    for (json, message) in files {
      let file = #"{"provider": {"name": \#(json)}}"#
      #expect(Deepcut.configurationProblem(in: Data(file.utf8), path: "c.json") == message, "\(json)")
    }
  }

  // MARK: - Each catalog's own settings

  /// For catalog C: `--flag C=V`, else a bare `--flag V`, else `provider.C.key`, else `provider.key`, else C's default.
  @Test func eachCatalogsValueComesFromTheFirstOfFiveLevels() throws {
    let night = ["--provider", "deezer,musicbrainz"]
    let deezer = try Self.catalog("deezer")
    let musicBrainz = try Self.catalog("musicbrainz")
    func limits(_ flags: [String], _ provider: String? = nil) throws -> [Int] {
      let members = [provider.map { #""deezer": {"requestsPerMinute": \#($0)}"# }, #""requestsPerMinute": 7"#]
      let config = #"{"provider": {\#(members.compactMap { $0 }.joined(separator: ", "))}}"#
      let settings = try Self.resolved(night + flags, config: config)
      return try [deezer, musicBrainz].map { catalog in try settings[\.catalogs.rateLimit, for: catalog] }
    }
    #expect(try limits(["--rate-limit", "deezer=3", "--rate-limit", "5"], "9") == [3, 5])
    #expect(try limits(["--rate-limit", "5", "--rate-limit", "DEEZER=3"], "9") == [3, 5])
    #expect(try limits(["--rate-limit", "5"], "9") == [5, 5])
    #expect(try limits([], "9") == [9, 7])
    #expect(try limits([]) == [7, 7])
    let plain = try Self.resolved(night)
    #expect(
      try [deezer, musicBrainz].map { try plain[\.catalogs.rateLimit, for: $0] }
        == [deezer.defaultRequestsPerMinute, musicBrainz.defaultRequestsPerMinute])
  }

  /// A bare value is every catalog's: `--rate-limit 0` lifts every limit, `--batch-size` and the rest the same.
  @Test func aBareValueServesEveryCatalogOfTheNight() throws {
    let report = try ReportSettingsTests.report([
      "--provider", "musicbrainz,itunes,deezer", "--offline", "--rate-limit", "0", "--batch-size", "30",
      "--max-age", "itunes=2", "--max-age", "5", "--timeout", "7",
    ])
    #expect(report.plan.catalogs.searched.map(\.definition.name) == ["musicbrainz", "itunes", "deezer"])
    #expect(report.plan.catalogs.searched.allSatisfy { $0.run.requestsPerMinute == .infinity })
    #expect(report.plan.catalogs.searched.map(\.pass.batchSize) == [30, 30, 30])
    let hour: TimeInterval = 3600
    #expect(report.plan.catalogs.searched.map(\.pass.maxAge) == [5 * hour, 2 * hour, 5 * hour])
    // Editions are a catalog's own way too; the window is the night's.
    #expect(report.plan.catalogs.searched.map(\.finder.catalogGroupsEditions) == [true, false, false])
    #expect(Set(report.plan.catalogs.searched.map(\.finder.since)).count == 1)
    // The window and the kinds are the night's, read once.
    #expect(report.plan.catalogs.searched.first?.definition.name == "musicbrainz")
    #expect(
      report.plan.catalogs.finder.since == report.plan.catalogs.searched[0].finder.since
        && !report.plan.catalogs.finder.catalogGroupsEditions)
  }

  @Test func nameEqualsIsOneCatalogsOnlyForARegisteredName() throws {
    let query = "http://127.0.0.1:8080/x?a=b"
    let alone = try Self.resolved(["--base-url", query])
    #expect(try alone[\.catalogs.baseURL, for: alone.nightCatalogs[0]].absoluteString == query)
    let named = try Self.resolved([
      "--provider", "itunes,deezer", "--base-url", "Deezer=http://d.test/", "--base-url", "itunes=http://i.test/?x=y",
    ])
    #expect(try named[\.catalogs.baseURL, for: Self.catalog("deezer")].absoluteString == "http://d.test/")
    #expect(try named[\.catalogs.baseURL, for: Self.catalog("itunes")].absoluteString == "http://i.test/?x=y")
    // No catalog is called so: the whole is the value, refused as one.
    #expect(
      Self.refusal(["--rate-limit", "nosuch=5"])
        == "--rate-limit takes a whole number from 0 to 100000, not 'nosuch=5'")
  }

  @Test func anAddressNamingNoCatalogIsRefusedForANightOfSeveral() throws {
    let night = ["--provider", "deezer,musicbrainz"]
    #expect(
      Self.refusal(night + ["--base-url", "http://127.0.0.1:8080"])
        == "--base-url http://127.0.0.1:8080 names no catalog, and tonight asks deezer and musicbrainz: write "
        + "--base-url NAME=URL for each")
    // Given for one, the other has none to fall back on.
    #expect(
      Self.refusal(night + ["--base-url", "deezer=http://d.test", "--base-url", "http://m.test"]).hasPrefix(
        "--base-url http://m.test names no catalog"))
    #expect(
      Self.refusal(night, config: #"{"provider": {"baseURL": "http://127.0.0.1:8080"}}"#)
        == "config.json: provider.baseURL names no catalog, and tonight asks deezer and musicbrainz: write "
        + "provider.NAME.baseURL for each")
    let each = try ReportSettingsTests.report(
      night + ["--offline", "--base-url", "deezer=http://d.test", "--base-url", "musicbrainz=http://m.test"])
    #expect(each.plan.catalogs.searched.map(\.run.baseURL.host) == ["d.test", "m.test"])
    let file = try ReportSettingsTests.report(
      night + ["--offline", "--base-url", "deezer=http://d.test"],
      config: #"{"provider": {"baseURL": "http://x.test", "musicbrainz": {"baseURL": "http://m.test"}}}"#)
    #expect(file.plan.catalogs.searched.map(\.run.baseURL.host) == ["d.test", "m.test"])
    // With one catalog, a bare one is its own as it always was.
    #expect(
      try ReportSettingsTests.report(["--offline", "--base-url", "http://x.test"]).plan.catalogs.searched[0].run.baseURL
        .host
        == "x.test")
  }

  @Test func aValueForACatalogTheNightDoesNotAskIsRefused() throws {
    #expect(
      Self.refusal(["--provider", "itunes", "--rate-limit", "deezer=5"])
        == "--rate-limit deezer=5 is for deezer, which tonight does not ask (it asks itunes): add deezer to "
        + "--provider, or leave the value out")
    #expect(
      Self.refusal(["--provider", "itunes,musicbrainz", "--timeout", "deezer=5"]).hasPrefix(
        "--timeout deezer=5 is for deezer, which tonight does not ask (it asks itunes and musicbrainz)"))
    // A catalog's own setting is its own alone.
    #expect(
      Self.refusal(["--provider", "musicbrainz", "--cover-art-url", "deezer=http://c.test"])
        == "--cover-art-url is musicbrainz's own: give it as --cover-art-url URL")
    // config.json may keep another night's values: they are not read tonight.
    let kept = try ReportSettingsTests.report(
      ["--offline", "--provider", "itunes"], config: #"{"provider": {"deezer": {"requestsPerMinute": 5}}}"#)
    #expect(kept.plan.catalogs.searched[0].run.requestsPerMinute == Double(ITunesCatalog().defaultRequestsPerMinute))
  }

  /// The etiquette is each catalog's: who runs this for one that asks it, and its production limit.
  @Test func eachCatalogIsHeldToItsOwnRules() throws {
    let night = ["--provider", "itunes,musicbrainz"]
    #expect(
      SettingsTableTests.refusal { _ = try ReportSettingsTests.report(night) }.hasPrefix(
        "musicbrainz asks every client to say who runs it"))
    #expect(
      SettingsTableTests.refusal {
        _ = try ReportSettingsTests.report(night + ["--contact", "me@example.org", "--rate-limit", "musicbrainz=120"])
      } == "musicbrainz.org takes at most one request a second: --rate-limit musicbrainz=60 or less")
    let kept = try ReportSettingsTests.report(night + ["--contact", "me@example.org", "--rate-limit", "itunes=120"])
    #expect(kept.plan.catalogs.searched.map(\.run.requestsPerMinute) == [120, 50])
  }

  // MARK: - config.json

  @Test func configJSONTakesOneCatalogsKeysUnderItsName() throws {
    let file = #"""
      {"provider": {"name": ["deezer", "musicbrainz"], "deezer": {"baseURL": "http://d.test", "batchSize": 3},
        "musicbrainz": {"requestsPerMinute": 12, "coverArtURL": "http://c.test/covers"}}}
      """#
    #expect(Deepcut.configurationProblem(in: Data(file.utf8), path: "c.json") == nil)
    let report = try ReportSettingsTests.report(["--offline"], config: file)
    #expect(
      report.plan.catalogs.searched.map(\.run.baseURL.absoluteString) == ["http://d.test", "https://musicbrainz.org"])
    #expect(report.plan.catalogs.searched.map(\.pass.batchSize) == [3, CatalogPassOptions().batchSize])
    #expect(report.plan.catalogs.searched.map(\.run.requestsPerMinute) == [540, 12])
    #expect(
      report.plan.catalogs.searched[1].run[MusicBrainzCatalog.coverArtURL].absoluteString == "http://c.test/covers")
  }

  @Test func configJSONRefusesKeysNoCatalogHas() throws {
    let refusals: [(String, String)] = [
      (#"{"nosuch": {"baseURL": "http://x"}}"#, "c.json: unknown key 'provider.nosuch'"),
      (#"{"deezr": {"baseURL": "http://x"}}"#, "c.json: unknown key 'provider.deezr' (did you mean 'deezer'?)"),
      (#"{"deezer": {"nosuch": 1}}"#, "c.json: unknown key 'provider.deezer.nosuch'"),
      (
        #"{"deezer": {"baseUrl": "http://x"}}"#,
        "c.json: unknown key 'provider.deezer.baseUrl' (did you mean 'baseURL'?)"
      ),
      // Another catalog's own setting, and what is the night's and not a catalog's.
      (#"{"deezer": {"coverArtURL": "http://x"}}"#, "c.json: unknown key 'provider.deezer.coverArtURL'"),
      (#"{"deezer": {"recheckAfterDays": 3}}"#, "c.json: unknown key 'provider.deezer.recheckAfterDays'"),
      (#"{"deezer": {"name": "itunes"}}"#, "c.json: unknown key 'provider.deezer.name'"),
      (#"{"deezer": 3}"#, "c.json: provider.deezer: expected an object { ... }, found 3"),
      (
        #"{"deezer": {"batchSize": 0}}"#,
        "c.json: provider.deezer.batchSize: expected a whole number from 1 to 200, found 0"
      ),
      (#"{"deezer": {"baseURL": null}}"#, "c.json: provider.deezer.baseURL: expected text, found null"),
    ]
    for (members, message) in refusals {
      let problem = Deepcut.configurationProblem(in: Data(#"{"provider": \#(members)}"#.utf8), path: "c.json")
      #expect(problem?.hasPrefix(message) == true, "\(members): \(problem ?? "fine")")
    }
  }

  // MARK: - Snapshots

  @Test func eachCatalogReadsItsOwnFolderOfASnapshotElseTheFolder() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("deepcut-snapshot-\(UUID())")
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("deezer"), withIntermediateDirectories: true)
    // A file of that name is not a folder of answers.
    try Data().write(to: directory.appendingPathComponent("itunes"))
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.path
    #expect(try CatalogOptions.snapshot(in: path, of: Self.catalog("deezer")) == path + "/deezer")
    #expect(try CatalogOptions.snapshot(in: path, of: Self.catalog("musicbrainz")) == path)
    #expect(try CatalogOptions.snapshot(in: path, of: Self.catalog("itunes")) == path)
    // Answered from recorded responses, no catalog is held to a pace or asked to be told who runs this.
    let report = try ReportSettingsTests.report(["--provider", "deezer,musicbrainz", "--snapshot", path])
    #expect(report.plan.catalogs.searched.allSatisfy { $0.run.requestsPerMinute == .infinity })
  }

  // MARK: - Commands that ask one catalog

  @Test func artistsTakesOneCatalogAndSaysWhereSeveralCameFrom() throws {
    let artists = ArtistsCommand.spec
    #expect(try Self.resolved(["--provider", "Deezer"], for: artists).oneCatalog(for: "artists").name == "deezer")
    #expect(
      try Self.resolved([], config: #"{"provider": {"name": ["musicbrainz"]}}"#, for: artists)
        .oneCatalog(for: "artists").name == "musicbrainz")
    #expect(
      SettingsTableTests.refusal {
        _ = try Self.resolved(["--provider", "deezer,itunes"], for: artists).oneCatalog(for: "artists")
      } == "--provider names deezer and itunes, and artists takes one catalog: name one with --provider NAME")
    let several = try Self.resolved([], config: #"{"provider": {"name": "deezer,musicbrainz"}}"#, for: artists)
    #expect(
      SettingsTableTests.refusal { _ = try several.oneCatalog(for: "artists") }
        == "config.json: provider.name names deezer and musicbrainz, and artists takes one catalog: name one with "
        + "--provider NAME")
    // The flag names the one the file does not.
    let chosen = try Self.resolved(
      ["--provider", "deezer"], config: #"{"provider": {"name": "deezer,itunes"}}"#, for: artists)
    #expect(try chosen.oneCatalog(for: "artists").name == "deezer")
  }

  @Test func artistsRefusesSeveralThroughTheCommandLine() async throws {
    let state = FileManager.default.temporaryDirectory.appendingPathComponent("deepcut-artists-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: state) }
    let status = await Deepcut.run(arguments: ["artists", "--provider", "deezer,itunes", "--state-dir", state])
    #expect(status == .usage)
  }

  /// `why` explains the report of the night's catalogs: it takes the list.
  @Test func whyTakesTheNightsCatalogs() throws {
    let why = try Self.resolved(["--provider", "deezer,musicbrainz"], for: WhyCommand.spec)
    #expect(try Self.names(why) == ["deezer", "musicbrainz"])
    let report = try ReportSettings(
      why.overriding(\.catalogs.offline, with: true).overriding(\.library.path, with: "/m.xml"))
    #expect(report.plan.catalogs.searched.map(\.definition.name) == ["deezer", "musicbrainz"])
  }

  // MARK: - The declarations

  /// A setting each catalog has lives under `provider` in config.json, so one catalog's is `provider.NAME.key`;
  /// `--help` says how to give one catalog's.
  @Test func everySettingEachCatalogHasIsUnderProviderAndSaysHowToGiveOnes() throws {
    let each = SettingsTable.settings(Self.registry).filter { !$0.scope.isRun }
    #expect(
      Set(each.map(\.name)).isSuperset(of: [
        "base-url", "rate-limit", "batch-size", "timeout", "max-age", "cover-art-url",
      ]))
    for setting in each {
      #expect(setting.key?.hasPrefix("provider.") == true, "\(setting.name)")
      let help = setting.helpText(CatalogUnits(registry: Self.registry))
      if setting.scope.only == nil { #expect(help.contains("NAME="), "\(setting.name): \(help)") }
    }
    let report = Deepcut.interface(Self.registry).help(ReportCommand.spec)
    #expect(report.contains("; NAME=N for one catalog\n"))
    #expect(report.contains("with several catalogs, NAME=URL for each\n"))
  }
}
