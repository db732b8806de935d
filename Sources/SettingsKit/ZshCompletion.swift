/// The zsh completion script: the commands with their summaries, then `_arguments` with the command's own options,
/// their help and what each value may be. It works from `fpath` (as `_PROGRAM`) and when sourced.
public struct ZshCompletion {
  /// The program's name, as the shell calls it.
  public let program: String

  public init(program: String) {
    self.program = program
  }

  public func script(_ commands: [CompletedCommand]) -> String {
    let described =
      commands.map { quoted(escapedColons($0.name) + ":" + $0.summary) }
      + CompletedCommand.topLevel.map { quoted("--" + $0.flag + ":" + $0.help) }
    return """
      #compdef \(program)
      # zsh completion for \(program), printed by `\(program) completions zsh` from the options `\(program) --help` lists.
      _\(program)() {
        local -a commands options
        commands=(
      \(described.map { "    " + $0 }.joined(separator: "\n"))
        )
        if ((CURRENT == 2)); then
          _describe -t commands '\(program) command' commands
          return
        fi
        case $words[2] in
      \(commandCases(commands))
        esac
        shift words
        ((CURRENT--))
        _arguments -S $options
      }
      if [[ $funcstack[1] == _\(program) ]]; then _\(program) "$@"; else compdef _\(program) \(program); fi

      """
  }

  private func commandCases(_ commands: [CompletedCommand]) -> String {
    grouped(commands.map { ($0.name, $0) }) { command in
      var specs = command.options.map(spec)
      if !command.words.isEmpty { specs.append("1:command:(\(command.words.joined(separator: " ")))") }
      if command.takesOtherArguments { specs.append("*:argument: ") }
      return specs.map { "      " + quoted($0) }.joined(separator: "\n")
    }.map { names, specs in
      "  (\(names.joined(separator: "|"))) options=(\n\(specs)\n    ) ;;"
    }.joined(separator: "\n")
  }

  /// `--days=[help]:N: `: the flag (its value after `=` or as the next word), its help, and what its value may be.
  private func spec(_ option: CompletedOption) -> String {
    let help =
      "[" + option.help.replacing("\\", with: "\\\\").replacing("[", with: "\\[").replacing("]", with: "\\]")
      + "]"
    guard let placeholder = option.placeholder else { return "--" + option.flag + help }
    return "--\(option.flag)=\(help):\(escapedColons(placeholder)):\(action(option.completion, placeholder))"
  }

  private func action(_ completion: Completion, _ placeholder: String) -> String {
    switch completion {
    case .nothing: " "
    case .words(let words): "(\(words.joined(separator: " ")))"
    case .list(let words): "_values -s , \(placeholder) \(words.joined(separator: " "))"
    case .files: "_files"
    case .directories: "_files -/"
    }
  }

  private func escapedColons(_ text: String) -> String { text.replacing(":", with: "\\:") }

  /// In single quotes, which hold anything but a single quote.
  private func quoted(_ text: String) -> String { "'" + text.replacing("'", with: "'\\''") + "'" }
}
