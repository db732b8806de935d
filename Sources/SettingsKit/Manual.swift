/// Text as roff prints it, on a line of its own or inside one, and the pieces of a manual page in man(7)'s macros.
public enum Roff {
  /// Backslashes printed as such, a line not taken for a request when it starts with a dot or an apostrophe, and the
  /// dashes of what is typed (an option, a path) as minus signs rather than hyphens.
  public static func text(_ text: String) -> String {
    let words = text.replacing("\\", with: "\\e").split(separator: " ", omittingEmptySubsequences: false).map {
      word in
      let typed = word.drop { "[(|\"'".contains($0) }.first == "-" || word.contains("/")
      return typed ? String(word.replacing("-", with: "\\-")) : String(word)
    }
    let line = words.joined(separator: " ")
    return line.first == "." || line.first == "'" ? "\\&" + line : line
  }

  /// `.TP` paragraphs, each tagged in bold.
  public static func entries(_ entries: [(tag: String, text: String)]) -> [String] {
    entries.flatMap { [".TP", bold($0.tag), text($0.text)] }
  }

  public static func bold(_ text: String) -> String { "\\fB" + Self.text(text) + "\\fR" }
  public static func italic(_ text: String) -> String { "\\fI" + Self.text(text) + "\\fR" }
}

extension CommandLineInterface {
  /// The manual's COMMANDS section: each command's usage, its summary, its options as `--help` words them with the
  /// key config.json holds each under (or the earlier command whose options it takes), and its examples.
  public func manualCommands() -> [String] {
    var lines = [".SH COMMANDS"]
    var earlier: [(name: String, flags: [String])] = []
    for spec in commands {
      let options = options(of: spec)
      let flags = options.map(\.flag)
      lines += [".SS " + spec.name, Roff.bold(program) + " " + Roff.text(spec.usage), ".PP", Roff.text(spec.summary)]
      if let same = earlier.first(where: { !flags.isEmpty && $0.flags == flags }) {
        lines += [".PP", "It takes every option " + Roff.bold(same.name) + " takes."]
      } else {
        lines += options.flatMap(manualEntry)
      }
      if !spec.examples.isEmpty {
        lines +=
          [".PP", "Examples:", ".RS", ".nf"] + spec.examples.map { Roff.text(program + " " + $0) } + [".fi", ".RE"]
      }
      earlier.append((spec.name, flags))
    }
    return lines
  }

  private func manualEntry(_ option: CommandSpec.Option) -> [String] {
    let label = Roff.bold("--" + option.flag) + (option.setting.placeholder.map { " " + Roff.italic($0) } ?? "")
    let key = option.setting.key.map { [".br", "config.json: " + Roff.bold($0)] } ?? []
    return [".TP", label, Roff.text(option.helpText(units))] + key
  }
}
