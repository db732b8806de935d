import Foundation
import SettingsKit
import Testing

/// A house's rooms, as a program of this kit's own might have them: the units its settings may be given for each of.
struct Room: SettingUnit {
  let name: String
  /// What a room's volume is when nothing says.
  let volume: Int
}

struct Rooms: SettingUnitRegistry {
  static let all = [Room(name: "hall", volume: 3), Room(name: "porch", volume: 5), Room(name: "cellar", volume: 1)]

  var units: [any SettingUnit] { Self.all }
  var defaultUnits: [any SettingUnit] { Array(Self.all.prefix(2)) }
  var alternatives: String { "hall, porch or cellar" }
  var words: SettingUnitWords {
    SettingUnitWords(
      one: "room", several: "rooms", run: "this evening", has: "uses", hasNot: "does not use", choosing: "--rooms")
  }

  func unit(named name: String) -> (any SettingUnit)? { Self.all.first { $0.name == name.lowercased() } }
}

/// Settings each unit has a value of its own for, and a unit's own setting, read for one unit of a run's.
struct SettingUnitTests {
  struct Table: Sendable {
    let volume = Setting<Int>(
      eachUnit: "volume", key: "room.volume", placeholder: "N", help: "how loud, {values}", kind: .integer(0...11),
      default: .perUnit { ($0 as? Room)?.volume ?? 0 }, commands: [Self.play],
      example: .default(note: "Each room's own: {default}; rooms are {alternatives}."))
    let door = Setting<String>(
      eachUnit: "door", key: "room.door", placeholder: "WORD", help: "what the door says", kind: .text,
      default: .value("hello"), commands: [Self.play], sharedByAll: false)
    let light = Setting<String>(
      of: "porch", flag: "light", key: "room.light", placeholder: "WORD", help: "porch: the light", kind: .text,
      default: .value("off"), commands: [Self.play], example: nil)

    static let play = SettingUse(command: "play")
  }

  static let table = Table()
  static let play = CommandSpec(command: "play", usage: "play", summary: "Play in the rooms.")
  static let interface = CommandLineInterface(
    program: "house", commands: [play], settings: [table.volume, table.door, table.light], units: Rooms(),
    anchored: { _ in nil })
  static let evening: [any SettingUnit] = Array(Rooms.all.prefix(2))

  static func sources(_ arguments: [String], config: String = "{}") throws -> SettingSources {
    SettingSources(
      arguments: try Arguments(parsing: arguments, for: play, in: interface),
      config: try ConfigFile.parse(Data(config.utf8), path: "house.json", interface), environment: [:],
      units: interface.units, startedAt: Date(), exampleCommand: interface.exampleCommand)
  }

  static func room(_ name: String) throws -> any SettingUnit { try #require(Rooms().unit(named: name)) }

  static func refusal(_ body: () throws -> Void) -> String {
    do {
      try body()
      return ""
    } catch {
      return "\(error)"
    }
  }

  @Test func helpSaysEachUnitsDefaultAndHowOneUnitsValueIsGiven() {
    let help = Self.interface.help(Self.play)
    #expect(
      help.contains(
        "--volume N    how loud, 0 to 11 (default 3 for hall, 5 for porch, 1 for cellar); NAME=N for one room"))
    #expect(help.contains("--door WORD   what the door says (default hello); with several rooms, NAME=WORD for each"))
    #expect(help.contains("--light WORD  porch: the light (default off)\n"))
  }

  @Test func aUnitsValueIsItsOwnElseTheSharedOneElseItsDefault() throws {
    let given = try Self.sources(["--volume", "porch=7", "--volume", "4"])
    #expect(try given.value(Self.table.volume, for: Self.room("PORCH"), among: Self.evening) == 7)
    #expect(try given.value(Self.table.volume, for: Self.room("hall"), among: Self.evening) == 4)
    let file = try Self.sources([], config: #"{"room": {"volume": 2, "porch": {"volume": 9}}}"#)
    #expect(try file.value(Self.table.volume, for: Self.room("porch"), among: Self.evening) == 9)
    #expect(try file.value(Self.table.volume, for: Self.room("hall"), among: Self.evening) == 2)
    let none = try Self.sources([])
    #expect(try none.value(Self.table.volume, for: Self.room("porch"), among: Self.evening) == 5)
  }

  @Test func aValueForAUnitTheRunHasNotOrNamingNoneIsRefusedInTheProgramsWords() throws {
    let hall = try Self.room("hall")
    #expect(
      Self.refusal {
        _ = try Self.sources(["--volume", "cellar=2"]).value(Self.table.volume, for: hall, among: Self.evening)
      }
        == "--volume cellar=2 is for cellar, which this evening does not use (it uses hall and porch): add cellar to "
        + "--rooms, or leave the value out")
    #expect(
      Self.refusal { _ = try Self.sources(["--door", "hi"]).value(Self.table.door, for: hall, among: Self.evening) }
        == "--door hi names no room, and this evening uses hall and porch: write --door NAME=WORD for each")
    let flat = #"{"room": {"door": "hi"}}"#
    #expect(
      Self.refusal { _ = try Self.sources([], config: flat).value(Self.table.door, for: hall, among: Self.evening) }
        == "house.json: room.door names no room, and this evening uses hall and porch: write room.NAME.door for each")
    #expect(try Self.sources(["--door", "hi"]).value(Self.table.door, for: hall, among: [hall]) == "hi")
    #expect(
      Self.refusal {
        _ = try Self.sources(["--light", "hall=on"]).value(Self.table.light, for: hall, among: Self.evening)
      }
        == "--light is porch's own: give it as --light WORD")
  }

  @Test func configJSONTakesEachUnitsKeyAndTheExampleShowsTheFirstDefaultUnits() throws {
    #expect(
      Self.table.volume.configKeys(Rooms()) == [
        "room.volume", "room.hall.volume", "room.porch.volume", "room.cellar.volume",
      ])
    #expect(Self.table.light.configKeys(Rooms()) == ["room.light", "room.porch.light"])
    #expect(
      Self.refusal {
        _ = try ConfigFile.parse(Data(#"{"room": {"attic": {"volume": 1}}}"#.utf8), path: "h", Self.interface)
      }
      .contains("unknown key 'room.attic'"))
    let example = ConfigExample.text(header: [], Self.interface)
    #expect(
      example.contains("// Each room's own: 3 for hall, 5 for porch, 1 for cellar; rooms are hall, porch or cellar."))
    #expect(example.contains(#""volume": 3"#))
  }
}
