import Basics
import Testing

struct BasicsTests {
  @Test func splitMix64IsTheSameSequenceEverywhere() {
    // The reference sequence for seed 0 (Vigna's splitmix64.c).
    var generator = SplitMix64(seed: 0)
    #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
    #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
    var a = SplitMix64(seed: 7, stream: 2, index: 3)
    var b = SplitMix64(seed: 7, stream: 2, index: 3)
    #expect((0..<100).map { _ in a.int(1...6) } == (0..<100).map { _ in b.int(1...6) })
    var c = SplitMix64(seed: 7, stream: 2, index: 4)
    #expect((0..<8).map { _ in c.next() } != (0..<8).map { _ in b.next() })
  }

  @Test func civilDatesRoundTripAcrossEras() {
    for days in stride(from: -800_000, through: 800_000, by: 997) {
      let date = CivilDate.date(daysSinceEpoch: days)
      #expect(CivilDate.daysSinceEpoch(year: date.year, month: date.month, day: date.day) == days)
    }
    #expect(CivilDate.daysSinceEpoch(year: 1970, month: 1, day: 1) == 0)
    #expect(CivilDate.daysSinceEpoch(year: 2000, month: 3, day: 1) == 11_017)
    #expect(CivilDate.date(daysSinceEpoch: 20_786) == (2026, 11, 29))
    #expect(CivilDate.days(in: 2, of: 2024) == 29 && CivilDate.days(in: 2, of: 1900) == 28)
    #expect(CivilDate.days(in: 2, of: 2000) == 29 && CivilDate.days(in: 4, of: 2026) == 30)
  }

  @Test func fnv1aMatchesItsPublishedVectors() {
    #expect(FNV1a.hash("") == 0xcbf2_9ce4_8422_2325)
    #expect(FNV1a.hash("a") == 0xaf63_dc4c_8601_ec8c)
    #expect(FNV1a.hex("foobar") == "85944171f73967e8")
  }

  @Test func durationsInSeconds() {
    #expect(Duration.milliseconds(1_500).inSeconds == 1.5)
    #expect(Duration.zero.inSeconds == 0)
  }

  @Test func chunks() {
    #expect(Array(1...7).chunks(of: 3) == [[1, 2, 3], [4, 5, 6], [7]])
    #expect([Int]().chunks(of: 3).isEmpty)
  }

  @Test func theUserAgentNamesDeepcutAndItsContact() {
    #expect(Product.userAgent() == "deepcut/\(Product.version)")
    #expect(Product.userAgent(contact: "me@example.org") == "deepcut/\(Product.version) ( me@example.org )")
  }
}
