import Catalog
import Foundation
import Report
import TestSupport
import Testing

@testable import DeepcutCLI
@testable import Options

/// The completion scripts in the shells themselves: what Tab offers after a command line, in bash, zsh and fish.
@Suite struct CompletionTests {
  static let registry = ProviderRegistry.standard

  /// A shell with the script `deepcut completions SHELL` prints, in a folder holding a library and a folder.
  static func shell(_ kind: CompletingShell.Kind) throws -> CompletingShell {
    let shell = try CompletingShell(kind, script: try #require(Shell(rawValue: kind.rawValue)).script(registry))
    try FileManager.default.createDirectory(atPath: shell.folder + "/Music", withIntermediateDirectories: true)
    try Data("<plist/>".utf8).write(to: URL(fileURLWithPath: shell.folder + "/Music/Library.xml"))
    try Data().write(to: URL(fileURLWithPath: shell.folder + "/notes.txt"))
    return shell
  }

  /// What is offered after a list's last comma, without what comes before it (bash and fish repeat it, zsh does not).
  static func lastItems(_ offers: [String]) -> Set<String> {
    Set(offers.map { String($0.split(separator: ",", omittingEmptySubsequences: false).last ?? "") })
  }

  @Test(arguments: CompletingShell.Kind.allCases)
  func aCommandCompletesFromItsFirstLetters(_ kind: CompletingShell.Kind) async throws {
    let shell = try Self.shell(kind)
    defer { shell.remove() }
    #expect(try await shell.complete("deepcut rep") == ["report"])
    #expect(try await shell.complete("deepcut s").sorted() == ["scan", "setup", "status"])
    let all = Set(try await shell.complete("deepcut "))
    #expect(Set(Deepcut.commands.map(\.name)).isSubset(of: all), "\(all)")
  }

  @Test(arguments: CompletingShell.Kind.allCases)
  func anOptionCompletesFromItsFirstLetters(_ kind: CompletingShell.Kind) async throws {
    let shell = try Self.shell(kind)
    defer { shell.remove() }
    #expect(try await shell.complete("deepcut report --for") == ["--format"])
    #expect(try await shell.complete("deepcut why --j") == ["--json"])
    // --to is setup's, report's and nightly's, not scan's.
    #expect(try await shell.complete("deepcut scan --t") == ["--top"])
  }

  @Test(arguments: CompletingShell.Kind.allCases)
  func aFormatCompletesFromTheFormats(_ kind: CompletingShell.Kind) async throws {
    let shell = try Self.shell(kind)
    defer { shell.remove() }
    let formats = Set(FormatName.allCases.map(\.rawValue))
    #expect(Set(try await shell.complete("deepcut report --format ")) == formats)
    #expect(try await shell.complete("deepcut report --format h") == ["html"])
    let joined = try await shell.complete("deepcut nightly --format=j")
    #expect(joined == ["json"] || joined == ["--format=json"], "\(joined)")
  }

  @Test(arguments: CompletingShell.Kind.allCases)
  func aCatalogListCompletesFromTheRegisteredCatalogs(_ kind: CompletingShell.Kind) async throws {
    let shell = try Self.shell(kind)
    defer { shell.remove() }
    let names = Set(Self.registry.searchable.map(\.name.rawValue))
    #expect(names.count >= 3)
    #expect(Set(try await shell.complete("deepcut report --provider ")) == names)
    // After a comma, the catalogs the list does not name yet.
    let first = try #require(Self.registry.searchable.first?.name.rawValue)
    let rest = Self.lastItems(try await shell.complete("deepcut report --provider \(first),"))
    #expect(rest == names.subtracting([first]))
    #expect(Self.lastItems(try await shell.complete("deepcut setup --provider \(first),")) == rest)
  }

  @Test(arguments: CompletingShell.Kind.allCases)
  func aPathCompletesFromTheFiles(_ kind: CompletingShell.Kind) async throws {
    let shell = try Self.shell(kind)
    defer { shell.remove() }
    let folder = try await shell.complete("deepcut report --library Mu")
    #expect(folder == ["Music/"] || folder == ["Music"], "\(folder)")
    let inside = try await shell.complete("deepcut report --library Music/")
    #expect(inside.map { URL(fileURLWithPath: $0).lastPathComponent } == ["Library.xml"], "\(inside)")
    #expect(Set(try await shell.complete("deepcut scan --library ")).isSuperset(of: ["notes.txt"]))
    // A folder's option offers folders only.
    let folders = try await shell.complete("deepcut report --feeds ")
    #expect(folders.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } == ["Music"], "\(folders)")
  }

  @Test(arguments: CompletingShell.Kind.allCases)
  func aCommandsWordsCompleteBeforeItsOptions(_ kind: CompletingShell.Kind) async throws {
    let shell = try Self.shell(kind)
    defer { shell.remove() }
    #expect(Set(try await shell.complete("deepcut cache ")) == ["stats", "clear"])
    #expect(Set(try await shell.complete("deepcut completions ")) == Set(Shell.allCases.map(\.rawValue)))
    #expect(try await shell.complete("deepcut artists p") == ["pin"])
    #expect(Set(try await shell.complete("deepcut cache stats --s")) == ["--state-dir"])
  }

  /// Every command's options, as its help lists them, are what `--` completes to: nothing missing, nothing extra.
  @Test(arguments: CompletingShell.Kind.allCases)
  func everyOptionOfEveryCommandCompletes(_ kind: CompletingShell.Kind) async throws {
    let shell = try Self.shell(kind)
    defer { shell.remove() }
    var flags = 0
    for command in Deepcut.commands {
      let options = Set(Deepcut.interface(Self.registry).options(of: command).map { "--" + $0.flag } + ["--help"])
      #expect(Set(try await shell.complete("deepcut \(command.name) --")) == options, "\(command.name)")
      flags += options.count
    }
    #expect(flags > 100, "the commands have \(flags) options in all")
  }
}
