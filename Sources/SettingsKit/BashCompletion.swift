/// The bash completion script: the commands at the first word, then the command's own flags and words, and after a
/// flag what its value may be. It runs in bash 3.2 (macOS) as in bash 5.
public struct BashCompletion {
  /// The program's name, as the shell calls it.
  public let program: String

  public init(program: String) {
    self.program = program
  }

  public func script(_ commands: [CompletedCommand]) -> String {
    let topLevel = commands.map(\.name) + CompletedCommand.topLevel.map { "--" + $0.flag }
    return """
      # bash completion for \(program), printed by `\(program) completions bash` from the options `\(program) --help` lists.
      _\(program)_words() { COMPREPLY=($(compgen -W "$1" -- "$cur")); }
      # A comma-separated list: after its last comma, the words it does not hold yet; the ones before it kept.
      _\(program)_list() {
        local given= left= word
        [[ $cur == *,* ]] && given=${cur%,*},
        for word in $1; do [[ ,$given == *,$word,* ]] || left="$left $word"; done
        COMPREPLY=($(compgen -P "$given" -W "$left" -- "${cur##*,}"))
      }
      _\(program)_paths() {
        local IFS=$'\\n'
        compopt -o filenames 2>/dev/null
        COMPREPLY=($(compgen "$1" -- "$cur"))
      }
      _\(program)() {
        local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} flags= words=
        COMPREPLY=()
        # bash splits --flag=value at the equals sign.
        [[ $cur == = ]] && cur=
        [[ $prev == = ]] && prev=${COMP_WORDS[COMP_CWORD-2]}
        if ((COMP_CWORD == 1)); then
          _\(program)_words "\(topLevel.joined(separator: " "))"
          return
        fi
        case $prev in
      \(valueCases(commands))
        esac
        case ${COMP_WORDS[1]} in
      \(commandCases(commands))
        esac
        if [[ -n $words && $cur != -* ]] && ((COMP_CWORD == 2)); then
          _\(program)_words "$words"
        else
          _\(program)_words "$flags"
        fi
      }
      complete -F _\(program) \(program)

      """
  }

  /// After a flag that takes a value, what the value may be; a value with nothing to offer gets nothing.
  private func valueCases(_ commands: [CompletedCommand]) -> String {
    var seen: Set<String> = []
    let flags = commands.flatMap(\.options).filter { $0.placeholder != nil && seen.insert($0.flag).inserted }
    return grouped(flags.map { ("--" + $0.flag, $0.completion) }, by: action).map { flags, action in
      "  \(flags.joined(separator: "|"))) \(action) ;;"
    }.joined(separator: "\n")
  }

  private func action(_ completion: Completion) -> String {
    switch completion {
    case .nothing: "return"
    case .words(let words): "_\(program)_words \"\(words.joined(separator: " "))\"; return"
    case .list(let words): "_\(program)_list \"\(words.joined(separator: " "))\"; return"
    case .files: "_\(program)_paths -f; return"
    case .directories: "_\(program)_paths -d; return"
    }
  }

  /// Each command's flags, and the words its first argument may be.
  private func commandCases(_ commands: [CompletedCommand]) -> String {
    grouped(commands.map { ($0.name, $0) }) { command in
      let flags = command.options.map { "--" + $0.flag }.joined(separator: " ")
      return "flags=\"\(flags)\"" + (command.words.isEmpty ? "" : " words=\"\(command.words.joined(separator: " "))\"")
    }.map { names, assignments in "  \(names.joined(separator: "|"))) \(assignments) ;;" }.joined(separator: "\n")
  }
}
