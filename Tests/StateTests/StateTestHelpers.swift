import Foundation
import Testing

@testable import State

/// Runs `body` with a fresh temporary directory that is removed afterwards.
func withTemporaryDirectory(_ body: (String) async throws -> Void) async throws {
  let path = FileManager.default.temporaryDirectory
    .appendingPathComponent("deepcut-state-tests-\(UUID().uuidString)").path
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: path) }
  try await body(path)
}

/// `<directory>/state.sqlite`
func databasePath(in directory: String) -> String {
  (directory as NSString).appendingPathComponent(StateStore.fileName)
}

/// Exactly representable dates, so Date round trips through REAL unix seconds compare equal.
func date(_ seconds: Double) -> Date {
  Date(timeIntervalSince1970: seconds)
}

func resolution(
  _ key: String, provider: String = "spotify", status: ArtistResolution.Status = .resolved,
  catalogID: String? = "cat-id", checkedAt: Double = 1_750_000_000
) -> ArtistResolution {
  ArtistResolution(
    provider: provider, artistKey: key, artistName: key.capitalized, catalogID: catalogID,
    catalogName: catalogID.map { "Name of \($0)" }, status: status,
    candidates: status == .ambiguous ? #"[{"id":"a"},{"id":"b"}]"# : nil, checkedAt: date(checkedAt))
}

/// Counts the rows of `table` through a separate connection.
func rowCount(_ table: String, path: String) throws -> Int {
  let database = try Database(path: path)
  return try database.query("SELECT COUNT(*) FROM \(table)") { $0.int(at: 0) }.first ?? -1
}

struct ProcessResult {
  var status: Int32
  var output: String
}

/// Runs `python3 -c script arguments…` through /usr/bin/env and returns its exit status and stdout.
func runPython(_ script: String, _ arguments: [String]) throws -> ProcessResult {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["python3", "-c", script] + arguments
  let pipe = Pipe()
  process.standardOutput = pipe
  try process.run()
  let output = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return ProcessResult(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self))
}

/// True if `python3` with its sqlite3 module can be run (the crash test needs it).
let pythonWithSQLite: Bool = {
  (try? runPython("import sqlite3", []).status) == 0
}()
