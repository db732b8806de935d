/// The data a template is rendered against: a JSON-shaped value tree.
///
/// Truthiness (used by `{{#section}}` and `{{^inverted}}`):
/// - falsy: `.null`, `.bool(false)`, an empty `.array`, and an empty `.string`;
/// - truthy: everything else, including `.int(0)`, `.double(0)` and an empty `.object`.
///
/// The spec only fixes null, false and the empty list. An empty string counts as falsy so that
/// `{{#note}}Note: {{note}}{{/note}}` drops the whole line for a blank field; zero stays truthy because
/// "0 failures" is a value worth showing, not an absent one.
///
/// Interpolation (`{{name}}`):
/// - `.null` renders nothing; `.bool` renders `true` / `false`;
/// - `.int` renders its decimal digits; `.double` renders its shortest round-trip form (`1.21`), and
///   integral doubles below 10^15 render without a fraction (`2.0` renders `2`);
/// - `.array` renders its elements' interpolations joined by `", "`; `.object` renders nothing.
public indirect enum TemplateValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([TemplateValue])
  case object([String: TemplateValue])
}

extension TemplateValue {
  var isTruthy: Bool {
    switch self {
    case .null: false
    case .bool(let flag): flag
    case .int, .double, .object: true
    case .string(let text): !text.isEmpty
    case .array(let items): !items.isEmpty
    }
  }

  /// The text a `{{name}}` tag shows before escaping; see the type's documentation for the rules.
  func interpolation() -> String {
    switch self {
    case .null, .object: ""
    case .bool(let flag): flag ? "true" : "false"
    case .int(let number): String(number)
    case .double(let number): Self.format(number)
    case .string(let text): text
    case .array(let items): items.map { $0.interpolation() }.joined(separator: ", ")
    }
  }

  private static func format(_ number: Double) -> String {
    // Swift prints `2.0` for integral doubles; data decoded from JSON often turns `2` into a double,
    // and users expect it to read back as `2`. The bound keeps the conversion exact and in range.
    if number.isFinite, number.rounded() == number, abs(number) < 1e15 {
      return String(Int64(number))
    }
    return number.description
  }
}

extension TemplateValue: ExpressibleByNilLiteral {
  public init(nilLiteral: ()) {
    self = .null
  }
}

extension TemplateValue: ExpressibleByBooleanLiteral {
  public init(booleanLiteral value: Bool) {
    self = .bool(value)
  }
}

extension TemplateValue: ExpressibleByIntegerLiteral {
  public init(integerLiteral value: Int) {
    self = .int(value)
  }
}

extension TemplateValue: ExpressibleByFloatLiteral {
  public init(floatLiteral value: Double) {
    self = .double(value)
  }
}

extension TemplateValue: ExpressibleByStringLiteral {
  public init(stringLiteral value: String) {
    self = .string(value)
  }
}

extension TemplateValue: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: TemplateValue...) {
    self = .array(elements)
  }
}

extension TemplateValue: ExpressibleByDictionaryLiteral {
  /// A repeated key keeps its last value, matching how JSON decoders treat duplicates.
  public init(dictionaryLiteral elements: (String, TemplateValue)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
}
