extension Array {
  /// The elements in runs of `size` (the last may be shorter).
  public func chunks(of size: Int) -> [[Element]] {
    stride(from: 0, to: count, by: Swift.max(1, size)).map { Array(self[$0..<Swift.min($0 + size, count)]) }
  }
}

/// Edits between two texts, case ignored: an insertion, a deletion, a substitution, or two neighbouring letters
/// swapped each count one (optimal string alignment: no letter is edited twice), so the commonest slip of the keyboard,
/// `fromat` for `format`, is one edit, and nearer `format` than `from` is.
public func editDistance(_ first: String, _ second: String) -> Int {
  let a = Array(first.lowercased())
  let b = Array(second.lowercased())
  guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
  // Three rows of the table: the swap looks two letters back.
  var twoBack = [Int](repeating: 0, count: b.count + 1)
  var previous = Array(0...b.count)
  var row = previous
  for i in 1...a.count {
    row[0] = i
    for j in 1...b.count {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
      if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
        row[j] = min(row[j], twoBack[j - 2] + 1)
      }
    }
    (twoBack, previous) = (previous, row)
  }
  return previous[b.count]
}
