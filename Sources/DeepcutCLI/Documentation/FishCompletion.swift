/// The fish completion script: one `complete` line for each command, and one for each option with the commands that
/// take it as it is.
enum FishCompletion {
  static func script(_ commands: [CompletedCommand]) -> String {
    let top =
      commands.map { "complete -c deepcut -n __fish_use_subcommand -a \($0.name) -d \(quoted($0.summary))" }
      + CompletedCommand.topLevel.map { "complete -c deepcut -n __fish_use_subcommand" + option($0) }
    return """
      # fish completion for deepcut, printed by `deepcut completions fish` from the options `deepcut --help` lists.
      # A comma-separated list: after its last comma, the words it does not hold yet; the ones before it kept.
      function __deepcut_list
          set -l given (string replace -r '[^,]*$' '' -- (commandline -ct))
          set -l held (string split , -- (string replace -r '^--[^=]*=' '' -- "$given"))
          for word in $argv
              contains -- $word $held; or printf '%s\\n' "$given$word"
          end
      end
      complete -c deepcut -f
      \((top + wordLines(commands) + optionLines(commands)).joined(separator: "\n"))

      """
  }

  /// The words a command's first argument may be, until one of them is given.
  private static func wordLines(_ commands: [CompletedCommand]) -> [String] {
    commands.filter { !$0.words.isEmpty }.map { command in
      let words = command.words.joined(separator: " ")
      let condition = "__fish_seen_subcommand_from \(command.name); and not __fish_seen_subcommand_from \(words)"
      return "complete -c deepcut -n \(quoted(condition)) -a \(quoted(words))"
    }
  }

  private static func optionLines(_ commands: [CompletedCommand]) -> [String] {
    let options = commands.flatMap { command in command.options.map { (command.name, $0) } }
    return grouped(options, by: option).map { names, option in
      "complete -c deepcut -n \(quoted("__fish_seen_subcommand_from " + names.joined(separator: " ")))" + option
    }
  }

  /// ` -l days -x -d 'help'`: the flag, what its value may be, and its help.
  private static func option(_ option: CompletedOption) -> String {
    let value: String
    switch (option.placeholder, option.completion) {
    case (nil, _): value = ""
    case (_, .nothing): value = " -x"
    case (_, .words(let words)): value = " -x -a \(quoted(words.joined(separator: " ")))"
    case (_, .list(let words)): value = " -x -a \(quoted("(__deepcut_list \(words.joined(separator: " ")))"))"
    case (_, .files): value = " -r -F"
    case (_, .directories): value = " -x -a '(__fish_complete_directories)'"
    }
    return " -l \(option.flag)\(value) -d \(quoted(option.help))"
  }

  /// In single quotes, where fish reads only `\\` and `\'`.
  private static func quoted(_ text: String) -> String {
    "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
  }
}
