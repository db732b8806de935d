/// Items in their order, except that each one `target` names another for (by its index) comes just after that one,
/// after any put there before it: how a list shows a setting where its declaration says, instead of in the table's
/// order. One whose target is not in the list comes last.
func placing<Item>(_ items: [Item], after target: (Item) -> Int?) -> [Item] {
  let targets = items.map(target)
  var order = items.indices.filter { targets[$0] == nil }
  var waiting = items.indices.filter { targets[$0] != nil }
  var putAfter: [Int: Int] = [:]
  // Each in the table's order, once what it follows has its place (`wait` after `unresolved`, then `state-dir`).
  while let next = waiting.firstIndex(where: { targets[$0].map(order.contains) ?? true }) {
    let index = waiting.remove(at: next)
    guard let anchor = targets[index], let position = order.firstIndex(of: anchor) else { continue }
    let before = putAfter[anchor, default: 0]
    order.insert(index, at: position + 1 + before)
    putAfter[anchor] = before + 1
  }
  return (order + waiting).map { items[$0] }
}
