import SettingsKit
import Testing

/// The completion scripts are made for whichever program hands them its commands: nothing in them is another's.
struct CompletionScriptTests {
  static let commands = [
    CompletedCommand(
      name: "greet", summary: "Say hello.", words: [], takesOtherArguments: true,
      options: [
        CompletedOption(flag: "style", placeholder: "STYLE", help: "how", completion: .words(["warm", "dry"])),
        CompletedOption(flag: "loud", placeholder: nil, help: "louder", completion: .nothing),
      ])
  ]

  @Test func eachShellsScriptNamesTheProgramItIsFor() {
    let bash = BashCompletion(program: "hello").script(Self.commands)
    #expect(bash.contains("complete -F _hello hello"))
    #expect(bash.contains("--style) _hello_words \"warm dry\"; return ;;"))
    let zsh = ZshCompletion(program: "hello").script(Self.commands)
    #expect(zsh.hasPrefix("#compdef hello\n"))
    #expect(zsh.contains("'--style=[how]:STYLE:(warm dry)'"))
    let fish = FishCompletion(program: "hello").script(Self.commands)
    #expect(fish.contains("complete -c hello -n __fish_use_subcommand -a greet -d 'Say hello.'"))
    for script in [bash, zsh, fish] { #expect(!script.contains("deepcut")) }
  }
}
