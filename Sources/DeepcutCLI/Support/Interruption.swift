internal import Basics
internal import Dispatch
internal import Foundation
internal import Night
internal import Options
internal import Synchronization

/// SIGINT and SIGTERM during a report. The first stops the run the gentle way: the work is cancelled, so no
/// new request starts, every answer already in is kept, and no report is written. A second signal, or a run
/// not done within the grace period, ends the process at once. Either way the state database stays whole,
/// since every change to it is a committed transaction, and the kernel releases the run lock.
final class Interruption: InterruptionWatch {
  static let shared = Interruption()

  /// How long the gentle way may take before the process is ended anyway.
  static let gracePeriod = DispatchTimeInterval.milliseconds(1_500)

  private struct State {
    var signal: Int32?
    /// Each catalog's answers kept, by its place in the night.
    var answersByCatalog: [Int: Int] = [:]
    var answers: Int { answersByCatalog.values.reduce(0, +) }
    var cancel: (@Sendable () -> Void)?
    var sources: [any DispatchSourceSignal] = []
    var exitClaimed = false
  }

  private let state = Mutex(State())

  /// Listens for SIGINT and SIGTERM from now on; `cancel` stops the work.
  func install(cancel: @escaping @Sendable () -> Void) {
    state.withLock { state in
      state.cancel = cancel
      for number in [SIGINT, SIGTERM] {
        // The default action would end the process before the work could stop cleanly.
        Platform.ignore(signal: number)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
        source.setEventHandler { [self] in received(number) }
        source.resume()
        state.sources.append(source)
      }
    }
  }

  /// The signal that arrived, if one did.
  var signal: Int32? { state.withLock { $0.signal } }

  /// Answers kept so far, for the line printed if the grace period runs out.
  func kept(_ answers: Int, catalog: Int = 0) {
    state.withLock { $0.answersByCatalog[catalog] = answers }
  }

  /// The one caller that prints the interruption line and exits; false for any later one.
  func claimExit() -> Bool {
    state.withLock { state in
      defer { state.exitClaimed = true }
      return !state.exitClaimed
    }
  }

  private func received(_ number: Int32) {
    let (first, cancel) = state.withLock { state in
      let first = state.signal == nil
      if first { state.signal = number }
      return (first, state.cancel)
    }
    guard first else { return endNow() }
    cancel?()
    DispatchQueue.global().asyncAfter(deadline: .now() + Self.gracePeriod) { [self] in endNow() }
  }

  private func endNow() {
    guard claimExit() else { return }
    let (number, answers) = state.withLock { ($0.signal ?? SIGINT, $0.answers) }
    let error = CLIError.interrupted(signal: number, kept: answers)
    Console.error("deepcut: \(error.description)")
    _exit(error.status.rawValue)
  }
}
