internal import Templates

/// A way a report is written out, as a type: its name on the command line, what it is made from, how it renders.
/// Each is one file in `Formats/` and one line of ``FormatRegistry/standard``; the night renders whichever it is
/// handed and knows none of them.
public protocol ReportFormat: Sendable {
  /// How `--format` and config.json name it.
  static var name: String { get }
  /// The file name's extension where the night writes it beside others (`deepcut.atom` with `--feeds`).
  static var fileExtension: String { get }
  /// Whether it keeps the whole window (a feed, a calendar): what earlier reports told stays in it, so nothing it
  /// lists is marked as told.
  static var keepsWindow: Bool { get }
  /// What the example configuration says of it after its name ("a feed"); nil says only the name.
  static var gloss: String? { get }
  /// The format, made from what the run read for it; nil when what it needs is not there (an e-mail's headers).
  init?(_ inputs: FormatInputs)
  /// The text of `listing`, and what of it the reader sees.
  func render(_ listing: ReportListing, templates: TemplateLocator) throws(ReportError) -> RenderedReport
}

extension ReportFormat {
  public static var keepsWindow: Bool { false }
  public static var gloss: String? { nil }

  /// The text of `model` alone.
  public func text(_ model: ReportModel, templates: TemplateLocator = TemplateLocator()) throws(ReportError)
    -> String
  {
    try render(ReportListing(model: model, sources: [:]), templates: templates).text
  }
}

/// A format that keeps the whole window and says what it is of itself (a feed, a calendar): made of what the feed
/// options say.
public protocol FeedFormat: ReportFormat {
  init(feed: FeedOptions)
}

extension FeedFormat {
  public static var keepsWindow: Bool { true }

  public init?(_ inputs: FormatInputs) {
    self.init(feed: inputs.feed)
  }
}

/// What a format may be made from besides the report: the e-mail's headers when the run has them, what a feed and
/// a calendar say of themselves.
public struct FormatInputs: Sendable {
  public var email: EmailOptions?
  public var feed: FeedOptions

  public init(email: EmailOptions? = nil, feed: FeedOptions) {
    self.email = email
    self.feed = feed
  }
}

/// A rendered report: its text, the listing of what it shows (a shortened e-mail's holds only the rows it kept), and
/// the whole report as HTML where the format made one on the way (an e-mail, for `--full-report`).
public struct RenderedReport: Sendable {
  public var text: String
  public var shown: ReportListing
  public var wholeHTML: String?

  public init(text: String, shown: ReportListing, wholeHTML: String? = nil) {
    self.text = text
    self.shown = shown
    self.wholeHTML = wholeHTML
  }
}

/// The formats there are, in the order help lists them.
public struct FormatRegistry: Sendable {
  public let formats: [any ReportFormat.Type]

  public static let standard = FormatRegistry([
    MarkdownFormat.self, HTMLFormat.self, JSONFormat.self, EmailFormat.self, AtomFormat.self, CalendarFormat.self,
  ])

  public init(_ formats: [any ReportFormat.Type]) {
    self.formats = formats
  }

  public var names: [String] { formats.map { $0.name } }

  /// Each name with its gloss: `email (a message; email.send delivers it)`.
  public var glossedNames: [String] { formats.map { format in format.name + (format.gloss.map { " (\($0))" } ?? "") } }

  /// The format called `name`, in any case.
  public func named(_ name: String) -> (any ReportFormat.Type)? {
    formats.first { $0.name.lowercased() == name.lowercased() }
  }
}

/// A format's name, as settings hold it: one the registry lists.
public struct FormatName: RawRepresentable, CaseIterable, Hashable, Sendable {
  public let rawValue: String

  public init?(rawValue: String) {
    guard let format = FormatRegistry.standard.named(rawValue) else { return nil }
    self.rawValue = format.name
  }

  public init(_ format: any ReportFormat.Type) {
    rawValue = format.name
  }

  public static var allCases: [FormatName] { FormatRegistry.standard.formats.map(FormatName.init) }

  public var format: (any ReportFormat.Type)? { FormatRegistry.standard.named(rawValue) }
}

/// A format drawn from a Mustache template: its file in `templates/`, the built-in copy, and what each `{{value}}`
/// is escaped for.
struct TemplateDrawing: Sendable {
  var fileName: String
  var builtIn: String
  var escape: @Sendable (String) -> String

  func template(_ templates: TemplateLocator) throws(ReportError) -> Template {
    try templates.template(named: fileName, builtIn: builtIn)
  }

  func fill(_ template: Template, _ value: TemplateValue) throws(ReportError) -> String {
    do {
      return try template.render(value, escape: escape)
    } catch {
      throw .templateInvalid(error)
    }
  }

  /// The model through the template the user chose, their copy of this one, or the built-in one.
  func draw(_ model: ReportModel, _ templates: TemplateLocator, feed: FeedOptions? = nil) throws(ReportError)
    -> String
  {
    let value = if let feed { try model.templateValue(feed: feed) } else { try model.templateValue() }
    return try fill(try template(templates), value)
  }
}
