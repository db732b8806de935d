import SettingsKit
import Testing

/// A list shows an item where its declaration puts it: after its target and after everything already put after that
/// target (with what follows those), whatever order the declarations come in.
struct PlacementTests {
  /// `items` as names, each `name<target` placed after its target.
  static func placed(_ items: [String]) -> [String] {
    let names = items.map { String($0.prefix { $0 != "<" }) }
    let targets = items.map { item in item.split(separator: "<").dropFirst().first.map(String.init) }
    return placing(Array(items.indices)) { index in targets[index].flatMap { names.firstIndex(of: $0) } }
      .map { names[$0] }
  }

  @Test func anItemComesAfterItsTargetAndEverythingPutAfterIt() {
    // X←A, A←C, X←B: B after A and A's follower C, in every order the declarations may come in.
    for items in [["X", "A<X", "C<A", "B<X"], ["X", "A<X", "B<X", "C<A"], ["X", "C<A", "A<X", "B<X"]] {
      #expect(Self.placed(items) == ["X", "A", "C", "B"], "\(items)")
    }
    // Several after one target keep their order; the rest keep theirs.
    #expect(Self.placed(["a", "b", "c<a", "d<a", "e"]) == ["a", "c", "d", "b", "e"])
    // A chain, declared backwards.
    #expect(Self.placed(["c<b", "b<a", "a", "z"]) == ["a", "b", "c", "z"])
  }

  @Test func anItemWithoutATargetInTheListKeepsItsPlaceAndACircleComesLast() {
    #expect(Self.placed(["a", "b<missing", "c"]) == ["a", "b", "c"])
    #expect(Self.placed(["a<b", "b<a", "c"]) == ["c", "a", "b"])
  }
}
