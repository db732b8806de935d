internal import Catalog
internal import Foundation
internal import Synchronization

/// A one-line progress bar on standard error, drawn only when standard error is a terminal: cron and
/// redirected runs get none of it.
final class ProgressBar: Sendable {
  private struct State {
    var lastDraw = ContinuousClock.now - .seconds(1)
    var drawn = false
    /// The most done so far: answers arrive on several tasks at once, and one reported late must not move the
    /// bar backwards.
    var done = 0
  }

  private let state = Mutex(State())
  let isEnabled: Bool

  init(quiet: Bool) {
    isEnabled = !quiet && isatty(STDERR_FILENO) == 1
  }

  /// "[######------------------------] 420/1,610 artists · 215 answers kept · about 60 min left"
  func update(_ progress: PassProgress) {
    guard isEnabled, progress.total > 0 else { return }
    let line: String? = state.withLock { state in
      guard progress.done >= state.done else { return nil }
      state.done = progress.done
      let now = ContinuousClock.now
      // A redraw every tenth of a second is smooth enough and costs nothing.
      guard progress.done == progress.total || now - state.lastDraw >= .milliseconds(100) else { return nil }
      state.lastDraw = now
      state.drawn = true
      let width = 30
      let filled = width * progress.done / progress.total
      var text = "\r[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
      text += "] \(progress.done)/\(progress.total) artists · \(progress.answers) answers kept"
      if let remaining = progress.remaining { text += " · " + Self.eta(remaining) }
      return text + "\u{1B}[K"
    }
    if let line { FileHandle.standardError.write(Data(line.utf8)) }
  }

  /// "about 60 min left", "under a minute left".
  static func eta(_ remaining: Duration) -> String {
    guard remaining >= .seconds(60) else { return "under a minute left" }
    let minutes = Int((Double(remaining.components.seconds) / 60).rounded(.up))
    if minutes < 120 { return "about \(minutes) min left" }
    return "about \(minutes / 60) h \(minutes % 60) min left"
  }

  /// Clears the line so what follows starts clean.
  func finish() {
    guard isEnabled, state.withLock({ $0.drawn }) else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
  }
}
