import Foundation

/// The one place where text becomes comparable: every artist and album key is built here, so the
/// library side and the catalog side can never disagree about what "the same name" means.
enum TextFolding {
  /// Folds text into lowercase word tokens.
  ///
  /// - Compatibility-decomposes (NFKD) so NFC/NFD spellings, full-width letters and ligatures agree.
  /// - Drops diacritics only after Latin and Greek letters: "Beyoncé" is "beyonce", but a Japanese
  ///   voicing mark or a Cyrillic breve changes the letter, so those stay.
  /// - Apostrophes and quotes vanish ("Guns N' Roses" = "Guns N Roses"); `&` and `+` read as "and";
  ///   every other punctuation mark, symbol and space (no-break spaces too) separates words.
  static func words(_ text: String) -> [String] {
    var words: [String] = []
    var word = String.UnicodeScalarView()
    var lastBaseDropsMarks = false

    func endWord() {
      if !word.isEmpty {
        words.append(String(word))
        word.removeAll(keepingCapacity: true)
      }
    }

    for scalar in decomposed(text) {
      if isQuote(scalar) { continue }
      if scalar == "&" || scalar == "+" {
        endWord()
        words.append("and")
        continue
      }
      let properties = scalar.properties
      switch properties.generalCategory {
      case .nonspacingMark, .spacingMark, .enclosingMark:
        if !lastBaseDropsMarks { word.append(scalar) }
      case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
        .decimalNumber, .letterNumber, .otherNumber:
        lastBaseDropsMarks = isLatinOrGreek(scalar)
        appendFolded(scalar, properties: properties, to: &word)
      default:
        endWord()
      }
    }
    endWord()
    return words
  }

  /// The comparison key: the words run together, without a leading "the".
  ///
  /// Running the words together makes "AC/DC", "AC DC" and "ACDC" (or "R.E.M." and "REM") equal,
  /// which is what a reader of a track list would say.
  static func key(for text: String) -> String {
    var tokens = words(text)
    // "The The" is a band whose name is not "The".
    if tokens.count > 1, tokens[0] == "the", tokens.dropFirst() != ["the"] { tokens.removeFirst() }
    if tokens.isEmpty { return fallbackKey(text) }
    return tokens.joined()
  }

  /// A name made only of punctuation ("!!!", "?") still needs a key of its own.
  static func fallbackKey(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars where !scalar.properties.isWhitespace {
      result.unicodeScalars.append(scalar)
    }
    return result.lowercased()
  }

  private static func decomposed(_ text: String) -> String.UnicodeScalarView {
    // ASCII is its own NFKD form; most names are ASCII, so skip Foundation's work for them.
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.unicodeScalars }
    return text.decomposedStringWithCompatibilityMapping.unicodeScalars
  }

  private static func appendFolded(
    _ scalar: Unicode.Scalar,
    properties: Unicode.Scalar.Properties,
    to word: inout String.UnicodeScalarView
  ) {
    if scalar.isASCII {
      let value = scalar.value
      let lowered = (0x41...0x5A).contains(value) ? value + 0x20 : value
      word.append(Unicode.Scalar(UInt8(lowered)))
      return
    }
    // Letters with no decomposition that people still type without their stroke or ligature.
    switch scalar {
    case "ß", "ẞ": word.append(contentsOf: "ss".unicodeScalars)
    case "æ", "Æ": word.append(contentsOf: "ae".unicodeScalars)
    case "œ", "Œ": word.append(contentsOf: "oe".unicodeScalars)
    case "ø", "Ø": word.append("o")
    case "đ", "Đ", "ð", "Ð": word.append("d")
    case "ł", "Ł": word.append("l")
    case "þ", "Þ": word.append(contentsOf: "th".unicodeScalars)
    case "ı": word.append("i")
    case "ς": word.append("σ")
    default:
      if properties.changesWhenLowercased {
        word.append(contentsOf: properties.lowercaseMapping.unicodeScalars)
      } else {
        word.append(scalar)
      }
    }
  }

  private static func isLatinOrGreek(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0000...0x024F, 0x1E00...0x1EFF, 0x0370...0x03FF, 0x1F00...0x1FFF: true
    default: false
    }
  }

  private static func isQuote(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "'", "\"", "`", "\u{00B4}", "\u{2018}", "\u{2019}", "\u{201A}", "\u{201B}", "\u{201C}", "\u{201D}",
      "\u{201E}", "\u{2032}", "\u{2033}", "\u{00AB}", "\u{00BB}", "\u{2039}", "\u{203A}", "\u{02BC}":
      true
    default: false
    }
  }
}
