public import Foundation

/// A file readable by its owner alone, as every secret deepcut keeps or reads is (an SMTP password, the push
/// channels' tokens, an app's client secret): neither its group nor anyone else has any permission on it.
///
/// Its owner is not compared with the user deepcut runs as: a file of another user's that deepcut can read at 0600
/// is one root reads, or one a network or container mount shows under another number, and each is the person's own.
public enum OwnerOnlyFile {
  /// The mode such a file is made with, by the call that creates it: a file made wider and narrowed after would show
  /// what it holds for a moment.
  public static let mode: mode_t = 0o600

  /// Nil when the file at `path` is readable by its owner alone; else what is wrong and how to set it right, naming
  /// the file ("… can be read by others (mode 644): chmod 600 …"). Throws when the file cannot be looked at.
  public static func problem(ofFile path: String) throws(SystemError) -> String? {
    let permissions = try Platform.permissions(ofFile: path)
    guard permissions & 0o077 != 0 else { return nil }
    return "\(path) can be read by others (mode \(String(permissions & 0o777, radix: 8))): chmod 600 \(path)"
  }
}
