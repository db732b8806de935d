/// A small, fast, seedable generator (SplitMix64) so retry jitter can be made deterministic in tests.
struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Exponential backoff with full jitter: a random delay between zero and `min(cap, base × 2^(failures-1))`.
func backoffDelay(
  afterFailures failures: Int, base: Duration, cap: Duration, using generator: inout some RandomNumberGenerator
) -> Duration {
  let growth = Double(sign: .plus, exponent: min(max(failures - 1, 0), 62), significand: 1)
  let ceiling = min(base.timeInterval * growth, cap.timeInterval)
  guard ceiling.isFinite, ceiling > 0 else { return .zero }
  return .seconds(Double.random(in: 0...ceiling, using: &generator))
}

extension Duration {
  /// The duration in seconds, as a `Double`.
  var timeInterval: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
