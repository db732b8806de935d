public import Foundation

/// How a check that asks about releases one by one (covers, links) asks: not at all offline, else while `mayAsk`
/// says so, a few at a time; and how long the answers it keeps hold.
public struct Asking: Sendable {
  /// Answer from the kept answers only, whatever their age.
  public var offline = false
  /// Whether another request may start: false once the budget is spent or a signal came.
  public var mayAsk: @Sendable () -> Bool = { !Task.isCancelled }
  /// Requests in flight at once; the transports' rate limiters still space them.
  public var maxConcurrentRequests = 4

  public init() {}

  /// How long an answer of "none" holds before it is asked again: covers and store listings often come after release.
  public static let missingHolds: TimeInterval = 3 * 86_400
  /// How long an answer found holds before it is confirmed again.
  public static let foundHolds: TimeInterval = 90 * 86_400

  /// Whether an answer kept at `checkedAt` still stands at `now`: always offline; else for its time, and never one
  /// from a later day than `now` (a run with `--now` behind an earlier one).
  public func holds(found: Bool, checkedAt: Date, now: Date) -> Bool {
    let age = now.timeIntervalSince(checkedAt)
    return offline || (age >= 0 && age < (found ? Self.foundHolds : Self.missingHolds))
  }
}

extension Asking {
  /// Runs `ask` on `items` in their order, a few at a time, while `mayAsk` and `goOn` say so, handing each answer to
  /// `take` as it comes; how many it started. Answers in flight still come once `goOn` says no (a lost connection, a
  /// refusal: what is not started yet would only meet the same).
  func each<Item: Sendable, Answer: Sendable>(
    _ items: [Item], _ ask: @escaping @Sendable (Item) async -> Answer, while goOn: () -> Bool = { true },
    take: (Answer) async -> Void
  ) async -> Int {
    var next = 0
    await withTaskGroup(of: Answer.self) { group in
      var inFlight = 0
      while true {
        while goOn(), inFlight < max(1, maxConcurrentRequests), next < items.count, mayAsk() {
          let item = items[next]
          next += 1
          inFlight += 1
          group.addTask { await ask(item) }
        }
        guard inFlight > 0, let answer = await group.next() else { break }
        inFlight -= 1
        await take(answer)
      }
    }
    return next
  }
}
