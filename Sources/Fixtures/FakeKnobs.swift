/// The knobs of the fakes in `Tests/Fakes`, as `POST /_control` takes them and `GET /_control` shows them: every knob
/// any fake has, each nil unless set. A fake refuses a knob it does not have (400), so a test sets only its fake's.
///
/// A knob that may be null (``holdFrom``, ``retryAfter``…) is ``Nullable``: `.null` sends null, which is how a hold
/// is released or a Retry-After taken away, and nil sends nothing.
public struct FakeKnobs: Codable, Sendable, Equatable {
  /// A knob's value or JSON's null, which the fakes read as "none".
  public enum Nullable<Value: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    case null
    case value(Value)

    public init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      self = container.decodeNil() ? .null : .value(try container.decode(Value.self))
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      switch self {
      case .null: try container.encodeNil()
      case .value(let value): try container.encode(value)
      }
    }
  }

  /// The webhooks a push fake knows: Discord's by id, with their tokens; Slack's as `T…/B…/secret` paths.
  public enum Webhooks: Codable, Sendable, Equatable {
    case discord([String: String])
    case slack([String])

    public init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let paths = try? container.decode([String].self) {
        self = .slack(paths)
      } else {
        self = .discord(try container.decode([String: String].self))
      }
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      switch self {
      case .discord(let tokens): try container.encode(tokens)
      case .slack(let paths): try container.encode(paths)
      }
    }
  }

  // Every fake (the push fakes, the catalogs, the app services).
  public var failNext: Int?
  public var failStatus: Int?
  /// Whole seconds: the catalog fakes take no fraction.
  public var retryAfter: Nullable<Int>?
  public var throttleNext: Int?
  public var holdFrom: Nullable<Int>?
  public var rateLimit: Nullable<Int>?
  public var rateWindowS: Double?

  // fake_itunes.py
  public var latencyMs: Int?
  public var errorRate: Double?
  public var errorStatuses: [Int]?
  public var seed: Int?
  public var failRetryAfter: Nullable<Int>?
  public var truncateNext: Int?
  public var hangNext: Int?
  public var resetNext: Int?
  public var resetBodyNext: Int?
  public var htmlNext: Int?
  public var htmlType: String?
  public var slowNext: Int?
  public var slowMs: Int?
  public var faultEvery: Int?
  /// reset, reset_body, truncate, slow, html, fail or hang.
  public var faultKind: String?
  public var maxIds: Int?
  public var cacheMaxAge: Nullable<Int>?

  // fake_musicbrainz.py
  public var requireUserAgent: Bool?

  // fake_deezer.py
  public var quota: Nullable<Int>?
  public var quotaWindowS: Double?
  public var maxLimit: Int?
  public var exactFirst: Bool?
  public var errorNext: Int?
  public var quotaNext: Int?

  // fake_app_service.py (Spotify, TIDAL)
  public var tokenLifetimeS: Int?
  public var expireTokensNext: Int?
  public var refuseApp: Bool?

  // fake_push_service.py and each push fake
  public var hangMs: Int?
  public var webhooks: Nullable<Webhooks>?
  public var webhookName: String?
  public var channelId: String?
  public var guildId: String?
  public var throttleGlobal: Bool?
  public var flatErrorsUnversioned: Bool?
  public var maxBodyBytes: Int?
  public var messageLimit: Int?
  public var attachmentCache: Bool?
  public var token: Nullable<String>?
  public var user: Nullable<String>?
  public var password: Nullable<String>?
  public var anonymousWrite: Bool?
  public var forbidden: Bool?
  public var requestBurst: Int?
  public var requestReplenishS: Double?
  public var dailyQuota: Nullable<Int>?
  public var paidPlanUrl: Nullable<String>?
  public var authFailureBurst: Int?
  public var authFailureReplenishS: Double?
  public var cacheDurationS: Int?
  public var baseUrl: String?
  public var refuseWith: Nullable<String>?
  public var refuseNext: Int?
  public var rateBurst: Int?
  public var ratePerS: Double?
  public var contentType: String?
  public var replyStatus: Int?
  public var replyBody: String?
  public var replyContentType: String?

  /// No knob: a change that changes nothing.
  public init() {}

  /// The knobs `set` sets, e.g. `FakeKnobs { $0.failNext = 2; $0.failStatus = 503 }`.
  public init(_ set: (inout FakeKnobs) -> Void) {
    set(&self)
  }

  enum CodingKeys: String, CodingKey {
    case failNext = "fail_next", failStatus = "fail_status", retryAfter = "retry_after"
    case throttleNext = "throttle_next", holdFrom = "hold_from", rateLimit = "rate_limit"
    case rateWindowS = "rate_window_s", latencyMs = "latency_ms", errorRate = "error_rate"
    case errorStatuses = "error_statuses", seed, failRetryAfter = "fail_retry_after", truncateNext = "truncate_next"
    case hangNext = "hang_next", resetNext = "reset_next", resetBodyNext = "reset_body_next", htmlNext = "html_next"
    case htmlType = "html_type", slowNext = "slow_next", slowMs = "slow_ms", faultEvery = "fault_every"
    case faultKind = "fault_kind", maxIds = "max_ids", cacheMaxAge = "cache_max_age"
    case requireUserAgent = "require_user_agent", quota, quotaWindowS = "quota_window_s", maxLimit = "max_limit"
    case exactFirst = "exact_first", errorNext = "error_next", quotaNext = "quota_next"
    case tokenLifetimeS = "token_lifetime_s", expireTokensNext = "expire_tokens_next", refuseApp = "refuse_app"
    case hangMs = "hang_ms", webhooks, webhookName = "webhook_name", channelId = "channel_id", guildId = "guild_id"
    case throttleGlobal = "throttle_global", flatErrorsUnversioned = "flat_errors_unversioned"
    case maxBodyBytes = "max_body_bytes", messageLimit = "message_limit", attachmentCache = "attachment_cache"
    case token, user, password, anonymousWrite = "anonymous_write", forbidden, requestBurst = "request_burst"
    case requestReplenishS = "request_replenish_s", dailyQuota = "daily_quota", paidPlanUrl = "paid_plan_url"
    case authFailureBurst = "auth_failure_burst", authFailureReplenishS = "auth_failure_replenish_s"
    case cacheDurationS = "cache_duration_s", baseUrl = "base_url", refuseWith = "refuse_with"
    case refuseNext = "refuse_next", rateBurst = "rate_burst", ratePerS = "rate_per_s", contentType = "content_type"
    case replyStatus = "reply_status", replyBody = "reply_body", replyContentType = "reply_content_type"
  }
}
