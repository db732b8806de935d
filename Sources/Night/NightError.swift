public import Catalog
public import Delivery
public import MusicLibrary

/// Everything that ends a night before it has told, each with what it kept.
public enum NightError: Error, Sendable, CustomStringConvertible {
  case library(LibraryError)
  case catalog(CatalogError)
  /// The state cannot be read or written.
  case state(String)
  /// A template cannot be read or parsed.
  case template(String)
  case output(path: String, reason: String)
  /// The report was not delivered; nothing was marked as told, and the message is kept at `kept`.
  case delivery(DeliveryError, kept: String?)
  /// Channels that did not take their push (each "not pushed to …: why"); the report was out, and what a channel
  /// did not say waits for its next push. `temporary` when every one failed for now.
  case pushed([String], temporary: Bool)
  /// A signal stopped the night (nil: no signal is known, the work was cancelled); `kept` answers were saved for
  /// the next run.
  case interrupted(signal: Int32?, kept: Int)

  public var description: String {
    switch self {
    case .library(let error): error.description
    case .catalog(let error): error.description
    case .state(let message), .template(let message): message
    case .output(let path, let reason): "\(path): \(reason)"
    case .delivery(let error, let kept):
      "the e-mail was not delivered: \(error); nothing is marked as told"
        + (kept.map { " (the message is kept at \($0))" } ?? "")
        + (error.isTemporary
          ? ", and the next run sends it all again" : "; once that is fixed, the next run sends it all")
    case .pushed(let failures, _):
      failures.joined(separator: "; ") + "; what a channel did not say waits for its next push"
    case .interrupted(_, let kept):
      "interrupted: kept \(kept) answer\(kept == 1 ? "" : "s"); the next run continues"
    }
  }
}
