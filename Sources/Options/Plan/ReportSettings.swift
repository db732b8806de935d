package import Catalog
internal import Foundation
package import Night
package import Report
package import SettingsKit

/// Everything one `deepcut report` run is asked to do, resolved from the command line, the configuration and the
/// defaults, and checked together before anything is read or asked: the night's plan, each part made by its group
/// of settings, and every other setting the run reads, `settings[\.run.quiet]`.
package struct ReportSettings: Sendable {
  /// Every setting the report reads as one value, each read and checked before the report starts.
  package let checked: CheckedSettings
  /// The night these settings ask for.
  package let plan: NightPlan

  /// Reads and checks in the order a mistake is told: the catalogs, the library, the format, the day and the window,
  /// then each catalog's place, pace and etiquette, what is left out, the e-mail, its delivery and the feeds; last,
  /// every other setting the report reads.
  package init(_ settings: Resolved) throws(CLIError) {
    let night = try settings.nightCatalogs
    let library = try LibraryOptions.part(settings)
    let format = try settings[\.output.format]
    let now = try settings[\.run.now]
    let window = try WindowOptions.window(settings, today: CalendarDay.today(at: now))
    let catalogs = try CatalogOptions.part(settings, night: night, window: window)
    try OutputOptions.refuseOtherFormats(settings, format: format)
    let message = try MailOptions.message(settings, format: format, now: now)
    let push = try PushOptions.part(settings)
    let mail = try MailOptions.part(settings, message: message, format: format, pushing: !push.channels.isEmpty)
    let inputs = FormatInputs(
      email: message, feed: try OutputOptions.feed(settings, night[0], library: library.path))
    let output = try OutputOptions.part(settings, format: format, inputs: inputs)
    checked = try CheckedSettings(reading: Self.read(format: format, catalogs: night), in: settings)
    var plan = NightPlan(
      library: library, catalogs: catalogs, output: output, now: now,
      outbox: checked[\.run.stateDirectory] + "/undelivered")
    plan.mail = mail
    plan.push = push
    plan.ledger = try LedgerOptions.part(settings)
    plan.retryAfter = .seconds(checked[\.mail.retryAfter])
    plan.quiet = checked[\.run.quiet]
    plan.timings = checked[\.run.timings]
    self.plan = plan
  }

  package subscript<Value>(_ path: KeyPath<SettingsTable, Setting<Value>>) -> Value { checked[path] }

  /// The settings a report reads: the ones `report` takes and the ones only config.json gives (it is the nightly
  /// report's), of its own catalogs' alone, and those that go with one format only with that one.
  package static func read(format: FormatName, catalogs: [any ProviderDefinition]) -> [any SettingDeclaration] {
    SettingsTable.settings(catalogs: catalogs).filter { setting in
      guard let use = setting.use(in: .report) else { return setting.flag == nil }
      return use.format == nil || use.format == format
    }
  }
}
