import Foundation
import TestSupport
import Testing

/// In a terminal a progress bar shows on stderr; in cron (no terminal) nothing but what matters does.
struct TerminalTests {
  static func arguments(_ state: String) -> [String] {
    [
      "report", "--library", "samples/Library.xml", "--snapshot", "samples/catalogs/itunes", "--now", "2026-11-29",
      "--state-dir", state, "--output", state + "/report.md", "--timings",
    ]
  }

  @Test func aTerminalGetsAProgressBarAndAPhaseTable() async throws {
    let state = NSTemporaryDirectory() + "deepcut-tty-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
    // `script` runs the command on a pseudo-terminal, as a person at a shell would.
    let command = ([DeepcutProcess.executable.path] + Self.arguments(state)).map { "'\($0)'" }.joined(separator: " ")
    let result = try await Shell.run("/usr/bin/script", ["-qec", command, "/dev/null"])
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output.contains("] 25/25 artists · "))
    #expect(result.output.contains(" left"))
    #expect(result.output.contains("phase              seconds  cache"))
    for phase in ["read library", "build keys", "resolve artists", "look up albums", "render"] {
      #expect(result.output.contains(phase))
    }
    #expect(result.output.contains("cold"))
  }

  @Test func cronGetsNoProgressBarAndQuietGetsNothing() async throws {
    let state = NSTemporaryDirectory() + "deepcut-notty-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
    let plain = try await DeepcutProcess.run(Self.arguments(state))
    #expect(plain.status == 0)
    #expect(!plain.stderr.contains("artists · "))
    #expect(plain.stderr.contains("look up albums"))  // --timings still prints its table
    let quiet = try await DeepcutProcess.run(Self.arguments(state + "/q") + ["--quiet"])
    #expect(quiet.status == 0)
    #expect(quiet.stderr.isEmpty)
  }
}
