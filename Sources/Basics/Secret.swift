/// A password or an app's secret. Its text goes on the wire to the one service it is for and nowhere else: printed,
/// interpolated or dumped it shows as "(hidden)", so no log line, error or report can carry it by accident.
public struct Secret: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// The text itself, for the one request that sends it.
  public let revealed: String

  public init(_ text: String) {
    revealed = text
  }

  public var isEmpty: Bool { revealed.isEmpty }

  public var description: String { "(hidden)" }
  public var debugDescription: String { "(hidden)" }
  public var customMirror: Mirror { Mirror(self, children: [:]) }
}
