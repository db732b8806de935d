import Foundation
import TestSupport
import Testing

@testable import Scheduling

struct LaunchAgentTests {
  static let job = NightlyJob.nightly(program: "/Users/u/.local/bin/deepcut")

  @Test func thePropertyListRunsTheCommandAtTheTimeWithALogAndAPath() {
    let plist = LaunchAgent.plist(for: Self.job, log: "/Users/u/Library/Logs/deepcut/nightly.log")
    #expect(plist.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC"))
    for part in [
      "\t<key>Label</key>\n\t<string>org.deepcut.nightly</string>\n",
      "\t<key>ProgramArguments</key>\n\t<array>\n\t\t<string>/Users/u/.local/bin/deepcut</string>\n"
        + "\t\t<string>nightly</string>\n\t</array>\n",
      "\t<dict>\n\t\t<key>Hour</key>\n\t\t<integer>6</integer>\n\t\t<key>Minute</key>\n\t\t<integer>30</integer>\n",
      "<key>PATH</key>\n\t\t<string>/usr/bin:/bin:/usr/sbin:/sbin:/opt/homebrew/bin:/usr/local/bin</string>",
      "\t<key>StandardOutPath</key>\n\t<string>/Users/u/Library/Logs/deepcut/nightly.log</string>\n",
      "\t<key>StandardErrorPath</key>\n\t<string>/Users/u/Library/Logs/deepcut/nightly.log</string>\n",
      "\t<key>RunAtLoad</key>\n\t<false/>\n",
    ] {
      #expect(plist.contains(part), "\(part)")
    }
  }

  @Test func stringsAreEscapedForXML() {
    #expect(LaunchAgent.escaped(#"a&b<c>"d'e"#) == "a&amp;b&lt;c&gt;&quot;d&apos;e")
  }

  @Test(.enabled("needs /usr/bin/python3") { FileManager.default.isExecutableFile(atPath: python) })
  func pythonsPlistlibReadsTheProgramArgumentsAndTheTime() async throws {
    let job = NightlyJob.nightly(
      program: "/Users/u & me/<bin>/deepcut", config: "/Users/u/it's \"mine\".json", at: (21, 7))
    let plist = LaunchAgent.plist(for: job, log: "/Users/u/Library/Logs/deepcut/nightly.log")
    let script = """
      import json, plistlib, sys
      p = plistlib.loads(sys.stdin.buffer.read())
      i = p["StartCalendarInterval"]
      print(json.dumps([p["Label"], p["ProgramArguments"], i["Hour"], i["Minute"], p["RunAtLoad"]]))
      """
    let run = await SetupTools(environment: [:]).run(Self.python, ["-c", script], input: Data(plist.utf8))
    #expect(run.succeeded, "\(run.errors)")
    let read = try JSONSerialization.jsonObject(with: run.output) as? [Any]
    #expect(read?[0] as? String == "org.deepcut.nightly")
    #expect(read?[1] as? [String] == job.words)
    #expect(read?[2] as? Int == 21 && read?[3] as? Int == 7 && read?[4] as? Bool == false)
  }

  static let python = "/usr/bin/python3"

  @Test func installingWritesTheAgentAndLoadsItAfresh() async throws {
    let sandbox = try SetupSandbox()
    defer { sandbox.remove() }
    let said = try await sandbox.installer.install(Self.job, kind: .launchd)
    let agent = sandbox.home + "/Library/LaunchAgents/org.deepcut.nightly.plist"
    let log = sandbox.home + "/Library/Logs/deepcut/nightly.log"
    #expect(
      said == [
        "wrote \(agent)",
        "loaded org.deepcut.nightly: it runs `'/Users/u/.local/bin/deepcut' nightly` every night at 06:30",
        "what it says goes to \(log)",
      ])
    #expect(try String(contentsOfFile: agent, encoding: .utf8) == LaunchAgent.plist(for: Self.job, log: log))
    #expect(FileManager.default.fileExists(atPath: sandbox.home + "/Library/Logs/deepcut"))
    let loading = ["launchctl bootout gui/501/org.deepcut.nightly", "launchctl bootstrap gui/501 \(agent)"]
    #expect(sandbox.calls == loading + ["crontab -l"])
    let again = try await sandbox.installer.install(Self.job, kind: .launchd)
    #expect(again.first == "\(agent) is up to date")
    let installed = try #require(await sandbox.installer.installed())
    #expect(installed.kind == .launchd && installed.hour == 6 && installed.minute == 30)
    #expect(installed.program == Self.job.program && installed.arguments == ["nightly"] && installed.location == agent)
  }

  @Test func withoutLaunchctlTheCommandToLoadItIsShown() async throws {
    let sandbox = try SetupSandbox(tools: [])
    defer { sandbox.remove() }
    let said = try await sandbox.installer.install(Self.job, kind: .launchd)
    let agent = sandbox.home + "/Library/LaunchAgents/org.deepcut.nightly.plist"
    #expect(
      Array(said.suffix(2)) == [
        "launchctl is not on PATH, so it is not loaded; run:", "  launchctl bootstrap gui/501 '\(agent)'",
      ])
  }

  @Test func whenLaunchctlFailsItSaysWhyAndTheCommand() async throws {
    var sandbox = try SetupSandbox()
    defer { sandbox.remove() }
    sandbox.extraEnvironment["FAKE_FAIL_LAUNCHCTL"] = "1"
    let said = try await sandbox.installer.install(Self.job, kind: .launchd)
    #expect(said.dropFirst().first == "launchctl bootstrap failed (Bootstrap failed: 5: Input/output error); run:")
  }

  @Test func uninstallingUnloadsAndRemovesTheAgentAndKeepsTheLogs() async throws {
    let sandbox = try SetupSandbox()
    defer { sandbox.remove() }
    _ = try await sandbox.installer.install(Self.job, kind: .launchd)
    let agent = sandbox.home + "/Library/LaunchAgents/org.deepcut.nightly.plist"
    #expect(await sandbox.installer.uninstall() == ["unloaded org.deepcut.nightly", "removed \(agent)"])
    #expect(!FileManager.default.fileExists(atPath: agent))
    #expect(FileManager.default.fileExists(atPath: sandbox.home + "/Library/Logs/deepcut"))
    #expect(sandbox.calls.last == "launchctl bootout gui/501/org.deepcut.nightly")
    #expect(await sandbox.installer.installed() == nil)
  }
}
