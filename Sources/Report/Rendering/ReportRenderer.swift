internal import Foundation
public import Templates

/// The formats a report can be rendered in.
public enum ReportFormat: String, CaseIterable, Sendable {
  case markdown
  case html
  case json
  case email
  case atom
  case ics

  /// The template file that renders this format, for the template-based ones.
  public var templateFileName: String? {
    switch self {
    case .markdown: "report.md.mustache"
    case .html: "report.html.mustache"
    case .atom: "report.atom.mustache"
    case .ics: "report.ics.mustache"
    case .json, .email: nil
    }
  }

  /// The built-in copy of the format's template.
  var builtInTemplate: String? {
    switch self {
    case .markdown: BuiltInTemplates.markdown
    case .html: BuiltInTemplates.html
    case .atom: BuiltInTemplates.atom
    case .ics: BuiltInTemplates.ics
    case .json, .email: nil
    }
  }

  /// What each `{{value}}` is escaped for.
  var escape: @Sendable (String) -> String {
    switch self {
    case .markdown, .email: Escaping.markdown
    case .html, .json: Template.htmlEscape
    case .atom: Escaping.xml
    case .ics: Escaping.iCalendarText
    }
  }
}

/// What a feed or a calendar says about itself.
public struct FeedOptions: Sendable, Equatable {
  /// The Atom feed's own web address (its `rel="self"` link and its id), when it is published somewhere.
  public var selfURL: String?
  /// What tells this person's feed from another's when there is no address (the library's path).
  public var identity: String
  /// Whether the calendar also carries the window's new releases, not only the upcoming ones.
  public var calendarIncludesNew: Bool

  public init(selfURL: String? = nil, identity: String, calendarIncludesNew: Bool = false) {
    self.selfURL = selfURL
    self.identity = identity
    self.calendarIncludesNew = calendarIncludesNew
  }
}

/// Why a report could not be rendered.
public enum ReportError: Error, Equatable, Sendable, CustomStringConvertible {
  case templateUnreadable(path: String, reason: String)
  case templateInvalid(TemplateError)
  case encoding(String)

  public var description: String {
    switch self {
    case .templateUnreadable(let path, let reason): "\(path): \(reason)"
    case .templateInvalid(let error): "\(error.description); fix the template or remove it to use the built-in one"
    case .encoding(let detail): detail
    }
  }
}

/// Where templates come from: an explicit `--template`, the user's config folder, or the built-in copy.
public struct TemplateLocator: Sendable {
  /// `--template PATH`: used for the Markdown or HTML part, whichever format is asked for.
  public var explicitPath: String?
  /// `$XDG_CONFIG_HOME/deepcut/templates`: a file there overrides the built-in one of the same name.
  public var overrideDirectory: String?

  public init(explicitPath: String? = nil, overrideDirectory: String? = nil) {
    self.explicitPath = explicitPath
    self.overrideDirectory = overrideDirectory
  }

  public static func overrideDirectory(environment: [String: String]) -> String? {
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/deepcut/templates" }
    return environment["HOME"].map { $0 + "/.config/deepcut/templates" }
  }

  /// The template for `format`; `useExplicit` is false for the second part of an e-mail.
  public func template(for format: ReportFormat, useExplicit: Bool = true) throws(ReportError) -> Template {
    guard let fileName = format.templateFileName else {
      throw .encoding("\(format.rawValue) is not rendered from a template")
    }
    if useExplicit, let explicitPath {
      return try load(explicitPath)
    }
    if let overrideDirectory {
      let path = overrideDirectory + "/" + fileName
      if FileManager.default.fileExists(atPath: path) { return try load(path) }
    }
    do {
      return try Template(format.builtInTemplate ?? "", name: fileName)
    } catch {
      throw .templateInvalid(error)
    }
  }

  private func load(_ path: String) throws(ReportError) -> Template {
    let text: String
    do {
      text = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw .templateUnreadable(path: path, reason: "cannot read the template (\(error.localizedDescription))")
    }
    do {
      return try Template(text, name: path)
    } catch {
      throw .templateInvalid(error)
    }
  }
}

/// Renders the view model in each format.
public enum ReportRenderer {
  public static func markdown(_ model: ReportModel, template: Template) throws(ReportError) -> String {
    try fill(template, try model.templateValue(), for: .markdown)
  }

  public static func html(_ model: ReportModel, template: Template) throws(ReportError) -> String {
    try fill(template, try model.templateValue(), for: .html)
  }

  public static func json(_ model: ReportModel) throws(ReportError) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      return String(decoding: try encoder.encode(model), as: UTF8.self) + "\n"
    } catch {
      throw .encoding("cannot encode the report as JSON: \(error)")
    }
  }

  /// An Atom feed (RFC 4287) of the window's new releases, newest first.
  public static func atom(_ model: ReportModel, template: Template, feed: FeedOptions) throws(ReportError) -> String {
    try fill(template, try model.templateValue(feed: feed), for: .atom)
  }

  /// An iCalendar file (RFC 5545): an all-day event per upcoming release, and per new one if asked.
  public static func ics(_ model: ReportModel, template: Template, feed: FeedOptions) throws(ReportError) -> String {
    ICalendarLines.format(try fill(template, try model.templateValue(feed: feed), for: .ics))
  }

  /// The e-mail, its parts kept under the size mail clients show whole, and when shortened the whole report
  /// attached; the listing of what its parts show, which for a shortened e-mail holds only the findings of the rows
  /// it kept; and the whole report as HTML, which the fitting renders first anyway, for `--full-report`.
  public static func email(_ listing: ReportListing, templates: TemplateLocator, options: EmailOptions)
    throws(ReportError) -> (message: String, shown: ReportListing, wholeHTML: String)
  {
    let (message, fitted) = try fittedEmail(listing.model, templates: templates, options: options)
    let shown = fitted.kept.map { listing.keeping($0, fullReportURL: options.fullReportURL) } ?? listing
    return (message, shown, fitted.wholeHTML)
  }

  private static func fittedEmail(_ model: ReportModel, templates: TemplateLocator, options: EmailOptions)
    throws(ReportError) -> (message: String, fitted: EmailFitting.Fitted)
  {
    let text = try templates.template(for: .markdown, useExplicit: false)
    let page = try templates.template(for: .html, useExplicit: false)
    let fitted = try EmailFitting.fit(model, options: options) { (model) throws(ReportError) in
      let value = try model.templateValue()
      return (try fill(text, value, for: .markdown), try fill(page, value, for: .html))
    }
    // The attachment does not count toward the parts' limit: mail clients clip the body they show, not the files.
    let attachment = fitted.kept.map { _ in EmailAttachment(fileName: model.attachmentName, html: fitted.wholeHTML) }
    let message = EmailMessage.compose(
      text: fitted.text, html: fitted.html, subject: options.subject ?? model.headline, options: options,
      attachment: attachment)
    return (message, fitted)
  }

  /// Renders `format`; e-mail needs its headers in `email`, feeds and calendars their `feed` options.
  public static func render(
    _ model: ReportModel,
    as format: ReportFormat,
    templates: TemplateLocator,
    email: EmailOptions? = nil,
    feed: FeedOptions? = nil
  ) throws(ReportError) -> String {
    switch format {
    case .json:
      return try json(model)
    case .markdown:
      return try markdown(model, template: try templates.template(for: .markdown))
    case .html:
      return try html(model, template: try templates.template(for: .html))
    case .atom, .ics:
      guard let feed else { throw .encoding("a feed or calendar needs its feed options") }
      let template = try templates.template(for: format)
      return format == .atom
        ? try atom(model, template: template, feed: feed) : try ics(model, template: template, feed: feed)
    case .email:
      guard let email else { throw .encoding("an e-mail needs its sender and recipients") }
      return try fittedEmail(model, templates: templates, options: email).message
    }
  }

  private static func fill(_ template: Template, _ value: TemplateValue, for format: ReportFormat)
    throws(ReportError) -> String
  {
    do {
      return try template.render(value, escape: format.escape)
    } catch {
      throw .templateInvalid(error)
    }
  }
}
