internal import Basics
internal import Foundation

/// How one of the schedulers' own programs (crontab, systemctl, loginctl, launchctl) ended, and what it said.
struct ToolRun: Sendable {
  var status: Int32
  var output: Data
  var errors: String

  var succeeded: Bool { status == 0 }

  /// Its last words, for a message: what it wrote on standard error, else on standard output.
  var message: String {
    let text = errors.isEmpty ? String(decoding: output, as: UTF8.self) : errors
    let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
    return lines.last { !$0.isEmpty }.map { String($0.prefix(300)) } ?? "exit status \(status)"
  }
}

/// The schedulers' programs, found on the PATH of the environment given (not this process's), so that a test's fakes
/// come first, and run with that environment.
struct SetupTools: Sendable {
  let environment: [String: String]
  /// Longer than any of these takes; one stuck waiting for a bus that never answers is stopped.
  var timeout: Duration = .seconds(60)

  /// The first executable file named `name` on PATH; nil when there is none.
  func locate(_ name: String) -> String? {
    // A relative folder on PATH would make the answer depend on where setup happens to run.
    for folder in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") where folder.hasPrefix("/") {
      let path = folder + "/" + name
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
        FileManager.default.isExecutableFile(atPath: path)
      {
        return path
      }
    }
    return nil
  }

  /// Runs `path` with `arguments` to its end, `input` on its standard input.
  func run(_ path: String, _ arguments: [String], input: Data = Data()) async -> ToolRun {
    _ = Self.brokenPipesIgnored
    let process: SpawnedProcess
    do {
      // The schedulers' programs have no use for a mail password the user exported.
      process = try SpawnedProcess(
        path, arguments, environment: environment.filter { $0.key != "DEEPCUT_SMTP_PASSWORD" },
        directory: FileManager.default.currentDirectoryPath,
        mergingErrors: false)
    } catch {
      return ToolRun(status: 127, output: Data(), errors: "\(path) could not be started: \(error)")
    }
    Self.feed(input, to: process.input)
    // Waited for beside the reads: a program that outlives its time is killed, which ends its pipes too.
    async let ended = process.waitUntilExit(within: timeout)
    async let errors = Self.readAll(process.errors)
    let output = await Self.readAll(process.output)
    let said = await errors
    _ = await ended
    return ToolRun(status: process.terminationStatus, output: output, errors: String(decoding: said, as: UTF8.self))
  }

  /// A program that exits without reading its input makes the write fail (EPIPE) rather than end deepcut.
  private static let brokenPipesIgnored: Void = Platform.ignore(signal: SIGPIPE)

  /// On a thread of its own, so that a program reading slowly holds up no thread of the shared pool.
  private static func feed(_ input: Data, to handle: FileHandle) {
    Thread {
      try? handle.write(contentsOf: input)
      try? handle.close()
    }.start()
  }

  private static func readAll(_ handle: FileHandle?) async -> Data {
    guard let handle else { return Data() }
    return await withCheckedContinuation { continuation in
      Thread {
        continuation.resume(returning: handle.readDataToEndOfFile())
        try? handle.close()
      }.start()
    }
  }
}
