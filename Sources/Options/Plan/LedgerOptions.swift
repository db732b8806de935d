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
}

/// The ledger's part of the night.
package extension LedgerOptions {
  static func part(_ settings: Resolved) throws(CLIError) -> NightPlan.Ledger {
    NightPlan.Ledger(sinceLastRun: try settings[\.ledger.sinceLastRun], dryRun: try settings[\.ledger.dryRun])
  }
}
