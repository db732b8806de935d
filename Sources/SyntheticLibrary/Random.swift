/// SplitMix64: a tiny, fast, seedable generator. Deterministic across platforms and runs,
/// which is all the generator needs (no cryptographic quality is implied).
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  /// A generator for a sub-stream, so that one part of the library (an album, a playlist)
  /// is generated the same way whatever was generated before it.
  init(seed: UInt64, stream: UInt64, index: UInt64 = 0) {
    var mixer = SplitMix64(seed: seed ^ (stream &* 0x9E37_79B9_7F4A_7C15))
    state = mixer.next() ^ (index &* 0xD1B5_4A32_D192_ED03)
    _ = next()
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Uniform integer in `0..<bound` (bound > 0), using the multiply-shift reduction.
  mutating func below(_ bound: Int) -> Int {
    precondition(bound > 0, "bound must be positive")
    let product = next().multipliedFullWidth(by: UInt64(bound))
    return Int(product.high)
  }

  /// Uniform integer in the closed range.
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + below(range.upperBound - range.lowerBound + 1)
  }

  /// Uniform double in `[0, 1)`.
  mutating func unit() -> Double {
    Double(next() >> 11) * 0x1.0p-53
  }

  /// True with the given probability.
  mutating func chance(_ probability: Double) -> Bool {
    unit() < probability
  }

  mutating func pick<T>(_ items: [T]) -> T {
    items[below(items.count)]
  }

  /// Index chosen with the given (unnormalised) weights.
  mutating func weighted(_ weights: [Double]) -> Int {
    let total = weights.reduce(0, +)
    var target = unit() * total
    for (index, weight) in weights.enumerated() {
      if target < weight { return index }
      target -= weight
    }
    return weights.count - 1
  }

  /// Fisher-Yates shuffle that depends only on this generator (not on the standard library's
  /// shuffle algorithm, which is allowed to change between releases).
  mutating func shuffle<T>(_ items: inout [T]) {
    guard items.count > 1 else { return }
    for index in stride(from: items.count - 1, to: 0, by: -1) {
      let other = below(index + 1)
      if other != index { items.swapAt(index, other) }
    }
  }
}
