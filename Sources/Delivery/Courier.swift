/// Hands a message to a channel and says whether it was accepted, trying once more after a wait when the first
/// attempt failed for now. The same for every channel: a channel only attempts.
public struct Courier: Sendable {
  /// What an accepted delivery took.
  public struct Receipt: Sendable, Equatable {
    public var attempts: Int
    /// What the receiving side said on accepting it: the SMTP server's reply to the message ("250 2.0.0 Ok: queued
    /// as 4F2A"), or how the mail command ended ("'sendmail -t -i' exited 0").
    public var reply: String

    public init(attempts: Int, reply: String) {
      self.attempts = attempts
      self.reply = reply
    }
  }

  public var channel: any DeliveryChannel
  /// How long to wait before the one retry a temporary failure gets.
  public var retryAfter: Duration
  let sleep: @Sendable (Duration) async throws -> Void

  /// `sleep` waits out the retry's delay; tests hand in one that only notes it.
  public init(
    _ channel: any DeliveryChannel, retryAfter: Duration = .seconds(30),
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) {
    self.channel = channel
    self.retryAfter = retryAfter
    self.sleep = sleep
  }

  /// Delivers `mail`, trying once more after `retryAfter` if the first attempt failed for now. Returns once the
  /// channel accepted it (a server's 250 to the message, a command's exit 0); throws the last attempt's error
  /// otherwise. A stop asked for while waiting to retry ends the wait with the first error.
  public func deliver(_ mail: OutgoingMail) async throws(DeliveryError) -> Receipt {
    let (reply, attempts) = try await Self.twice(retryAfter: retryAfter, sleep: sleep) { () throws(DeliveryError) in
      try await channel.attempt(mail)
    }
    return Receipt(attempts: attempts, reply: reply)
  }

  /// Tells `digest` through `channel` as ``deliver(_:)`` delivers mail; a service that asks to wait is waited for
  /// when its wait is no longer than `retryAfter`, else the push waits for the next night.
  public static func push(
    _ digest: PushDigest, through channel: any PushChannel, retryAfter: Duration = .seconds(30),
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) async throws(DeliveryError) -> PushReceipt {
    var (receipt, attempts) = try await twice(retryAfter: retryAfter, sleep: sleep) { () throws(DeliveryError) in
      try await channel.attempt(digest)
    }
    receipt.attempts = attempts
    return receipt
  }

  /// The answer of `attempt`, made once more after a wait if it failed for now; and how many attempts it took.
  static func twice<Answer>(
    retryAfter: Duration, sleep: @Sendable (Duration) async throws -> Void,
    _ attempt: () async throws(DeliveryError) -> Answer
  ) async throws(DeliveryError) -> (Answer, Int) {
    do {
      let answer = try await attempt()
      return (answer, 1)
    } catch  where error.isTemporary {
      let first = error
      if case .slowDown(_, let wait) = error, (wait ?? .zero) > retryAfter { throw first }
      do {
        try await sleep(Self.wait(after: first, retryAfter: retryAfter))
      } catch {
        throw first
      }
      let answer = try await attempt()
      return (answer, 2)
    }
  }

  /// A service's own wait when it said one, else `retryAfter`.
  static func wait(after error: DeliveryError, retryAfter: Duration) -> Duration {
    if case .slowDown(_, let wait?) = error { return wait }
    return retryAfter
  }
}
