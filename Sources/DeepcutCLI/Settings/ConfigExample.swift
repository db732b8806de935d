internal import Catalog

/// `deepcut config --example`: every configurable setting, in the table's order, grouped into the objects its key
/// names, each with its note, its example or its default, and the ones a person fills in commented out.
enum ConfigExample {
  static func text(_ registry: ProviderRegistry) -> String {
    let settings = Setting.configurable(registry)
    var lines = [
      "// deepcut configuration: $XDG_CONFIG_HOME/deepcut/config.json (usually ~/.config/deepcut/config.json).",
      "// Lines starting with // are comments. Every key is optional; command-line flags override these.",
      "{",
    ]
    lines += members(under: "", settings, registry, indent: "  ")
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// One object's members: its settings and its groups, each where its first member stands in the table.
  private static func members(
    under prefix: String, _ settings: [Setting], _ registry: ProviderRegistry, indent: String
  ) -> [String] {
    var entries: [(lines: [String], commentedOut: Bool)] = []
    var groupsDone: Set<String> = []
    for setting in settings {
      guard let key = setting.key, let example = setting.example else { continue }
      guard prefix.isEmpty || key.hasPrefix(prefix + ".") else { continue }
      let rest = prefix.isEmpty ? key : String(key.dropFirst(prefix.count + 1))
      if let dot = rest.firstIndex(of: ".") {
        let group = String(rest[..<dot])
        guard groupsDone.insert(group).inserted else { continue }
        let inner = members(
          under: prefix.isEmpty ? group : prefix + "." + group, settings, registry, indent: indent + "  ")
        entries.append(([indent + "\"\(group)\": {"] + inner + [indent + "}"], false))
      } else {
        let value = example.json ?? defaultJSON(setting, registry) ?? "null"
        let defaultText = setting.defaultText(registry) ?? ""
        let note = example.note.map { line in
          indent + "// "
            + line.replacingOccurrences(of: "{default}", with: defaultText)
            .replacingOccurrences(of: "{alternatives}", with: registry.alternatives)
        }
        entries.append(
          (note + [indent + (example.commentedOut ? "// " : "") + "\"\(rest)\": " + value], example.commentedOut))
      }
    }
    return joined(entries)
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

  /// The setting's default as JSON: what the example shows when it has no value of its own.
  private static func defaultJSON(_ setting: Setting, _ registry: ProviderRegistry) -> String? {
    switch setting.defaultValue {
    case .value(let text):
      switch setting.kind {
      case .integer, .bool: return text
      default: return "\"\(text)\""
      }
    case .perProvider(let value): return registry.defaultProvider.map { "\(value($0))" }
    case .none, .described: return nil
    case .firstProvider: return registry.defaultProvider.map { "\"\($0.name)\"" }
    }
  }
}
