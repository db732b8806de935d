/// FNV-1a, 64 bits: a hash that is the same in every run and on every machine, unlike Swift's seeded `Hasher` —
/// for names of recorded answers, schedules spread by artist, and message fingerprints.
public enum FNV1a {
  public static func hash(_ text: some StringProtocol) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    return hash
  }

  /// The hash as 16 lowercase hex digits.
  public static func hex(_ text: some StringProtocol) -> String {
    let digits = String(hash(text), radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
