extension Array {
  /// The elements in runs of `size` (the last may be shorter).
  public func chunks(of size: Int) -> [[Element]] {
    stride(from: 0, to: count, by: Swift.max(1, size)).map { Array(self[$0..<Swift.min($0 + size, count)]) }
  }
}

/// Edits (insertions, deletions, substitutions) between two texts, case ignored: how near a misspelling is.
public func editDistance(_ first: String, _ second: String) -> Int {
  let a = Array(first.lowercased())
  let b = Array(second.lowercased())
  var row = Array(0...b.count)
  for i in 1...max(1, a.count) where !a.isEmpty {
    var previous = row[0]
    row[0] = i
    for j in 1...max(1, b.count) where !b.isEmpty {
      let current = row[j]
      row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
      previous = current
    }
  }
  return row[b.count]
}
