import SettingsKit
import Testing

struct EditDistanceTests {
  @Test func editsCountWithCaseIgnored() {
    #expect(editDistance("kitten", "Sitting") == 3)
    #expect(editDistance("", "abc") == 3 && editDistance("same", "SAME") == 0)
  }

  /// Two neighbouring letters swapped are one slip, not two substitutions; a letter is not edited twice (optimal
  /// string alignment), so "ca" is three from "abc", where an unrestricted distance would say two.
  @Test func aSwapOfNeighbouringLettersIsOneEdit() {
    #expect(editDistance("fromat", "format") == 1)
    #expect(editDistance("fromat", "from") == 2)
    #expect(editDistance("reprot", "report") == 1)
    #expect(editDistance("ab", "BA") == 1)
    #expect(editDistance("ca", "abc") == 3)
    #expect(editDistance("abcdef", "badcfe") == 3)
    #expect(editDistance("format", "") == 6)
  }
}
