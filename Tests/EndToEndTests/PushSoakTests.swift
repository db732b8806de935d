import Fixtures
import Foundation
import Report
import TestSupport
import Testing

/// Thirty nights of `deepcut report --send --since-last-run` through the real binary, a day apart, against a catalog
/// where releases keep coming out (none on some nights, more than a push shows on two), pushing to ntfy, Discord,
/// Slack, a JSON endpoint and, through the apprise command, a Gotify URL, each down on some nights at random (seeded):
/// its connection refused, a 503 to the retry too, or a 429 asking for an hour. At the end every release the nights
/// told reached every channel, none twice on any channel, and `status` says each channel is fine.
///
/// A timeout is not among the ways down: a push waits 30 seconds for its answer (`PushOptions.client`, not a
/// setting), twice, which would make the soak take many minutes; `PushChannelTests` hold the channels to theirs.
///
/// What the soak measured (seed 30; printed at the end of each run, the same on the debug and the release build):
/// 153 releases told (24 announced ahead), 0 to 40 a night; 29 pushes failed (refused 14, 503 6, 429 for an hour 9),
/// 18 nights exited 75; each channel 18 to 22 pushes in 23 to 25 requests; the longest: ntfy 3,725 bytes (30 shown,
/// 2 held back), Discord 2,391 characters (26 shown, 7 held back), Slack 3,429 characters in 3 blocks (30 shown, 5
/// held back), JSON 17,546 bytes (all 37), Gotify through apprise 1,871 characters (15 shown, 8 held back). Every
/// release reached every channel, none twice.
@Suite(.serialized) struct PushSoakTests {
  static let token = "tk_Soak7f3a9cNightlyPushToken"
  static let webhookToken = "SoakWebhookSecret51c0ffee"

  @Test func thirtyNightsTellEveryReleaseOnEveryChannelOnceWhicheverWereDown() async throws {
    let started = ContinuousClock.now
    let home = NSTemporaryDirectory() + "deepcut-push-soak-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: home) }
    let world = try await SoakWorld.make(home: home)
    let outages = SoakWorld.outages()
    try Self.requireShape(world, outages)
    try await SoakServices.with { services in
      try await RefusingPort.with { refused in
        var soak = Soak(home: home, world: world, outages: outages, services: services, refused: refused)
        try soak.writeConfig()
        for night in 1...SoakWorld.nights { try await soak.run(night) }
        try await soak.verify()
        print(soak.figures(wallTime: ContinuousClock.now - started))
      }
    }
  }

  /// The world and the outages hold what the soak is about: nights with nothing, nights with more than a push shows,
  /// and every channel down, each way, more than once.
  static func requireShape(_ world: SoakWorld, _ outages: [Int: [SoakChannel: SoakOutage]]) throws {
    let perNight = (1...SoakWorld.nights).map { night in world.releases.count { $0.listed == night } }
    try #require(perNight.count { $0 == 0 } >= 5 && perNight.count { $0 > 30 } >= 2, "\(perNight)")
    try #require(world.releases.count { $0.listed < $0.out } >= 10)
    for channel in SoakChannel.allCases {
      let down = outages.values.count { $0[channel] != nil }
      try #require(down >= 3, "\(channel) is down on \(down) nights only")
    }
    for outage in SoakOutage.allCases {
      try #require(outages.values.reduce(0) { $0 + $1.values.count { $0 == outage } } >= 4, "\(outage)")
    }
  }
}

/// The fakes of the soak, each on a port of the system's choosing: the catalog and the five push services.
struct SoakServices {
  let catalog: FakeCatalogServer
  let ntfy: FakeCatalogServer
  let discord: FakeCatalogServer
  let slack: FakeCatalogServer
  let webhook: FakeCatalogServer
  let gotify: FakeCatalogServer

  /// The services' own rate limits are lifted: a failure is only what a night injects.
  static func with<T>(_ body: (SoakServices) async throws -> T) async throws -> T {
    try await FakeCatalogServer.with(.itunes, world: ["artists": []]) { catalog in
      try await FakeCatalogServer.with(
        .init(catalog: "ntfy"), arguments: ["--token", PushSoakTests.token, "--request-burst", "10000"]
      ) { ntfy in
        try await FakeCatalogServer.with(
          .init(catalog: "discord"),
          arguments: ["--webhook", "4242:\(PushSoakTests.webhookToken)", "--rate-limit", "10000"]
        ) { discord in
          try await FakeCatalogServer.with(.init(catalog: "slack"), arguments: ["--rate-burst", "10000"]) { slack in
            try await FakeCatalogServer.with(.init(catalog: "webhook")) { webhook in
              try await FakeCatalogServer.with(.init(catalog: "webhook")) { gotify in
                try await body(
                  SoakServices(
                    catalog: catalog, ntfy: ntfy, discord: discord, slack: slack, webhook: webhook, gotify: gotify))
              }
            }
          }
        }
      }
    }
  }

  subscript(_ channel: SoakChannel) -> FakeCatalogServer {
    switch channel {
    case .ntfy: ntfy
    case .discord: discord
    case .slack: slack
    case .json: webhook
    case .gotify: gotify
    }
  }

  static func hostPort(_ server: FakeCatalogServer) -> String {
    "\(server.baseURL.host ?? "127.0.0.1"):\(server.baseURL.port ?? 0)"
  }
}

extension SoakOutage {
  /// The knobs that make a push service down this way; nil when it is the address that refuses.
  var knobs: FakeKnobs? {
    switch self {
    case .refused: nil
    // More failures than a night asks for: whatever is left is taken back after the night.
    case .unavailable: Self.failing(10, status: 503, retryAfter: .null)
    case .slowDown: Self.failing(10, status: 429, retryAfter: .value(3600))
    }
  }

  /// The knobs of a service that is up.
  static var calm: FakeKnobs { failing(0, status: 503, retryAfter: .null) }

  private static func failing(_ count: Int, status: Int, retryAfter: FakeKnobs.Nullable<Int>) -> FakeKnobs {
    FakeKnobs {
      $0.failNext = count
      $0.failStatus = status
      $0.retryAfter = retryAfter
    }
  }

  /// The requests a push down this way makes: a 503 is tried once more at once; a wait of an hour is not waited
  /// for, unless the apprise command, which says only that it could not send, is asked again.
  func requests(_ channel: SoakChannel) -> Int {
    switch self {
    case .refused: 0
    case .unavailable: 2
    case .slowDown: channel == .gotify ? 2 : 1
    }
  }
}
