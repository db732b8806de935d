/// A parsed Mustache template (https://mustache.github.io/mustache.5.html).
///
/// Implements the core spec modules: interpolation, sections, inverted sections, comments, partials and
/// set-delimiter tags. Lambdas, inheritance and dynamic partial names are not supported.
///
/// ```swift
/// let row = try Template("- {{name}} ({{version}})\n", name: "row.mustache")
/// let page = try Template("# Releases\n{{#releases}}\n{{>row}}\n{{/releases}}", name: "page.mustache")
/// let text = page.render(["releases": [["name": "deepcut", "version": "1.2"]]], partials: ["row": row])
/// ```
public struct Template: Sendable {
  /// Used in error messages; usually the template's file name.
  public let name: String
  let nodes: [Node]
  private let sourceSize: Int

  /// Partials that include themselves forever would otherwise exhaust the stack; real templates nest a
  /// handful of levels, and recursive data structures rarely go deeper than this.
  static let maximumPartialDepth = 100

  /// Parses `source` once into a tree that every `render` call reuses.
  ///
  /// - Throws: `TemplateError` for an unclosed tag or section, a mismatched closing tag, an empty or
  ///   malformed tag name, or a malformed set-delimiter tag.
  public init(_ source: String, name: String = "template") throws(TemplateError) {
    var parser = Parser(source: source, name: name)
    self.nodes = try parser.parse()
    self.name = name
    self.sourceSize = source.utf8.count
  }

  /// Renders the template against `value`.
  ///
  /// - Parameters:
  ///   - value: the root of the context stack.
  ///   - partials: templates available to `{{>name}}` tags, keyed by that name. A missing partial renders
  ///     as an empty string, as the spec requires.
  ///   - escape: applied to every `{{name}}` interpolation; `{{{name}}}` and `{{&name}}` bypass it.
  public func render(
    _ value: TemplateValue,
    partials: [String: Template] = [:],
    escape: @Sendable (String) -> String = Template.htmlEscape
  ) -> String {
    // The renderer lives only for this call, so the escaper never actually outlives it.
    withoutActuallyEscaping(escape) { escape in
      var renderer = Renderer(partials: partials, escape: escape, root: value)
      renderer.output.reserveCapacity(sourceSize + sourceSize / 2)
      renderer.render(nodes)
      return renderer.output
    }
  }

  /// Escapes `&`, `<`, `>`, `"` and `'` for HTML text and attribute values.
  ///
  /// The spec tests the first four; `'` is escaped too (as `&#39;`) so values are safe inside
  /// single-quoted attributes.
  public static func htmlEscape(_ string: String) -> String {
    let utf8 = string.utf8
    guard utf8.contains(where: { HTMLEntity.replacement(for: $0) != nil }) else {
      return string
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count + utf8.count / 4)
    for byte in utf8 {
      if let replacement = HTMLEntity.replacement(for: byte) {
        bytes.append(contentsOf: replacement)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

private enum HTMLEntity {
  static let ampersand = Array("&amp;".utf8)
  static let lessThan = Array("&lt;".utf8)
  static let greaterThan = Array("&gt;".utf8)
  static let quote = Array("&quot;".utf8)
  static let apostrophe = Array("&#39;".utf8)

  static func replacement(for byte: UInt8) -> [UInt8]? {
    switch byte {
    case UInt8(ascii: "&"): ampersand
    case UInt8(ascii: "<"): lessThan
    case UInt8(ascii: ">"): greaterThan
    case UInt8(ascii: "\""): quote
    case UInt8(ascii: "'"): apostrophe
    default: nil
    }
  }
}

/// Holds the mutable state of one render so `Template` itself stays an immutable, shareable value.
private struct Renderer {
  let partials: [String: Template]
  let escape: (String) -> String
  var output = ""
  var contextStack: [TemplateValue]
  /// Indentation owed to each source line by the enclosing standalone partial tags.
  var indent = ""
  var partialDepth = 0

  init(partials: [String: Template], escape: @escaping (String) -> String, root: TemplateValue) {
    self.partials = partials
    self.escape = escape
    self.contextStack = [root]
  }

  mutating func render(_ nodes: [Node]) {
    for node in nodes {
      render(node)
    }
  }

  private mutating func render(_ node: Node) {
    switch node {
    case .text(let text):
      output.append(text)
    case .lineStart:
      // An inline partial continues the current output line; its source lines only earn indentation once
      // they actually start an output line.
      if !indent.isEmpty, output.isEmpty || output.utf8.last == UInt8(ascii: "\n") {
        output.append(indent)
      }
    case .variable(let path, let escaped):
      guard let value = resolve(path) else { return }
      let text = value.interpolation()
      output.append(escaped ? escape(text) : text)
    case .section(let path, let body, let inverted):
      renderSection(resolve(path) ?? .null, body: body, inverted: inverted)
    case .partial(let name, let tagIndent):
      renderPartial(named: name, tagIndent: tagIndent)
    }
  }

  private mutating func renderSection(_ value: TemplateValue, body: [Node], inverted: Bool) {
    if inverted {
      if !value.isTruthy {
        render(body)
      }
      return
    }
    if case .array(let items) = value {
      for item in items {
        contextStack.append(item)
        render(body)
        contextStack.removeLast()
      }
    } else if value.isTruthy {
      contextStack.append(value)
      render(body)
      contextStack.removeLast()
    }
  }

  private mutating func renderPartial(named name: String, tagIndent: String?) {
    guard partialDepth < Template.maximumPartialDepth, let partial = partials[name] else { return }
    let savedIndent = indent
    partialDepth += 1
    if let tagIndent {
      indent += tagIndent
    }
    render(partial.nodes)
    partialDepth -= 1
    indent = savedIndent
  }

  /// Spec name resolution: the first component is looked up through the whole context stack, the remaining
  /// components only inside the value found, so a broken chain never falls back to an outer context.
  private func resolve(_ path: NamePath) -> TemplateValue? {
    guard let first = path.components.first else {
      return contextStack.last
    }
    var found: TemplateValue? = nil
    for context in contextStack.reversed() {
      if case .object(let fields) = context, let value = fields[first] {
        found = value
        break
      }
    }
    guard var value = found else { return nil }
    for component in path.components.dropFirst() {
      guard case .object(let fields) = value, let next = fields[component] else { return nil }
      value = next
    }
    return value
  }
}
