internal import Basics
internal import Foundation

/// A program run to its end with bytes on its standard input, waited for without holding a thread of the shared
/// pool, and killed if it takes longer than it may.
enum ChildProcess {
  struct Ending: Sendable {
    var status: Int32
    var timedOut: Bool
    /// The last line it wrote on standard output or standard error, for messages.
    var lastLine: String?
  }

  static func run(_ program: String, _ arguments: [String], input: Data, timeout: Duration) async throws -> Ending {
    // What it says goes to a file read once it has ended: a pipe could be held open by a child it leaves behind.
    let said = FileManager.default.temporaryDirectory.appendingPathComponent("deepcut-mail-\(UUID().uuidString)")
    guard
      FileManager.default.createFile(
        atPath: said.path, contents: nil, attributes: [.posixPermissions: Int(OwnerOnlyFile.mode)])
    else { throw CocoaError(.fileWriteUnknown) }
    defer { try? FileManager.default.removeItem(at: said) }
    let output = try FileHandle(forWritingTo: said)
    defer { try? output.close() }
    let process = try SpawnedProcess(
      program, arguments, environment: ProcessInfo.processInfo.environment,
      directory: FileManager.default.currentDirectoryPath, mergingErrors: true, outputFile: output.fileDescriptor)
    feed(input, to: process.input)
    // Killed with SIGKILL, not SIGTERM, at its time: a mail command that traps or ignores SIGTERM must not outlive
    // it either.
    let timedOut = await !process.waitUntilExit(within: timeout)
    let lines = (try? String(contentsOf: said, encoding: .utf8)) ?? ""
    let last = lines.split(whereSeparator: \.isNewline).last.map { String($0.prefix(300)) }
    return Ending(status: process.terminationStatus, timedOut: timedOut, lastLine: last)
  }

  /// Writes `input` and closes the pipe, on a thread of its own: a command that reads slowly blocks only that
  /// thread, and one that exits without reading makes the write fail (EPIPE) rather than stop deepcut.
  private static func feed(_ input: Data, to handle: FileHandle) {
    _ = brokenPipesIgnored
    Thread {
      try? handle.write(contentsOf: input)
      try? handle.close()
    }.start()
  }

  /// A write to a command that has gone must fail with EPIPE, not end deepcut with SIGPIPE.
  private static let brokenPipesIgnored: Void = Platform.ignore(signal: SIGPIPE)
}
