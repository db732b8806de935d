import Foundation
import TestSupport
import Testing

@testable import Report

/// Version 5 UUIDs, checked against published values, so ids stay what other tools compute for the same names.
struct StableIDTests {
  @Test func sha1MatchesTheStandardsVectors() {
    func hex(_ text: String) -> String {
      SHA1.digest(Array(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }
    #expect(hex("abc") == "a9993e364706816aba3e25717850c26c9cd0d89d")
    #expect(hex("") == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
    // Two blocks, as the padding of a 56-byte message needs.
    #expect(
      hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
  }

  @Test func uuidsMatchPublishedVersion5Values() {
    let dns: [UInt8] = [0x6B, 0xA7, 0xB8, 0x10, 0x9D, 0xAD, 0x11, 0xD1, 0x80, 0xB4, 0x00, 0xC0, 0x4F, 0xD4, 0x30, 0xC8]
    #expect(StableID.uuid(namespace: dns, name: "python.org") == "886313e1-3b8a-5372-9b90-0c9aee199e5d")
  }
}
