internal import Foundation
package import SettingsKit

/// What one command alone takes: how the state commands print, how many runs `status` shows, how many artists
/// `scan` lists, what `config` does.
package struct CommandOptions: SettingGroup {
  package let json: Setting<Bool> = Setting(
    flag: "json", help: "print the same facts as a stable JSON object",
    commands: [
      .why, .scan.worded("print a JSON object instead of a summary").placed(after: \SettingsTable.library.path),
      .status,
    ])
  package let unresolved: Setting<Bool> = Setting(
    flag: "unresolved", help: "list only artists that are unresolved or ambiguous, with their candidates",
    commands: [.artists])
  package let nights: Setting<Int> = Setting(
    flag: "nights", placeholder: "N", help: "how many of the last runs to show", kind: .integer(1...1_000),
    default: .value(10), commands: [.status]
  )
  .listed(after: \SettingsTable.run.now)
  package let top: Setting<Int> = Setting(
    flag: "top", placeholder: "N", help: "how many top artists the summary lists", kind: .integer(1...1_000),
    default: .value(10), commands: [.scan]
  )
  .listed(after: \SettingsTable.setup.uninstall)
  package let example: Setting<Bool> = Setting(
    flag: "example", help: "print a commented example of config.json", commands: [.config]
  )
  .listed(after: \SettingsTable.commands.top)
  package let check: Setting<Bool> = Setting(
    flag: "check", help: "read the configuration and report the first problem (exit 78) or say it is fine",
    commands: [.config]
  )
  .listed(after: \SettingsTable.commands.example)
}
