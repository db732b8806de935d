/// Reads artist credits the way a person does.
public enum ArtistCredit {
  /// The main artist of a track credit: "Nicky Jam feat. J Balvin", "X ft. Y", "X featuring Y",
  /// "X with Y" and "X (feat. Y)" all credit X. Joined names ("Simon & Garfunkel",
  /// "Earth, Wind & Fire") are one artist and stay whole.
  public static func primaryArtist(_ credit: String) -> String {
    let scalars = Array(credit.unicodeScalars)
    var index = 0
    while index < scalars.count {
      if isBoundary(scalars, at: index), let marker = markerLength(scalars, at: index + 1) {
        let end = index + 1 + marker
        // The marker needs a name after it: "With Honors" as a band name stays.
        if index > 0, end < scalars.count, isSeparator(scalars[end]) {
          var head = Array(scalars[..<index])
          while let last = head.last, last.properties.isWhitespace || last == "(" || last == "[" || last == "," {
            head.removeLast()
          }
          if !head.isEmpty { return String(String.UnicodeScalarView(head)) }
        }
      }
      index += 1
    }
    return trimmed(credit)
  }

  /// Album artist aliases that stand for "many artists" in the languages Music exports in.
  public static func isVariousArtists(_ name: String) -> Bool {
    // Whole words, leading "The" kept: "The Various" is a band.
    variousArtistsKeys.contains(TextFolding.words(name).joined())
  }

  private static let variousArtistsKeys: Set<String> = [
    "variousartists", "various", "va", "multiinterpretes", "verschiedeneinterpreten", "variosartistas",
    "artistivari", "variosinterpretes", "diverseartiesten", "diversartister",
    "variousartist", "compilation", "sampler",
  ]

  private static let markers: [[Unicode.Scalar]] = ["featuring", "feat.", "feat", "ft.", "ft", "with"].map {
    Array($0.unicodeScalars)
  }

  private static func markerLength(_ scalars: [Unicode.Scalar], at start: Int) -> Int? {
    for marker in markers where start + marker.count <= scalars.count {
      var matches = true
      for (offset, expected) in marker.enumerated() {
        let actual = scalars[start + offset]
        let lowered =
          actual.isASCII && (0x41...0x5A).contains(actual.value) ? Unicode.Scalar(UInt8(actual.value + 0x20)) : actual
        if lowered != expected {
          matches = false
          break
        }
      }
      if matches { return marker.count }
    }
    return nil
  }

  private static func isBoundary(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
    let scalar = scalars[index]
    return scalar.properties.isWhitespace || scalar == "(" || scalar == "["
  }

  private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isWhitespace
  }

  /// Text as a person should see it: no surrounding space, and line breaks that a pretty-printing
  /// tool wrapped into a value (with their indentation) read as one space again.
  static func trimmed(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    let core = scalars[first...last]
    guard core.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\t" }) else { return String(core) }
    var result = String.UnicodeScalarView()
    var pendingSpace = false
    for scalar in core {
      if scalar == "\n" || scalar == "\r" || scalar == "\t" || (pendingSpace && scalar == " ") {
        pendingSpace = true
        continue
      }
      if pendingSpace {
        if result.last != " " { result.append(" ") }
        pendingSpace = false
      }
      result.append(scalar)
    }
    return String(result)
  }
}
