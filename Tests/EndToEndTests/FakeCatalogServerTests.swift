import Foundation
import TestSupport
import Testing

/// The fake catalog server is test equipment; its own Python tests keep it honest about the wire format.
struct FakeCatalogServerTests {
  @Test func pythonSelfTestsPass() async throws {
    let (status, text) = try await DeepcutProcess.shell(
      "/usr/bin/env", ["python3", "-m", "unittest", "discover", "-s", "Tests/Fakes", "-p", "test_*.py"])
    #expect(status == 0, "\(text)")
    #expect(text.contains("OK"))
  }
}
