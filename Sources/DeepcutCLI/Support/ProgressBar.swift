internal import Catalog
internal import Foundation
internal import Options
internal import Synchronization

/// A one-line progress bar on standard error, drawn only when standard error is a terminal: cron and
/// redirected runs get none of it.
final class ProgressBar: Sendable {
  private struct State {
    var lastDraw = ContinuousClock.now - .seconds(1)
    var drawn = false
    /// Each catalog's latest progress, by its place in the night: the bar shows them added up.
    var catalogs: [Int: PassProgress] = [:]
  }

  private let state = Mutex(State())
  let isEnabled: Bool

  init(quiet: Bool) {
    isEnabled = !quiet && isatty(STDERR_FILENO) == 1
  }

  /// "[######------------------------] 420/1,610 artists · 215 answers kept · about 60 min left"; on a night of
  /// several catalogs, their artists and answers added up, and the time the slowest needs.
  func update(_ progress: PassProgress, catalog: Int = 0) {
    guard isEnabled, progress.total > 0 else { return }
    let line: String? = state.withLock { state in
      // Answers arrive on several tasks at once; one reported late must not move the bar backwards.
      guard progress.done >= state.catalogs[catalog]?.done ?? 0 else { return nil }
      state.catalogs[catalog] = progress
      let all = Array(state.catalogs.values)
      let (done, total) = (all.map(\.done).reduce(0, +), all.map(\.total).reduce(0, +))
      let now = ContinuousClock.now
      // A redraw every tenth of a second is smooth enough and costs nothing.
      guard done == total || now - state.lastDraw >= .milliseconds(100) else { return nil }
      state.lastDraw = now
      state.drawn = true
      let width = 30
      let filled = width * done / max(1, total)
      var text = "\r[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
      text += "] \(done)/\(total) artists · \(all.map(\.answers).reduce(0, +)) answers kept"
      if let remaining = all.compactMap(\.remaining).max() { text += " · " + Self.eta(remaining) }
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
