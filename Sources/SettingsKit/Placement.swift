/// Items in their order, except that each one `target` names another for (by its index) comes just after that one,
/// after everything put after it before, and after what was put after those in turn: how a list shows a setting where
/// its declaration says instead of in the table's order, whatever order the declarations come in. Items whose targets
/// lead round in a circle come last.
public func placing<Item>(_ items: [Item], after target: (Item) -> Int?) -> [Item] {
  let targets = items.map(target)
  var order = items.indices.filter { targets[$0] == nil }
  var waiting = items.indices.compactMap { index in targets[index].map { (index: index, anchor: $0) } }
  // Each in the table's order, once what it follows has its place (`wait` after `unresolved`, then `state-dir`).
  while let found = waiting.indices.lazy.compactMap({ next in
    order.firstIndex(of: waiting[next].anchor).map { (next: next, position: $0) }
  }).first {
    let (index, anchor) = waiting.remove(at: found.next)
    var end = found.position + 1
    while end < order.count, follows(order[end], anchor, targets) { end += 1 }
    order.insert(index, at: end)
  }
  return (order + waiting.map(\.index)).map { items[$0] }
}

/// Whether `index` comes after `anchor`, itself or through what it comes after.
private func follows(_ index: Int, _ anchor: Int, _ targets: [Int?]) -> Bool {
  var current = targets[index]
  while let next = current {
    if next == anchor { return true }
    current = targets[next]
  }
  return false
}
