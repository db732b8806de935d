internal import Catalog
internal import Delivery
internal import Foundation
internal import HTTP
internal import Identity
internal import MusicLibrary
internal import Report
internal import Scheduling
internal import SettingsKit
internal import State

/// The push channels beside the e-mail: what makes ``PushPlan``.
struct PushOptions: SettingGroup {
  let pushChannels: Setting<String> = Setting(
    flag: "push-channels", key: "push.channels", placeholder: "FILE",
    help:
      "with --send: the file of push channels, one Apprise URL a line (chmod 600), beside config.json when relative",
    kind: .path, default: .value("push-channels"),
    commands: [
      .report,
      .setup.worded("the push channels' file (default: push-channels beside config.json); kept unless URLs are given"),
    ],
    example: .default(
      note: "Push channels beside the e-mail: ntfy://, discord://, slack://, json:// or any Apprise URL, one a line in",
      "this file, readable by you alone (the URLs carry tokens, so never here). No file: no push."))
  let pushURLs: Setting<[String: URL]> = Setting(
    flag: "push-url", key: "push.serviceURLs", placeholder: "SERVICE=URL",
    help: "reach a push service ({values}) at URL instead of its public address (a proxy, a test)",
    kind: .pushServiceURLs, default: .value([:]),
    commands: [
      .report, .setup.worded("reach a push service ({values}) at URL instead of its public address (a proxy)"),
    ],
    example: .commentedOut(
      URL(string: "https://ntfy-proxy.example.org").map { ["ntfy": $0] }, note: "Reach a push service through a proxy."
    ))
  let pushWhenEmpty: Setting<Bool> = Setting(
    flag: "push-empty", key: "push.whenEmpty", help: "with --send: push on a night with nothing new too",
    commands: [.report], example: .default())
}
