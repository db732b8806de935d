extension CommandLineInterface {
  /// The commands as `--help` shows them, each with its options in its order and words, `--help` last.
  public var completedCommands: [CompletedCommand] { commands.map(completed) }

  private func completed(_ spec: CommandSpec) -> CompletedCommand {
    CompletedCommand(
      name: spec.name, summary: spec.summary, words: spec.words,
      takesOtherArguments: spec.maxPositionals > (spec.words.isEmpty ? 0 : 1),
      options:
        options(of: spec).map { option in
          CompletedOption(
            flag: option.flag, placeholder: option.setting.takesValue ? option.setting.placeholder ?? "VALUE" : nil,
            help: option.helpText(units), completion: option.setting.completion(units))
        } + [CompletedOption(flag: "help", placeholder: nil, help: "show this command's options", completion: .nothing)]
    )
  }
}
