/// Values of settings, each as its setting's type: only ``set(_:for:)`` puts one, under its own setting.
public struct SettingValues: Sendable {
  /// By the setting's names, which no two settings share.
  private var values: [SettingName: any Sendable] = [:]

  public init() {}

  /// The value put for `setting`; nil when none was. One of another type is a mistake in the table (two settings
  /// of one name, which a program's table test refuses), never a reason to fall back to the default.
  public subscript<Value>(_ setting: Setting<Value>) -> Value? {
    guard let kept = values[setting.names] else { return nil }
    guard let value = kept as? Value else {
      preconditionFailure("\(setting.name) holds a \(type(of: kept)), not a \(Value.self): two settings share a name")
    }
    return value
  }

  public mutating func set<Value>(_ value: Value, for setting: Setting<Value>) {
    values[setting.names] = value
  }
}

/// What reads the run's value of a setting: the flag, else the configuration, else the default.
public protocol SettingReader {
  func read<Value>(_ setting: Setting<Value>) throws(SettingsError) -> Value
}
