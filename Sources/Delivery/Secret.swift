/// A password. Its text goes to the mail server and nowhere else: printed, interpolated or dumped it shows as
/// "(hidden)", so no log line, error or report can carry it by accident.
public struct Secret: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  let text: String

  public init(_ text: String) {
    self.text = text
  }

  public var isEmpty: Bool { text.isEmpty }

  public var description: String { "(hidden)" }
  public var debugDescription: String { "(hidden)" }
  public var customMirror: Mirror { Mirror(self, children: [:]) }
}
