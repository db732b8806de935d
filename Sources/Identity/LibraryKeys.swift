/// A comparison key for an artist: equal for names a person reads as the same artist
/// ("The Beatles" / "beatles", "Beyoncé" / "Beyonce", "Simon & Garfunkel" / "Simon and Garfunkel").
public struct ArtistKey: Hashable, Comparable, Sendable, CustomStringConvertible, Codable {
  public let rawValue: String

  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  public var description: String { rawValue }

  public static func < (lhs: ArtistKey, rhs: ArtistKey) -> Bool { lhs.rawValue < rhs.rawValue }

  public init(from decoder: any Decoder) throws {
    self.rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

/// How a release is packaged, as far as its title tells.
public enum ReleaseKind: String, Sendable, Codable, CaseIterable {
  case album
  case ep
  case single

  /// As a sentence says it: "album", "EP", "single".
  public var label: String { self == .ep ? "EP" : rawValue }

  /// The kind a ``label`` (or a raw value) says, in any case; nil for any other word.
  public init?(label: String) {
    self.init(rawValue: label.lowercased())
  }

  /// "an album", "an EP", "a single".
  public var withArticle: String { (self == .single ? "a " : "an ") + label }
}

/// A comparison key for an album title, with the edition split off so later code can tell
/// "the album you own" from "a Deluxe edition of the album you own".
public struct AlbumKey: Hashable, Sendable, CustomStringConvertible, Codable {
  /// The title without edition, disc, explicitness and single/EP markers.
  public let base: String
  /// The editions named in the title ("deluxe", "remaster", ...), sorted; empty for the plain release.
  public let editions: [Edition]
  /// What a " - Single" / " - EP" suffix says; `.album` when there is none.
  public let kind: ReleaseKind

  public init(base: String, editions: [Edition] = [], kind: ReleaseKind = .album) {
    self.base = base
    self.editions = editions
    self.kind = kind
  }

  public var isEdition: Bool { !editions.isEmpty }

  public var description: String {
    var text = base
    if !editions.isEmpty { text += " [" + editions.map(\.rawValue).joined(separator: "+") + "]" }
    if kind != .album { text += " <\(kind.rawValue)>" }
    return text
  }
}

/// Edition names that mean "the same album, repackaged".
public enum Edition: String, Sendable, Codable, Comparable, CaseIterable {
  case anniversary
  case bonusTracks = "bonus tracks"
  case collectors
  case complete
  case deluxe
  case expanded
  case extended
  case legacy
  case limited
  case platinum
  case reissue
  case remaster
  case special
  case superDeluxe = "super deluxe"
  case tour

  public static func < (lhs: Edition, rhs: Edition) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension AlbumKey {
  /// A key read back from its ``description``, as the state keeps it; nil for text no key prints as.
  public init?(description text: String) {
    var rest = Substring(text)
    var kind = ReleaseKind.album
    if let (head, inner) = Self.split(rest, open: "<", close: ">"), let named = ReleaseKind(rawValue: String(inner)),
      named != .album
    {
      kind = named
      rest = head
    }
    var editions: [Edition] = []
    if let (head, inner) = Self.split(rest, open: "[", close: "]") {
      let named = inner.split(separator: "+").map { Edition(rawValue: String($0)) }
      if !named.isEmpty, named.allSatisfy({ $0 != nil }) {
        editions = named.compactMap(\.self)
        rest = head
      }
    }
    guard !rest.isEmpty else { return nil }
    self.init(base: String(rest), editions: editions, kind: kind)
  }

  /// "base [inner]" as "base" and "inner", for `open` "[" and `close` "]".
  private static func split(_ text: Substring, open: Character, close: Character) -> (Substring, Substring)? {
    guard text.last == close, let start = text.lastIndex(of: open), start > text.startIndex else { return nil }
    let space = text.index(before: start)
    guard text[space] == " " else { return nil }
    return (text[..<space], text[text.index(after: start)..<text.index(before: text.endIndex)])
  }
}
