internal import Basics
internal import Delivery
internal import Foundation
internal import HTTP
internal import Night
internal import SettingsKit

/// The push channels of a night with `--send`: the file that names them, read, and each made into its channel.
extension ReportSettings {
  /// A channels file that cannot be read (its mode, a line that names no channel) holds back no e-mail: the plan
  /// says why, and the night goes on without pushing.
  static func push(_ settings: Resolved) throws(CLIError) -> PushPlan {
    guard try settings[\.mail.send] else { return PushPlan() }
    let urls = try settings[\.push.pushURLs]
    let path = try pushChannelsPath(settings)
    let channels: [any PushChannel]
    do throws(DeliveryError) {
      let addresses = try PushChannelsFile.read(path)
      guard !addresses.isEmpty else { return PushPlan() }
      channels = try PushServices.standard.channels(
        addresses, serviceURLs: urls, transport: HTTPClient(configuration: pushClient), apprise: "apprise")
    } catch {
      return PushPlan(unreadable: error.description)
    }
    return PushPlan(
      channels: channels, fullReportURL: try settings[\.mail.fullReportURL]?.absoluteString,
      whenEmpty: try settings[\.push.pushWhenEmpty], troubleFolder: try settings[\.run.stateDirectory])
  }

  /// The channels file's addresses; none when there is no file.
  static func pushAddresses(_ settings: Resolved) throws(CLIError) -> [PushAddress] {
    let path = try pushChannelsPath(settings)
    do {
      return try PushChannelsFile.read(path)
    } catch {
      throw .config(error.description)
    }
  }

  /// The channels file: as given, or beside config.json when relative.
  static func pushChannelsPath(_ settings: Resolved) throws(CLIError) -> String {
    let path = try settings[\.push.pushChannels]
    guard !path.hasPrefix("/") else { return path }
    let folder = try settings[\.run.config].map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
    return (folder ?? URL(fileURLWithPath: ".")).appendingPathComponent(path).path
  }

  /// One request a push, sent once (the courier retries), answered within 30 seconds.
  static var pushClient: HTTPClientConfiguration {
    HTTPClientConfiguration(requestsPerMinute: 60, maxAttempts: 1, requestTimeout: .seconds(30))
  }
}
