internal import Foundation

/// Words as sh reads them: how a crontab line, and a command shown to the user, carry paths with spaces and quotes.
enum ShellWords {
  /// `word` as it is when sh takes it so (letters, digits, `-`, `_`), else in single quotes.
  static func quoted(_ word: String) -> String {
    let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { $0.isASCII && (plainCharacters.contains($0)) }
    // Nothing is special inside single quotes but the closing quote: a quote in the word closes them, comes escaped,
    // and opens them again.
    return plain ? word : "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }

  /// Words joined into one command line for sh.
  static func line(_ words: [String]) -> String {
    words.map(quoted).joined(separator: " ")
  }

  /// The words of `text` as sh splits them: on blanks, with single quotes, double quotes and backslashes; nil when a
  /// quote is left open. Enough for the lines `quoted` makes and for plain hand edits of them; no expansions.
  static func split(_ text: Substring) -> [String]? {
    var words: [String] = []
    var word: String?
    var quote: Character?
    var escaped = false
    for character in text {
      if escaped {
        // Inside double quotes a backslash escapes only these; before anything else it stays.
        let kept = quote == "\"" && !"$`\"\\".contains(character) ? "\\" : ""
        word = (word ?? "") + kept + String(character)
        escaped = false
      } else if let open = quote {
        if character == open {
          quote = nil
        } else if open == "\"" && character == "\\" {
          escaped = true
        } else {
          word = (word ?? "") + String(character)
        }
      } else if character == " " || character == "\t" {
        if let finished = word { words.append(finished) }
        word = nil
      } else if character == "'" || character == "\"" {
        quote = character
        word = word ?? ""
      } else if character == "\\" {
        escaped = true
      } else {
        word = (word ?? "") + String(character)
      }
    }
    guard quote == nil, !escaped else { return nil }
    return words + (word.map { [$0] } ?? [])
  }

  private static let plainCharacters = CharacterSet(
    charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
}
