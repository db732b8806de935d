/// The bash completion script: the commands at the first word, then the command's own flags and words, and after a
/// flag what its value may be. It runs in bash 3.2 (macOS) as in bash 5.
enum BashCompletion {
  static func script(_ commands: [CompletedCommand]) -> String {
    let topLevel = commands.map(\.name) + CompletedCommand.topLevel.map { "--" + $0.flag }
    return """
      # bash completion for deepcut, printed by `deepcut completions bash` from the options `deepcut --help` lists.
      _deepcut_words() { COMPREPLY=($(compgen -W "$1" -- "$cur")); }
      # A comma-separated list: after its last comma, the words it does not hold yet; the ones before it kept.
      _deepcut_list() {
        local given= left= word
        [[ $cur == *,* ]] && given=${cur%,*},
        for word in $1; do [[ ,$given == *,$word,* ]] || left="$left $word"; done
        COMPREPLY=($(compgen -P "$given" -W "$left" -- "${cur##*,}"))
      }
      _deepcut_paths() {
        local IFS=$'\\n'
        compopt -o filenames 2>/dev/null
        COMPREPLY=($(compgen "$1" -- "$cur"))
      }
      _deepcut() {
        local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} flags= words=
        COMPREPLY=()
        # bash splits --flag=value at the equals sign.
        [[ $cur == = ]] && cur=
        [[ $prev == = ]] && prev=${COMP_WORDS[COMP_CWORD-2]}
        if ((COMP_CWORD == 1)); then
          _deepcut_words "\(topLevel.joined(separator: " "))"
          return
        fi
        case $prev in
      \(valueCases(commands))
        esac
        case ${COMP_WORDS[1]} in
      \(commandCases(commands))
        esac
        if [[ -n $words && $cur != -* ]] && ((COMP_CWORD == 2)); then
          _deepcut_words "$words"
        else
          _deepcut_words "$flags"
        fi
      }
      complete -F _deepcut deepcut

      """
  }

  /// After a flag that takes a value, what the value may be; a value with nothing to offer gets nothing.
  private static func valueCases(_ commands: [CompletedCommand]) -> String {
    var seen: Set<String> = []
    let flags = commands.flatMap(\.options).filter { $0.placeholder != nil && seen.insert($0.flag).inserted }
    return grouped(flags.map { ("--" + $0.flag, $0.completion) }, by: action).map { flags, action in
      "  \(flags.joined(separator: "|"))) \(action) ;;"
    }.joined(separator: "\n")
  }

  private static func action(_ completion: Completion) -> String {
    switch completion {
    case .nothing: "return"
    case .words(let words): "_deepcut_words \"\(words.joined(separator: " "))\"; return"
    case .list(let words): "_deepcut_list \"\(words.joined(separator: " "))\"; return"
    case .files: "_deepcut_paths -f; return"
    case .directories: "_deepcut_paths -d; return"
    }
  }

  /// Each command's flags, and the words its first argument may be.
  private static func commandCases(_ commands: [CompletedCommand]) -> String {
    grouped(commands.map { ($0.name, $0) }) { command in
      let flags = command.options.map { "--" + $0.flag }.joined(separator: " ")
      return "flags=\"\(flags)\"" + (command.words.isEmpty ? "" : " words=\"\(command.words.joined(separator: " "))\"")
    }.map { names, assignments in "  \(names.joined(separator: "|"))) \(assignments) ;;" }.joined(separator: "\n")
  }
}
