internal import Report
internal import SettingsKit

extension SettingUse {
  init(command: any Command.Type, format: FormatName? = nil) {
    self.init(command: command.spec.command, variant: format?.rawValue)
  }

  static let report = SettingUse(command: ReportCommand.self)
  /// Taken by `report` for an e-mail only.
  static let reportEmail = SettingUse(command: ReportCommand.self, format: FormatName(EmailFormat.self))
  static let scan = SettingUse(command: ScanCommand.self)
  static let why = SettingUse(command: WhyCommand.self)
  static let artists = SettingUse(command: ArtistsCommand.self)
  static let cache = SettingUse(command: CacheCommand.self)
  static let status = SettingUse(command: StatusCommand.self)
  static let setup = SettingUse(command: SetupCommand.self)
  static let config = SettingUse(command: ConfigCommand.self)

  /// The one report format it goes with; nil when it goes with every one.
  var format: FormatName? { variant.flatMap(FormatName.init(rawValue:)) }

  /// Shown in this command's help after the setting `anchor` names.
  func placed(after anchor: any PartialKeyPath<SettingsTable> & Sendable) -> SettingUse {
    var use = self
    use.anchor = anchor
    return use
  }
}

extension SettingExample {
  /// Shown in config.json's example after the setting `anchor` names (a member of another object places the object
  /// this setting is in).
  func placed(after anchor: any PartialKeyPath<SettingsTable> & Sendable) -> SettingExample {
    var example = self
    example.anchor = anchor
    return example
  }
}

extension Setting {
  /// Listed after the setting `anchor` names, in every list.
  func listed(after anchor: any PartialKeyPath<SettingsTable> & Sendable) -> Self {
    listed(after: anchor as SettingAnchor)
  }
}
