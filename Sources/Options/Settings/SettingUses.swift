package import Report
package import SettingsKit

/// deepcut's commands by name, as the settings name the commands that take them: each command's spec says the same
/// name (a test holds them to it).
package extension CommandName {
  static let setup: CommandName = "setup"
  static let report: CommandName = "report"
  static let nightly: CommandName = "nightly"
  static let status: CommandName = "status"
  static let scan: CommandName = "scan"
  static let why: CommandName = "why"
  static let artists: CommandName = "artists"
  static let cache: CommandName = "cache"
  static let config: CommandName = "config"
  static let completions: CommandName = "completions"
  static let manual: CommandName = "manual"

  /// The commands that read config.json, in the order help lists them: the ones that print deepcut's own
  /// documentation read nothing.
  static let readingConfiguration: [CommandName] = [
    .setup, .report, .nightly, .status, .scan, .why, .artists, .cache, .config,
  ]
}

package extension SettingUse {
  static let report = SettingUse(command: .report)
  /// Taken by `report` for an e-mail only.
  static let reportEmail = SettingUse(command: .report, variant: FormatName(EmailFormat.self).rawValue)
  static let scan = SettingUse(command: .scan)
  static let why = SettingUse(command: .why)
  static let artists = SettingUse(command: .artists)
  static let cache = SettingUse(command: .cache)
  static let status = SettingUse(command: .status)
  static let setup = SettingUse(command: .setup)
  static let config = SettingUse(command: .config)

  /// The one report format it goes with; nil when it goes with every one.
  var format: FormatName? { variant.flatMap(FormatName.init(rawValue:)) }

  /// Shown in this command's help after the setting `anchor` names.
  func placed(after anchor: any PartialKeyPath<SettingsTable> & Sendable) -> SettingUse {
    var use = self
    use.anchor = anchor
    return use
  }
}

package extension SettingExample {
  /// Shown in config.json's example after the setting `anchor` names (a member of another object places the object
  /// this setting is in).
  func placed(after anchor: any PartialKeyPath<SettingsTable> & Sendable) -> SettingExample {
    var example = self
    example.anchor = anchor
    return example
  }
}

package extension Setting {
  /// Listed after the setting `anchor` names, in every list.
  func listed(after anchor: any PartialKeyPath<SettingsTable> & Sendable) -> Self {
    listed(after: anchor as SettingAnchor)
  }
}
