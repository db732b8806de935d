public import Delivery
public import Foundation
public import Identity

/// What each push channel told, what waits for it, and how its last push went. A channel tells each release once
/// (one announced ahead, once announced and once out: ``PushItem/toldID``): a release is told on a channel when the
/// channel accepted a message whose lines showed it; one not shown (a
/// channel down, a message full) waits for the channel's next push, and comes first there. A channel is kept by its
/// identity; its name (how it reads now) is kept beside it for `status`, and may change without losing anything.
public protocol PushLedger: Sendable {
  /// What waits for `channel`, oldest first, and which of `ids` it told already.
  func pushBacklog(channel: PushChannelID, named name: String, among ids: [String]) async throws -> PushBacklog
  /// After a push, in one transaction: `told` marked as told on `channel` and no longer waiting, `waiting` kept
  /// for its next push, and how the push went.
  func recordPush(channel: PushChannelID, named name: String, _ record: PushRecord) async throws
  /// Every channel that ever pushed, with its last push: for `status`.
  func pushChannels() async throws -> [PushChannelState]
}

/// What waits for a channel, and what it told of tonight's releases.
public struct PushBacklog: Sendable, Equatable {
  public var waiting: [PushItem]
  public var told: Set<String>

  public init(waiting: [PushItem], told: Set<String>) {
    self.waiting = waiting
    self.told = told
  }
}

/// A push's outcome, as the ledger keeps it.
public struct PushRecord: Sendable, Equatable {
  public var at: Date
  public var told: [PushItem]
  public var waiting: [PushItem]
  /// The service's reply to an accepted push; nil when it was not accepted.
  public var reply: String?
  /// Why it was not accepted.
  public var failure: String?
  /// The failure lasts until the person changes something (a refused token, a webhook gone).
  public var permanent: Bool

  public init(
    at: Date, told: [PushItem], waiting: [PushItem], reply: String?, failure: String? = nil, permanent: Bool = false
  ) {
    self.at = at
    self.told = told
    self.waiting = waiting
    self.reply = reply
    self.failure = failure
    self.permanent = permanent
  }
}

/// A channel's last push, for `status`.
public struct PushChannelState: Sendable, Equatable {
  public var channel: PushChannelID
  /// How the channel read at its last push.
  public var name: String
  public var lastAttempt: Date
  public var lastDelivered: Date?
  public var lastReply: String?
  /// Why the last push was not accepted; nil when it was.
  public var failure: String?
  public var permanent: Bool
  public var waiting: Int

  public init(
    channel: PushChannelID, name: String, lastAttempt: Date, lastDelivered: Date?, lastReply: String?,
    failure: String?, permanent: Bool, waiting: Int
  ) {
    self.channel = channel
    self.name = name
    self.lastAttempt = lastAttempt
    self.lastDelivered = lastDelivered
    self.lastReply = lastReply
    self.failure = failure
    self.permanent = permanent
    self.waiting = waiting
  }
}
