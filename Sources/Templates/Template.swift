/// A parsed Mustache template (https://mustache.github.io/mustache.5.html).
///
/// Implements the core spec modules: interpolation, sections, inverted sections, comments, partials and
/// set-delimiter tags. Lambdas, inheritance and dynamic partial names are not supported.
///
/// ```swift
/// let row = try Template("- {{name}} ({{version}})\n", name: "row.mustache")
/// let page = try Template("# Releases\n{{#releases}}\n{{>row}}\n{{/releases}}", name: "page.mustache")
/// let text = try page.render(["releases": [["name": "deepcut", "version": "1.2"]]], partials: ["row": row])
/// ```
public struct Template: Sendable {
  /// Used in error messages; usually the template's file name.
  public let name: String
  let nodes: [Node]
  /// Kept to name a tag in a rendering error; templates are a few kilobytes.
  private let source: String

  /// Partials that include themselves forever would otherwise exhaust the stack; real templates nest a
  /// handful of levels, and recursive data structures rarely go deeper than this.
  static let maximumPartialDepth = 100

  /// Sections and partials open at once. Each level is a few stack frames, so this bounds the stack a render
  /// needs (well inside a 512 KiB thread stack) whatever the template and its partials do.
  static let maximumDepth = 200

  /// Sections and partials that repeat inside themselves multiply the work: twenty nested `{{#new}}` over a
  /// two-item list is a million passes, a partial included twice by itself 2^100. A real report of 20,000
  /// releases takes under a million steps, so five million is a runaway, not a big report.
  public static let defaultStepLimit = 5_000_000

  /// Parses `source` once into a tree that every `render` call reuses.
  ///
  /// - Throws: `TemplateError` for an unclosed tag or section, a mismatched closing tag, an empty or
  ///   malformed tag name, or a malformed set-delimiter tag.
  public init(_ source: String, name: String = "template") throws(TemplateError) {
    var parser = Parser(source: source, name: name)
    self.nodes = try parser.parse()
    self.name = name
    self.source = source
  }

  /// Renders the template against `value`.
  ///
  /// - Parameters:
  ///   - value: the root of the context stack.
  ///   - partials: templates available to `{{>name}}` tags, keyed by that name. A missing partial renders
  ///     as an empty string, as the spec requires.
  ///   - escape: applied to every `{{name}}` interpolation; `{{{name}}}` and `{{&name}}` bypass it.
  ///   - stepLimit: how many tags and text runs one render may visit before it stops.
  /// - Throws: `TemplateError` naming the outermost section or partial tag when the render passes `stepLimit`.
  public func render(
    _ value: TemplateValue,
    partials: [String: Template] = [:],
    escape: @Sendable (String) -> String = Template.htmlEscape,
    stepLimit: Int = Template.defaultStepLimit
  ) throws(TemplateError) -> String {
    // The renderer lives only for this call, so the escaper never actually outlives it.
    let result: Result<String, RenderingStopped> = withoutActuallyEscaping(escape) { escape in
      var renderer = Renderer(partials: partials, escape: escape, root: value, stepLimit: stepLimit)
      renderer.output.reserveCapacity(source.utf8.count + source.utf8.count / 2)
      do throws(RenderingStopped) {
        try renderer.render(nodes)
      } catch {
        return .failure(error)
      }
      return .success(renderer.output)
    }
    switch result {
    case .success(let output):
      return output
    case .failure(let stopped):
      let (line, column) = Parser(source: source, name: name).location(of: stopped.outermostTag)
      let message =
        switch stopped.reason {
        case .steps:
          "rendering stopped after \(stepLimit) steps inside this tag; a section or partial repeats inside "
            + "itself (such as '{{#new}}' within '{{#new}}', or a partial that includes itself), so remove the "
            + "repetition"
        case .depth:
          "rendering stopped inside this tag: sections and partials nest more than \(Template.maximumDepth) "
            + "deep; a partial probably includes itself, so remove the repetition"
        }
      throw TemplateError(name: name, line: line, column: column, message: message)
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

/// Thrown inside a render that passed its step limit; `outermostTag` is the byte offset of the top-level
/// section or partial tag it was inside, which the template's author can find and fix.
private struct RenderingStopped: Error {
  enum Reason { case steps, depth }
  var reason: Reason
  var outermostTag: Int
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
  var depth = 0
  let stepLimit: Int
  var steps = 0
  /// The top-level section or partial being rendered, counting only tags of the template itself.
  var outermostTag: Int?

  init(partials: [String: Template], escape: @escaping (String) -> String, root: TemplateValue, stepLimit: Int) {
    self.partials = partials
    self.escape = escape
    self.contextStack = [root]
    self.stepLimit = stepLimit
  }

  mutating func render(_ nodes: [Node]) throws(RenderingStopped) {
    for node in nodes {
      steps += 1
      if steps > stepLimit { throw RenderingStopped(reason: .steps, outermostTag: outermostTag ?? 0) }
      switch node {
      case .section(_, _, _, let start), .partial(_, _, let start):
        let isOutermost = outermostTag == nil
        if isOutermost { outermostTag = start }
        depth += 1
        if depth > Template.maximumDepth { throw RenderingStopped(reason: .depth, outermostTag: outermostTag ?? 0) }
        try render(node)
        depth -= 1
        if isOutermost { outermostTag = nil }
      default:
        try render(node)
      }
    }
  }

  private mutating func render(_ node: Node) throws(RenderingStopped) {
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
    case .section(let path, let body, let inverted, _):
      try renderSection(resolve(path) ?? .null, body: body, inverted: inverted)
    case .partial(let name, let tagIndent, _):
      try renderPartial(named: name, tagIndent: tagIndent)
    }
  }

  private mutating func renderSection(_ value: TemplateValue, body: [Node], inverted: Bool) throws(RenderingStopped) {
    if inverted {
      if !value.isTruthy {
        try render(body)
      }
      return
    }
    if case .array(let items) = value {
      for item in items {
        contextStack.append(item)
        try render(body)
        contextStack.removeLast()
      }
    } else if value.isTruthy {
      contextStack.append(value)
      try render(body)
      contextStack.removeLast()
    }
  }

  private mutating func renderPartial(named name: String, tagIndent: String?) throws(RenderingStopped) {
    guard partialDepth < Template.maximumPartialDepth, let partial = partials[name] else { return }
    let savedIndent = indent
    partialDepth += 1
    if let tagIndent {
      indent += tagIndent
    }
    try render(partial.nodes)
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
