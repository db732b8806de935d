package import Delivery
package import Foundation
package import HTTP
package import Night
package import SettingsKit

/// The push channels beside the e-mail: what makes ``PushPlan``.
package struct PushOptions: SettingGroup {
  package let channels: Setting<String> = Setting(
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
  package let serviceURLs: Setting<[String: URL]> = Setting(
    flag: "push-url", key: "push.serviceURLs", placeholder: "SERVICE=URL",
    help: "reach a push service ({values}) at URL instead of its public address (a proxy, a test)",
    kind: .pushServiceURLs, default: .value([:]),
    commands: [
      .report, .setup.worded("reach a push service ({values}) at URL instead of its public address (a proxy)"),
    ],
    example: .commentedOut(
      URL(string: "https://ntfy-proxy.example.org").map { ["ntfy": $0] }, note: "Reach a push service through a proxy."
    ))
  package let whenEmpty: Setting<Bool> = Setting(
    flag: "push-empty", key: "push.whenEmpty", help: "with --send: push on a night with nothing new too",
    commands: [.report], example: .default())
}

/// The push channels of a night with `--send`: the file that names them, read, and each made into its channel.
package extension PushOptions {
  /// A channels file that cannot be read (its mode, a line that names no channel) holds back no e-mail: the plan
  /// says why, and the night goes on without pushing.
  static func part(_ settings: Resolved) throws(CLIError) -> PushPlan {
    guard try settings[\.mail.send] else { return PushPlan() }
    let urls = try settings[\.push.serviceURLs]
    let path = try channelsPath(settings)
    let channels: [any PushChannel]
    do throws(DeliveryError) {
      let addresses = try PushChannelsFile.read(path)
      guard !addresses.isEmpty else { return PushPlan() }
      channels = try Self.channels(addresses, serviceURLs: urls)
    } catch {
      return PushPlan(unreadable: error.description)
    }
    return PushPlan(
      channels: channels, fullReportURL: try settings[\.mail.fullReportURL]?.absoluteString,
      whenEmpty: try settings[\.push.whenEmpty], troubleFolder: try settings[\.run.stateDirectory])
  }

  /// The channel each address names, as a night pushes through it: its service's own, else the Apprise command.
  static func channels(
    _ addresses: [PushAddress], serviceURLs: [String: URL]
  ) throws(DeliveryError) -> [any PushChannel] {
    try PushServices.standard.channels(
      addresses, serviceURLs: serviceURLs, transport: HTTPClient(configuration: client), apprise: "apprise")
  }

  /// The channels file's addresses; none when there is no file.
  static func addresses(_ settings: Resolved) throws(CLIError) -> [PushAddress] {
    let path = try channelsPath(settings)
    do {
      return try PushChannelsFile.read(path)
    } catch {
      throw .config(error.description)
    }
  }

  /// The channels file: as given, or beside config.json when relative.
  static func channelsPath(_ settings: Resolved) throws(CLIError) -> String {
    let path = try settings[\.push.channels]
    guard !path.hasPrefix("/") else { return path }
    let folder = try settings[\.run.config].map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
    return (folder ?? URL(fileURLWithPath: ".")).appendingPathComponent(path).path
  }

  /// One request a push, sent once (the courier retries), answered within 30 seconds.
  static var client: HTTPClientConfiguration {
    HTTPClientConfiguration(requestsPerMinute: 60, maxAttempts: 1, requestTimeout: .seconds(30))
  }
}
