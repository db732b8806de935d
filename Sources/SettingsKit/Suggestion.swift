internal import Basics

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
