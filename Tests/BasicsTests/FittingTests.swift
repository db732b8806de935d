import Basics
import Testing

struct FittingTests {
  @Test func theMostThatFitsIsWhatCountingUpFinds() {
    for count in 0...40 {
      for limit in 0...count + 1 {
        var asked: [Int] = []
        let most = Fitting.most(of: count) { taken in
          asked.append(taken)
          return taken <= limit
        }
        #expect(most == min(limit, count))
        #expect(!asked.contains(0) && asked.allSatisfy { (1...count).contains($0) })
        #expect(asked.count <= Int.bitWidth - max(0, count).leadingZeroBitCount)
      }
    }
  }

  @Test func aFailureOfTheTestStopsTheSearch() {
    struct Refused: Error {}
    #expect(throws: Refused.self) { try Fitting.most(of: 8) { _ throws(Refused) in throw Refused() } }
  }
}
