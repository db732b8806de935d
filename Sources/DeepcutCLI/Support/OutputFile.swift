internal import Basics
internal import Foundation
internal import Options

/// Writes a file the way ``AtomicFile`` does, failing as a command fails.
enum OutputFile {
  static func write(_ data: Data, to path: String, mode: mode_t = 0o644, what: String = "the report") throws(CLIError) {
    do {
      try AtomicFile.write(data, to: path, mode: mode, what: what)
    } catch {
      throw .output(path: error.path, reason: error.reason)
    }
  }
}
