import Fixtures
import Foundation
import Report
import TestSupport
import Testing

/// config.json as a nightly user writes it: what it sets, what flags override, and errors that name the key.
struct ConfigurationTests {
  func setUp(_ config: String) throws -> (home: String, environment: [String: String]) {
    let home = NSTemporaryDirectory() + "deepcut-config-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: home + "/config/deepcut", withIntermediateDirectories: true)
    try Data(ReportCommandTests.library.utf8).write(to: URL(fileURLWithPath: home + "/Library.xml"))
    try Data(config.replacingOccurrences(of: "$HOME", with: home).utf8)
      .write(to: URL(fileURLWithPath: home + "/config/deepcut/config.json"))
    return (home, ["XDG_CONFIG_HOME": home + "/config", "XDG_STATE_HOME": home + "/state"])
  }

  @Test(arguments: [
    (#"{"libary": "x"}"#, "unknown key 'libary' (did you mean 'library'?)"),
    (#"{"days": "thirty"}"#, "days: expected a whole number from 0 to 3650, found \"thirty\""),
    (#"{"provider": {"batchSize": 500}}"#, "provider.batchSize: expected a whole number from 1 to 200, found 500"),
    (#"{"types": ["album", "boxset"]}"#, "types[1]: expected one of album, ep, single"),
    (#"{"email": {"to": "me@example.org"}}"#, "email.to: expected a list of texts"),
    (#"{"ignoreTitles": ["(unclosed"]}"#, "ignoreTitles[0]: '(unclosed' is not a valid regular expression"),
    (#"{"minimumOwnedTracks": true}"#, "minimumOwnedTracks: expected a whole number from 1 to 100000, found true"),
    ("{ not json", "not valid JSON"),
    (#"{"budget": "ten minutes"}"#, "budget: expected a length of time like \"90s\", \"10m\" or \"2h\""),
  ])
  func aBadConfigurationExits78NamingTheKey(_ config: String, _ message: String) async throws {
    let (_, environment) = try setUp(config)
    let result = try await DeepcutProcess.run(["report", "--library", "x.xml"], environment: environment)
    #expect(result.status == 78)
    #expect(result.stderr.contains(message), "\(result.stderr)")
    let check = try await DeepcutProcess.run(["config", "--check"], environment: environment)
    #expect(check.status == 78)
  }

  /// Every wrong key and value of the file is told at once, each on its line naming the file and the key, in the
  /// words it has alone; the keys that are right are not.
  @Test func configCheckTellsEveryProblemOfTheFile() async throws {
    let (home, environment) = try setUp(
      """
      {
        "libary": "x",
        "days": "thirty",
        "country": "GB",
        "provider": {"batchSize": 500}
      }
      """)
    let path = home + "/config/deepcut/config.json"
    for command in [["config", "--check"], ["report", "--library", "x.xml"]] {
      let result = try await DeepcutProcess.run(command, environment: environment)
      #expect(result.status == 78)
      #expect(
        result.stderr.split(separator: "\n") == [
          "deepcut: error: \(path): days: expected a whole number from 0 to 3650, found \"thirty\"",
          "deepcut: error: \(path): unknown key 'libary' (did you mean 'library'?); see 'deepcut config --example'",
          "deepcut: error: \(path): provider.batchSize: expected a whole number from 1 to 200, found 500",
        ], "\(result.stderr)")
      #expect(result.stdout.isEmpty)
    }
  }

  /// A file that is not JSON stops at once: its line says where the reading stopped.
  @Test func aSyntaxErrorIsOneProblemWithItsLine() async throws {
    let (_, environment) = try setUp("{\n  \"days\": 3,\n  \"libary\" \"x\"\n}")
    let result = try await DeepcutProcess.run(["config", "--check"], environment: environment)
    #expect(result.status == 78)
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(result.stderr.contains("not valid JSON") && result.stderr.contains("line 3"), "\(result.stderr)")
  }

  /// `--config` is read through its kind by every command: `config --check` reads the file a run reads, a `~/` in
  /// it the home folder, in either spelling of the option.
  @Test func configCheckReadsTheFileThatARunReads() async throws {
    var (home, environment) = try setUp(#"{"days": 3}"#)
    environment["HOME"] = home
    try FileManager.default.copyItem(atPath: home + "/config/deepcut/config.json", toPath: home + "/c.json")
    for option in [["--config", "~/c.json"], ["--config=~/c.json"]] {
      let check = try await DeepcutProcess.run(["config", "--check"] + option, environment: environment)
      #expect(check.status == 0, "\(check.stderr)")
      #expect(check.stdout == home + "/c.json: fine\n")
    }
    let missing = try await DeepcutProcess.run(["config", "--check", "--config=~/none.json"], environment: environment)
    #expect(missing.status == 78)
    #expect(missing.stderr == "deepcut: error: \(home)/none.json: no such configuration file\n")
  }

  /// What a person reads of the settings stays as it was: each command's options in their order and words, and the
  /// example, as golden files.
  @Test(arguments: ["report", "scan", "why", "artists", "cache", "config"])
  func eachCommandsHelpIsItsGoldenFile(_ command: String) async throws {
    let help = try await DeepcutProcess.run([command, "--help"])
    #expect(help.status == 0)
    try WhyCommandTests.compare(help.stdout, golden: "help-\(command).txt")
  }

  @Test func theExampleIsItsGoldenFile() async throws {
    let example = try await DeepcutProcess.run(["config", "--example"])
    #expect(example.status == 0)
    try WhyCommandTests.compare(example.stdout, golden: "config-example.txt")
  }

  @Test func theExampleIsAValidConfiguration() async throws {
    let example = try await DeepcutProcess.run(["config", "--example"])
    #expect(example.status == 0)
    #expect(example.stdout.contains("// "))
    let (_, environment) = try setUp(example.stdout)
    let check = try await DeepcutProcess.run(["config", "--check"], environment: environment)
    #expect(check.status == 0, "\(check.stderr)")
  }

  @Test func theConfigurationSetsTheRunAndFlagsOverrideIt() async throws {
    try await FakeCatalogServer.with(world: ReportCommandTests.world) { server in
      let (home, environment) = try setUp(
        """
        {
          "library": "$HOME/Library.xml",
          "format": "json",
          "days": 3,
          "types": ["album"],
          "ignoreArtists": ["Nobody Knows"],
          "ignoreTitles": ["(?i)expanded"],
          "provider": { "name": "itunes", "baseURL": "\(server.baseURL.absoluteString)", "requestsPerMinute": 0 }
        }
        """)
      let result = try await DeepcutProcess.run(["report", "--now", "2026-11-29", "--quiet"], environment: environment)
      #expect(result.status == 0, "\(result.stderr)")
      let report = try ReportModel(json: result.stdout)
      #expect(report.days == 3)
      // Repentless came out 9 days before: outside a 3-day window.
      #expect(report.new.isEmpty)
      // Only albums: the announced EP is left out. The ignored title and the ignored artist are gone.
      #expect(report.upcoming.isEmpty)
      #expect(report.editions.isEmpty)
      #expect(report.needsAttention.isEmpty)
      #expect(report.summary.artistsChecked == 2)

      // Flags win over the file.
      let overridden = try await DeepcutProcess.run(
        ["report", "--now", "2026-11-29", "--quiet", "--days", "30", "--format", "markdown"], environment: environment)
      #expect(overridden.status == 0)
      #expect(overridden.stdout.hasPrefix("# 1 new release from artists you own"))
      _ = home
    }
  }

  @Test func theBudgetComesFromTheFileOrTheFlag() async throws {
    try await FakeCatalogServer.with(world: ReportCommandTests.world) { server in
      // A second at one request a second leaves no room for a search and its lookup: nothing is asked, and the
      // report says so.
      let (_, environment) = try setUp(
        """
        {
          "library": "$HOME/Library.xml", "format": "json", "budget": "1s",
          "provider": { "name": "itunes", "baseURL": "\(server.baseURL.absoluteString)", "requestsPerMinute": 60 }
        }
        """)
      let limited = try await DeepcutProcess.run(["report", "--now", "2026-11-29"], environment: environment)
      #expect(limited.status == 0, "\(limited.stderr)")
      let coverage = try ReportModel(json: limited.stdout).coverage
      #expect(coverage.checked == 0)
      #expect(!coverage.complete)
      #expect(coverage.estimatedMinutesToFinish == 1)
      #expect(try await server.requestCount == 0)
      #expect(limited.stderr.contains("Checked 0 of 3 artists, most played first; the rest continue on the next run"))

      // The flag wins: ten minutes is plenty.
      let whole = try await DeepcutProcess.run(
        ["report", "--now", "2026-11-29", "--budget", "10m"], environment: environment)
      #expect(whole.status == 0, "\(whole.stderr)")
      #expect(try ReportModel(json: whole.stdout).coverage.complete)

      for bad in ["5x", "0s", "m", "-3m"] {
        let wrong = try await DeepcutProcess.run(["report", "--budget", bad], environment: environment)
        #expect(wrong.status == 64)
        #expect(wrong.stderr.contains("--budget takes a length of time like 90s, 10m, 2h or 1h30m"))
      }
    }
  }

  /// One settings table: every command that touches state finds it where the configuration puts it, `~` and all.
  @Test func everyCommandUsesTheStateFolderTheConfigurationNames() async throws {
    try await FakeCatalogServer.with(world: ReportCommandTests.world) { server in
      let (home, environment) = try setUp(
        """
        {
          "library": "~/Library.xml",
          "stateDir": "~/music-state",
          "provider": { "name": "itunes", "baseURL": "\(server.baseURL.absoluteString)", "requestsPerMinute": 0 }
        }
        """)
      var env = environment
      env["HOME"] = home
      env["XDG_STATE_HOME"] = home + "/elsewhere"  // must lose to the configuration
      let state = home + "/music-state"

      let scan = try await DeepcutProcess.run(["scan", "--json"], environment: env)
      #expect(scan.status == 0, "\(scan.stderr)")
      #expect(scan.stdout.contains("\"musicTracks\" : 3"))

      let report = try await DeepcutProcess.run(["report", "--now", "2026-11-29", "--quiet"], environment: env)
      #expect(report.status == 0, "\(report.stderr)")
      #expect(FileManager.default.fileExists(atPath: state + "/state.sqlite"))
      #expect(!FileManager.default.fileExists(atPath: home + "/elsewhere/deepcut/state.sqlite"))

      let artists = try await DeepcutProcess.run(["artists"], environment: env)
      #expect(artists.stdout.contains("Slayer\tresolved\t414425"), "\(artists.stdout)")
      let pin = try await DeepcutProcess.run(["artists", "pin", "Nobody Knows", "777"], environment: env)
      #expect(pin.status == 0, "\(pin.stderr)")
      let stats = try await DeepcutProcess.run(["cache", "stats"], environment: env)
      #expect(stats.stdout.contains("state: \(state)/state.sqlite"))
      #expect(stats.stdout.contains("albums: 2"))

      // The next report sees the pin made through the same table.
      let again = try await DeepcutProcess.run(["report", "--now", "2026-11-29", "--format", "json"], environment: env)
      #expect(again.status == 0)
      #expect(!again.stdout.contains("Nobody Knows"))
      let cleared = try await DeepcutProcess.run(["cache", "clear"], environment: env)
      #expect(cleared.stdout.hasPrefix("removed 3 cached answers"))  // the pinned artist's (empty) list too

      // A flag still wins over the file.
      let elsewhere = try await DeepcutProcess.run(["artists", "--state-dir", home + "/other"], environment: env)
      #expect(elsewhere.stdout.contains("no artists looked up yet"))
    }
  }

  @Test func theRequestTimeoutIsASetting() async throws {
    let (_, environment) = try setUp(#"{"provider": {"timeoutSeconds": 0}}"#)
    let result = try await DeepcutProcess.run(["config", "--check"], environment: environment)
    #expect(result.status == 78)
    #expect(result.stderr.contains("provider.timeoutSeconds: expected a whole number from 1 to 600, found 0"))
    let flag = try await DeepcutProcess.run(["report", "--library", "x.xml", "--timeout", "0"], environment: [:])
    #expect(flag.status == 64)
    #expect(flag.stderr.contains("--timeout takes a whole number from 1 to 600"))
  }

  @Test func aBrokenTemplateExits78WithFileLineAndColumn() async throws {
    let (home, environment) = try setUp("{}")
    try Data("# {{headline}\n".utf8).write(to: URL(fileURLWithPath: home + "/broken.mustache"))
    let result = try await DeepcutProcess.run(
      [
        "report", "--library", home + "/Library.xml", "--snapshot", "samples/catalogs/itunes", "--template",
        home + "/broken.mustache", "--quiet",
      ], environment: environment)
    #expect(result.status == 78, "\(result.stderr)")
    #expect(result.stderr.contains("broken.mustache:1:"))
  }

  @Test func aTemplateThatRepeatsInsideItselfExits78AndKeepsThePreviousReport() async throws {
    let (home, environment) = try setUp("{}")
    // Every new release renders every new release again, forty levels deep: it would never finish.
    let runaway =
      "# {{headline}}\n" + String(repeating: "{{#new}}- {{title}}\n", count: 40)
      + String(repeating: "{{/new}}", count: 40)
    try Data(runaway.utf8).write(to: URL(fileURLWithPath: home + "/runaway.mustache"))
    let output = home + "/report.md"
    try Data("yesterday's report\n".utf8).write(to: URL(fileURLWithPath: output))
    let result = try await DeepcutProcess.run(
      [
        "report", "--library", "samples/Library.xml", "--snapshot", "samples/catalogs/itunes", "--now", "2026-11-29",
        "--template", home + "/runaway.mustache", "--output", output, "--quiet",
      ], environment: environment)
    #expect(result.status == 78)
    #expect(result.stderr.contains("runaway.mustache:2:1: rendering stopped after 5000000 steps"), "\(result.stderr)")
    #expect(try String(contentsOfFile: output, encoding: .utf8) == "yesterday's report\n")
  }
}
