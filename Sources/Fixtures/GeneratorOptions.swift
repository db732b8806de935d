/// What to generate. The same options always produce byte-identical output.
public struct GeneratorOptions: Sendable, Equatable {
  /// Number of album-owning artists to invent (the manifest's `artists` lands close to it).
  public var artists = 1610
  /// Number of albums to invent, counting singles, EPs, editions and compilations.
  public var albums = 5054
  /// Seed of the pseudo-random generator.
  public var seed: UInt64 = 42
  /// Sprinkle every documented edge case (damaged tracks, NFD titles, no-break spaces, comments, …).
  public var edgeCases = false
  /// Line ending written after every line: "\n" (Apple's) or "\r\n".
  public var lineEnding = "\n"
  /// The export's date (`YYYY-MM-DD`); no date in the file is later than this day.
  public var today = "2026-11-29"

  public init(
    artists: Int = 1610, albums: Int = 5054, seed: UInt64 = 42, edgeCases: Bool = false,
    lineEnding: String = "\n", today: String = "2026-11-29"
  ) {
    self.artists = artists
    self.albums = albums
    self.seed = seed
    self.edgeCases = edgeCases
    self.lineEnding = lineEnding
    self.today = today
  }
}

/// Why the generator refused to run or could not write.
public enum SyntheticLibraryError: Error, Equatable, CustomStringConvertible {
  case invalidOption(String)
  case cannotWrite(String)

  public var description: String {
    switch self {
    case .invalidOption(let message): "invalid option: \(message)"
    case .cannotWrite(let path): "cannot write \(path)"
    }
  }
}
