/// Lucene query text, as MusicBrainz's search reads it: fields, quoted phrases, ranges, `AND`/`OR` and
/// parentheses. Every value is escaped, so a name like `AC/DC` or `"Weird Al"` stays one phrase.
enum LuceneQuery {
  /// The characters Lucene's query parser gives a meaning to.
  static let specials: Set<Character> = [
    "+", "-", "&", "|", "!", "(", ")", "{", "}", "[", "]", "^", "\"", "~", "*", "?", ":", "\\", "/",
  ]

  /// `text` with each special character escaped by a backslash.
  static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.count)
    for character in text {
      if specials.contains(character) { result.append("\\") }
      result.append(character)
    }
    return result
  }

  /// `field:"a phrase"`.
  static func phrase(_ field: String, _ text: String) -> String {
    "\(field):\"\(escaped(text))\""
  }

  /// `field:term`, for ids and other single tokens.
  static func term(_ field: String, _ text: String) -> String {
    "\(field):\(escaped(text))"
  }

  /// `field:[from TO to]`, both ends included.
  static func range(_ field: String, from: String, to: String) -> String {
    "\(field):[\(escaped(from)) TO \(escaped(to))]"
  }

  /// `(a OR b OR …)`: parenthesized, so it can stand beside `AND` without changing meaning.
  static func anyOf(_ clauses: [String]) -> String {
    "(" + clauses.joined(separator: " OR ") + ")"
  }
}
