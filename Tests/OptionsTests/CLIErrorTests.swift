import Scheduling
import Testing

@testable import DeepcutCLI
@testable import Options

/// Testing has an ExitStatus of its own.
private typealias Status = Options.ExitStatus

/// A schedule that cannot be set up ends the command in Scheduling's own words, with the exit status of its kind.
struct CLIErrorTests {
  @Test(arguments: [
    (SchedulingError.timeOfDay("--at takes a time of day as HH:MM, from 00:00 to 23:59, not '7'"), Status.usage),
    (.unschedulable("the nightly program must be an absolute path, not 'deepcut'"), .config),
    (.cannotCreate("cannot create the folder /home/u/.config: Permission denied"), .cannotCreate),
    (.output(path: "/home/u/.local/bin/deepcut", reason: "cannot create a file in /home/u/.local/bin"), .cannotCreate),
  ])
  fileprivate func aSchedulingErrorIsSaidInItsWordsWithTheStatusOfItsKind(_ error: SchedulingError, _ status: Status) {
    let failure = CLIError(error)
    #expect(failure.description == error.description)
    #expect(failure.lines == [error.description])
    #expect(failure.status == status)
  }
}
