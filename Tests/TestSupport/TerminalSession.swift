internal import Foundation

/// A person at a terminal: Tests/Fakes/terminal_session.py runs a program on a real pseudo-terminal (pexpect),
/// answers each prompt of a dialogue, and fails when a secret is echoed back.
public struct TerminalSession {
  public var status: Int32
  /// All the terminal showed, complete: the script wrote it before it exited.
  public var transcript: String

  /// Debian's interpreter: python3-pexpect is installed for it, not for another python3 on PATH.
  public static let python = "/usr/bin/python3"

  /// Runs `command` (the program first) with its environment this one's plus `environment`; each step of
  /// `dialogue` is {"expect": REGEX, "send": TEXT, "secret": Bool}.
  public static func run(
    _ command: [String], dialogue: [[String: Any]], environment: [String: String] = [:]
  ) async throws -> TerminalSession {
    let folder = NSTemporaryDirectory() + "deepcut-terminal-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let dialogueFile = folder + "/dialogue.json"
    let transcriptFile = folder + "/transcript"
    try JSONSerialization.data(withJSONObject: dialogue).write(to: URL(fileURLWithPath: dialogueFile))
    let script = DeepcutProcess.packageRoot.appendingPathComponent("Tests/Fakes/terminal_session.py").path
    let result = try await DeepcutProcess.run(
      [script, "--dialogue", dialogueFile, "--transcript", transcriptFile, "--timeout", "20", "--"] + command,
      executable: URL(fileURLWithPath: python), environment: environment)
    let transcript = (try? String(contentsOfFile: transcriptFile, encoding: .utf8)) ?? ""
    return TerminalSession(status: result.status, transcript: transcript + result.stderr)
  }
}
