/// A problem found while parsing a template, pointing at the offending tag.
///
/// `description` reads like a compiler diagnostic, e.g.
/// `report.html.mustache:12:5: unclosed section 'releases'; add '{{/releases}}'`.
public struct TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The template's name as given to `Template.init(_:name:)`, usually its file name.
  public var name: String
  /// 1-based line of the tag that caused the error.
  public var line: Int
  /// 1-based column, counted in characters, of the tag that caused the error.
  public var column: Int
  /// Lowercase explanation of what to fix.
  public var message: String

  public init(name: String, line: Int, column: Int, message: String) {
    self.name = name
    self.line = line
    self.column = column
    self.message = message
  }

  public var description: String {
    "\(name):\(line):\(column): \(message)"
  }
}
