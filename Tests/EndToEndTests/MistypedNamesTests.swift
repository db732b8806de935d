import Foundation
import TestSupport
import Testing

/// A mistyped command or option, through the real binary: exit 64, one line naming what was meant.
struct MistypedNamesTests {
  @Test func aMistypedOptionNamesTheOneMeant() async throws {
    let result = try await DeepcutProcess.run(["report", "--fromat", "html"])
    #expect(result.status == 64)
    #expect(
      result.stderr
        == "deepcut: error: unknown option '--fromat' for 'deepcut report' (did you mean '--format'?); "
        + "see 'deepcut report --help'\n")
    #expect(result.stdout.isEmpty)
  }

  @Test func aMistypedCommandNamesTheOneMeant() async throws {
    let result = try await DeepcutProcess.run(["reprot"])
    #expect(result.status == 64)
    #expect(
      result.stderr
        == "deepcut: error: unknown command 'reprot' (did you mean 'report'?); commands: setup, report, nightly, "
        + "status, scan, why, artists, cache, config, completions, manual\n")
  }

  @Test func anotherCommandsOptionSaysWhoseItIs() async throws {
    let result = try await DeepcutProcess.run(["scan", "--to", "me@example.org"])
    #expect(result.status == 64)
    #expect(
      result.stderr.contains(
        "'--to' is an option of 'deepcut setup', 'deepcut report' and 'deepcut nightly', not 'deepcut scan'"))
  }

  @Test func aFarNameIsRefusedWithoutAGuess() async throws {
    let result = try await DeepcutProcess.run(["frobnicate"])
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("deepcut: error: unknown command 'frobnicate'; commands: "), "\(result.stderr)")
  }
}
