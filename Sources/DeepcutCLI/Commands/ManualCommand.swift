internal import Basics
internal import Catalog
internal import Foundation
internal import Options
internal import SettingsKit

/// `deepcut manual`: the manual page, deepcut(1), in roff, made from the commands and options `--help` shows.
enum ManualCommand: Command {
  static let spec = CommandSpec(
    command: .manual,
    usage: "manual",
    summary: "Print the manual page, deepcut(1), as roff: every command and option, the files, the exit statuses.",
    examples: ["manual | man -l -", "manual > deepcut.1"]
  )

  static func run(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
    Console.out(ManPage.text(invocation.registry, date: date(ProcessInfo.processInfo.environment)))
    return .success
  }

  /// The day the page says it is of: SOURCE_DATE_EPOCH's, so a package build gives the same bytes, else today.
  static func date(_ environment: [String: String]) -> CalendarDay {
    if let epoch = environment["SOURCE_DATE_EPOCH"].flatMap({ Int($0) }), epoch >= 0 {
      return CalendarDay(daysSinceEpoch: epoch / 86_400)
    }
    return CalendarDay.today(at: Date())
  }
}
