import Catalog
import Foundation
import SettingsKit
import Testing

@testable import DeepcutCLI
@testable import Options

/// A mistyped command, option or key is answered with the nearest name deepcut knows, from the lists help shows, and
/// only when it is near.
struct SuggestionTests {
  static let registry = ProviderRegistry.standard

  static func refusal(_ line: [String], _ command: CommandName) throws -> String {
    let spec = try SettingsTableTests.spec(command)
    return SettingsTableTests.refusal {
      _ = try Arguments(parsing: line, for: spec, in: Deepcut.interface(Self.registry))
    }
  }

  @Test func theNearestNameIsTheOneASwapMakes() {
    // `from` comes first, so `format` is chosen for being nearer, not for its place.
    #expect(nearest(to: "fromat", in: ["from", "format"]) == "format")
    #expect(nearest(to: "reprot", in: Deepcut.commands.map(\.name)) == "report")
    #expect(nearest(to: "Days", in: ["days"]) == "days")
  }

  @Test func aFarNameGetsNoSuggestion() {
    let flags = Deepcut.commands.flatMap { Deepcut.interface(Self.registry).options(of: $0).map(\.flag) }
    #expect(nearest(to: "xy", in: ["to"]) == nil)
    #expect(nearest(to: "colour", in: flags) == nil)
    #expect(nearest(to: "banana", in: Deepcut.commands.map(\.name)) == nil)
    #expect(nearest(to: "", in: ["to"]) == nil)
    #expect(didYouMean("zzzz", ["days"]).isEmpty)
  }

  @Test func anUnknownOptionNamesTheNearestOfTheCommandsOwn() throws {
    #expect(
      try Self.refusal(["--fromat", "html"], "report")
        == "unknown option '--fromat' for 'deepcut report' (did you mean '--format'?); see 'deepcut report --help'")
    #expect(
      try Self.refusal(["--fromat=html"], "report")
        == "unknown option '--fromat' for 'deepcut report' (did you mean '--format'?); see 'deepcut report --help'")
    // A catalog's own flag is one of the report's options like any other.
    #expect(
      try Self.refusal(["--cover-art-ulr", "http://x"], "report")
        == "unknown option '--cover-art-ulr' for 'deepcut report' (did you mean '--cover-art-url'?); "
        + "see 'deepcut report --help'")
    #expect(
      try Self.refusal(["-days", "3"], "report")
        == "unknown option '-days' (did you mean '--days'?); see 'deepcut report --help'")
    #expect(
      try Self.refusal(["--colour"], "report")
        == "unknown option '--colour' for 'deepcut report'; see 'deepcut report --help'")
  }

  @Test func anotherCommandsOptionIsSaidToBeItsAndNotMatchedToANearOne() throws {
    #expect(
      try Self.refusal(["--to", "me@example.org"], "scan")
        == "'--to' is an option of 'deepcut setup', 'deepcut report' and 'deepcut nightly', not 'deepcut scan'; "
        + "see 'deepcut scan --help'")
    // Not `--to`, one letter away: `--top` is what `scan` takes.
    #expect(
      try Self.refusal(["--top", "3"], "report")
        == "'--top' is an option of 'deepcut scan', not 'deepcut report'; see 'deepcut report --help'")
  }

  @Test func aMistypedKeyOfTheFileIsMatchedTheSameWay() {
    let problem = Deepcut.configurationProblem(in: Data(#"{"dyas": 3}"#.utf8), path: "c.json")
    #expect(problem == "c.json: unknown key 'dyas' (did you mean 'days'?); see 'deepcut config --example'")
  }
}
