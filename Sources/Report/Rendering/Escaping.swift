internal import Basics

/// Escaping for each output format; templates apply it to every `{{value}}`.
public enum Escaping {
  /// Backslash-escapes what Markdown (GitHub's and CommonMark renderers) would read as markup: emphasis, code,
  /// links, headings, HTML, table cells, strikethrough, a list marker; on one line (``Basics/Markdown``, which every
  /// Markdown deepcut writes uses).
  @Sendable public static func markdown(_ text: String) -> String {
    Markdown.escaped(text)
  }

  /// XML 1.0 text and attribute values (the Atom feed): the five markup characters as entities, and the characters
  /// XML forbids even as references (C0 controls but tab and line ends, U+FFFE, U+FFFF) left out, so a catalog
  /// name can never make the feed ill-formed.
  @Sendable public static func xml(_ text: String) -> String {
    replacing(in: text, xmlEntities) { scalar in
      (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r") || scalar.value == 0xFFFE
        || scalar.value == 0xFFFF
    }
  }

  static let xmlEntities: [Unicode.Scalar: String] = [
    "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&apos;",
  ]

  /// What ends a Markdown link or an HTML attribute, percent-encoded, for links.
  static let linkEscapes: [Unicode.Scalar: String] = [
    " ": "%20", "(": "%28", ")": "%29", "<": "%3C", ">": "%3E", "\"": "%22", "'": "%27", "\\": "%5C", "`": "%60",
  ]

  /// `text` with the scalars `replacements` names replaced, those `dropped` says left out, and the rest as they are.
  static func replacing(
    in text: String, _ replacements: [Unicode.Scalar: String], dropping dropped: (Unicode.Scalar) -> Bool
  ) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      if let replacement = replacements[scalar] {
        result += replacement
      } else if !dropped(scalar) {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// An iCalendar TEXT value (RFC 5545, 3.3.11): backslash, semicolon and comma escaped, a line break as `\n`,
  /// other control characters left out (the format allows none).
  @Sendable public static func iCalendarText(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count + 8)
    var previous: Unicode.Scalar?
    for scalar in text.unicodeScalars {
      defer { previous = scalar }
      switch scalar {
      case "\\": result += "\\\\"
      case ";": result += "\\;"
      case ",": result += "\\,"
      case "\n" where previous == "\r": continue
      case "\n", "\r": result += "\\n"
      default:
        if (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F { continue }
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// No escaping, for templates whose output is not markup.
  @Sendable public static func none(_ text: String) -> String { text }
}
