/// Runs `body` for every element side by side, in a task group, and gives the results in the elements' order.
///
/// Each child returns its index and its value as a struct made after the value is in, never as a tuple literal such
/// as `(index, await body(element))`: in an optimized build swiftc 6.3 loses a tuple element written before a
/// suspension when the tuple is the closure's indirect result (swiftlang/swift#91911, reverted by #92155, open as of
/// Swift 6.3.1). The catalog passes were such a group: release builds read a stale index, which left a pass
/// "not finished" (exit 69) or trapped out of bounds (SIGILL). `SideBySideTests` compiles that shape with `-O` and
/// checks both that it still goes wrong and that this one does not; `TupleAwaitRuleTests` keeps it out of Sources.
public func sideBySide<Element: Sendable, Value: Sendable>(
  _ elements: [Element], _ body: @escaping @Sendable (Element) async -> Value
) async -> [Value] {
  await withTaskGroup(of: Slot<Value>.self) { group in
    for (index, element) in elements.enumerated() {
      group.addTask {
        let value = await body(element)
        return Slot(index: index, value: value)
      }
    }
    var slots: [Slot<Value>] = []
    slots.reserveCapacity(elements.count)
    for await slot in group {
      slots.append(slot)
    }
    return slots.sorted { $0.index < $1.index }.map(\.value)
  }
}

/// One child's value and the index of the element it came from.
private struct Slot<Value: Sendable>: Sendable {
  var index: Int
  var value: Value
}
