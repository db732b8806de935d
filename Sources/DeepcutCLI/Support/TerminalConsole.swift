internal import Basics
internal import Catalog
internal import Night
internal import Options

/// The night's console on a terminal: the report on standard output, the rest on standard error (and in the nightly
/// job's log), the progress as a bar where standard error is a terminal.
struct TerminalConsole: NightConsole {
  let progressBar: ProgressBar

  init(quiet: Bool) {
    progressBar = ProgressBar(quiet: quiet)
  }

  func report(_ text: String) { Console.out(text) }

  func say(_ line: String) { Console.error(line) }

  func progress(_ progress: PassProgress, catalog: Int) { progressBar.update(progress, catalog: catalog) }

  func passesDone() { progressBar.finish() }
}
