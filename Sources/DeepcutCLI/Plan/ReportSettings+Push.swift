internal import Basics
internal import CatalogHTTP
internal import Delivery
internal import Foundation
internal import Night
internal import SettingsKit

/// The push channels of a night with `--send`: the file that names them, read, and each made into its channel.
extension ReportSettings {
  /// A channels file that cannot be read (its mode, a line that names no channel) holds back no e-mail: the plan
  /// says why, and the night goes on without pushing.
  static func push(_ settings: Resolved) throws(CLIError) -> PushPlan {
    guard try settings[\.send] else { return PushPlan() }
    let urls = try serviceURLs(settings)
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
      channels: channels, fullReportURL: try settings[\.fullReportURL]?.absoluteString,
      whenEmpty: try settings[\.pushWhenEmpty], troubleFolder: try settings[\.stateDirectory])
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
    let path = try settings[\.pushChannels]
    guard !path.hasPrefix("/") else { return path }
    let folder = try settings[\.config].map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
    return (folder ?? URL(fileURLWithPath: ".")).appendingPathComponent(path).path
  }

  /// `--push-url SERVICE=URL`, by service. A URL with a user or password is refused, and no refusal shows the
  /// URL: it is kept in config.json, where no secret goes (a token belongs in the channels file).
  static func serviceURLs(_ settings: Resolved) throws(CLIError) -> [String: URL] {
    var urls: [String: URL] = [:]
    let names = PushServices.standard.names
    for (index, pair) in try settings[\.pushURLs].enumerated() {
      let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
      let which = "--push-url (push.serviceURLs, the \(ordinal(index + 1)))"
      guard parts.count == 2, names.contains(parts[0]), let url = URL(string: parts[1]),
        ["http", "https"].contains(url.scheme ?? "")
      else {
        throw .usage("\(which) takes SERVICE=URL, SERVICE one of \(names.joined(separator: ", ")), URL http(s)://")
      }
      guard url.user == nil, url.password == nil else {
        throw .usage("\(which) has a user or password: write it without; a token goes in the channels file")
      }
      urls[parts[0]] = url
    }
    return urls
  }

  private static func ordinal(_ number: Int) -> String {
    switch number {
    case 1: "first"
    case 2: "second"
    case 3: "third"
    default: "\(number)th"
    }
  }

  /// One request a push, sent once (the courier retries), answered within 30 seconds.
  static var pushClient: HTTPClientConfiguration {
    HTTPClientConfiguration(requestsPerMinute: 60, maxAttempts: 1, requestTimeout: .seconds(30))
  }
}
