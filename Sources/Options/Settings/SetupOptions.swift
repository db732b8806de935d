internal import Foundation
package import Scheduling
package import SettingsKit

/// What setup alone takes: where its secrets come from, the schedule, how much it asks.
package struct SetupOptions: SettingGroup {
  package let passwordStdin: Setting<Bool> = Setting(
    flag: "password-stdin",
    help: "read the mail server's password from standard input; it is kept in a file of mode 0600 beside the config",
    commands: [.setup])
  package let pushStdin: Setting<Bool> = Setting(
    flag: "push-stdin",
    help: "read the push channels' URLs from standard input, one a line; they are kept in the channels file, mode 0600",
    commands: [.setup])
  package let schedule: Setting<ScheduleKind?> = Setting(
    flag: "schedule", placeholder: "KIND", help: "what starts the nightly job: {values} (default: what the system has)",
    kind: .choice, commands: [.setup])
  package let at: Setting<TimeOfDay> = Setting(
    flag: "at", placeholder: "HH:MM", help: "when the nightly job runs, local time", kind: .timeOfDay,
    default: .value(TimeOfDay.nightly), commands: [.setup])
  package let appCredentials: Setting<String?> = Setting(
    flag: "app-credentials", placeholder: "FILE",
    help: "with --listen spotify or tidal: your app's client_id and client_secret, a line each (chmod 600)",
    kind: .path, commands: [.setup])
  package let appStdin: Setting<Bool> = Setting(
    flag: "app-stdin",
    help: "with --listen spotify or tidal: read your app's client_id and client_secret from standard input",
    commands: [.setup])
  package let noTestMail: Setting<Bool> = Setting(
    flag: "no-test-mail", help: "schedule without sending a test e-mail or test pushes first", commands: [.setup])
  package let yes: Setting<Bool> = Setting(
    flag: "yes", help: "ask nothing: take the flags, the config and the defaults, and name what is missing",
    commands: [.setup])
  package let uninstall: Setting<Bool> = Setting(
    flag: "uninstall",
    help: "remove the schedule and the program setup installed; the config, password, push channels and state stay",
    commands: [.setup])
}
