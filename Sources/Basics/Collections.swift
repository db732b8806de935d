extension Array {
  /// The elements in runs of `size` (the last may be shorter).
  public func chunks(of size: Int) -> [[Element]] {
    stride(from: 0, to: count, by: Swift.max(1, size)).map { Array(self[$0..<Swift.min($0 + size, count)]) }
  }
}
