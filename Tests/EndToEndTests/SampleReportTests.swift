import Foundation
import Testing

/// samples/report.md, report.html and report-musicbrainz.md are what the README's run commands produce from
/// samples/ on a first run. Re-record with: DEEPCUT_RECORD_GOLDEN=1 swift test --filter SampleReportTests
struct SampleReportTests {
  @Test(arguments: [
    ("itunes", "markdown", "report.md"), ("itunes", "html", "report.html"),
    ("musicbrainz", "markdown", "report-musicbrainz.md"),
  ])
  func samplesMatchWhatTheSampleRunProduces(_ provider: String, _ format: String, _ file: String) throws {
    let state = NSTemporaryDirectory() + "deepcut-sample-" + UUID().uuidString
    let snapshot = provider == "itunes" ? "samples/catalog" : "samples/catalog-musicbrainz"
    let result = try DeepcutProcess.run([
      "report", "--library", "samples/Library.xml", "--provider", provider, "--snapshot", snapshot, "--now",
      "2026-11-29", "--format", format, "--state-dir", state, "--quiet",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let path = DeepcutProcess.packageRoot.appendingPathComponent("samples/\(file)")
    if ProcessInfo.processInfo.environment["DEEPCUT_RECORD_GOLDEN"] == "1" {
      try Data(result.stdout.utf8).write(to: path)
      return
    }
    let expected = try String(contentsOf: path, encoding: .utf8)
    #expect(result.stdout == expected, "samples/\(file) is stale; re-record with DEEPCUT_RECORD_GOLDEN=1")
  }
}
