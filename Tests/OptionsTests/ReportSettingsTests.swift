import Catalog
import Foundation
import Report
import Testing

@testable import DeepcutCLI
@testable import Options

/// A report reads every setting it takes once, before it starts, and afterwards as its type where it is used: a bad
/// value is refused before anything is read or asked, and what the report does not read is its default.
struct ReportSettingsTests {
  static let table = SettingsTable.standard

  static func report(_ flags: [String], config: String = "{}") throws -> ReportSettings {
    try ReportSettings(SettingsTableTests.resolved(["--library", "/music/Library.xml"] + flags, config: config))
  }

  @Test func everySettingIsReadAsItsTypeWhereItIsUsed() throws {
    let settings = try Self.report(
      [
        "--output", "~/r.json", "--quiet", "--dry-run", "--format", "json", "--feeds", "/srv/feeds", "--snapshot", "/s",
      ],
      config: #"{"minimumOwnedTracks": 3}"#)
    let output: String? = settings[\.output.path]
    #expect(output?.hasSuffix("/r.json") == true && output?.hasPrefix("~") == false)
    #expect(
      settings[\.run.quiet] && settings[\.ledger.dryRun] && !settings[\.run.timings] && !settings[\.ledger.sinceLastRun]
    )
    #expect(settings[\.output.format] == FormatName(JSONFormat.self))
    #expect(settings.plan.output.format is JSONFormat)
    #expect(settings[\.output.feeds] == "/srv/feeds")
    #expect(settings[\.catalogs.snapshot] == "/s")
    #expect(settings[\.library.minimumOwnedTracks] == 3)
    #expect(settings.plan.library.path == "/music/Library.xml")
    // What is made of several settings is made once: recorded answers come at once.
    #expect(settings.plan.catalogs.searched[0].run.requestsPerMinute == .infinity)
  }

  /// One setting says where each class goes: pairs on the command line, an object in the file, the flag's pairs over
  /// the file's, every class not named at its default; the old list of types still reads, as the main list.
  @Test func classesArePlacedByOneSettingAndTheOldTypesStillRead() throws {
    let placed = try Self.report(["--classes", "live=main, Version=also"], config: #"{"classes": {"remix": "none"}}"#)
    #expect(placed.plan.catalogs.finder.placements.changed == [.live: .main, .version: .also])
    let fromFile = try Self.report([], config: #"{"classes": {"remix": "none", "compilation": "also"}}"#)
    #expect(fromFile.plan.catalogs.finder.placements.changed == [.remix: .none])
    let old = try Self.report([], config: #"{"provider": {"includeSecondaryTypes": ["live", "dj-mix"]}}"#)
    #expect(old.plan.catalogs.finder.placements.changed == [.live: .main, .compilation: .main])
    #expect(old.plan.catalogs.searched.allSatisfy { $0.finder.placements == old.plan.catalogs.finder.placements })
    let refusals = [
      (["--classes", "live"], "{}", "--classes takes NAME=CHOICE pairs"),
      (["--classes", "live=maybe"], "{}", "not 'live=maybe'"),
      (
        [], #"{"classes": ["live"]}"#,
        #"config.json: classes: expected an object like {"studio": "main"}, found a list"#
      ),
      ([], #"{"classes": {"jazz": "main"}}"#, "config.json: unknown key 'classes.jazz'"),
      ([], #"{"classes": {"live": "maybe"}}"#, "config.json: classes.live: expected one of main, also, none"),
    ]
    for (flags, file, message) in refusals {
      let refusal = SettingsTableTests.refusal { _ = try Self.report(flags, config: file) }
      #expect(refusal.contains(message), "\(flags) \(file): \(refusal)")
    }
  }

  @Test func whatTheReportDoesNotReadIsItsDefault() throws {
    // The e-mail's settings, in another format; another catalog's own; another command's.
    let file = #"{"email": {"fullReportURL": "ftp://x", "fullReport": "/f.html"}}"#
    let markdown = try Self.report(["--cover-art-url", "ftp://x"], config: file)
    #expect(markdown[\.mail.fullReportURL] == nil)
    #expect(markdown[\.mail.fullReport] == nil)
    #expect(markdown[\.commands.top] == 10)
    #expect(markdown.plan.mail == nil)
    // Read, they are refused as they always were.
    #expect(
      SettingsTableTests.refusal { _ = try Self.report(["--format", "email", "--to", "a@b.c"], config: file) }
        == "--full-report-url takes an http(s) address, not 'ftp://x'")
    #expect(
      SettingsTableTests.refusal {
        _ = try Self.report(["--provider", "musicbrainz", "--offline", "--cover-art-url", "ftp://x"])
      } == "--cover-art-url takes an http(s) URL, not 'ftp://x'")
  }

  @Test func theSettingsReadAreTheReportsOfItsCatalogAndFormat() throws {
    let musicBrainz = try #require(ProviderRegistry.standard.named("musicbrainz"))
    let itunes = try #require(ProviderRegistry.standard.named("itunes"))
    func names(_ format: any ReportFormat.Type, _ catalog: any ProviderDefinition) -> Set<String> {
      Set(ReportSettings.read(format: FormatName(format), catalogs: [catalog]).map(\.name))
    }
    let email = names(EmailFormat.self, musicBrainz)
    let everyReports = SettingsTable.settings(catalogs: [musicBrainz]).filter {
      $0.use(in: ReportCommand.spec.command) != nil || $0.flag == nil
    }
    #expect(email == Set(everyReports.map(\.name)))
    #expect(email.isSuperset(of: ["quiet", "cover-art-url", "full-report-url", "email.maxPartBytes", "days"]))
    #expect(email.isDisjoint(with: ["top", "json", "unresolved", "example", "check"]))
    let markdown = names(MarkdownFormat.self, itunes)
    let emailOnly = SettingsTable.settings(goingWith: FormatName(EmailFormat.self)).map(\.name)
    #expect(emailOnly == ["to", "from", "subject", "full-report", "full-report-url"])
    #expect(markdown == email.subtracting(emailOnly + ["cover-art-url"]))
  }

  /// Once a week the ledger is the week's digest, which a window shorter than a week would leave releases out of;
  /// when announced releases are told goes to the ledger as its type.
  @Test func aWeeklyDigestIsALedgerOfAWeekAtLeast() throws {
    let weekly = try Self.report(["--since-last-run", "--every", "Sat", "--tell-announced", "release-day"])
    #expect(weekly.plan.ledger.weekly && weekly.plan.ledger.cadence == .weekly(.saturday))
    #expect(weekly.plan.ledger.announced == .releaseDay)
    #expect(try !Self.report(["--every", "saturday"]).plan.ledger.weekly, "a report of a window is no digest")
    #expect(
      SettingsTableTests.refusal {
        _ = try Self.report(["--since-last-run", "--days", "5"], config: #"{"every": "fri"}"#)
      }
        == "every friday tells a week's news at once: give --days 7 or more (days in the config), or --every night")
    #expect(try Self.report(["--since-last-run", "--every", "fri", "--since", "2026-11-01"]).plan.ledger.weekly)
  }

  @Test func theFirstSettingThatCannotBeReadIsTheError() throws {
    let resolved = try SettingsTableTests.resolved(["--days", "x", "--country", "USA"], config: "{}")
    #expect(
      SettingsTableTests.refusal {
        _ = try CheckedSettings(reading: [Self.table.window.days, Self.table.catalogs.country], in: resolved)
      } == "--days takes a whole number from 0 to 3650, not 'x'")
    #expect(
      SettingsTableTests.refusal {
        _ = try CheckedSettings(reading: [Self.table.catalogs.country, Self.table.window.days], in: resolved)
      } == "--country takes a two-letter store code like US or GB, not 'USA'")
    let checked = try CheckedSettings(reading: [Self.table.run.quiet], in: resolved)
    #expect(checked[\.run.quiet] == false)
    // What each catalog has is read for each catalog of the night, into its CatalogNight, and never kept as one value.
    let limit = try SettingsTableTests.resolved(["--rate-limit", "x"], config: "{}")
    _ = try CheckedSettings(reading: [Self.table.catalogs.rateLimit], in: limit)
    #expect(
      SettingsTableTests.refusal { _ = try ReportSettings(limit.overriding(\.library.path, with: "/m.xml")) }
        == "--rate-limit takes a whole number from 0 to 100000, not 'x'")
  }

  @Test func aCatalogsOwnSettingReachesTheProviderAsItsType() throws {
    let mirror = try #require(URL(string: "http://127.0.0.1:8080/covers"))
    let flags = ["--provider", "musicbrainz", "--offline"]
    let given = try Self.report(flags + ["--cover-art-url", mirror.absoluteString])
    #expect(given.plan.catalogs.searched[0].run[MusicBrainzCatalog.coverArtURL] == mirror)
    let file = try Self.report(flags, config: #"{"provider": {"coverArtURL": "http://127.0.0.1:8080/covers"}}"#)
    #expect(file.plan.catalogs.searched[0].run[MusicBrainzCatalog.coverArtURL] == mirror)
    #expect(
      try Self.report(flags).plan.catalogs.searched[0].run[MusicBrainzCatalog.coverArtURL] == CoverArtArchive.production
    )
  }

  /// What goes with an e-mail only says so in its declaration; the report refuses it in another format, naming all.
  @Test func aFlagOfAnotherFormatIsRefusedNamingEveryOneOfIt() throws {
    let message = "--to, --from, --subject, --full-report and --full-report-url go with --format email"
    for flags in [
      ["--to", "a@b.c"], ["--from", "x"], ["--subject", "s"], ["--full-report", "f", "--format", "html"],
    ] {
      #expect(SettingsTableTests.refusal { _ = try Self.report(flags) } == message, "\(flags)")
    }
    // From the file they are the nightly e-mail's, left alone by a report in another format.
    let nightly = try Self.report([], config: #"{"email": {"to": ["a@b.c"], "subject": "s"}}"#)
    #expect(nightly.plan.mail == nil && nightly[\.mail.subject] == nil)
    #expect(
      try Self.report(["--format", "email", "--to", "a@b.c", "--subject", "s"]).plan.mail?.message.subject == "s")
  }
}
