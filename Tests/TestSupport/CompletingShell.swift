import Foundation

/// A shell completing a command line with a completion script, as a person pressing Tab after typing it would see:
/// bash through the function the script registers, given `COMP_WORDS` and `COMP_CWORD` as bash's own completion gives
/// them; zsh at an interactive prompt on a pseudo-terminal (Tests/Fakes/zsh_complete.zsh); fish by `complete -C`.
/// Each runs in a scratch folder of its own, which path completion lists.
public struct CompletingShell: Sendable {
  public enum Kind: String, CaseIterable, Sendable {
    case bash, zsh, fish

    var program: String { "/usr/bin/" + rawValue }
  }

  public let kind: Kind
  /// The working folder, holding the script (zsh's as `_deepcut`, for fpath) and whatever a test puts there.
  public let folder: String

  public init(_ kind: Kind, script: String) throws {
    self.kind = kind
    folder = NSTemporaryDirectory() + "deepcut-completion-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
  }

  var scriptPath: String { folder + (kind == .zsh ? "/_deepcut" : "/deepcut.\(kind.rawValue)") }

  public func remove() { try? FileManager.default.removeItem(atPath: folder) }

  /// What the shell offers for `line`, its last word the one being completed (a line ending in a space completes a
  /// new, empty word); each offer once, in the order the shell gives them, without fish's descriptions.
  public func complete(_ line: String) async throws -> [String] {
    let (status, output) = try await DeepcutProcess.shell(kind.program, arguments(line))
    guard status == 0 else { throw Failure(line: line, shell: kind.rawValue, output: output) }
    var seen: Set<String> = []
    return output.split(separator: "\n").compactMap { offer in
      let word = String(offer.split(separator: "\t", maxSplits: 1).first ?? "").trimmingCharacters(in: .whitespaces)
      return !word.isEmpty && seen.insert(word).inserted ? word : nil
    }
  }

  private func arguments(_ line: String) -> [String] {
    switch kind {
    case .bash:
      let driver = """
        cd "$1" && source "$2" && shift 2 && COMP_WORDS=("$@") && COMP_CWORD=$((${#COMP_WORDS[@]} - 1)) && _deepcut
        printf '%s\\n' "${COMPREPLY[@]}"
        """
      return ["--norc", "--noprofile", "-c", driver, "bash", folder, scriptPath] + Self.bashWords(line)
    case .zsh:
      let driver = DeepcutProcess.packageRoot.appendingPathComponent("Tests/Fakes/zsh_complete.zsh").path
      return ["-f", driver, folder, line]
    case .fish:
      return [
        "--no-config", "-c", "cd $argv[1]; and source $argv[2]; and complete -C $argv[3]", folder, scriptPath, line,
      ]
    }
  }

  /// The words bash's readline gives a completion function: split at spaces, and at an equals sign
  /// (`COMP_WORDBREAKS`), which becomes a word of its own.
  static func bashWords(_ line: String) -> [String] {
    line.split(separator: " ", omittingEmptySubsequences: false).flatMap { word -> [String] in
      guard let equals = word.firstIndex(of: "=") else { return [String(word)] }
      return [String(word[..<equals]), "=", String(word[word.index(after: equals)...])]
    }
  }

  public struct Failure: Error, CustomStringConvertible {
    var line: String
    var shell: String
    var output: String
    public var description: String { "\(shell) failed completing '\(line)': \(output)" }
  }
}
