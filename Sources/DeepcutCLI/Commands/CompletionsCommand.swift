internal import Basics
internal import Catalog
internal import Options
internal import SettingsKit

/// `deepcut completions SHELL`: the completion script for bash, zsh or fish, made from the commands and options
/// `--help` lists, for a shell's startup or a package to install.
enum CompletionsCommand: Command {
  static let spec = CommandSpec(
    command: .completions,
    usage: "completions bash|zsh|fish",
    summary: "Print a completion script for the shell: commands, options and their values complete on Tab.",
    maxPositionals: 1,
    examples: [
      "completions bash > ~/.local/share/bash-completion/completions/deepcut",
      "completions zsh > ~/.zfunc/_deepcut       # with fpath+=(~/.zfunc) before compinit in ~/.zshrc",
      "completions fish > ~/.config/fish/completions/deepcut.fish",
    ],
    words: Shell.allCases.map(\.rawValue)
  )

  static func run(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
    let (arguments, registry) = (invocation.arguments, invocation.registry)
    let shells = sentence(Shell.allCases.map(\.rawValue), "or")
    guard let name = arguments.positionals.first else {
      throw .usage("completions needs a shell: \(shells), like 'deepcut completions bash'")
    }
    guard let shell = Shell(rawValue: name) else { throw .usage("completions takes \(shells), not '\(name)'") }
    Console.out(shell.script(registry))
    return .success
  }
}
