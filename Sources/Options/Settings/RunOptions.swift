package import Foundation
package import SettingsKit
internal import State

/// What every run has: its configuration file, its state folder, its lock, what it says and when it is.
package struct RunOptions: SettingGroup {
  package let stateDirectory: Setting<String> = Setting(
    flag: "state-dir", key: "stateDir", placeholder: "DIR", help: "where state.sqlite lives", kind: .directory,
    default: .computed("$XDG_STATE_HOME/deepcut") { StateStore.defaultDirectory(environment: $0.environment) },
    commands: [
      .report, .why, .artists.worded(SettingsTable.stateDirectoryFromConfig).placed(after: \SettingsTable.run.wait),
      .cache.worded(SettingsTable.stateDirectoryFromConfig), .status.worded(SettingsTable.stateDirectoryFromConfig),
    ],
    example: .commentedOut(
      "/home/me/.local/state/deepcut", note: "Where deepcut keeps what it learned (state.sqlite).")
  )
  .listed(after: \SettingsTable.catalogs.contact)
  package let wait: Setting<Bool> = Setting(
    flag: "wait", help: "if another run holds the lock, wait for it instead of exiting with status 75",
    commands: [
      .report,
      .artists.worded("pin or unpin after a report that is running ends, instead of exiting with status 75")
        .placed(after: \SettingsTable.commands.unresolved),
    ])
  package let timings: Setting<Bool> = Setting(
    flag: "timings", help: "add phase timings to the report and print them on standard error", commands: [.report])
  package let quiet: Setting<Bool> = Setting(
    flag: "quiet", help: "print nothing on standard error but errors", commands: [.report])
  package let now: Setting<Date> = Setting(
    flag: "now", placeholder: "DATE",
    help: "the date (and time) to report for, e.g. 2026-11-29: reproducible reports", kind: .dateAndTime,
    default: .clock,
    commands: [
      .report,
      .why.worded("the day to explain (default: the day of the last report)").placed(
        after: \SettingsTable.catalogs.provider),
      .status.worded("the time to judge the nights at (default: now)"),
    ])
  package let config: Setting<String?> = Setting(
    flag: "config", placeholder: "PATH", help: "the configuration file", kind: .path,
    default: .computed("$XDG_CONFIG_HOME/deepcut/config.json") {
      ConfigFile.defaultPath(of: "deepcut", environment: $0.environment)
    },
    commands: CommandName.readingConfiguration.map { SettingUse(command: $0) }
  )
  .listed(after: \SettingsTable.commands.check)
}
