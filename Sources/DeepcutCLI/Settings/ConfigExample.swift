internal import Catalog
internal import SettingsKit

/// `deepcut config --example`: every configurable setting, in the table's order, grouped into the objects its key
/// names, each with its note, its example or its default, and the ones a person fills in commented out.
enum ConfigExample {
  static func text(_ registry: ProviderRegistry) -> String {
    let settings = SettingsTable.configurable(registry).filter { $0.exampleNote != nil }
    var lines = [
      "// deepcut configuration: $XDG_CONFIG_HOME/deepcut/config.json (usually ~/.config/deepcut/config.json).",
      "// Lines starting with // are comments. Every key is optional; command-line flags override these.",
      "{",
    ]
    lines += members(under: [], settings, registry, indent: "  ")
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// One object's members, settings and objects: each where its first member stands in the table, or after the member
  /// an example names.
  private static func members(
    under prefix: [String], _ settings: [any SettingDeclaration], _ registry: ProviderRegistry, indent: String
  ) -> [String] {
    let inside = settings.filter { path(of: $0).count > prefix.count && path(of: $0).starts(with: prefix) }
    var names: [String] = []
    var follows: [String: String] = [:]
    for setting in inside {
      let name = path(of: setting)[prefix.count]
      if !names.contains(name) { names.append(name) }
      if follows[name] == nil, let target = followed(by: setting, under: prefix) { follows[name] = target }
    }
    let entries = placing(names) { name in follows[name].flatMap { names.firstIndex(of: $0) } }.map { name in
      if let setting = inside.first(where: { path(of: $0) == prefix + [name] }) {
        return entry(setting, name, registry, indent: indent)
      }
      let inner = members(under: prefix + [name], inside, registry, indent: indent + "  ")
      return ([indent + "\"\(name)\": {"] + inner + [indent + "}"], false)
    }
    return joined(entries)
  }

  private static func path(of setting: any SettingDeclaration) -> [String] {
    (setting.key ?? "").split(separator: ".").map(String.init)
  }

  /// The member of the object at `prefix` that the setting's example (or the object holding it) follows, when its
  /// anchor is there.
  private static func followed(by setting: any SettingDeclaration, under prefix: [String]) -> String? {
    guard let anchor = setting.exampleAnchor, let target = SettingsTable.setting(at: anchor) else { return nil }
    let own = path(of: setting)
    let other = path(of: target)
    let shared = zip(own.dropLast(), other.dropLast()).prefix { $0 == $1 }.count
    guard shared == prefix.count, other.count > shared else { return nil }
    return other[shared]
  }

  private static func entry(
    _ setting: any SettingDeclaration, _ name: String, _ registry: ProviderRegistry, indent: String
  ) -> (lines: [String], commentedOut: Bool) {
    let note = setting.exampleNote ?? ([], false)
    let defaultText = setting.defaultText(registry) ?? ""
    let comments = note.lines.map { line in
      indent + "// "
        + line.replacingOccurrences(of: "{default}", with: defaultText)
        .replacingOccurrences(of: "{alternatives}", with: registry.alternatives)
    }
    let member = indent + (note.commentedOut ? "// " : "") + "\"\(name)\": " + setting.exampleJSON(registry)
    return (comments + [member], note.commentedOut)
  }

  /// Commas where JSON needs them: after every member but the last one in force, and after commented-out members that
  /// have another member after them (so uncommenting one needs no other edit).
  private static func joined(_ entries: [(lines: [String], commentedOut: Bool)]) -> [String] {
    let lastInForce = entries.lastIndex { !$0.commentedOut }
    var lines: [String] = []
    for (index, entry) in entries.enumerated() {
      var entryLines = entry.lines
      let needsComma = entry.commentedOut ? index < entries.count - 1 : index != lastInForce
      if needsComma, let last = entryLines.popLast() { entryLines.append(last + ",") }
      lines += entryLines
    }
    return lines
  }
}
