import Foundation
import TestSupport
import Testing

/// samples/report.md and report.html (the recommended catalogs, from the README's first command), and
/// report-itunes.md, report-itunes.html, report-musicbrainz.md and report-deezer.md (one catalog each) are what the
/// README's run commands produce from samples/ on a first run. Re-record with:
/// DEEPCUT_RECORD_GOLDEN=1 swift test --filter SampleReportTests
struct SampleReportTests {
  @Test(
    arguments: [
      (nil, "markdown", "report.md"), (nil, "html", "report.html"), ("itunes", "markdown", "report-itunes.md"),
      ("itunes", "html", "report-itunes.html"), ("musicbrainz", "markdown", "report-musicbrainz.md"),
      ("deezer", "markdown", "report-deezer.md"),
    ] as [(String?, String, String)])
  func samplesMatchWhatTheSampleRunProduces(_ provider: String?, _ format: String, _ file: String) async throws {
    let state = NSTemporaryDirectory() + "deepcut-sample-" + UUID().uuidString
    let catalog = provider.map { ["--provider", $0] } ?? []
    let result = try await DeepcutProcess.run(
      ["report", "--library", "samples/Library.xml"] + catalog + [
        "--snapshot", "samples/catalogs", "--now", "2026-11-29", "--format", format, "--state-dir", state, "--quiet",
      ])
    #expect(result.status == 0, "\(result.stderr)")
    let path = DeepcutProcess.packageRoot.appendingPathComponent("samples/\(file)")
    if ProcessInfo.processInfo.environment["DEEPCUT_RECORD_GOLDEN"] == "1" {
      try Data(result.stdout.utf8).write(to: path)
      Issue.record("recorded samples/\(file); run the tests again without DEEPCUT_RECORD_GOLDEN")
      return
    }
    let expected = try String(contentsOf: path, encoding: .utf8)
    #expect(result.stdout == expected, "samples/\(file) is stale; re-record with DEEPCUT_RECORD_GOLDEN=1")
  }

  /// The same inputs give the same bytes in separate processes (hash seeds, dictionary order and clocks all differ
  /// between processes; within one they would hide).
  @Test(arguments: ["markdown", "html", "json", "email"])
  func twoProcessesWriteTheSameBytes(_ format: String) async throws {
    var outputs: [String] = []
    for _ in 0..<2 {
      let state = NSTemporaryDirectory() + "deepcut-stable-" + UUID().uuidString
      let result = try await DeepcutProcess.run(
        [
          "report", "--library", "samples/Library.xml", "--snapshot", "samples/catalogs/itunes", "--now", "2026-11-29",
          "--format", format, "--state-dir", state, "--quiet", "--to", "me@example.org",
        ].filter { format == "email" || ($0 != "--to" && $0 != "me@example.org") })
      #expect(result.status == 0, "\(result.stderr)")
      outputs.append(result.stdout)
    }
    #expect(outputs[0] == outputs[1])
    #expect(!outputs[0].isEmpty)
  }
}
