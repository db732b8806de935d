import Basics
import Fixtures
import Foundation
import Report
import TestSupport
import Testing

/// The soak as it goes: each night's run, what each service took, what the reports told, what failed.
struct Soak {
  let home: String
  let world: SoakWorld
  let outages: [Int: [SoakChannel: SoakOutage]]
  let services: SoakServices
  let refused: Int

  var config: String { home + "/config.json" }
  var state: String { home + "/state" }

  /// A release a night's report told, by its id.
  struct Told {
    var artist: String
    var title: String
    var catalogID: String
    var night: Int
  }

  var told: [String: Told] = [:]
  /// Each told release's id by its artist and title, as the text channels' lines name it.
  var byLine: [SoakMessage.SoakLine: String] = [:]
  /// The releases each night's report told, new or announced.
  var toldPerNight: [Int] = []
  var messages: [SoakChannel: [SoakMessage]] = [:]
  var requests: [SoakChannel: Int] = [:]
  /// The nights a channel's push failed, by how it was down.
  var failures: [SoakChannel: [SoakOutage: Int]] = [:]
  /// The nights a channel was down with nothing to say, so nothing failed.
  var downAndQuiet = 0
  var exitStatuses: [Int32: Int] = [:]
  var nightSeconds: [Double] = []

  init(
    home: String, world: SoakWorld, outages: [Int: [SoakChannel: SoakOutage]], services: SoakServices, refused: Int
  ) {
    self.home = home
    self.world = world
    self.outages = outages
    self.services = services
    self.refused = refused
  }

  /// A config that pushes and sends no e-mail; a retry comes at once. The library is written once and the nights
  /// go on a month: its age, told once a day as trouble, is `PushCommandTests`' to check, not the soak's.
  func writeConfig() throws {
    let config: JSONValue = [
      "library": .string(world.libraryPath), "email": ["send": true, "retryAfterSeconds": 0], "staleAfterDays": 0,
      "push": ["channels": "push-channels"],
    ]
    try config.json().write(to: URL(fileURLWithPath: self.config))
  }

  /// The channels file, one a line, as a person writes them; a channel refused tonight points at a port that refuses.
  func writeChannels(refusing down: Set<SoakChannel>) throws {
    func at(_ channel: SoakChannel) -> String {
      down.contains(channel) ? "127.0.0.1:\(refused)" : SoakServices.hostPort(services[channel])
    }
    let lines = [
      "# deepcut's channels", "ntfy://\(PushSoakTests.token)@\(at(.ntfy))/deepcut-news",
      "discord://4242/\(PushSoakTests.webhookToken)", "slack://T0AAA/B0BBB/\(PushSoakTests.webhookToken)",
      "json://\(at(.json))/deepcut?+X-Hook-Key=\(PushSoakTests.webhookToken)",
      "gotify://\(at(.gotify))/A\(PushSoakTests.webhookToken)",
    ]
    let path = home + "/push-channels"
    try? FileManager.default.removeItem(atPath: path)
    _ = FileManager.default.createFile(
      atPath: path, contents: Data((lines.joined(separator: "\n") + "\n").utf8),
      attributes: [.posixPermissions: 0o600])
  }

  /// Discord and Slack are reached at the fakes, or at the refusing port on a night they are refused.
  func serviceURLs(refusing down: Set<SoakChannel>) -> [String] {
    [SoakChannel.discord, .slack].flatMap { channel in
      let url = down.contains(channel) ? "http://127.0.0.1:\(refused)" : services[channel].baseURL.absoluteString
      return ["--push-url", "\(channel.rawValue)=\(url)"]
    }
  }

  /// Night `night`: the catalog as it stands that day, the channels down as planned, the run, and what each service
  /// took.
  mutating func run(_ night: Int) async throws {
    try await services.catalog.setWorld(try world.catalog(onNight: night))
    let down = outages[night] ?? [:]
    for (channel, outage) in down {
      if let knobs = outage.knobs { try await services[channel].setKnobs(knobs) }
    }
    let refusing = Set(down.filter { $0.value == .refused }.keys)
    try writeChannels(refusing: refusing)
    let output = home + "/night-\(night).json"
    let start = ContinuousClock.now
    let result = try await DeepcutProcess.run(
      [
        "report", "--config", config, "--provider", "itunes", "--base-url", services.catalog.baseURL.absoluteString,
        "--rate-limit", "0", "--max-age", "0", "--now", SoakWorld.now(night), "--state-dir", state,
        "--since-last-run", "--format", "json", "--output", output,
      ] + serviceURLs(refusing: refusing))
    nightSeconds.append((ContinuousClock.now - start).inSeconds)
    for (channel, outage) in down where outage.knobs != nil {
      try await services[channel].setKnobs(SoakOutage.calm)
    }
    exitStatuses[result.status, default: 0] += 1
    try #require(result.status == 0 || result.status == 75, "night \(night): \(result.stderr)")
    try noteTold(try ReportModel(jsonFile: output), night: night)
    var failed: Set<SoakChannel> = []
    var accepted: [SoakChannel: SoakMessage] = [:]
    for channel in SoakChannel.allCases {
      let (didFail, message) = try await take(channel, night: night, down: down[channel], stderr: result.stderr)
      if didFail { failed.insert(channel) }
      accepted[channel] = message
    }
    #expect(result.status == (failed.isEmpty ? 0 : 75), "night \(night): \(result.stderr)")
    try await checkStatus(night: night, failed: failed, accepted: accepted)
  }

  /// What tonight's report told, new or announced: what every channel is to tell.
  mutating func noteTold(_ report: ReportModel, night: Int) throws {
    let tonight = report.new + report.upcoming
    toldPerNight.append(Set(tonight.map(\.id)).count)
    for release in tonight where told[release.id] == nil {
      told[release.id] = Told(
        artist: release.artist, title: release.title, catalogID: release.catalogID.rawValue, night: night)
      let line = SoakMessage.SoakLine(artist: release.artist, title: release.title)
      #expect(byLine[line] == nil, "two releases are '\(release.artist) — \(release.title)'")
      byLine[line] = release.id
    }
  }

  /// What `channel`'s service took tonight, checked against how it was meant to be: down, it took nothing and the
  /// night said so (unless it had nothing to say); up, it took one message a push and nothing failed. Whether its push
  /// failed, and the message it took.
  mutating func take(
    _ channel: SoakChannel, night: Int, down outage: SoakOutage?, stderr: String
  ) async throws -> (failed: Bool, message: SoakMessage?) {
    let server = services[channel]
    // The night is over: every request it made was answered, so the log is whole.
    let log = try await server.requestLog()
    try await server.clearLog()
    requests[channel, default: 0] += log.count
    let taken = log.compactMap { entry -> SoakMessage? in
      guard let message = entry.message else { return nil }
      return SoakMessage(message, channel: channel, night: night, bodyBytes: entry.bodyBytes ?? 0)
    }
    messages[channel, default: []] += taken
    let failed = stderr.contains("not pushed to \(channel.name)")
    let pushed = stderr.split(separator: "\n").contains {
      $0.hasPrefix("deepcut: pushed ") && $0.contains(" to \(channel.name)")
    }
    if let outage {
      #expect(!pushed && taken.isEmpty, "night \(night): \(channel) was down (\(outage)) but took a message")
      if failed {
        failures[channel, default: [:]][outage, default: 0] += 1
        #expect(log.count == outage.requests(channel), "night \(night): \(channel) down (\(outage)): \(log.count)")
      } else {
        downAndQuiet += 1
        #expect(log.isEmpty, "night \(night): \(channel) had nothing to say, yet was asked")
      }
    } else {
      #expect(!failed, "night \(night): \(channel) was up, yet: \(stderr)")
      #expect(taken.count == (pushed ? 1 : 0) && log.count == taken.count, "night \(night): \(channel): \(log.count)")
    }
    return (failed, taken.first)
  }

  /// `deepcut status --json`'s channels, by name.
  func channelStates() async throws -> [String: StatusJSON.Channel] {
    let status = try await DeepcutProcess.run(["status", "--json", "--config", config, "--state-dir", state])
    let channels = try #require(try? StatusJSON(json: status.stdout).channels, "\(status.stdout)\(status.stderr)")
    return Dictionary(channels.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// `status` tells each night's pushes as they went: a failure for now with what waits, or the push and what it
  /// held back.
  func checkStatus(night: Int, failed: Set<SoakChannel>, accepted: [SoakChannel: SoakMessage]) async throws {
    let states = try await channelStates()
    let now = SoakWorld.now(night)
    for channel in SoakChannel.allCases {
      guard failed.contains(channel) || accepted[channel] != nil else { continue }
      let state = try #require(
        states.first(where: { $0.key.hasPrefix(channel.name) })?.value,
        "night \(night): status names no \(channel.name)")
      if failed.contains(channel) {
        #expect(state.failure != nil && state.lastAttempt == now, "night \(night): \(state)")
        #expect(!state.permanent && state.waiting > 0, "\(state)")
      } else if let message = accepted[channel] {
        #expect(state.failure == nil && state.lastDelivered == now, "night \(night): \(state)")
        #expect(state.waiting == message.heldBack, "night \(night): \(channel): \(state)")
      }
    }
  }
}
