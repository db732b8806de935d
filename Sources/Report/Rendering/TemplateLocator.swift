internal import Foundation
public import Templates

/// What a feed or a calendar says about itself.
public struct FeedOptions: Sendable, Equatable {
  /// The Atom feed's own web address (its `rel="self"` link and its id), when it is published somewhere.
  public var selfURL: String?
  /// What tells this person's feed from another's when there is no address (the library's path).
  public var identity: String
  /// Whether the calendar also carries the window's new releases, not only the upcoming ones.
  public var calendarIncludesNew: Bool
  /// Whether the feed and the calendar also carry what is also out (live albums, remixes, best-ofs, reissues),
  /// not only the main list.
  public var includesAlsoOut: Bool

  public init(
    selfURL: String? = nil, identity: String, calendarIncludesNew: Bool = false, includesAlsoOut: Bool = false
  ) {
    self.selfURL = selfURL
    self.identity = identity
    self.calendarIncludesNew = calendarIncludesNew
    self.includesAlsoOut = includesAlsoOut
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

  /// The user's copies and the built-in templates alone: for what `--template` is not for (an e-mail's parts, the
  /// feeds beside the report).
  public var withoutExplicit: TemplateLocator { TemplateLocator(overrideDirectory: overrideDirectory) }

  /// The template called `fileName`: `--template`, else the user's copy, else `builtIn`.
  public func template(named fileName: String, builtIn: String) throws(ReportError) -> Template {
    if let explicitPath {
      return try load(explicitPath)
    }
    if let overrideDirectory {
      let path = overrideDirectory + "/" + fileName
      if FileManager.default.fileExists(atPath: path) { return try load(path) }
    }
    do {
      return try Template(builtIn, name: fileName)
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
