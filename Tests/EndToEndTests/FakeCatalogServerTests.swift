import Foundation
import TestSupport
import Testing

/// The fake catalog server is test equipment; its own Python tests keep it honest about the wire format.
struct FakeCatalogServerTests {
  @Test func pythonSelfTestsPass() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-m", "unittest", "discover", "-s", "Tests/Fakes", "-p", "test_*.py"]
    process.currentDirectoryURL = DeepcutProcess.packageRoot
    let output = Pipe()
    process.standardError = output
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(text)")
    #expect(text.contains("OK"))
  }
}
