import Foundation
import SettingsKit
import Testing

/// The machinery makes another program's command line from its own table: parsing, help, the refusal of an unknown
/// option in that program's name, config.json read through the same declarations, and the example of it.
struct CommandLineInterfaceTests {
  struct Table: Sendable {
    let name = Setting<String>(
      flag: "name", key: "name", placeholder: "NAME", help: "who is greeted", kind: .text,
      default: .value("world"), commands: [SettingUse(command: "greet")],
      example: .value("Ada", note: "Who is greeted."))
    let times = Setting<Int>(
      flag: "times", key: "repeat.times", placeholder: "N", help: "how often, {values}", kind: .integer(1...9),
      default: .value(1), commands: [SettingUse(command: "greet")], example: .default(note: "How often."))
    let loud = Setting<Bool>(flag: "loud", help: "shout it", commands: [SettingUse(command: "greet")])
  }

  static let table = Table()
  static let greet = CommandSpec(
    command: "greet", usage: "greet [--name NAME]", summary: "Say hello.", examples: ["greet --name Ada"])
  static let interface = CommandLineInterface(
    program: "hello", commands: [greet, CommandSpec(command: "part", usage: "part", summary: "Say goodbye.")],
    settings: [table.name, table.times, table.loud], units: Rooms(),
    anchored: { _ in nil })

  static func sources(_ arguments: [String], config: String = "{}") throws -> SettingSources {
    let parsed = try Arguments(parsing: arguments, for: greet, in: interface)
    let file = try ConfigFile.parse(Data(config.utf8), path: "hello.json", interface)
    return SettingSources(
      arguments: parsed, config: file, environment: [:], units: interface.units, startedAt: Date(),
      exampleCommand: interface.exampleCommand)
  }

  @Test func theFlagWinsOverTheFileAndTheFileOverTheDefault() throws {
    #expect(try Self.sources([]).given(Self.table.name) == nil)
    #expect(try Self.sources([], config: #"{"name": "Grace"}"#).given(Self.table.name) == "Grace")
    #expect(try Self.sources(["--name=Ada"], config: #"{"name": "Grace"}"#).given(Self.table.name) == "Ada")
    #expect(try Self.sources(["--times", "3", "--loud"]).given(Self.table.times) == 3)
    #expect(try Self.sources(["--loud"]).given(Self.table.loud) == true)
    #expect(try Self.sources([], config: #"{"repeat": {"times": 2}}"#).given(Self.table.times) == 2)
  }

  @Test func helpIsMadeFromTheTableInTheProgramsName() {
    #expect(
      Self.interface.help(Self.greet) == """
        usage: hello greet [--name NAME]

        Say hello.

        options:
          --name NAME  who is greeted (default world)
          --times N    how often, 1 to 9 (default 1)
          --loud       shout it

        examples:
          hello greet --name Ada

        """)
  }

  @Test func mistakesAreToldInTheProgramsWords() {
    #expect(
      throws: SettingsError.usage(
        "unknown option '--nmae' for 'hello greet' (did you mean '--name'?); see 'hello greet --help'")
    ) {
      _ = try Arguments(parsing: ["--nmae", "x"], for: Self.greet, in: Self.interface)
    }
    #expect(throws: SettingsError.usage("--times takes a whole number from 1 to 9, not '12'")) {
      _ = try Self.sources(["--times", "12"]).given(Self.table.times)
    }
    #expect(
      throws: SettingsError.configProblems([
        "hello.json: unknown key 'nmae' (did you mean 'name'?); see 'hello config --example'"
      ])
    ) {
      _ = try Self.sources([], config: #"{"nmae": "x"}"#)
    }
  }

  @Test func theExampleShowsEveryKeyOfTheFileAndReadsBack() throws {
    let example = ConfigExample.text(header: ["hello's configuration."], Self.interface)
    #expect(
      example == """
        // hello's configuration.
        {
          // Who is greeted.
          "name": "Ada",
          "repeat": {
            // How often.
            "times": 1
          }
        }

        """)
    let read = try ConfigFile.parse(Data(example.utf8), path: "example.json", Self.interface)
    #expect(read.values.keys.sorted() == ["name", "repeat.times"])
  }
}
