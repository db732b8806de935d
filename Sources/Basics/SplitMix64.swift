/// SplitMix64: a tiny, fast, seedable generator, the same on every platform and in every run — for retry jitter
/// tests can replay, and for generated libraries and worlds that come out the same each time. No cryptographic
/// quality is implied.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64) {
    state = seed
  }

  /// A generator for a sub-stream, so one part of a generated whole (an album, a playlist) comes out the same
  /// whatever was generated before it.
  public init(seed: UInt64, stream: UInt64, index: UInt64 = 0) {
    var mixer = SplitMix64(seed: seed ^ (stream &* 0x9E37_79B9_7F4A_7C15))
    state = mixer.next() ^ (index &* 0xD1B5_4A32_D192_ED03)
    _ = next()
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Uniform integer in `0..<bound` (bound > 0), by multiply-shift.
  public mutating func below(_ bound: Int) -> Int {
    precondition(bound > 0, "bound must be positive")
    return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
  }

  /// Uniform integer in the closed range.
  public mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + below(range.upperBound - range.lowerBound + 1)
  }

  /// Uniform double in `[0, 1)`.
  public mutating func unit() -> Double {
    Double(next() >> 11) * 0x1.0p-53
  }

  /// True with the given probability.
  public mutating func chance(_ probability: Double) -> Bool {
    unit() < probability
  }

  public mutating func pick<T>(_ items: [T]) -> T {
    items[below(items.count)]
  }

  /// Index chosen with the given (unnormalised) weights.
  public mutating func weighted(_ weights: [Double]) -> Int {
    let total = weights.reduce(0, +)
    var target = unit() * total
    for (index, weight) in weights.enumerated() {
      if target < weight { return index }
      target -= weight
    }
    return weights.count - 1
  }

  /// Fisher-Yates shuffle that depends only on this generator (not on the standard library's shuffle, which may
  /// change between releases).
  public mutating func shuffle<T>(_ items: inout [T]) {
    guard items.count > 1 else { return }
    for index in stride(from: items.count - 1, to: 0, by: -1) {
      let other = below(index + 1)
      if other != index { items.swapAt(index, other) }
    }
  }
}
