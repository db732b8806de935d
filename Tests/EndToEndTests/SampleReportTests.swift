import Foundation
import Testing

/// samples/report.md and samples/report.html are what the README's run command produces from
/// samples/ on a first run. Re-record with: DEEPCUT_RECORD_GOLDEN=1 swift test --filter SampleReportTests
struct SampleReportTests {
  @Test(arguments: [("markdown", "report.md"), ("html", "report.html")])
  func samplesMatchWhatTheSampleRunProduces(_ format: String, _ file: String) throws {
    let state = NSTemporaryDirectory() + "deepcut-sample-" + UUID().uuidString
    let result = try DeepcutProcess.run([
      "report", "--library", "samples/Library.xml", "--snapshot", "samples/catalog", "--now", "2026-11-29",
      "--format", format, "--state-dir", state, "--quiet",
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
