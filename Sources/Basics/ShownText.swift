/// Text a catalog, a library or a server sent, made fit to show in a message of any kind: what it says stays, what
/// could change how the rest reads goes.
public enum ShownText {
  /// The longest text a row shows of one value: past the longest real titles (Fiona Apple's second album's, 444
  /// characters), far under every service's limit for a message.
  public static let longest = 500

  /// `text` on one line: line and paragraph breaks and tabs as spaces; control characters (C0, C1, DEL) and the
  /// characters that override, embed or isolate a direction (which would turn the rest of a row around) left out;
  /// at most `limit` characters, a longer one cut and ended with "…".
  public static func oneLine(_ text: String, limit: Int = longest) -> String {
    let limit = max(1, limit)
    var result = ""
    var count = 0
    for character in text {
      guard count < limit else {
        result.removeLast()
        return result + "…"
      }
      if character.isNewline || character == "\t" {
        result.append(" ")
      } else if character.unicodeScalars.contains(where: hidden) {
        let kept = character.unicodeScalars.filter { !hidden($0) }
        guard !kept.isEmpty else { continue }
        result.unicodeScalars.append(contentsOf: kept)
      } else {
        result.append(character)
      }
      count += 1
    }
    return result
  }

  /// A control character, or one that overrides, embeds or isolates a direction.
  static func hidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}

/// Markdown for text that is not markup: one escaper for every Markdown deepcut writes (the report, the e-mail's
/// text part, a push), so a catalog's text can add no emphasis, link, list item, heading, table cell or line.
public enum Markdown {
  /// `text` on one line (``ShownText/oneLine(_:limit:)``), with each character Markdown (GitHub's and CommonMark
  /// renderers) would read as markup backslash-escaped, and a list or heading marker it starts with too, for a
  /// template that puts it first on a line.
  public static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count + 8)
    let line = ShownText.oneLine(text, limit: .max)
    if let first = line.first, "-+=".contains(first) { result.append("\\") }
    var digitsFirst = true
    for character in line {
      if markup.contains(character) || (digitsFirst && !result.isEmpty && ".)".contains(character)) {
        result.append("\\")
      }
      digitsFirst = digitsFirst && character.isASCII && character.isNumber
      result.append(character)
    }
    return result
  }

  static let markup: Set<Character> = [
    "\\", "`", "*", "_", "[", "]", "(", ")", "#", "<", ">", "|", "!", "~", "{", "}",
  ]
}
