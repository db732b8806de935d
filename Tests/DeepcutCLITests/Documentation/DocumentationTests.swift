import Catalog
import Foundation
import SettingsKit
import State
import TestSupport
import Testing

@testable import DeepcutCLI
@testable import Options

/// The help, the manual and the completion scripts are made from one list of commands and one table of settings, so
/// every command and every option the parser takes is in each of them.
@Suite struct DocumentationTests {
  static let registry = ProviderRegistry.standard
  static let manual = ManPage.text(registry, date: CalendarDay(daysSinceEpoch: 20_789))

  /// The lines of the manual's section for `command`: from its `.SS` line to the next heading.
  static func manualSection(_ command: String) -> [Substring] {
    let lines = manual.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(of: Substring(".SS " + command)) else { return [] }
    let end = lines[(start + 1)...].firstIndex { $0.hasPrefix(".SS ") || $0.hasPrefix(".SH ") } ?? lines.endIndex
    return Array(lines[start..<end])
  }

  /// The flags the parser takes for each command, as `--flag`; a command line with every one of them parses.
  static func flags(_ command: CommandSpec) throws -> [String] {
    let options = Deepcut.interface(registry).options(of: command)
    let line = options.flatMap { option in option.setting.takesValue ? ["--" + option.flag, "x"] : ["--" + option.flag]
    }
    // Values are not checked here: parsing only matches names.
    _ = try Arguments(parsing: line, for: command, in: Deepcut.interface(registry))
    return options.map { "--" + $0.flag }
  }

  /// A command's help speaks of its own options alone: every `--flag` its words name is one it takes (setup's help
  /// once described `--smtp-url` "with --send", which setup has not).
  @Test func eachCommandsHelpNamesOnlyItsOwnOptions() {
    let interface = Deepcut.interface(Self.registry)
    for spec in Deepcut.commands {
      let help = interface.help(spec)
      let own = Set(interface.options(of: spec).map { "--" + $0.flag } + ["--help"])
      let named = Set(help.matches(of: /--[a-z][a-z-]+/).map { String($0.output) })
      #expect(named.subtracting(own).isEmpty, "\(spec.command): \(named.subtracting(own).sorted())")
    }
  }

  @Test func everyCommandAndOptionIsInTheHelp() throws {
    for command in Deepcut.commands {
      #expect(Deepcut.help.contains("\n  \(command.name) "), "\(command.name)")
      let help = Deepcut.interface(Self.registry).help(command)
      for flag in try Self.flags(command) {
        #expect(help.contains("  \(flag) ") || help.contains("  \(flag)\n"), "\(command.name) \(flag)")
      }
    }
  }

  /// Each command's section lists its options as the help does, or says it takes those of an earlier command whose
  /// options are the same (nightly takes report's).
  @Test func everyCommandAndOptionIsInTheManual() throws {
    var listed = 0
    for command in Deepcut.commands {
      let section = Self.manualSection(command.name)
      try #require(!section.isEmpty, "no section for \(command.name)")
      let flags = try Self.flags(command)
      if let same = section.first(where: { $0.hasPrefix("It takes every option ") }) {
        let other = try #require(Deepcut.commands.first { same.contains("\\fB\($0.name)\\fR") })
        #expect(try Self.flags(other) == flags, "\(command.name) takes \(other.name)'s options")
        continue
      }
      for flag in flags {
        let roff = "\\fB" + flag.replacing("-", with: "\\-") + "\\fR"
        #expect(section.contains { $0 == Substring(roff) || $0.hasPrefix(roff + " \\fI") }, "\(command.name) \(flag)")
        listed += 1
      }
    }
    #expect(listed > 80, "the manual lists \(listed) options")
  }

  @Test(arguments: Shell.allCases)
  func everyCommandAndOptionIsInEachScript(_ shell: Shell) throws {
    let script = shell.script(Self.registry)
    for command in Deepcut.commands {
      #expect(script.contains(command.name), "\(shell) \(command.name)")
      for flag in try Self.flags(command) {
        // fish names a long option without its dashes (`-l format`), zsh and bash with them.
        let word = shell == .fish ? "-l " + flag.dropFirst(2) + " " : flag
        #expect(script.contains(word), "\(shell) \(command.name) \(flag)")
      }
    }
  }

  @Test func everyExitStatusIsInTheManual() {
    for status in ExitStatus.allCases {
      #expect(Self.manual.contains(".TP\n\\fB\(status.rawValue)\\fR\n"), "\(status)")
    }
  }

  /// groff, as man runs it, reads the page without a warning of any kind.
  @Test func theManualIsCleanRoff() async throws {
    let folder = NSTemporaryDirectory() + "deepcut-manual-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let page = folder + "/deepcut.1"
    try Self.manual.write(toFile: page, atomically: true, encoding: .utf8)
    let checked = try await DeepcutProcess.shell("/usr/bin/groff", ["-man", "-ww", "-z", page])
    #expect(checked.status == 0)
    #expect(checked.output.isEmpty, "\(checked.output)")
    let rendered = try await DeepcutProcess.shell(
      "/usr/bin/man", ["-l", page], environment: ["MANWIDTH": "100", "MAN_KEEP_FORMATTING": "", "PAGER": "cat"])
    #expect(rendered.status == 0, "\(rendered.output)")
    #expect(rendered.output.contains("deepcut - what your favourite artists released"), "\(rendered.output)")
    // Typed dashes come out as the hyphen-minus one types.
    #expect(rendered.output.contains("--since-last-run"))
    #expect(rendered.output.contains("~/.config/deepcut/config.json"))
  }

  @Test func roffTextIsNeverTakenForARequest() {
    #expect(Roff.text(".deepcut") == "\\&.deepcut")
    #expect(Roff.text("'quoted'") == "\\&'quoted'")
    #expect(Roff.text("a\\b") == "a\\eb")
    #expect(
      Roff.text("see --help and ~/.config/x-y, a well-known word")
        == "see \\-\\-help and ~/.config/x\\-y, a well-known word")
  }

  @Test func theManualIsDatedBySourceDateEpoch() {
    #expect(ManualCommand.date(["SOURCE_DATE_EPOCH": "1764633600"]) == CalendarDay(year: 2025, month: 12, day: 2))
    #expect(Self.manual.contains("\n.TH DEEPCUT 1 2026-12-02 \"deepcut \(Deepcut.version)\" \"User Commands\"\n"))
  }
}
