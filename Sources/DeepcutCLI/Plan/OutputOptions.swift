internal import Catalog
internal import Delivery
internal import Foundation
internal import HTTP
internal import Identity
internal import MusicLibrary
internal import Report
internal import Scheduling
internal import SettingsKit
internal import State

/// What the report is made as and where it goes — its format, its template, its file, the feeds beside it: what
/// makes ``NightPlan/Output``.
struct OutputOptions: SettingGroup {
  let format: Setting<FormatName> = Setting(
    flag: "format", key: "format", placeholder: "FORMAT", help: "{values}",
    kind: .choice, default: .value(FormatName(MarkdownFormat.self)), commands: [.report],
    example: .value(
      FormatName(EmailFormat.self),
      note: sentence(FormatRegistry.standard.glossedNames, "or") + "."))
  let template: Setting<String?> = Setting(
    flag: "template", key: "template", placeholder: "PATH",
    help: "a Mustache template to use instead of the built-in one (not json or email)", kind: .path,
    commands: [.report],
    example: .commentedOut(
      "/home/me/.config/deepcut/my-report.md.mustache",
      note:
        "A Mustache template of your own: see templates/README.md (in the package: /usr/share/doc/deepcut/examples/templates/)."
    ))
  let path: Setting<String?> = Setting(
    flag: "output", key: "output", placeholder: "PATH",
    help: "write the report here, atomically, instead of standard output", kind: .path, commands: [.report],
    example: .commentedOut(
      "/home/me/deepcut/report.eml", note: "Where the report goes; leave out for standard output."
    ).placed(after: \SettingsTable.output.format)
  )
  .listed(after: \SettingsTable.output.feedsIncludeAlsoOut)
  let feeds: Setting<String?> = Setting(
    flag: "feeds", key: "feeds.directory", placeholder: "DIR",
    help: "also write DIR/deepcut.atom and DIR/deepcut.ics from the same answers (a rolling window)", kind: .directory,
    commands: [.report],
    example: .commentedOut(
      "/var/www/deepcut", note: "Also write deepcut.atom (a feed) and deepcut.ics (a calendar) here, in the same run."
    ).placed(after: \SettingsTable.mail.mailRetry)
  )
  .listed(after: \SettingsTable.push.pushWhenEmpty)
  let feedURL: Setting<URL?> = Setting(
    flag: "feed-url", key: "feeds.url", placeholder: "URL",
    help: "where deepcut.atom is published: the feed's self link and id", kind: .url("an http(s) address"),
    commands: [.report],
    example: .commentedOut(
      URL(string: "https://example.com/deepcut/deepcut.atom"),
      note: "Where deepcut.atom is served: the feed's self link."
    )
  )
  .listed(after: \SettingsTable.output.feeds)
  let calendarIncludesNew: Setting<Bool> = Setting(
    key: "feeds.calendarIncludesNew", help: "the calendar also holds the window's new releases",
    example: .default(note: "The calendar always has upcoming releases; this adds the window's new ones.")
  )
  .listed(after: \SettingsTable.output.feedURL)
  let feedsIncludeAlsoOut: Setting<Bool> = Setting(
    key: "feeds.includeAlsoOut", help: "the feed and the calendar also hold what is also out (live, remix, ...)",
    example: .default(note: "The feed and the calendar hold the main list; this adds what is also out.")
  )
  .listed(after: \SettingsTable.output.calendarIncludesNew)
}
