internal import Foundation
internal import Synchronization

/// A one-line progress bar on standard error, drawn only when standard error is a terminal: cron and
/// redirected runs get none of it.
final class ProgressBar: Sendable {
  private struct State {
    var lastDraw = ContinuousClock.now - .seconds(1)
    var drawn = false
    /// The phase shown, and the most done so far in it: requests finish on several tasks at once, and a count
    /// reported late must not move the bar backwards.
    var phase = ""
    var done = 0
  }

  private let state = Mutex(State())
  let isEnabled: Bool

  init(quiet: Bool) {
    isEnabled = !quiet && isatty(STDERR_FILENO) == 1
  }

  func update(_ phase: String, _ done: Int, _ total: Int) {
    guard isEnabled, total > 0 else { return }
    let line: String? = state.withLock { state in
      if phase == state.phase, done <= state.done { return nil }
      state.phase = phase
      state.done = done
      let now = ContinuousClock.now
      // A redraw every tenth of a second is smooth enough and costs nothing.
      guard done == total || now - state.lastDraw >= .milliseconds(100) else { return nil }
      state.lastDraw = now
      state.drawn = true
      let width = 30
      let filled = width * done / total
      return "\r[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        + "] \(phase) \(done)/\(total)\u{1B}[K"
    }
    if let line { FileHandle.standardError.write(Data(line.utf8)) }
  }

  /// Clears the line so what follows starts clean.
  func finish() {
    guard isEnabled, state.withLock({ $0.drawn }) else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
  }
}
