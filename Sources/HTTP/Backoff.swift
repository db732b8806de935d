internal import Basics

/// Exponential backoff with full jitter: a random delay between zero and `min(cap, base × 2^(failures-1))`.
func backoffDelay(
  afterFailures failures: Int, base: Duration, cap: Duration, using generator: inout some RandomNumberGenerator
) -> Duration {
  let growth = Double(sign: .plus, exponent: min(max(failures - 1, 0), 62), significand: 1)
  let ceiling = min(base.inSeconds * growth, cap.inSeconds)
  guard ceiling.isFinite, ceiling > 0 else { return .zero }
  return .seconds(Double.random(in: 0...ceiling, using: &generator))
}
