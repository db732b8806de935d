/// A push channel's identity, `ntfy:3f9a1c0d5e7b2a48`: the service it speaks and a 64-bit hash of what its URL names
/// (an ntfy server's host and topic, a Discord webhook's id, an Apprise URL but its port). The state keys what a
/// channel told and what waits for it by this, never by the words that show the channel, so rewording them loses
/// nothing. It holds a hash and never the text: what a URL names can be as good as a password (an ntfy topic on a
/// public server, a token where nothing else tells the channel apart).
///
/// Not an ``Identifier``: that takes any text, and this must be a service and a hash, whatever it is made of.
public struct PushChannelID: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// "ntfy", "discord", "slack", "json", or the scheme of an Apprise URL ("gotify"): what speaks to the channel.
  public let service: String
  /// The hash of what the channel's URL names.
  public let hash: UInt64

  /// `service` lowercased, as URL schemes compare.
  public init(service: String, hash: UInt64) {
    self.service = service.lowercased()
    self.hash = hash
  }

  /// One read back from ``rawValue``; nil for text that is not a service, a colon and 16 hex digits.
  public init?(rawValue: String) {
    guard let colon = rawValue.lastIndex(of: ":") else { return nil }
    let service = rawValue[..<colon]
    let digits = rawValue[rawValue.index(after: colon)...]
    guard let first = service.first, first.isASCII, first.isLetter,
      service.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || "+-.".contains($0)) }),
      digits.count == 16, digits.allSatisfy({ $0.isHexDigit && !$0.isUppercase }),
      let hash = UInt64(digits, radix: 16)
    else { return nil }
    self.init(service: String(service), hash: hash)
  }

  /// The hash as 16 lowercase hex digits.
  public var hex: String {
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// As the state keeps it: `ntfy:3f9a1c0d5e7b2a48`.
  public var rawValue: String { "\(service):\(hex)" }

  /// The first 6 hex digits, the mark a channel's name ends with (`… #3f9a1c`) so two that read alike read apart.
  public var mark: String { String(hex.prefix(6)) }

  public var description: String { rawValue }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
