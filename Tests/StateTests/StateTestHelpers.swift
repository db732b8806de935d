import Basics
import Catalog
import Foundation
import Identity
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
  _ key: String, provider: CatalogName = "spotify", status: ArtistResolution.Status = .resolved,
  catalogID: CatalogArtistID? = "cat-id", checkedAt: Double = 1_750_000_000
) -> ArtistResolution {
  ArtistResolution(
    provider: provider, artistKey: ArtistKey(rawValue: key), artistName: key.capitalized, catalogID: catalogID,
    catalogName: catalogID.map { "Name of \($0)" }, status: status,
    candidates: status == .ambiguous ? #"[{"id":"a"},{"id":"b"}]"# : nil, checkedAt: date(checkedAt))
}

/// Counts the rows of `table` through a separate connection.
func rowCount(_ table: String, path: String) throws -> Int {
  let database = try Database(path: path)
  return try database.query("SELECT COUNT(*) FROM \(table)") { $0.int(at: 0) }.first ?? -1
}

/// A child that did not end within its bound, and was killed.
struct ProcessHung: Error, CustomStringConvertible {
  var command: String
  var description: String { "python3 -c '\(command.prefix(80))…' did not end within 5 minutes; killed" }
}

struct ProcessResult {
  var status: Int32
  var output: String
}

/// Runs `python3 -c script arguments…` through /usr/bin/env and returns its exit status and standard output. Its
/// pipes are read on threads of their own and its end awaited, so no thread of the shared pool waits meanwhile.
func runPython(_ script: String, _ arguments: [String]) async throws -> ProcessResult {
  let python = try SpawnedProcess(
    "/usr/bin/env", ["python3", "-c", script] + arguments, environment: ProcessInfo.processInfo.environment,
    directory: FileManager.default.currentDirectoryPath, mergingErrors: false)
  try? python.input.close()
  async let errors = readToEnd(python.errors)
  let output = await readToEnd(python.output)
  _ = await errors
  guard await python.waitUntilExit(within: .seconds(300)) else { throw ProcessHung(command: script) }
  return ProcessResult(status: python.terminationStatus, output: String(decoding: output, as: UTF8.self))
}

private func readToEnd(_ handle: FileHandle?) async -> Data {
  guard let handle else { return Data() }
  return await withCheckedContinuation { continuation in
    Thread {
      continuation.resume(returning: handle.readDataToEndOfFile())
      try? handle.close()
    }.start()
  }
}

/// True if `python3` with its sqlite3 module can be run (the crash test needs it).
func pythonHasSQLite() async -> Bool {
  (try? await runPython("import sqlite3", []).status) == 0
}
