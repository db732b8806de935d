public import Foundation
internal import Synchronization

/// Standard output for results, standard error for everything else.
public enum Console {
  /// Where the nightly job keeps what a run says, and whether it still goes to standard error too.
  public struct Transcript: Sendable {
    public var path: String
    public var echoed: Bool

    public init(path: String, echoed: Bool) {
      self.path = path
      self.echoed = echoed
    }
  }

  private static let transcript = Mutex<Transcript?>(nil)

  /// From now on every line for standard error is also appended to `path` (and only there, unless `echoed`).
  public static func keep(_ kept: Transcript?) {
    transcript.withLock { $0 = kept }
  }

  /// By bytes: a text ending in CRLF (an e-mail, a calendar) does not end in the Character "\n".
  public static func out(_ text: String) {
    FileHandle.standardOutput.write(lineData(text))
  }

  public static func error(_ text: String) {
    let kept = transcript.withLock { $0 }
    if let kept { append(lineData(text), to: kept.path) }
    if kept?.echoed ?? true { FileHandle.standardError.write(lineData(text)) }
  }

  /// Appends to the log, creating it; a log that cannot be written loses the line, not the run.
  public static func append(_ data: Data, to path: String) {
    try? Platform.append(data, to: path)
  }

  private static func lineData(_ text: String) -> Data {
    Data(text.utf8.last == UInt8(ascii: "\n") ? text.utf8 : (text + "\n").utf8)
  }
}
