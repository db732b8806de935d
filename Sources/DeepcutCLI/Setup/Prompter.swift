internal import Basics
internal import Foundation
internal import Options

/// Asks `setup`'s questions one at a time on the terminal, each with its default shown in brackets, each answer
/// checked at once and asked again until it passes. With `--yes` it asks nothing: the default is the answer, and a
/// question without one fails with what to pass instead.
struct Prompter {
  /// False with `--yes`, or when standard input is not a terminal.
  let asks: Bool

  /// The answer to `question`: typed, or `defaultAnswer` for an empty line; `check` makes it a value or says why not.
  /// Without a default under `--yes`, fails naming `flag`.
  func ask<Value>(
    _ question: String, default defaultAnswer: String?, flag: String,
    check: (String) throws(CLIError) -> Value
  ) throws(CLIError) -> Value {
    guard asks else {
      guard let defaultAnswer else { throw .usage("setup --yes needs \(flag)") }
      return try check(defaultAnswer)
    }
    while true {
      let shown = defaultAnswer.map { " [\($0)]" } ?? ""
      let typed = try line("\(question)\(shown): ")
      guard let answer = typed.isEmpty ? defaultAnswer : typed else {
        Console.out("  an answer is needed here (\(flag) gives it on the command line)")
        continue
      }
      do {
        return try check(answer)
      } catch {
        Console.out("  \(error.description)")
      }
    }
  }

  /// A yes-or-no question; `--yes` answers yes.
  func confirm(_ question: String, default yes: Bool = true) throws(CLIError) -> Bool {
    guard asks else { return true }
    while true {
      let answer = try line("\(question) [\(yes ? "Y/n" : "y/N")]: ").lowercased()
      if answer.isEmpty { return yes }
      if ["y", "yes"].contains(answer) { return true }
      if ["n", "no"].contains(answer) { return false }
    }
  }

  /// A password, not echoed; an empty one is asked again.
  func secret(_ question: String) throws(CLIError) -> String {
    while true {
      let typed = try unseen(question)
      if !typed.isEmpty { return typed }
    }
  }

  /// A line typed without being echoed, empty when only Enter was: a URL that carries a token, where an empty answer
  /// ends a list.
  func unseen(_ question: String) throws(CLIError) -> String {
    let echoOff = Platform.setEcho(false, descriptor: STDIN_FILENO)
    defer {
      if echoOff {
        Platform.setEcho(true, descriptor: STDIN_FILENO)
        Console.out("")
      }
    }
    return try line("\(question): ")
  }

  /// One line typed at the terminal, after `prompt`; the end of the input stops setup.
  private func line(_ prompt: String) throws(CLIError) -> String {
    FileHandle.standardOutput.write(Data(prompt.utf8))
    guard let typed = readLine(strippingNewline: true) else {
      throw .usage("setup stopped: the input ended before every question was answered")
    }
    return typed.trimmingCharacters(in: .whitespaces)
  }
}
