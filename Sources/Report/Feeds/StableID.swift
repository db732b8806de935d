public import Identity

/// Ids that name a release the same way in every run and every format that carries one (the JSON report's `id`,
/// an Atom entry's `id`, an iCalendar event's `UID`): a name-based UUID (RFC 9562, version 5) of the catalog and
/// its id for the release, so no state is needed to keep them and two catalogs never collide.
public enum StableID {
  /// deepcut's own namespace for release ids: the version 5 UUID of "deepcut" in the URL namespace.
  static let namespace: [UInt8] = uuidBytes(
    namespace: [0x6B, 0xA7, 0xB8, 0x11, 0x9D, 0xAD, 0x11, 0xD1, 0x80, 0xB4, 0x00, 0xC0, 0x4F, 0xD4, 0x30, 0xC8],
    name: "deepcut")

  /// "urn:uuid:…" for one catalog's release.
  public static func release(_ reference: ReleaseReference) -> String {
    "urn:uuid:" + uuid(namespace: namespace, name: "release/\(reference.catalog)/\(reference.id)")
  }

  /// "urn:uuid:…" for a feed, from what tells one person's feed from another's.
  public static func feed(_ identity: String) -> String {
    "urn:uuid:" + uuid(namespace: namespace, name: "feed/\(identity)")
  }

  /// The version 5 UUID of `name` in `namespace`, in its usual lowercase text form.
  static func uuid(namespace: [UInt8], name: String) -> String {
    let bytes = uuidBytes(namespace: namespace, name: name)
    let hex = bytes.map { byte in
      let digits = String(byte, radix: 16)
      return byte < 0x10 ? "0" + digits : digits
    }
    return [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]].map { $0.joined() }.joined(separator: "-")
  }

  static func uuidBytes(namespace: [UInt8], name: String) -> [UInt8] {
    var bytes = Array(SHA1.digest(namespace + Array(name.utf8)).prefix(16))
    bytes[6] = (bytes[6] & 0x0F) | 0x50
    bytes[8] = (bytes[8] & 0x3F) | 0x80
    return bytes
  }
}

/// SHA-1 (FIPS 180-4), only because version 5 UUIDs are defined with it; nothing here relies on it for security.
enum SHA1 {
  static func digest(_ message: [UInt8]) -> [UInt8] {
    var state: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
    var padded = message
    padded.append(0x80)
    while padded.count % 64 != 56 { padded.append(0) }
    let bitLength = UInt64(message.count) * 8
    for shift in stride(from: 56, through: 0, by: -8) { padded.append(UInt8(truncatingIfNeeded: bitLength >> shift)) }
    var words = [UInt32](repeating: 0, count: 80)
    for start in stride(from: 0, to: padded.count, by: 64) {
      for index in 0..<16 {
        let offset = start + index * 4
        words[index] =
          UInt32(padded[offset]) << 24 | UInt32(padded[offset + 1]) << 16 | UInt32(padded[offset + 2]) << 8
          | UInt32(padded[offset + 3])
      }
      for index in 16..<80 {
        let mixed = words[index - 3] ^ words[index - 8] ^ words[index - 14] ^ words[index - 16]
        words[index] = mixed << 1 | mixed >> 31
      }
      var (a, b, c, d, e) = (state[0], state[1], state[2], state[3], state[4])
      for index in 0..<80 {
        let (f, k): (UInt32, UInt32) =
          switch index {
          case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
          case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
          case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
          default: (b ^ c ^ d, 0xCA62_C1D6)
          }
        let next = (a << 5 | a >> 27) &+ f &+ e &+ k &+ words[index]
        (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, next)
      }
      state[0] &+= a
      state[1] &+= b
      state[2] &+= c
      state[3] &+= d
      state[4] &+= e
    }
    return state.flatMap { word in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> $0) } }
  }
}
