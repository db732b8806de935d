import Foundation
import TestSupport
import Testing

/// Every input under Tests/FuzzRegressions/TARGET — each crash or hang the fuzzer found, and the hostile inputs
/// written by hand beside them — replayed through the same code the fuzz targets drive (`deepcut-fuzz TARGET
/// FILE...`). Each must be read, rejected or rendered, never crash or hang.
@Suite struct FuzzRegressionTests {
  static let targets = ["reader", "catalog", "template", "config"]

  static func inputs(_ target: String) throws -> [String] {
    let folder = DeepcutProcess.packageRoot.appendingPathComponent("Tests/FuzzRegressions/\(target)")
    return try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0).path }
  }

  @Test(arguments: targets)
  func everyKeptInputIsHandled(_ target: String) async throws {
    let inputs = try Self.inputs(target)
    #expect(!inputs.isEmpty, "Tests/FuzzRegressions/\(target) holds no inputs")
    // A hang is a failure too: `timeout` ends the replay and reports 124.
    let result = try await DeepcutProcess.run(
      ["60", DeepcutProcess.built("deepcut-fuzz").path, target] + inputs,
      executable: URL(fileURLWithPath: "/usr/bin/timeout"))
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.split(separator: "\n").map(String.init) == inputs.map { "\($0): ok" })
  }
}
