/// The fish completion script: one `complete` line for each command, and one for each option with the commands that
/// take it as it is.
public struct FishCompletion {
  /// The program's name, as the shell calls it.
  public let program: String

  public init(program: String) {
    self.program = program
  }

  public func script(_ commands: [CompletedCommand]) -> String {
    let top =
      commands.map { "complete -c \(program) -n __fish_use_subcommand -a \($0.name) -d \(quoted($0.summary))" }
      + CompletedCommand.topLevel.map { "complete -c \(program) -n __fish_use_subcommand" + option($0) }
    return """
      # fish completion for \(program), printed by `\(program) completions fish` from the options `\(program) --help` lists.
      # A comma-separated list: after its last comma, the words it does not hold yet; the ones before it kept.
      function __\(program)_list
          set -l given (string replace -r '[^,]*$' '' -- (commandline -ct))
          set -l held (string split , -- (string replace -r '^--[^=]*=' '' -- "$given"))
          for word in $argv
              contains -- $word $held; or printf '%s\\n' "$given$word"
          end
      end
      complete -c \(program) -f
      \((top + wordLines(commands) + optionLines(commands)).joined(separator: "\n"))

      """
  }

  /// The words a command's first argument may be, until one of them is given.
  private func wordLines(_ commands: [CompletedCommand]) -> [String] {
    commands.filter { !$0.words.isEmpty }.map { command in
      let words = command.words.joined(separator: " ")
      let condition = "__fish_seen_subcommand_from \(command.name); and not __fish_seen_subcommand_from \(words)"
      return "complete -c \(program) -n \(quoted(condition)) -a \(quoted(words))"
    }
  }

  private func optionLines(_ commands: [CompletedCommand]) -> [String] {
    let options = commands.flatMap { command in command.options.map { (command.name, $0) } }
    return grouped(options, by: option).map { names, option in
      "complete -c \(program) -n \(quoted("__fish_seen_subcommand_from " + names.joined(separator: " ")))" + option
    }
  }

  /// ` -l days -x -d 'help'`: the flag, what its value may be, and its help.
  private func option(_ option: CompletedOption) -> String {
    let value: String
    switch (option.placeholder, option.completion) {
    case (nil, _): value = ""
    case (_, .nothing): value = " -x"
    case (_, .words(let words)): value = " -x -a \(quoted(words.joined(separator: " ")))"
    case (_, .list(let words)): value = " -x -a \(quoted("(__\(program)_list \(words.joined(separator: " ")))"))"
    case (_, .files): value = " -r -F"
    case (_, .directories): value = " -x -a '(__fish_complete_directories)'"
    }
    return " -l \(option.flag)\(value) -d \(quoted(option.help))"
  }

  /// In single quotes, where fish reads only `\\` and `\'`.
  private func quoted(_ text: String) -> String {
    "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
  }
}
