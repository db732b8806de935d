/// What deepcut calls itself: in `--version`, and in the User-Agent every catalog request carries.
public enum Product {
  public static let name = "deepcut"
  public static let version = "0.1.0"

  /// `deepcut/0.1.0`, with `( contact )` when there is one, as catalogs ask clients to identify themselves.
  public static func userAgent(contact: String? = nil) -> String {
    "\(name)/\(version)" + (contact.map { " ( \($0) )" } ?? "")
  }
}
