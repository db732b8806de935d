/// The one of `known` a mistyped `name` most likely means, by ``editDistance(_:_:)``; nil when none is near enough.
/// Near is at most one edit for a name of up to three letters (two would turn `xy` into `to`), two for a name up to
/// eight (a swap and a lost letter: `fromt`), and then a third of its letters, so a long key slipped in a few
/// places is still found while a short one is not matched to any other short one. The first of equally near ones, in
/// `known`'s order, wins: the order help lists them in.
public func nearest(to name: String, in known: [String]) -> String? {
  guard !name.isEmpty else { return nil }
  let allowed = name.count <= 3 ? 1 : max(2, name.count / 3)
  var best: (name: String, distance: Int)?
  for candidate in known {
    let distance = editDistance(candidate, name)
    if distance <= allowed, distance < best?.distance ?? Int.max { best = (candidate, distance) }
  }
  return best?.name
}

/// " (did you mean 'x'?)" for the one of `known` nearest to `name`, written with `prefix` (`--` for a flag), when it
/// is near; else nothing.
public func didYouMean(_ name: String, _ known: [String], prefix: String = "") -> String {
  nearest(to: name, in: known).map { " (did you mean '\(prefix)\($0)'?)" } ?? ""
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
