import Foundation
import Testing

@testable import Scheduling

/// A scheduler's program that hangs (a crontab waiting on a lock) is ended at its time, and setup goes on with the
/// failure instead of waiting with it.
struct SetupToolsTests {
  @Test func aProgramThatOutlivesItsTimeIsKilledAndItsRunEnds() async {
    var tools = SetupTools(environment: [:])
    tools.timeout = .milliseconds(200)
    // It sleeps a day: it outlives the limit however late a loaded machine looks at it.
    let run = await tools.run("/bin/sh", ["-c", "echo started; exec /bin/sleep 86400"])
    #expect(run.status == SIGKILL)
    #expect(!run.succeeded)
  }

  @Test func aProgramThatEndsInTimeGivesWhatItSaid() async {
    let run = await SetupTools(environment: [:]).run(
      "/bin/sh", ["-c", "cat; echo oops >&2; exit 3"], input: Data("in".utf8))
    #expect(run.status == 3)
    #expect(run.output == Data("in".utf8))
    #expect(run.errors == "oops\n")
  }
}
