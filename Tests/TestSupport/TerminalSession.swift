internal import Foundation

/// A person at a terminal: Tests/Fakes/terminal_session.py runs a program on a real pseudo-terminal (pexpect),
/// answers each prompt of a dialogue, and fails when a secret is echoed back.
public struct TerminalSession {
  public var status: Int32
  /// All the terminal showed, complete: the script wrote it before it exited.
  public var transcript: String

  /// Debian's interpreter: python3-pexpect is installed for it, not for another python3 on PATH.
  public static let python = "/usr/bin/python3"

  /// One step of a dialogue: wait for what `expect` matches (a regular expression), then type `send` and a return,
  /// if there is one; a secret typed must never be shown back.
  public struct Step: Encodable, Sendable {
    public var expect: String
    public var send: String?
    /// Left out when false, as the script reads a step.
    public var secret: Bool?

    public static func expect(_ pattern: String, send: String? = nil, secret: Bool = false) -> Step {
      Step(expect: pattern, send: send, secret: secret ? true : nil)
    }
  }

  /// Runs `command` (the program first) with its environment this one's plus `environment`, going through
  /// `dialogue` step by step.
  public static func run(
    _ command: [String], dialogue: [Step], environment: [String: String] = [:]
  ) async throws -> TerminalSession {
    let folder = NSTemporaryDirectory() + "deepcut-terminal-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let dialogueFile = folder + "/dialogue.json"
    let transcriptFile = folder + "/transcript"
    try JSONEncoder().encode(dialogue).write(to: URL(fileURLWithPath: dialogueFile))
    let script = DeepcutProcess.packageRoot.appendingPathComponent("Tests/Fakes/terminal_session.py").path
    let result = try await DeepcutProcess.run(
      [script, "--dialogue", dialogueFile, "--transcript", transcriptFile, "--timeout", "20", "--"] + command,
      executable: URL(fileURLWithPath: python), environment: environment)
    let transcript = (try? String(contentsOfFile: transcriptFile, encoding: .utf8)) ?? ""
    return TerminalSession(status: result.status, transcript: transcript + result.stderr)
  }
}
