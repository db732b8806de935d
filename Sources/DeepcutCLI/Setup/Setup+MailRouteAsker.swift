internal import Options
internal import SettingsKit

/// Setup is what a mail route's questions are asked through.
extension Setup: MailRouteAsker {
  var asks: Bool { prompter.asks }

  mutating func set<Value>(_ path: KeyPath<SettingsTable, Setting<Value>>, to value: Value) throws(CLIError) {
    try set(path, to: value, needed: false)
  }

  mutating func remove<Value>(_ path: KeyPath<SettingsTable, Setting<Value>>) throws(CLIError) {
    guard let key = SettingsTable.standard[keyPath: path].key, draft.value(at: key) != nil else { return }
    try Self.editing { () throws(SettingsError) in try draft.remove(key) }
  }

  func confirm(_ question: String) throws(CLIError) -> Bool { try prompter.confirm(question) }

  func secret(_ question: String) throws(CLIError) -> String { try prompter.secret(question) }

  func absolute(_ path: String) -> String { Self.absolute(path) }

  func locate(_ program: String) -> String? { installer.locate(program) }
}
