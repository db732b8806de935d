internal import Foundation
public import Templates

/// The formats a report can be rendered in.
public enum ReportFormat: String, CaseIterable, Sendable {
  case markdown
  case html
  case json
  case email

  /// The template file that renders this format, for the template-based ones.
  public var templateFileName: String? {
    switch self {
    case .markdown: "report.md.mustache"
    case .html: "report.html.mustache"
    case .json, .email: nil
    }
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
      return try Template(format == .markdown ? BuiltInTemplates.markdown : BuiltInTemplates.html, name: fileName)
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
    do {
      return try template.render(model.templateValue, escape: Escaping.markdown)
    } catch {
      throw .templateInvalid(error)
    }
  }

  public static func html(_ model: ReportModel, template: Template) throws(ReportError) -> String {
    do {
      return try template.render(model.templateValue, escape: Template.htmlEscape)
    } catch {
      throw .templateInvalid(error)
    }
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

  /// Renders `format`; e-mail needs its headers in `email`.
  public static func render(
    _ model: ReportModel,
    as format: ReportFormat,
    templates: TemplateLocator,
    email: EmailOptions? = nil
  ) throws(ReportError) -> String {
    switch format {
    case .json:
      return try json(model)
    case .markdown:
      return try markdown(model, template: try templates.template(for: .markdown))
    case .html:
      return try html(model, template: try templates.template(for: .html))
    case .email:
      guard let email else { throw .encoding("an e-mail needs its sender and recipients") }
      let text = try markdown(model, template: try templates.template(for: .markdown, useExplicit: false))
      let page = try html(model, template: try templates.template(for: .html, useExplicit: false))
      return EmailMessage.compose(text: text, html: page, subject: email.subject ?? model.headline, options: email)
    }
  }
}
