/// An example config.json: every configurable setting, in the table's order, grouped into the objects its key names,
/// each with its note, its example or its default, and the ones a person fills in commented out.
public enum ConfigExample {
  /// The example, after the comment lines of `header`.
  public static func text(header: [String], _ interface: CommandLineInterface) -> String {
    let settings = interface.configurable.filter { $0.exampleNote != nil }
    var lines = header.map { "// " + $0 } + ["{"]
    lines += members(under: [], settings, interface, indent: "  ")
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// One object's members, settings and objects: each where its first member stands in the table, or after the member
  /// an example names.
  private static func members(
    under prefix: [String], _ settings: [any SettingDeclaration], _ interface: CommandLineInterface, indent: String
  ) -> [String] {
    let inside = settings.filter { path(of: $0).count > prefix.count && path(of: $0).starts(with: prefix) }
    var names: [String] = []
    var follows: [String: String] = [:]
    for setting in inside {
      let name = path(of: setting)[prefix.count]
      if !names.contains(name) { names.append(name) }
      if follows[name] == nil, let target = followed(by: setting, under: prefix, interface) { follows[name] = target }
    }
    let entries = placing(names) { name in follows[name].flatMap { names.firstIndex(of: $0) } }.map { name in
      if let setting = inside.first(where: { path(of: $0) == prefix + [name] }) {
        return entry(setting, name, interface.units, indent: indent)
      }
      let inner = members(under: prefix + [name], inside, interface, indent: indent + "  ")
      return ([indent + "\"\(name)\": {"] + inner + [indent + "}"], false)
    }
    return joined(entries)
  }

  private static func path(of setting: any SettingDeclaration) -> [String] {
    (setting.key ?? "").split(separator: ".").map(String.init)
  }

  /// The member of the object at `prefix` that the setting's example (or the object holding it) follows, when its
  /// anchor is there.
  private static func followed(
    by setting: any SettingDeclaration, under prefix: [String], _ interface: CommandLineInterface
  ) -> String? {
    guard let anchor = setting.exampleAnchor, let target = interface.anchored(anchor) else { return nil }
    let own = path(of: setting)
    let other = path(of: target)
    let shared = zip(own.dropLast(), other.dropLast()).prefix { $0 == $1 }.count
    guard shared == prefix.count, other.count > shared else { return nil }
    return other[shared]
  }

  private static func entry(
    _ setting: any SettingDeclaration, _ name: String, _ units: any SettingUnitRegistry, indent: String
  ) -> (lines: [String], commentedOut: Bool) {
    let note = setting.exampleNote ?? ([], false)
    let defaultText = setting.defaultText(units) ?? ""
    let comments = note.lines.map { line in
      indent + "// "
        + line.replacingOccurrences(of: "{default}", with: defaultText)
        .replacingOccurrences(of: "{alternatives}", with: units.alternatives)
    }
    let member = indent + (note.commentedOut ? "// " : "") + "\"\(name)\": " + setting.exampleJSON(units)
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
