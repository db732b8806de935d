package import Basics
package import Catalog
internal import Foundation
package import Night
package import SettingsKit

/// What a night tells and remembers as told: what makes ``NightPlan/Ledger``.
package struct LedgerOptions: SettingGroup {
  package let sinceLastRun: Setting<Bool> = Setting(
    flag: "since-last-run", help: "report only releases no earlier report told of, then remember them as told",
    commands: [.report]
  )
  .listed(after: \SettingsTable.run.wait)
  package let dryRun: Setting<Bool> = Setting(
    flag: "dry-run", help: "change nothing in the state database's record of what was reported", commands: [.report]
  )
  .listed(after: \SettingsTable.ledger.sinceLastRun)
  package let every: Setting<Cadence> = Setting(
    flag: "every", key: "every", placeholder: "night|DAY",
    help: "how often you are told: every night, or once a week on DAY (e.g. saturday), in one digest of the week",
    kind: .cadence, default: .value(.nightly), commands: [.report, .setup],
    example: .commentedOut(
      .weekly(.saturday),
      note: "How often you are told: \"night\" (the default), or a day of the week (\"saturday\") for one digest",
      "of the week; deepcut setup schedules the job on it.")
  )
  .listed(after: \SettingsTable.ledger.dryRun)
  package let tellAnnounced: Setting<AnnouncedTelling> = Setting(
    flag: "tell-announced", key: "tellAnnounced", placeholder: "WHEN",
    help: "when a release announced ahead is told, with --since-last-run: {values}",
    kind: .choice, default: .value(.both), commands: [.report],
    example: .default(
      note: "When a release announced ahead is told: \"announced\" (once, when announced), \"release-day\" (once,",
      "on its day) or \"both\".")
  )
  .listed(after: \SettingsTable.ledger.every)
}

/// The ledger's part of the night.
package extension LedgerOptions {
  static func part(_ settings: Resolved) throws(CLIError) -> NightPlan.Ledger {
    let ledger = NightPlan.Ledger(
      sinceLastRun: try settings[\.ledger.sinceLastRun], dryRun: try settings[\.ledger.dryRun],
      announced: try settings[\.ledger.tellAnnounced], cadence: try settings[\.ledger.every])
    // A release out early in the week would be older than the window when the digest comes, and never told.
    if ledger.weekly, try settings[\.window.since] == nil, try settings[\.window.days] < 7 {
      throw .usage(
        "every \(ledger.cadence.text) tells a week's news at once: give --days 7 or more (days in the config), "
          + "or --every night")
    }
    return ledger
  }
}
