public import Catalog

/// Where a night speaks: the report on standard output, everything else on standard error, and the progress of the
/// passes where someone watches. The command line's is the terminal; a test's keeps the lines.
public protocol NightConsole: Sendable {
  /// The report itself, when it is neither written to a file nor delivered.
  func report(_ text: String)
  /// A line for standard error: a warning, what happened.
  func say(_ line: String)
  /// Where the passes are, catalog by catalog (by its place in the night).
  func progress(_ progress: PassProgress, catalog: Int)
  /// The passes are done: what follows starts on a clean line.
  func passesDone()
}

/// What stops a night the gentle way: a signal cancels the work, and the night asks which one it was. The night says
/// how many answers each catalog has kept, for the line said if the process must end before the night does.
public protocol InterruptionWatch: Sendable {
  /// The signal that arrived, if one did.
  var signal: Int32? { get }
  /// Answers `catalog` (its place in the night) has kept so far.
  func kept(_ answers: Int, catalog: Int)
}
