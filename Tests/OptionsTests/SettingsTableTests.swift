import Catalog
import Foundation
import Identity
import MusicLibrary
import Report
import SettingsKit
import Testing

@testable import DeepcutCLI
@testable import Options

/// The settings table is the one place a setting is declared: walked here, its help, its example, its parsing and the
/// places the declarations put it must agree with each other for every setting, the catalogs' own included.
struct SettingsTableTests {
  static let registry = ProviderRegistry.standard
  static let units = CatalogUnits(registry: registry)
  static var everySetting: [any SettingDeclaration] { SettingsTable.settings(registry) }

  /// The table is read with `Mirror`, group by group: every stored property of a group is a setting (or the
  /// catalogs' place) or a group, so none is left out of the lists made from it; and every command has its spec.
  @Test func everyStoredPropertyOfTheTableIsADeclaration() throws {
    #expect(SettingsTable.undeclared.isEmpty, "\(SettingsTable.undeclared)")
    let properties = SettingsTable.standard.members.count
    let declared = SettingsTable.settings(catalogs: []).count + 1
    #expect(properties == declared)
    #expect(Mirror(reflecting: SettingsTable.standard).children.allSatisfy { $0.value is any SettingGroup })
    // config.json is read by commands there are, and not by those that print deepcut's own documentation.
    let reading = Set(CommandName.readingConfiguration.map(\.rawValue))
    #expect(reading.isSubset(of: Deepcut.commands.map(\.command.rawValue)))
    #expect(reading.isDisjoint(with: ["completions", "manual"]) && reading.contains("report"))
    // Every use names a command there is, by the one name its spec declares.
    let names = Deepcut.commands.map(\.command)
    #expect(Set(names).count == names.count)
    for setting in Self.everySetting {
      for use in setting.uses { #expect(names.contains(use.command), "\(setting.name): \(use.command)") }
    }
  }

  /// No help line, command's help or example keeps a placeholder its setting did not fill.
  @Test func noHelpOrNoteKeepsAPlaceholder() throws {
    let placeholder = /\{[a-z]+\}/
    for command in Deepcut.commands {
      let help = Deepcut.interface(Self.registry).help(command)
      #expect(help.firstMatch(of: placeholder) == nil, "\(command.name): \(help)")
    }
    for setting in Self.everySetting {
      #expect(setting.helpText(Self.units).firstMatch(of: placeholder) == nil, "\(setting.name)")
    }
    let example = ConfigExample.text(header: Deepcut.exampleHeader, Deepcut.interface(Self.registry))
    #expect(example.firstMatch(of: placeholder) == nil, "\(example)")
  }

  /// A switch with a flag and a key: on from either, the flag over the file's false, off otherwise.
  @Test func aSwitchIsOnFromItsFlagOrItsKey() throws {
    let switches = Self.everySetting.filter { !$0.takesValue && $0.flag != nil && $0.key != nil }
    #expect(switches.map(\.name).contains("send"))
    for setting in switches {
      let bool = try #require(setting as? Setting<Bool>)
      let key = try #require(setting.key)
      let flag = try #require(setting.flag)
      #expect(try Self.resolved([], config: Self.configFile(key, json: "true"))[bool], "\(key)")
      #expect(try !Self.resolved([], config: Self.configFile(key, json: "false"))[bool], "\(key)")
      #expect(try Self.resolved(["--\(flag)"], config: Self.configFile(key, json: "false"))[bool], "\(flag)")
      #expect(try !Self.resolved([], config: "{}")[bool], "\(flag)")
    }
    #expect(try Self.resolved([], config: #"{"email": {"send": true}}"#)[\.mail.send])
  }

  /// A value of the wrong type in config.json is refused naming the file, the key, what it takes and what it found.
  @Test func aValueOfTheWrongTypeInTheFileIsRefusedInItsKindsWords() {
    let refusals = [
      (#"{"days": "30"}"#, #"c.json: days: expected a whole number from 0 to 3650, found "30""#),
      (#"{"days": 2.5}"#, "c.json: days: expected a whole number from 0 to 3650, found 2.5"),
      (#"{"email": {"send": "yes"}}"#, #"c.json: email.send: expected true or false, found "yes""#),
      (#"{"country": 5}"#, "c.json: country: expected text, found 5"),
      (#"{"library": ["a"]}"#, "c.json: library: expected text, found a list"),
      (#"{"email": {"to": "a@b.c"}}"#, #"c.json: email.to: expected a list of texts, found "a@b.c""#),
      (#"{"ignoreArtists": [1]}"#, "c.json: ignoreArtists[0]: expected text, found 1"),
      (#"{"format": "pdf"}"#, #"c.json: format: expected one of markdown, html, json, email, atom, ics, found "pdf""#),
      (#"{"types": ["lp"]}"#, #"c.json: types[0]: expected one of album, ep, single, found "lp""#),
      (
        #"{"provider": {"name": "x"}}"#,
        #"c.json: provider.name: expected one of itunes, musicbrainz, deezer, found "x""#
      ),
      (#"{"provider": 3}"#, "c.json: provider: expected an object { ... }, found 3"),
      (#"{"provider": {"baseURL": null}}"#, "c.json: provider.baseURL: expected text, found null"),
      (#"{"provider": {"coverArtURL": true}}"#, "c.json: provider.coverArtURL: expected text, found true"),
      (#"{"budget": "soon"}"#, #"c.json: budget: expected a length of time like "90s", "10m" or "2h", found "soon""#),
      (
        #"{"provider": {"includeSecondaryTypes": ["x"]}}"#,
        #"c.json: provider.includeSecondaryTypes[0]: expected one of"#
      ),
    ]
    for (file, message) in refusals {
      let refusal = Self.refusal {
        _ = try ConfigFile.parse(Data(file.utf8), path: "c.json", Deepcut.interface(Self.registry))
      }
      #expect(refusal.hasPrefix(message), "\(file): \(refusal)")
    }
  }

  @Test func noTwoSettingsShareAFlagOrAKey() {
    let flags = Self.everySetting.compactMap(\.flag)
    let keys = Self.everySetting.compactMap(\.key)
    #expect(Set(flags).count == flags.count, "\(flags)")
    #expect(Set(keys).count == keys.count, "\(keys)")
    #expect(Set(keys).isDisjoint(with: SettingsTable.refusedKeys.keys))
  }

  @Test func everySettingIsTakenByACommandOrHeldByConfigJSON() {
    for setting in Self.everySetting {
      #expect(setting.key != nil || !setting.uses.isEmpty, "\(setting.name) is in no command and not in config.json")
      // A command takes a setting by its flag: a flag no command takes is read by none, a setting without one is
      // config.json's alone.
      #expect((setting.flag != nil) == !setting.uses.isEmpty, "\(setting.name): a flag, and the commands taking it")
      let commands = setting.uses.map(\.command)
      #expect(Set(commands).count == commands.count, "\(setting.name) names a command twice")
    }
  }

  @Test func everyFlagIsInTheHelpOfEachCommandThatTakesItWithItsDefault() throws {
    for setting in Self.everySetting {
      guard let flag = setting.flag else { continue }
      let words = setting.helpText(Self.units)
      #expect(!words.isEmpty && words.first?.isLowercase == true, "--\(flag): \(words)")
      if setting.takesValue, let value = setting.defaultText(Self.units) {
        #expect(words.contains(value), "--\(flag): \(words)")
      }
      for use in setting.uses {
        let help = try Deepcut.interface(Self.registry).help(Self.spec(use.command))
        #expect(help.contains("  --\(flag)"), "--\(flag) is not in the help of \(use.command)")
        #expect(
          help.contains(use.words.map { setting.filled($0.words(Self.units), Self.units) } ?? words),
          "--\(flag) in \(use.command)")
      }
    }
    // The catalogs' own stand where the table puts them: after --base-url.
    let report = Deepcut.interface(Self.registry).options(of: ReportCommand.spec).map(\.flag)
    let own = CatalogSetting.all(Self.registry).compactMap(\.flag)
    let baseURL = report.firstIndex(of: "base-url") ?? 0
    #expect(Array(report[(baseURL + 1)...].prefix(own.count)) == own)
  }

  /// A declaration that shows a setting elsewhere than in the table's order names a setting of the same list.
  @Test func everyPlacementNamesASettingOfTheSameList() throws {
    for setting in Self.everySetting {
      for use in setting.uses {
        guard let anchor = use.anchor else { continue }
        let target = try #require(SettingsTable.setting(at: anchor))
        #expect(target.use(in: use.command) != nil, "\(setting.name) in \(use.command) after \(target.name)")
        let options = try Deepcut.interface(Self.registry).options(of: Self.spec(use.command)).map(\.setting.name)
        let position = try #require(options.firstIndex(of: setting.name))
        #expect(try position > #require(options.firstIndex(of: target.name)))
      }
      if let anchor = setting.exampleAnchor {
        let target = try #require(SettingsTable.setting(at: anchor))
        #expect(target.key != nil && setting.key != nil, "\(setting.name)'s example after \(target.name)")
      }
    }
  }

  @Test func everyConfigurableSettingIsInTheExampleAndTheExampleParsesBack() throws {
    let example = ConfigExample.text(header: Deepcut.exampleHeader, Deepcut.interface(Self.registry))
    for setting in SettingsTable.configurable(Self.registry) {
      guard let key = setting.key, let name = key.split(separator: ".").last else { continue }
      #expect(example.contains("\"\(name)\": "), "\(key) is missing from config --example")
    }
    // As printed, and with every commented-out member put in force, it reads back.
    _ = try ConfigFile.parse(Data(example.utf8), path: "example.json", Deepcut.interface(Self.registry))
    let uncommented = example.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      let trimmed = line.drop { $0 == " " }
      return trimmed.hasPrefix("// \"") ? line.replacingOccurrences(of: "// \"", with: "\"") : String(line)
    }.joined(separator: "\n")
    let everything = try ConfigFile.parse(
      Data(uncommented.utf8), path: "example.json", Deepcut.interface(Self.registry))
    let configurable = SettingsTable.configurable(Self.registry).filter { $0.exampleNote != nil }
    #expect(Set(everything.values.keys) == Set(configurable.compactMap(\.key)))
    // Every value it shows reads as its setting's type, through the same reading a run does (with no home folder
    // to put for a `~`).
    let settings = try Self.resolved([], config: uncommented, home: false)
    for setting in configurable {
      let shown = try #require(setting as? any Sampled)
      #expect(try shown.resolvedJSON(settings) == setting.exampleJSON(Self.units), "\(setting.name)")
    }
  }

  @Test func aFlagAndItsKeyResolveAlikeAndTheFlagWins() throws {
    for setting in Self.everySetting where setting.takesValue {
      guard let flag = setting.flag, let key = setting.key else { continue }
      let sampled = try #require(setting as? any Sampled)
      let sample = try #require(sampled.sample(Self.registry), "\(flag) has neither an example nor a default")
      let command = try Self.spec(#require(setting.uses.first).command)
      let fromConfig = try Self.resolved([], config: Self.configFile(key, json: sample.json), for: command)
      let fromFlag = try Self.resolved(["--\(flag)", sample.text], config: "{}", for: command)
      #expect(try sampled.resolvedJSON(fromConfig) == sampled.resolvedJSON(fromFlag), "\(flag) / \(key)")
      #expect(try sampled.resolvedJSON(fromFlag) == sample.json, "\(flag)")
    }
    // The flag over the file, the file over the default, the default last.
    let file = Self.configFile("days", json: "3")
    #expect(try Self.resolved(["--days", "9"], config: file)[\.window.days] == 9)
    #expect(try Self.resolved([], config: file)[\.window.days] == 3)
    #expect(try Self.resolved([], config: "{}")[\.window.days] == 30)
    #expect(try Self.resolved([], config: "{}").given(\.window.days) == nil)
    // Each catalog's own where it differs: the default night's, the flag's, the file's.
    func limit(_ settings: Resolved) throws -> Int {
      let catalog = try #require(settings.nightCatalogs.first)
      #expect(try settings[\.catalogs.rateLimit, for: catalog] == catalog.defaultRequestsPerMinute)
      return try settings[\.catalogs.rateLimit, for: catalog]
    }
    let limits = try [
      Self.resolved(["--provider", "itunes"], config: "{}"),
      Self.resolved(["--provider", "musicbrainz"], config: "{}"),
      Self.resolved([], config: Self.configFile("provider.name", json: #""deezer""#)),
    ].map(limit)
    #expect(Set(limits).count == 3)
  }

  /// Reading a setting gives its declared type; each line below reads one as that type, and a mismatch (`let days:
  /// String = try settings[\.window.days]`) does not compile, so it cannot be a test: it is the declaration's `Setting<Int>`.
  @Test func readingGivesEachSettingAsItsType() throws {
    let settings = try Self.resolved(
      [
        "--format", "HTML", "--types", "album, EP", "--budget", "1h30m", "--provider", "MusicBrainz", "--output",
        "~/report.md", "--to", "a@example.org,b@example.org", "--to", "c@example.org", "--base-url",
        "https://mirror.example.org", "--quiet", "--now", "2026-11-29",
      ], config: #"{"provider": {"includeSecondaryTypes": ["live"]}, "email": {"smtp": {"allowInsecure": true}}}"#)
    let format: FormatName = try settings[\.output.format]
    let kinds: [ReleaseKind] = try settings[\.window.types]
    let budget: Duration? = try settings[\.catalogs.budget]
    let provider: [any ProviderDefinition] = try settings[\.catalogs.provider]
    let output: String? = try settings[\.output.path]
    let recipients: [String] = try settings[\.mail.to]
    let baseURL: URL = try settings[\.catalogs.baseURL, for: #require(provider.first)]
    let quiet: Bool = try settings[\.run.quiet]
    let offline: Bool = try settings[\.catalogs.offline]
    let now: Date = try settings[\.run.now]
    let secondary: [String] = try settings[\.catalogs.includeSecondaryTypes]
    let insecure: Bool = try settings[\.mail.smtp.allowInsecure]
    let days: Int = try settings[\.window.days]
    #expect(format == FormatName(HTMLFormat.self))
    #expect(kinds == [.album, .ep])
    #expect(budget == .seconds(5400))
    #expect(provider.map(\.name) == ["musicbrainz"])
    #expect(output == settings.environment["HOME"].map { $0 + "/report.md" })
    #expect(recipients == ["a@example.org", "b@example.org", "c@example.org"])
    #expect(baseURL.host == "mirror.example.org")
    #expect(quiet && !offline)
    #expect(now == Date(timeIntervalSince1970: 1_795_953_600))
    #expect(secondary == ["live"])
    #expect(insecure)
    #expect(days == 30)
    // The defaults are values of the type too.
    let plain = try Self.resolved([], config: "{}")
    #expect(try plain[\.output.format] == FormatName(MarkdownFormat.self))
    #expect(try plain[\.window.types] == ReleaseKind.allCases)
    #expect(try plain[\.catalogs.provider].map(\.name) == ["deezer", "musicbrainz"])
    #expect(try plain[\.catalogs.budget] == nil)
    #expect(try plain[\.mail.maxPartBytes] == EmailOptions.defaultMaximumPartBytes)
  }

  /// A default worked out for each run is the declaration's too: the folders from the environment, the catalog's
  /// address, the clock; no use site supplies one.
  @Test func defaultsWorkedOutForARunAreDeclaredWithTheSetting() throws {
    let started = Date(timeIntervalSince1970: 1_795_953_600)
    let arguments = try Arguments(parsing: [], for: ReportCommand.spec, in: Deepcut.interface(Self.registry))
    let home = try Resolved(arguments, environment: ["HOME": "/home/x"], registry: Self.registry, startedAt: started)
    #expect(try home[\.run.stateDirectory] == "/home/x/.local/state/deepcut")
    #expect(try home[\.run.config] == "/home/x/.config/deepcut/config.json")
    #expect(try home[\.run.now] == started)
    #expect(try home[\.catalogs.baseURL, for: home.nightCatalogs[0]] == DeezerCatalog().defaultBaseURL)
    let xdg = try Resolved(
      arguments, environment: ["HOME": "/home/x", "XDG_STATE_HOME": "/s", "XDG_CONFIG_HOME": "/c"],
      registry: Self.registry)
    #expect(try xdg[\.run.stateDirectory] == "/s/deepcut")
    #expect(try xdg[\.run.config] == "/c/deepcut/config.json")
    let musicBrainz = try Self.resolved(["--provider", "musicbrainz"], config: "{}")
    #expect(
      try musicBrainz[\.catalogs.baseURL, for: musicBrainz.nightCatalogs[0]] == MusicBrainzCatalog().defaultBaseURL)
    // Given, the flag's value; a `~/` is the home folder.
    let given = try Self.resolved(["--state-dir", "~/st", "--now", "2026-11-29"], config: "{}")
    #expect(try given[\.run.stateDirectory] == given.environment["HOME"].map { $0 + "/st" })
    #expect(try given[\.run.now] == started)
  }

  @Test func badValuesAreRefusedWithTheWordsOfTheirKind() throws {
    let refusals: [(String, (Resolved) throws -> Void, String)] = [
      ("--days many", { _ = try $0[\.window.days] }, "--days takes a whole number from 0 to 3650, not 'many'"),
      ("--types boxset", { _ = try $0[\.window.types] }, "--types takes album, ep and single, not 'boxset'"),
      (
        "--base-url ftp://x", { _ = try $0[\.catalogs.baseURL, for: $0.nightCatalogs[0]] },
        "--base-url takes an http(s) URL, not 'ftp://x'"
      ),
      (
        "--budget soon", { _ = try $0[\.catalogs.budget] },
        "--budget takes a length of time like 90s, 10m, 2h or 1h30m, not 'soon'"
      ),
      ("--since 2026-1-1", { _ = try $0[\.window.since] }, "--since takes a date like 2026-11-01, not '2026-1-1'"),
      (
        "--format pdf", { _ = try $0[\.output.format] },
        "--format takes markdown, html, json, email, atom or ics, not 'pdf'"
      ),
      ("--provider x", { _ = try $0[\.catalogs.provider] }, "--provider takes itunes, musicbrainz or deezer, not 'x'"),
      (
        "--now soon", { _ = try $0[\.run.now] },
        "--now takes a date like 2026-11-29 or 2026-11-29T21:00:00Z, not 'soon'"
      ),
    ]
    for (line, read, message) in refusals {
      let settings = try Self.resolved(line.split(separator: " ").map(String.init), config: "{}")
      #expect(Self.refusal { try read(settings) } == message)
    }
    #expect(
      Self.refusal { _ = try ConfigFile.parse(Data(#"{"dayz": 3}"#.utf8), path: "c", Deepcut.interface(Self.registry)) }
        == "c: unknown key 'dayz' (did you mean 'days'?); see 'deepcut config --example'")
    // An address from the file is checked where it is read, in the flag's words, as it always was.
    let address = try Self.resolved([], config: Self.configFile("provider.baseURL", json: #""ftp://x""#))
    #expect(
      Self.refusal { _ = try address[\.catalogs.baseURL, for: address.nightCatalogs[0]] }
        == "--base-url takes an http(s) URL, not 'ftp://x'")
  }

  /// What a value must be is its kind's, checked wherever the value comes from, in the flag's words as always.
  @Test func aKindChecksAndShapesItsValueFromTheFlagAndTheFile() throws {
    #expect(try Self.resolved(["--country", "gb"], config: "{}")[\.catalogs.country] == "GB")
    #expect(try Self.resolved([], config: #"{"country": "se"}"#)[\.catalogs.country] == "SE")
    #expect(try Self.resolved([], config: "{}")[\.catalogs.country] == "US")
    for (flags, config) in [(["--country", "USA"], "{}"), ([], #"{"country": "USA"}"#)] {
      #expect(
        Self.refusal { _ = try Self.resolved(flags, config: config)[\.catalogs.country] }
          == "--country takes a two-letter store code like US or GB, not 'USA'")
    }
    // Who runs this: trimmed, and refused with what would end the User-Agent's comment.
    #expect(
      try Self.resolved(["--contact", "  me@example.org "], config: "{}")[\.catalogs.contact] == "me@example.org")
    #expect(
      Self.refusal { _ = try Self.resolved([], config: #"{"contact": " a(b) "}"#)[\.catalogs.contact] }
        == "--contact takes an e-mail address or a URL, not 'a(b)'")
    let sender = try Self.resolved(["--from", "deepcut <me(x)@y>"], config: "{}")
    #expect(
      Self.refusal { _ = try sender.reading(\.catalogs.contact, asGiven: "me(x)@y") }
        == "--contact takes an e-mail address or a URL, not 'me(x)@y'")
    // Recipients: every entry split at commas, from the file as from the flag.
    let file = try Self.resolved([], config: #"{"email": {"to": ["a@x.org, b@x.org", " ", "c@x.org"]}}"#)
    #expect(try file[\.mail.to] == ["a@x.org", "b@x.org", "c@x.org"])
    // Names are texts as given: an artist's name may hold a comma.
    let ignored = try Self.resolved([], config: #"{"ignoreArtists": ["Crosby, Stills & Nash"]}"#)
    #expect(try ignored[\.library.ignoreArtists] == ["Crosby, Stills & Nash"])
  }

  /// `--push-url` is a map from a push service to its URL, checked as it is read, from the flag as from the file, in
  /// the flag's words and never showing the URL (it would show a password).
  @Test func pushServiceURLsAreAMapCheckedAsTheyAreRead() throws {
    let flags = ["--push-url", "ntfy=http://127.0.0.1:1", "--push-url", "slack=https://hooks.example"]
    let file = #"{"push": {"serviceURLs": ["ntfy=http://127.0.0.1:1", "slack=https://hooks.example"]}}"#
    for settings in [try Self.resolved(flags, config: "{}"), try Self.resolved([], config: file)] {
      #expect(
        try settings[\.push.serviceURLs] == [
          "ntfy": try #require(URL(string: "http://127.0.0.1:1")),
          "slack": try #require(URL(string: "https://hooks.example")),
        ])
    }
    #expect(try Self.resolved([], config: "{}")[\.push.serviceURLs].isEmpty)
    let which = "--push-url (push.serviceURLs, the second)"
    let refusals = [
      ("gotify=http://x", "\(which) takes SERVICE=URL, SERVICE one of ntfy, discord, slack, json, URL http(s)://"),
      ("ntfy:http://x", "\(which) takes SERVICE=URL, SERVICE one of ntfy, discord, slack, json, URL http(s)://"),
      ("ntfy=ftp://x", "\(which) takes SERVICE=URL, SERVICE one of ntfy, discord, slack, json, URL http(s)://"),
      (
        "ntfy=http://me:pw_S3cret@x",
        "\(which) has a user or password: write it without; a token goes in the channels file"
      ),
    ]
    for (given, message) in refusals {
      let flags = ["--push-url", "json=http://ok", "--push-url", given]
      #expect(Self.refusal { _ = try Self.resolved(flags, config: "{}")[\.push.serviceURLs] } == message)
      let config = #"{"push": {"serviceURLs": ["json=http://ok", "\#(given)"]}}"#
      #expect(Self.refusal { _ = try Self.resolved([], config: config)[\.push.serviceURLs] } == message)
      #expect(!message.contains("S3cret"))
    }
    // As config.json keeps it, and help says it.
    let setting = SettingsTable.standard.push.serviceURLs
    let urls = try Self.resolved(flags, config: "{}")[\.push.serviceURLs]
    #expect(setting.kind.json(urls) == #"["ntfy=http://127.0.0.1:1", "slack=https://hooks.example"]"#)
    #expect(setting.kind.text([:]) == nil)
  }

  /// Help lists what a kind takes from the kind: the range, the type's cases.
  @Test func helpListsTheValuesOfTheKindItself() throws {
    let report = Deepcut.interface(Self.registry).help(ReportCommand.spec)
    let formats = FormatName.allCases.map(\.rawValue)
    #expect(report.contains("  \(sentence(formats, "or")) (default markdown)\n"))
    #expect(report.contains("[--format \(formats.joined(separator: "|"))]"))
    let kinds = ReleaseKind.allCases.map(\.rawValue).joined(separator: ",")
    #expect(report.contains("release kinds to include: \(kinds) (default all)\n"))
    #expect(
      Deepcut.interface(Self.registry).help(WhyCommand.spec).contains(
        "release kinds the report shows: \(kinds) (default as for"))
    let sizes = SettingsTable.batchSizes
    let range = "\(sizes.lowerBound) to \(sizes.upperBound)"
    #expect(report.contains("catalog artists per release request, \(range) (default"))
    let over = "\(sizes.upperBound + 1)"
    #expect(
      Self.refusal {
        let settings = try Self.resolved(["--batch-size", over], config: "{}")
        _ = try settings[\.catalogs.batchSize, for: settings.nightCatalogs[0]]
      }
        == "--batch-size takes a whole number from \(range), not '\(over)'")
    // The example's note on formats names every one of them.
    let note = try #require(SettingsTable.standard.output.format.exampleNote).lines.joined(separator: " ")
    for format in formats { #expect(note.contains(format), "\(format)") }
  }

  /// What a command sets over the flag and the file is a value of the setting's type, kept as it is (the last
  /// report's time, to the fraction of a second), not a text for the kind to read back.
  @Test func aCommandSetsATypedValueOverTheFlagAndTheFile() throws {
    let last = Date(timeIntervalSince1970: 1_795_953_600.25)
    let given = try Self.resolved(["--now", "2026-11-01"], config: #"{"days": 3}"#)
    let explained = given.overriding(\.run.now, with: last).overriding(\.catalogs.offline, with: true).overriding(
      \.window.days, with: 7)
    #expect(try explained[\.run.now] == last)
    #expect(try explained[\.catalogs.offline])
    #expect(try explained[\.window.days] == 7)
    #expect(try given[\.window.days] == 3 && !given[\.catalogs.offline])
    // Read for a report, the report has them too.
    let report = try ReportSettings(explained.overriding(\.library.path, with: "/music/Library.xml"))
    #expect(report[\.run.now] == last && report.plan.catalogs.searched.allSatisfy(\.pass.offline))
  }

  @Test func theCommandLineKeepsEveryValueOfARepeatedFlagAndTakesFlagsAlone() throws {
    let parsed = try Arguments(
      parsing: ["--to", "a", "--to=b, c", "--quiet", "--days=3"], for: ReportCommand.spec,
      in: Deepcut.interface(Self.registry))
    #expect(parsed.values["to"] == ["a", "b, c"])
    #expect(parsed.values["days"] == ["3"])
    #expect(parsed.flags == ["quiet"])
    #expect(try Resolved(parsed, environment: [:], registry: Self.registry)[\.mail.to] == ["a", "b", "c"])
    // After `--`, a dash starts a positional.
    let why = try Arguments(
      parsing: ["--json", "--", "--odd name"], for: WhyCommand.spec, in: Deepcut.interface(Self.registry))
    #expect(why.positionals == ["--odd name"])
    #expect(why.gives(SettingsTable.standard.commands.json))
    for (line, message) in [
      (["--quiet=1"], "'--quiet' takes no value"), (["--days"], "'--days' needs a value: --days N"),
      (["--top", "3"], "'--top' is an option of 'deepcut scan', not 'deepcut report'; see 'deepcut report --help'"),
      (["--colour"], "unknown option '--colour' for 'deepcut report'; see 'deepcut report --help'"),
      (["-x"], "unknown option '-x'; see 'deepcut report --help'"),
    ] {
      #expect(
        Self.refusal { _ = try Arguments(parsing: line, for: ReportCommand.spec, in: Deepcut.interface(Self.registry)) }
          == message)
    }
  }

  // MARK: - Helpers

  static func spec(_ command: CommandName) throws -> CommandSpec {
    try #require(Deepcut.commands.first { $0.command == command }, "no command \(command)")
  }

  /// What `body` throws, as deepcut says it.
  static func refusal(_ body: () throws -> Void) -> String {
    do {
      try body()
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  static func configFile(_ key: String, json: String) -> String {
    key.split(separator: ".").reversed().reduce(json) { inner, part in "{\"\(part)\": \(inner)}" }
  }

  /// The settings of `flags` with `config` as config.json, as a run reads them; nothing is written anywhere (a `~/` is
  /// a home folder that need not be there).
  static func resolved(
    _ flags: [String], config: String, home: Bool = true, for spec: CommandSpec = ReportCommand.spec
  ) throws -> Resolved {
    let arguments = try Arguments(parsing: flags, for: spec, in: Deepcut.interface(registry))
    let file = try ConfigFile.parse(Data(config.utf8), path: "config.json", Deepcut.interface(registry))
    return Resolved(
      arguments, config: file, environment: home ? ["HOME": "/home/deepcut-test"] : [:], registry: registry)
  }
}

/// What these tests do with a setting whatever it holds: ``Setting`` is generic, and this opens it.
protocol Sampled {
  /// The example's value, else the default, as the command line writes it and as config.json does; nil for a switch
  /// or a setting with neither.
  func sample(_ registry: ProviderRegistry) -> (text: String, json: String)?
  /// The setting's value in `settings`, as config.json writes it.
  func resolvedJSON(_ settings: Resolved) throws -> String
}

/// A setting is sampled and read for the run, or, each catalog's, for its own catalog, else the night's first.
extension Setting: Sampled {
  func sample(_ registry: ProviderRegistry) -> (text: String, json: String)? {
    guard kind.takesValue else { return nil }
    let context = DefaultContext(environment: [:], startedAt: Date(), units: CatalogUnits(registry: registry))
    let value: Value
    if let example = example?.value {
      value = example
    } else if scope.isRun {
      value = fallback.value(context)
    } else {
      guard let catalog = catalog(registry.defaultNight, registry) else { return nil }
      value = fallback.value(for: CatalogUnit(definition: catalog), context)
    }
    guard let text = kind.text(value) else { return nil }
    return (text, kind.json(value))
  }

  func resolvedJSON(_ settings: Resolved) throws -> String {
    guard !scope.isRun else { return kind.json(try settings[self]) }
    return kind.json(try settings[self, for: #require(catalog(settings.nightCatalogs, settings.registry))])
  }

  private func catalog(_ night: [any ProviderDefinition], _ registry: ProviderRegistry) -> (any ProviderDefinition)? {
    scope.only.flatMap(registry.named) ?? night.first
  }
}
