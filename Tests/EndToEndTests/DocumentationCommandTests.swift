import Foundation
import TestSupport
import Testing

/// `deepcut completions SHELL` and `deepcut manual` through the real binary: what a package or a person installs.
struct DocumentationCommandTests {
  @Test(arguments: ["bash", "zsh", "fish"])
  func eachShellsScriptIsValidInThatShell(_ shell: String) async throws {
    let printed = try await DeepcutProcess.run(["completions", shell])
    #expect(printed.status == 0, "\(printed.stderr)")
    #expect(printed.stderr.isEmpty)
    let folder = NSTemporaryDirectory() + "deepcut-script-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let script = folder + "/deepcut." + shell
    try printed.stdout.write(toFile: script, atomically: true, encoding: .utf8)
    // Each shell reads the whole script without running it.
    let parsed = try await DeepcutProcess.shell("/usr/bin/" + shell, ["-n", script])
    #expect(parsed.status == 0, "\(parsed.output)")
    #expect(parsed.output.isEmpty, "\(parsed.output)")
  }

  @Test func anUnknownShellIsRefused() async throws {
    let unknown = try await DeepcutProcess.run(["completions", "tcsh"])
    #expect(unknown.status == 64)
    #expect(unknown.stderr == "deepcut: error: completions takes bash, zsh or fish, not 'tcsh'\n")
    let none = try await DeepcutProcess.run(["completions"])
    #expect(none.status == 64)
    #expect(none.stderr.contains("completions needs a shell: bash, zsh or fish"))
  }

  /// The manual reads no config.json, even a broken one, and is dated by SOURCE_DATE_EPOCH for a package build.
  @Test func theManualIsDatedAsThePackageBuildSays() async throws {
    let home = NSTemporaryDirectory() + "deepcut-manual-home-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: home + "/deepcut", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: home) }
    try Data("{ broken".utf8).write(to: URL(fileURLWithPath: home + "/deepcut/config.json"))
    let manual = try await DeepcutProcess.run(
      ["manual"], environment: ["SOURCE_DATE_EPOCH": "1764633600", "XDG_CONFIG_HOME": home])
    #expect(manual.status == 0, "\(manual.stderr)")
    #expect(manual.stdout.contains("\n.TH DEEPCUT 1 2025-12-02 "))
    #expect(manual.stdout.contains("\n.SH EXIT STATUS\n"))
    let completions = try await DeepcutProcess.run(["completions", "bash"], environment: ["XDG_CONFIG_HOME": home])
    #expect(completions.status == 0, "\(completions.stderr)")
  }
}
