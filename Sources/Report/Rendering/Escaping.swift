/// Escaping for each output format; templates apply it to every `{{value}}`.
public enum Escaping {
  /// Backslash-escapes what Markdown (GitHub's and CommonMark renderers) would read as markup:
  /// emphasis, code, links, headings, HTML, table cells, strikethrough.
  @Sendable public static func markdown(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count + 8)
    for character in text {
      switch character {
      case "\\", "`", "*", "_", "[", "]", "(", ")", "#", "<", ">", "|", "!", "~", "{", "}":
        result.append("\\")
        result.append(character)
      case "\n", "\r":
        // A line break inside a value would end a list item or a table row.
        result.append(" ")
      default:
        result.append(character)
      }
    }
    return result
  }

  /// No escaping, for templates whose output is not markup.
  @Sendable public static func none(_ text: String) -> String { text }
}
