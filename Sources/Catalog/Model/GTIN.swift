/// A GTIN (UPC or EAN): what names one product, and so one release, in every store.
///
/// GS1's rules: 8, 12, 13 or 14 digits, the last a mod-10 check digit (weights 3 and 1 alternating from the right,
/// the check digit itself weighted 1); two GTINs name the same item when they are equal as numbers, so the value
/// kept is the digits without leading zeros.
public struct GTIN: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The digits without leading zeros.
  public let digits: String

  /// `text` as a GTIN, or nil when it is not one (wrong length, a character that is not a digit, a bad check digit).
  public init?(_ text: String) {
    let bytes = Array(text.utf8)
    guard [8, 12, 13, 14].contains(bytes.count), bytes.allSatisfy({ (0x30...0x39).contains($0) }),
      Self.checks(bytes)
    else { return nil }
    let significant = text.drop { $0 == "0" }
    guard !significant.isEmpty else { return nil }
    digits = String(significant)
  }

  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    digits = text
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(digits)
  }

  public var description: String { digits }

  /// The 13-digit form (12 for a UPC-A that fits), as a store that wants "a truncated GTIN" is asked.
  public var lookupForm: String {
    digits.count <= 12 ? String(repeating: "0", count: 12 - digits.count) + digits : digits
  }

  private static func checks(_ bytes: [UInt8]) -> Bool {
    var sum = 0
    for (offset, byte) in bytes.reversed().enumerated() {
      let digit = Int(byte - 0x30)
      sum += offset % 2 == 0 ? digit : digit * 3
    }
    return sum % 10 == 0
  }

  /// The GTIN an image path names, as Apple's artwork paths often do ("…/00602445868162.rgb.jpg/100x100bb.jpg"):
  /// the first run of 12 to 14 digits, standing alone, whose check digit holds. Nil when none does: a path that
  /// names none ("…/source/100x100bb.jpg") says nothing about the release.
  public static func named(inPath path: String) -> GTIN? {
    var run = ""
    for character in path + "/" {
      if character.isASCII, character.isNumber {
        run.append(character)
        continue
      }
      if (12...14).contains(run.count), let gtin = GTIN(run) { return gtin }
      run = ""
    }
    return nil
  }
}
