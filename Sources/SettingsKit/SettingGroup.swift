/// Settings declared together, as the stored properties of one type, beside the code that reads them: in a table a
/// group stands for its settings, in their order, as swift-argument-parser's `@OptionGroup` does, and a group may
/// hold groups in turn.
public protocol SettingGroup: Sendable {}

extension SettingGroup {
  /// Its stored properties in their order, each group among them replaced by its own in turn, with the labels that
  /// lead to them: what a table made of groups declares.
  public var members: [(path: String, value: Any)] { Self.members(of: self, under: "") }

  private static func members(of group: Any, under prefix: String) -> [(path: String, value: Any)] {
    Mirror(reflecting: group).children.flatMap { child -> [(path: String, value: Any)] in
      let path = prefix + (child.label ?? "")
      if child.value is any SettingGroup { return members(of: child.value, under: path + ".") }
      return [(path, child.value)]
    }
  }
}

extension Setting {
  /// The same setting, shown after the one `anchor` names in every list — each command's help, the completions, the
  /// example — wherever the declarations put it: a setting moved into a group keeps the place its lists gave it.
  public func listed(after anchor: SettingAnchor) -> Self {
    var setting = self
    setting.listedAfter = anchor
    return setting
  }
}
