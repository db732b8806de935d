package import Catalog
package import Foundation
package import Night
package import Report
package import SettingsKit

/// What the report is made as and where it goes — its format, its template, its file, the feeds beside it: what
/// makes ``NightPlan/Output``.
package struct OutputOptions: SettingGroup {
  package let format: Setting<FormatName> = Setting(
    flag: "format", key: "format", placeholder: "FORMAT", help: "{values}",
    kind: .choice, default: .value(FormatName(MarkdownFormat.self)), commands: [.report],
    example: .value(
      FormatName(EmailFormat.self),
      note: sentence(FormatRegistry.standard.glossedNames, "or") + "."))
  package let template: Setting<String?> = Setting(
    flag: "template", key: "template", placeholder: "PATH",
    help: "a Mustache template to use instead of the built-in one (not json or email)", kind: .path,
    commands: [.report],
    example: .commentedOut(
      "/home/me/.config/deepcut/my-report.md.mustache",
      note:
        "A Mustache template of your own: see templates/README.md (in the package: /usr/share/doc/deepcut/examples/templates/)."
    ))
  package let path: Setting<String?> = Setting(
    flag: "output", key: "output", placeholder: "PATH",
    help: "write the report here, atomically, instead of standard output", kind: .path, commands: [.report],
    example: .commentedOut(
      "/home/me/deepcut/report.eml", note: "Where the report goes; leave out for standard output."
    ).placed(after: \SettingsTable.output.format)
  )
  .listed(after: \SettingsTable.output.feedsIncludeAlsoOut)
  package let feeds: Setting<String?> = Setting(
    flag: "feeds", key: "feeds.directory", placeholder: "DIR",
    help: "also write DIR/deepcut.atom and DIR/deepcut.ics from the same answers (a rolling window)", kind: .directory,
    commands: [.report],
    example: .commentedOut(
      "/var/www/deepcut", note: "Also write deepcut.atom (a feed) and deepcut.ics (a calendar) here, in the same run."
    ).placed(after: \SettingsTable.mail.retryAfter)
  )
  .listed(after: \SettingsTable.push.whenEmpty)
  package let feedURL: Setting<URL?> = Setting(
    flag: "feed-url", key: "feeds.url", placeholder: "URL",
    help: "where deepcut.atom is published: the feed's self link and id", kind: .url("an http(s) address"),
    commands: [.report],
    example: .commentedOut(
      URL(string: "https://example.com/deepcut/deepcut.atom"),
      note: "Where deepcut.atom is served: the feed's self link."
    )
  )
  .listed(after: \SettingsTable.output.feeds)
  package let calendarIncludesNew: Setting<Bool> = Setting(
    key: "feeds.calendarIncludesNew", help: "the calendar also holds the window's new releases",
    example: .default(note: "The calendar always has upcoming releases; this adds the window's new ones.")
  )
  .listed(after: \SettingsTable.output.feedURL)
  package let feedsIncludeAlsoOut: Setting<Bool> = Setting(
    key: "feeds.includeAlsoOut", help: "the feed and the calendar also hold what is also out (live, remix, ...)",
    example: .default(note: "The feed and the calendar hold the main list; this adds what is also out.")
  )
  .listed(after: \SettingsTable.output.calendarIncludesNew)
}

/// The output's part of the night: the format made with what it needs, the template, the file, the feeds.
package extension OutputOptions {
  static func part(_ settings: Resolved, format: FormatName, inputs: FormatInputs) throws(CLIError)
    -> NightPlan.Output
  {
    guard let made = format.format?.init(inputs) else {
      throw .usage("--format \(format.rawValue) needs what its settings give: see deepcut report --help")
    }
    var output = NightPlan.Output(
      templates: TemplateLocator(
        explicitPath: try settings[\.output.template],
        overrideDirectory: TemplateLocator.overrideDirectory(environment: settings.environment)))
    output.format = made
    output.path = try settings[\.output.path]
    // Every format that keeps the whole window: deepcut.atom and deepcut.ics.
    let windowFormats = FormatRegistry.standard.formats.filter { $0.keepsWindow }.compactMap { $0.init(inputs) }
    output.feeds = try settings[\.output.feeds].map { NightPlan.Feeds(directory: $0, formats: windowFormats) }
    return output
  }

  /// Refuses a flag that goes with another format than the run's, naming every one that goes with it (`--to, --from,
  /// ... go with --format email`).
  static func refuseOtherFormats(_ settings: Resolved, format: FormatName) throws(CLIError) {
    for other in FormatName.allCases where other != format {
      let only = SettingsTable.settings(goingWith: other)
      if only.contains(where: settings.arguments.gives) {
        throw .usage("\(sentence(only.map { "--" + $0.name }, "and")) go with --format \(other.rawValue)")
      }
    }
  }

  /// What deepcut.atom and deepcut.ics say of themselves.
  static func feed(_ settings: Resolved, _ provider: any ProviderDefinition, library: String) throws(CLIError)
    -> FeedOptions
  {
    let feedURL = try settings[\.output.feedURL]?.absoluteString
    return FeedOptions(
      selfURL: feedURL, identity: provider.name.rawValue + " " + library,
      calendarIncludesNew: try settings[\.output.calendarIncludesNew],
      includesAlsoOut: try settings[\.output.feedsIncludeAlsoOut])
  }
}
